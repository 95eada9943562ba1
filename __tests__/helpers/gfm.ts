/** Renders Markdown with cmark-gfm (GitHub's GFM implementation) and reads the HTML structurally. */
import { spawnSync } from 'node:child_process';
import { parseFragment } from 'parse5';

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
export type Node = Element | string;

/** The flags GitHub's renderer uses for the constructs a summary relies on; --unsafe keeps raw HTML. */
export function renderGfm(markdown: string): string {
  const run = spawnSync(
    'cmark-gfm',
    ['-e', 'table', '-e', 'strikethrough', '-e', 'autolink', '--unsafe'],
    {
      input: markdown,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024
    }
  );
  if (run.error)
    throw new Error(`cmark-gfm could not run (apt-get install cmark-gfm): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`cmark-gfm failed: ${run.stderr}`);
  return run.stdout;
}

type P5 = {
  nodeName: string;
  value?: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5[];
};

function convert(node: P5): Node[] {
  if (node.nodeName === '#text') return [node.value ?? ''];
  if (node.nodeName === '#comment')
    return [{ tag: '#comment', attrs: {}, children: [node.value ?? ''] }];
  const children = (node.childNodes ?? []).flatMap(convert);
  if (!node.tagName) return children;
  return [
    {
      tag: node.tagName,
      attrs: Object.fromEntries((node.attrs ?? []).map(a => [a.name, a.value])),
      children
    }
  ];
}

/** The rendered summary as a tree (a fragment root named #root). */
export function parseHtml(html: string): Element {
  return { tag: '#root', attrs: {}, children: convert(parseFragment(html) as unknown as P5) };
}

export function render(markdown: string): Element {
  return parseHtml(renderGfm(markdown));
}

export function all(node: Node, tag: string): Element[] {
  if (typeof node === 'string') return [];
  const own = node.tag === tag ? [node] : [];
  return [...own, ...node.children.flatMap(c => all(c, tag))];
}

export function textOf(node: Node): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

/** Every tag name in the tree. */
export function tagNames(node: Node): Set<string> {
  const names = new Set<string>();
  const walk = (n: Node): void => {
    if (typeof n === 'string') return;
    names.add(n.tag);
    n.children.forEach(walk);
  };
  walk(node);
  return names;
}

/** A table as rows of cell texts, header row first. */
export function tableRows(table: Element): string[][] {
  return all(table, 'tr').map(tr =>
    tr.children.filter((c): c is Element => typeof c !== 'string').map(textOf)
  );
}

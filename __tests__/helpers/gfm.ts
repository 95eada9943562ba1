/**
 * Renders Markdown as GitHub-flavoured Markdown with micromark (a GFM implementation installed by
 * `npm ci`) and reads the HTML structurally.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml, type HtmlExtension } from 'micromark-extension-gfm';
import { parseFragment } from 'parse5';

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
export type Node = Element | string;

/**
 * Raw HTML kept as written, as micromark itself compiles it. gfmHtml() includes the tag filter, which
 * turns `<script`, `<style`, `<textarea`, `<iframe`... into text: that would hide such a tag leaking
 * from the stream, so it is undone here (later HTML extensions win).
 */
const rawHtml: HtmlExtension = {
  exit: {
    htmlFlowData(token) {
      this.raw(this.encode(this.sliceSerialize(token)));
    },
    htmlTextData(token) {
      this.raw(this.encode(this.sliceSerialize(token)));
    }
  }
};

/**
 * GFM as cmark-gfm renders it with `-e table -e strikethrough -e autolink --unsafe`: tables,
 * strikethrough, autolinked URLs and e-mail addresses, raw HTML kept. (micromark's GFM also knows task
 * lists and footnotes, which GitHub renders too.)
 */
export function renderGfm(markdown: string): string {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml(), rawHtml]
  });
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

/** Text a person reads as prose: outside code, preformatted text and links (where GitHub never finds mentions). */
export function prose(node: Node): string {
  if (typeof node === 'string') return node;
  return ['pre', 'code', 'a'].includes(node.tag) ? '' : node.children.map(prose).join('');
}

/** The elements a summary may contain; anything else came from the stream. */
export const SUMMARY_TAGS = new Set([
  '#root',
  'h3',
  'h4',
  'p',
  'em',
  'strong',
  'blockquote',
  'ul',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
  'pre',
  'br',
  'details',
  'summary',
  'a'
]);

/**
 * What the answer's Markdown may add (src/publish/answer.ts), inside its own block only: demoted
 * headings, ordered lists, strikethrough, rules, task-list boxes (disabled) and https links.
 */
export const ANSWER_TAGS = new Set(['h4', 'h5', 'h6', 'ol', 'del', 'hr', 'input']);

/** A link the answer may keep: https, not to a page GitHub reads as an issue or pull request reference. */
export function answerLink(href: string | undefined): boolean {
  if (!href?.startsWith('https://')) return false;
  const url = new URL(href);
  // Read as a browser does: the host without its final dots, the path decoded.
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  return !(
    /(^|\.)github\.com$/i.test(url.hostname.replace(/\.+$/, '')) &&
    /^\/[^/]+\/[^/]+\/(issues|pull|pulls|discussions)\/\d/i.test(path)
  );
}

/** The answer's block: a <details> whose summary says "Answer (…)". */
const isAnswer = (node: Element): boolean =>
  node.tag === 'details' &&
  node.children.some(
    c => typeof c !== 'string' && c.tag === 'summary' && /^Answer \(/.test(textOf(c))
  );

const count = (html: string, text: string): number => html.split(text).length - 1;
const BALANCED = ['details', 'summary', 'table', 'pre', 'code', 'blockquote'];

/**
 * Checks rendered summary HTML structurally and returns its tree: only SUMMARY_TAGS (no comment, no
 * tag from the stream; ANSWER_TAGS too inside the answer's block), links only to `linkTo` (the
 * artifact) or, in the answer, an answerLink, `<details>` and tables balanced in the
 * HTML text and as parsed (so no stray tag closed or opened one), every details led by its summary,
 * every table row as wide as its header.
 */
export function checkSummaryHtml(html: string, { linkTo }: { linkTo?: string } = {}): Element {
  const tree = parseHtml(html);
  const problems: string[] = [];
  const parsed = new Map<string, number>();
  const walk = (node: Element, inAnswer = false): void => {
    parsed.set(node.tag, (parsed.get(node.tag) ?? 0) + 1);
    const answer = inAnswer || isAnswer(node);
    if (!SUMMARY_TAGS.has(node.tag) && !(answer && ANSWER_TAGS.has(node.tag)))
      problems.push(`an unexpected <${node.tag}>`);
    if (node.tag === 'input' && (node.attrs.type !== 'checkbox' || !('disabled' in node.attrs)))
      problems.push('an <input> that is not a disabled checkbox');
    const elements = node.children.filter((c): c is Element => typeof c !== 'string');
    if (node.tag === 'details' && elements[0]?.tag !== 'summary')
      problems.push('a <details> without its <summary> first');
    if (node.tag === 'a' && node.attrs.href !== linkTo && !(answer && answerLink(node.attrs.href)))
      problems.push(`a link to ${node.attrs.href}`);
    if (node.tag === 'table') {
      const widths = all(node, 'tr').map(
        tr => tr.children.filter(c => typeof c !== 'string').length
      );
      if (widths.some(w => w !== widths[0])) problems.push(`a table with rows of ${widths} cells`);
    }
    elements.forEach(e => walk(e, answer));
  };
  walk(tree);
  for (const tag of BALANCED) {
    const open = count(html, `<${tag}>`) + count(html, `<${tag} `);
    const close = count(html, `</${tag}>`);
    if (open !== close) problems.push(`${open} <${tag}> but ${close} </${tag}>`);
    if ((parsed.get(tag) ?? 0) !== open)
      problems.push(`${open} <${tag}> in the HTML, ${parsed.get(tag) ?? 0} parsed`);
  }
  if (problems.length > 0) throw new Error([...new Set(problems)].join('\n'));
  return tree;
}

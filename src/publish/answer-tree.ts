/**
 * The agent's Markdown tree made inert: what a reader should see as formatting is kept, everything
 * else becomes visible text (raw HTML, definitions, footnotes) or loses its link (any target but an
 * `https:` page that is not an issue, a pull request or a discussion). Images become links.
 */
import type {
  BlockContent,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableRow,
  Text
} from 'mdast';
import { visible } from './markdown.js';

export interface TreeLimits {
  /** The heading level of the section the answer sits in: its `#` becomes one level below. */
  headingLevel: number;
  /** Body rows kept of each table; a line after it says how many were left out. */
  tableRows: number;
}

/** A code block's language as a safe info string: a word like `ts`, `c++`, `objective-c`, or none. */
const LANGUAGE = /^[A-Za-z0-9][A-Za-z0-9_+#.-]{0,31}$/;
// GitHub turns links to these into references (a "mentioned this" in the timeline of what they name).
const REFERENCE_PATH = /^\/[^/]+\/[^/]+\/(?:issues|pull|pulls|discussions)\/\d/i;

const text = (value: string): Text => ({ type: 'text', value });
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

/** The source of a node as written, for what is shown as text instead of its effect. */
type Source = (node: Nodes) => string;

/** A safe link target: an https URL, not one GitHub reads as a reference; else undefined. */
export function safeUrl(url: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '')
    return undefined;
  // As the browser and GitHub read them: the host without its final dots, the path decoded.
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/\.+$/, '');
  if (/(^|\.)github\.com$/i.test(host) && REFERENCE_PATH.test(pathname)) return undefined;
  return parsed;
}

export function inertTree(root: Root, source: Source, limits: TreeLimits): Root {
  const inline = inertInline(source);
  const block = (node: RootContent): BlockContent[] => {
    switch (node.type) {
      case 'paragraph':
        return [paragraph(inline(node.children))];
      case 'heading':
        return [
          {
            type: 'heading',
            depth: Math.min(6, limits.headingLevel + node.depth) as 1 | 2 | 3 | 4 | 5 | 6,
            children: inline(node.children).map(oneLine)
          }
        ];
      case 'thematicBreak':
        return [node];
      case 'blockquote':
        return [{ type: 'blockquote', children: node.children.flatMap(block) }];
      case 'list':
        return [
          {
            type: 'list',
            ordered: node.ordered,
            start: node.start,
            spread: node.spread,
            children: node.children.map(item => ({
              type: 'listItem',
              checked: item.checked,
              spread: item.spread,
              children: item.children.flatMap(block)
            }))
          }
        ];
      case 'code': {
        const lang = node.lang && LANGUAGE.test(node.lang) ? node.lang : undefined;
        return [{ type: 'code', lang, value: visible(node.value) }];
      }
      case 'table':
        return table(node, inline, limits.tableRows);
      case 'html':
        return lines(node.value);
      case 'definition':
        // A link reference definition (the parser resolved the links to it): shown as written.
        return lines(source(node));
      default:
        return lines(source(node));
    }
  };

  return { type: 'root', children: root.children.flatMap(block) };
}

/** Inline content made inert: formatting kept, links only to safe targets (with their host), HTML as text. */
function inertInline(source: Source): (children: PhrasingContent[]) => PhrasingContent[] {
  const phrasing = (node: PhrasingContent): PhrasingContent[] => {
    switch (node.type) {
      case 'text':
        return [node];
      case 'inlineCode':
        return [{ type: 'inlineCode', value: visible(node.value.replace(/\r\n?|\n/g, ' ')) }];
      case 'break':
        return [node];
      case 'emphasis':
      case 'strong':
      case 'delete':
        return [{ type: node.type, children: node.children.flatMap(phrasing) }];
      case 'link':
        return linkTo(node.url, node.children.flatMap(phrasing), node.url);
      case 'image':
        return linkTo(node.url, node.alt ? [text(node.alt)] : [], node.url);
      case 'html':
        return [text(node.value)];
      default:
        // Whatever else (no parser of ours makes it): the reader sees what was written.
        return [text(source(node))];
    }
  };

  return children => merge(children.flatMap(phrasing));
}

/** A table's rows as inline content on one line each, cut to `rows` with a line saying how many more. */
function table(
  node: Table,
  inline: (children: PhrasingContent[]) => PhrasingContent[],
  rows: number
): BlockContent[] {
  const width = node.children[0]?.children.length ?? 0;
  const row = (r: TableRow): TableRow => ({
    type: 'tableRow',
    children: r.children.slice(0, width).map(c => ({
      type: 'tableCell',
      children: inline(c.children).map(oneLine)
    }))
  });
  const [header, ...body] = node.children;
  if (!header) return [];
  const shown = body.slice(0, rows);
  const out: BlockContent[] = [
    { type: 'table', align: node.align, children: [header, ...shown].map(row) }
  ];
  const left = body.length - shown.length;
  if (left > 0)
    out.push(
      paragraph([
        {
          type: 'emphasis',
          children: [text(`${left} more row${left === 1 ? '' : 's'} of this table not shown.`)]
        }
      ])
    );
  return out;
}

/** A link's children and what follows them: the host, so the reader sees where it goes. */
function linkTo(url: string, children: PhrasingContent[], fallback: string): PhrasingContent[] {
  const kept = children.length > 0 ? children : [text(fallback)];
  const target = safeUrl(url);
  if (!target) return kept;
  const label = kept.map(plain).join('');
  const href = target.href;
  const link: PhrasingContent = { type: 'link', url: href, children: kept };
  // A bare URL shows its host already.
  const bare = label === href || label === url || `https://${label}` === href;
  return bare ? [link] : [link, text(` (${target.host})`)];
}

/** Source shown as a paragraph of text: its lines trimmed, blank ones dropped (they would end it). */
function lines(value: string): BlockContent[] {
  const kept = value
    .split(/\r\n?|\n/)
    .map(l => l.trim())
    .filter(l => l !== '');
  return kept.length ? [paragraph([text(kept.join('\n'))])] : [];
}

/** Inline content that must stay on one line (a heading, a table cell). */
function oneLine(node: PhrasingContent): PhrasingContent {
  if (node.type === 'text') return text(node.value.replace(/\s+/g, ' '));
  if (node.type === 'break') return text(' ');
  if ('children' in node)
    return { ...node, children: node.children.map(oneLine) } as PhrasingContent;
  return node;
}

/** Adjacent text nodes as one, so that escaping sees the whole run (`@` and the name after it). */
function merge(children: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const child of children) {
    const last = out[out.length - 1];
    if (child.type === 'text' && last?.type === 'text')
      out[out.length - 1] = text(last.value + child.value);
    else out.push(child);
  }
  return out;
}

/** The text a reader sees in inline content. */
function plain(node: PhrasingContent): string {
  if ('value' in node) return node.value;
  if ('children' in node) return node.children.map(plain).join('');
  return '';
}

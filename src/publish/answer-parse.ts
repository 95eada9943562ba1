/**
 * The agent's Markdown parsed as GitHub reads it, into the mdast tree that answer-tree.ts makes inert
 * and mdast-util-to-markdown writes back. The parser is markdown-it (CommonMark, with GFM's tables,
 * strikethrough and autolinks; task items are read here): it parses a 64 KB answer in a few
 * milliseconds where micromark, the suite's renderer, takes over fifty (docs/BENCHMARKS.md).
 *
 * markdown-it resolves link references itself and leaves their definitions out of its tokens: the
 * lines a container holds that no token covers are those definitions, and they come back as
 * `definition` nodes whose source is those lines, so that nothing written is hidden.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import type {
  BlockContent,
  Definition,
  List,
  ListItem,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow
} from 'mdast';

/** An answer's tree, and the written source of what the tree holds only as a node (definitions). */
export interface ParsedAnswer {
  tree: Root;
  source(node: Nodes): string;
}

// Links only where a scheme is written (GFM's `www.` links are http:, which loses its link anyway).
const parser = new MarkdownIt('default', { html: true, linkify: true });
parser.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

/** A task item's box at the start of its first paragraph, followed by a blank and some text. */
const TASK = /^\[([ xX])\][ \t]+(?=\S)/;
/** Container markers at the start of a line (`>`, `-`, `1.`): a line of nothing else holds no text. */
const MARKERS = /^(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)))*[ \t]*/;

export function parseAnswer(source: string): ParsedAnswer {
  const reader = new BlockReader(source);
  return {
    tree: { type: 'root', children: reader.blocks(undefined, null) },
    source: reader.source
  };
}

/** markdown-it's block tokens read in order into mdast blocks, each taking the tokens it covers. */
class BlockReader {
  private readonly sources = new WeakMap<Nodes, string>();
  /** markdown-it's line maps count lines of the source with its line endings made `\n`. */
  private readonly lines: string[];
  private readonly tokens: Token[];
  private at = 0;

  constructor(source: string) {
    this.lines = source.replace(/\r\n?/g, '\n').split('\n');
    this.tokens = parser.parse(source, {});
  }

  /** The written source of a node the tree holds only as a node (a definition), or its value. */
  readonly source = (node: Nodes): string =>
    this.sources.get(node) ?? ('value' in node ? node.value : '');

  /** Blocks up to the token `close` (taken), or the end; `span`: the lines of their container. */
  blocks(close: string | undefined, span: [number, number] | null): RootContent[] {
    const out: RootContent[] = [];
    let line = span?.[0] ?? 0;
    for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
      if (token.type === close) {
        this.at++;
        break;
      }
      if (token.map) {
        out.push(...this.uncovered(line, token.map[0]));
        line = Math.max(line, token.map[1]);
      }
      out.push(...this.block());
    }
    out.push(...this.uncovered(line, span?.[1] ?? this.lines.length));
    return out;
  }

  /**
   * The lines from..to that no token covered (link reference definitions; blocks past markdown-it's
   * nesting limit), but lines of container markers only, as one `definition` shown as written.
   */
  private uncovered(from: number, to: number): Definition[] {
    // Whole, markers and all: a definition's title may go on over lines where `-` or `1.` is text.
    const kept = this.lines
      .slice(from, to)
      .filter(line => line.replace(MARKERS, '').trim() !== '')
      .map(line => line.trim());
    if (kept.length === 0) return [];
    const node: Definition = {
      type: 'definition',
      identifier: '',
      label: null,
      url: '',
      title: null
    };
    this.sources.set(node, kept.join('\n'));
    return [node];
  }

  /** The next block, its tokens taken. */
  private block(): RootContent[] {
    const token = this.tokens[this.at++] as Token;
    switch (token.type) {
      case 'paragraph_open':
        return [{ type: 'paragraph', children: this.inlineUntil('paragraph_close') }];
      case 'heading_open': {
        const depth = Number(token.tag.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
        return [{ type: 'heading', depth, children: this.inlineUntil('heading_close') }];
      }
      case 'blockquote_open':
        return [
          {
            type: 'blockquote',
            children: this.blocks('blockquote_close', token.map) as BlockContent[]
          }
        ];
      case 'bullet_list_open':
      case 'ordered_list_open':
        return [this.list(token)];
      case 'fence': {
        const [lang = ''] = token.info.trim().split(/\s+/, 1);
        return [{ type: 'code', lang: lang || null, meta: null, value: codeValue(token.content) }];
      }
      case 'code_block':
        return [{ type: 'code', lang: null, meta: null, value: codeValue(token.content) }];
      case 'hr':
        return [{ type: 'thematicBreak' }];
      case 'html_block':
        return [{ type: 'html', value: token.content }];
      case 'table_open':
        return [this.table()];
      default:
        // A token of no rule above (none with markdown-it's default rules): its lines as written.
        if (token.nesting === 1) this.skipTo(token.level);
        return token.map ? this.uncovered(token.map[0], token.map[1]) : [];
    }
  }

  private list(open: Token): List {
    const close = open.type.replace(/_open$/, '_close');
    const first = this.at;
    const items: ListItem[] = [];
    for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
      this.at++;
      if (token.type === close) break;
      if (token.type === 'list_item_open') items.push(this.listItem(token));
    }
    // A tight list's paragraphs are hidden (markdown-it's own mark of it).
    const spread = this.tokens
      .slice(first, this.at)
      .some(t => t.type === 'paragraph_open' && t.level === open.level + 2 && !t.hidden);
    for (const item of items) item.spread = spread;
    const start = open.type === 'ordered_list_open' ? Number(open.attrGet('start') ?? 1) : null;
    return { type: 'list', ordered: start !== null, start, spread, children: items };
  }

  private listItem(open: Token): ListItem {
    const children = this.blocks('list_item_close', open.map) as ListItem['children'];
    const [lead] = children;
    const text = lead?.type === 'paragraph' ? lead.children[0] : undefined;
    const box = text?.type === 'text' ? TASK.exec(text.value) : null;
    if (text?.type !== 'text' || !box) return { type: 'listItem', spread: false, children };
    text.value = text.value.slice(box[0].length);
    return { type: 'listItem', spread: false, checked: box[1] !== ' ', children };
  }

  private table(): Table {
    const rows: TableRow[] = [];
    const align: Table['align'] = [];
    let row: TableCell[] = [];
    for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
      this.at++;
      if (token.type === 'table_close') break;
      if (token.type === 'tr_open') row = [];
      else if (token.type === 'tr_close') rows.push({ type: 'tableRow', children: row });
      else if (token.type === 'th_open' || token.type === 'td_open') {
        if (token.type === 'th_open') align.push(alignOf(String(token.attrGet('style') ?? '')));
        row.push({
          type: 'tableCell',
          children: this.inlineUntil(token.type.replace('_open', '_close'))
        });
      }
    }
    return { type: 'table', align, children: rows };
  }

  /** The inline token before `close`, as phrasing content; both taken. */
  private inlineUntil(close: string): PhrasingContent[] {
    const children: PhrasingContent[] = [];
    for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
      this.at++;
      if (token.type === close) break;
      if (token.type === 'inline') children.push(...phrasing(token.children ?? []));
    }
    return children;
  }

  /** Skips the tokens up to the one closing what opened at `level`. */
  private skipTo(level: number): void {
    for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
      this.at++;
      if (token.nesting === -1 && token.level === level) return;
    }
  }
}

type Parent = Extract<PhrasingContent, { children: PhrasingContent[] }>;

/** Inline tokens as phrasing content. */
function phrasing(tokens: Token[]): PhrasingContent[] {
  const top: PhrasingContent[] = [];
  const open: PhrasingContent[][] = [top];
  const add = (node: PhrasingContent): void => {
    (open[open.length - 1] ?? top).push(node);
  };
  const enter = (node: Parent): void => {
    add(node);
    open.push(node.children);
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'softbreak':
        add({ type: 'text', value: '\n' });
        break;
      case 'hardbreak':
        add({ type: 'break' });
        break;
      case 'code_inline':
        add({ type: 'inlineCode', value: token.content });
        break;
      case 'em_open':
        enter({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        enter({ type: 'strong', children: [] });
        break;
      case 's_open':
        enter({ type: 'delete', children: [] });
        break;
      case 'link_open':
        enter({
          type: 'link',
          url: String(token.attrGet('href') ?? ''),
          title: null,
          children: []
        });
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        if (open.length > 1) open.pop();
        break;
      case 'image':
        add({
          type: 'image',
          url: String(token.attrGet('src') ?? ''),
          alt: plain(token.children ?? []),
          title: null
        });
        break;
      case 'html_inline':
        add({ type: 'html', value: token.content });
        break;
      default:
        // text, and whatever else holds text (an entity, an escape).
        add({ type: 'text', value: token.content });
    }
  }
  return top;
}

/** What an image's alt tokens read as. */
function plain(tokens: Token[]): string {
  return tokens
    .map(t => (t.children ? plain(t.children) : t.type === 'softbreak' ? '\n' : t.content))
    .join('');
}

/** A code block's text without the line ending markdown-it keeps after its last line. */
function codeValue(content: string): string {
  return content.endsWith('\n') ? content.slice(0, -1) : content;
}

function alignOf(style: string): 'left' | 'right' | 'center' | null {
  const found = /text-align:\s*(left|right|center)/.exec(style);
  return (found?.[1] as 'left' | 'right' | 'center' | undefined) ?? null;
}

/**
 * The agent's answer as Markdown a reader can read and no one can abuse: parsed as GFM, made inert
 * in the tree (answer-tree.ts), written back with every text node escaped as prose (markdown.ts),
 * then bounded on the written result. Used by the summary, the sticky comment and the review.
 */
import type { Nodes, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown, type Options } from 'mdast-util-to-markdown';
import type { Redacted } from '../text/redact.js';
import { clip } from '../text/text.js';
import { parseAnswer, type ParsedAnswer } from './answer-parse.js';
import { inertTree } from './answer-tree.js';
import { bytes, number, proseText, textBlock } from './markdown.js';

export interface AnswerLimits {
  /** The most UTF-16 units the written Markdown (the cut note included) may take. */
  chars: number;
  /** The most UTF-8 bytes it may take. */
  bytes?: number;
  /** The most lines it may take. */
  lines?: number;
  /** Body rows kept of each table. */
  tableRows?: number;
  /** The heading level of the section the answer sits in: the answer's `#` goes one below. */
  headingLevel: number;
  /** Where the whole answer is, for the note on a cut: "the transcript". */
  whole: string;
}

/** More than this is cut from the source before parsing: no page shows more, and parsing is linear. */
const SOURCE_CHARS = 100_000;
/**
 * Nor more than this many times the characters the answer may take: the parse is most of the cost,
 * and a source that long is cut anyway but for tables past their rows (a review's 4,000-character
 * finding need not parse a 64 KB text). The comment's 50,000 give the summary's 100,000: one parse.
 */
const SOURCE_PER_CHAR = 2;
/** Deeper trees (`> > > …`, nested lists) are drawn as plain text: the writer recurses. */
const MAX_DEPTH = 32;
const TABLE_ROWS = 100;
/**
 * A line opening more containers than MAX_DEPTH (`> > > …`, `- - - …`), or indented past any list a
 * reader writes: the parser's time grows with the square of such nesting, so it is never parsed.
 */
const DEEP = new RegExp(
  String.raw`^(?:[ 	]*(?:>|[-*+](?=[ 	])|\d{1,9}[.)](?=[ 	]))){${MAX_DEPTH}}|^[ 	]{${4 * MAX_DEPTH},}`,
  'm'
);
/** Rounds of cutting before giving up on the tree and drawing plain text. */
const ROUNDS = 8;

// Built once: the writer's extensions are the same for every answer.
const WRITE: Options = {
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  bullet: '-',
  fences: true,
  resourceLink: true,
  rule: '-',
  handlers: { text: (node, parent) => proseText(node.value, parent?.children[0] === node) }
};

/**
 * The answer as safe Markdown within limits: the whole of it when it fits, else its first part and a
 * line saying what was cut and where the whole is. Never an open fence or table: it can be followed
 * by anything (`</details>`). On a tree it cannot draw, the answer as escaped plain text.
 */
export function renderAnswer(text: Redacted, limits: AnswerLimits): string {
  const most = Math.min(SOURCE_CHARS, SOURCE_PER_CHAR * limits.chars);
  const source = text.length > most ? clip(text, most) : text;
  if (DEEP.test(source)) return plainAnswer(text, limits);
  let tree: Root;
  try {
    const parsed = parse(source);
    // The writer recurses: a tree deeper than this is drawn as plain text (what markdown-it drops
    // past its own nesting limit came back as uncovered lines, answer-parse.ts).
    if (depth(parsed.tree) > MAX_DEPTH) return plainAnswer(text, limits);
    tree = inertTree(parsed.tree, parsed.source, {
      headingLevel: limits.headingLevel,
      tableRows: limits.tableRows ?? TABLE_ROWS
    });
  } catch {
    return plainAnswer(text, limits);
  }
  const total = weight(tree);
  const whole = write(tree);
  if (source === text && fits(whole, limits)) return whole;

  // Cut the tree's text (in reading order) until the written part and its note fit.
  let keep = Math.min(total, source === text ? total : total - 1);
  for (let round = 0; round < ROUNDS && keep > 0; round++) {
    // Keeping all of the text writes what `whole` already is.
    const body = keep === total ? whole : write(cutTree(tree, keep));
    // The share of the text kept, as characters of the answer: what the reader can compare.
    const shown = Math.floor((source.length * keep) / Math.max(1, total));
    const drawn = `${body}\n\n${note(shown, text.length, limits)}`;
    const over = overflow(drawn, limits);
    if (over <= 1) return drawn;
    keep = Math.floor(keep / over / 1.1);
  }
  return plainAnswer(text, limits);
}

/**
 * The last source parsed and its tree: the summary, the comment and the review draw the same answer
 * in one run, each with its own limits. The tree is only read (answer-tree.ts builds a new one).
 */
let last: { source: string; parsed: ParsedAnswer } | undefined;

function parse(source: string): ParsedAnswer {
  if (last?.source !== source) last = { source, parsed: parseAnswer(source) };
  return last.parsed;
}

/** Forgets the last parse: for the benchmark, to time a first drawing. */
export function forgetParse(): void {
  last = undefined;
}

function write(tree: Root): string {
  return toMarkdown(tree, WRITE).replace(/\n+$/, '');
}

function note(shown: number, total: number, limits: AnswerLimits): string {
  return `_Cut at about ${number.format(shown)} of ${number.format(total)} characters; the whole answer is in ${limits.whole}._`;
}

/** How far over its limits a text is: 1 or less when it fits. */
function overflow(markdown: string, limits: AnswerLimits): number {
  const ratios = [markdown.length / limits.chars];
  if (limits.bytes !== undefined) ratios.push(bytes(markdown) / limits.bytes);
  if (limits.lines !== undefined) ratios.push(markdown.split('\n').length / limits.lines);
  return Math.max(...ratios);
}

const fits = (markdown: string, limits: AnswerLimits): boolean => overflow(markdown, limits) <= 1;

/** Today's drawing: every character escaped, lines kept, cut to fit the same limits. */
export function plainAnswer(text: Redacted, limits: AnswerLimits): string {
  let chars = Math.min(text.length, SOURCE_CHARS);
  const draw = (): string =>
    textBlock(clip(text, chars)) +
    (chars < text.length
      ? `\n\n_Cut at ${number.format(chars)} of ${number.format(text.length)} characters; the whole answer is in ${limits.whole}._`
      : '');
  let body = draw();
  for (let over = overflow(body, limits); over > 1 && chars > 0; over = overflow(body, limits)) {
    chars = Math.floor(chars / over / 1.1);
    body = draw();
  }
  return chars > 0 ? body : `_The answer is left out: it does not fit; it is in ${limits.whole}._`;
}

function depth(root: Root): number {
  let deepest = 0;
  const stack: [Nodes, number][] = [[root, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, d] = top;
    deepest = Math.max(deepest, d);
    if ('children' in node) for (const child of node.children) stack.push([child, d + 1]);
  }
  return deepest;
}

/** The characters of text in a tree: what a cut counts. */
function weight(node: Nodes): number {
  if ('value' in node) return node.value.length;
  if ('children' in node) return node.children.reduce((sum, c) => sum + weight(c), 0);
  return 0;
}

/**
 * What of `next` must be kept for the host shown after a link (answer-tree.ts: ` (host)`) to stay
 * whole: the note, and one more for the ellipsis when the text goes on past it.
 */
function hostNote(next: Nodes | undefined): number {
  if (next?.type !== 'text') return 0;
  const note = /^ \([^()\s]*\)/.exec(next.value)?.[0];
  if (note === undefined) return 0;
  return note.length + (next.value.length > note.length ? 1 : 0);
}

/** The tree's first `keep` characters of text, in reading order; nodes after them dropped. */
function cutTree(root: Root, keep: number): Root {
  let left = keep;
  const cut = <T extends Nodes>(node: T): T | undefined => {
    if (left <= 0) return undefined;
    if ('value' in node) {
      const value = clip(node.value, Math.min(node.value.length, left));
      left -= node.value.length;
      return { ...node, value };
    }
    if (!('children' in node)) return node;
    const children: Nodes[] = [];
    const all = node.children as Nodes[];
    for (const [i, child] of all.entries()) {
      // A link is kept whole with the host shown after it, or not at all: a link text or a host
      // cut short (`(github.com…` of `github.com.evil.example`) reads as another target.
      if (child.type === 'link') {
        if (left < weight(child) + hostNote(all[i + 1])) break;
        left -= weight(child);
        children.push(child);
        continue;
      }
      const kept = cut(child);
      if (kept === undefined) break;
      children.push(kept);
    }
    // A node whose every child was cut goes too (an empty one, such as a table cell, stays).
    if (children.length === 0 && node.children.length > 0 && node.type !== 'root') return undefined;
    return { ...node, children } as T;
  };
  return { type: 'root', children: (cut(root)?.children ?? []) as RootContent[] };
}

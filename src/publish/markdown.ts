/**
 * Escaping for untrusted text in GitHub-flavoured Markdown, one function per context.
 *
 * - Markdown text (`inline`, `cell`, `quoted`, `textBlock`, `cellLines`): backslash escapes (CommonMark
 *   §2.4) turn every ASCII punctuation mark into plain text, so no HTML tag, comment, link, emphasis,
 *   table pipe, autolink, fence or list marker survives.
 * - Raw HTML (`htmlText`, for text inside an HTML block such as a `<summary>` line): entities.
 * - Verbatim (`codeBlock`): a fence longer than any backtick run inside.
 *
 * Every context turns control characters and lone surrogates into U+FFFD. Mentions are not Markdown
 * (GitHub finds them in the rendered text, outside `code`, `pre` and links), so in prose a zero-width
 * space after `@` keeps them from pinging anyone. cmark-gfm also links e-mail addresses whatever the
 * escapes (`me\@x\.org` is still a `mailto:` link), inside our own `<code>` and `<pre>` too: the same
 * zero-width space breaks those. Code contexts add it only there, so that `npm i @types/node` still
 * copies and pastes. Issue references (`#123`, `GH-123`, `owner/repo#123`) are found the same way and
 * notify the issue they name (a "mentioned this" in its timeline): in prose the same space breaks them.
 */

const PUNCTUATION = /[!-/:-@[-`{-~]/g;
// What may follow `@` in a mention (`@user`, `@org/team`) or start an e-mail domain (`.` only before a letter or digit).
const AFTER_AT = String.raw`(?=[A-Za-z0-9_-]|\.[A-Za-z0-9])`;
const MENTION = new RegExp(`@${AFTER_AT}`, 'g');
// An e-mail address as cmark-gfm's autolink extension finds one: a local part right before the `@`.
const EMAIL = new RegExp(`(?<=[A-Za-z0-9.+_-])@${AFTER_AT}`, 'g');
const ZWSP = '\u200b';
// `#123` (also `owner/repo#123`) and `GH-123`, as GitHub finds issue references.
const REFERENCE = /(#|\bGH-)(?=\d)/gi;
// A full issue, pull request or discussion URL in text, which GitHub also turns into a reference.
const ISSUE_URL = /(github\.com\/[^\s/]+\/[^\s/]+\/(?:issues|pull|discussions)\/)(?=\d)/gi;
// C0 (tab, LF, CR aside: they are whitespace), DEL, C1, the bidirectional embeddings, overrides and
// isolates (an override in a link's text would run on over the host shown after it, drawn reversed),
// and halves of surrogate pairs standing alone.
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const NEWLINE = /\r\n?|\n/;

/** Control characters and lone surrogates, made visible and valid (U+FFFD). */
export function visible(text: string): string {
  return text.replace(CONTROL, '\uFFFD');
}

/**
 * Punctuation escaped, without touching whitespace: the core of every Markdown text context. In prose,
 * mentions and e-mail addresses are broken; in code (where GitHub finds no mention), e-mail addresses.
 */
function escapeLine(text: string, context: 'prose' | 'code'): string {
  const clean = visible(text).replace(context === 'prose' ? MENTION : EMAIL, `@${ZWSP}`);
  const inert =
    context === 'prose'
      ? clean.replace(REFERENCE, `$1${ZWSP}`).replace(ISSUE_URL, `$1${ZWSP}`)
      : clean;
  return inert.replace(PUNCTUATION, '\\$&');
}

/** Text inside a line of our own (a paragraph, a heading, a list item). No newlines survive. */
export function inline(text: string): string {
  return escapeLine(text.replace(/\s+/g, ' '), 'prose');
}

/**
 * The text of a Markdown text node (src/publish/answer.ts): each line escaped as prose, line breaks
 * kept (the writer indents them inside quotes and lists), leading blanks of later lines dropped.
 */
export function proseText(text: string, opensBlock = false): string {
  const written = text
    .split(NEWLINE)
    .map((line, i) => escapeLine(i === 0 ? line : line.trimStart(), 'prose'))
    .join('\n');
  // Blanks that open a block (only an entity writes them: `&#32;`) would indent its first line into
  // code: written as character references, they are the same blanks and no indentation.
  return opensBlock
    ? written.replace(/^[ \t]+/, blanks =>
        blanks.replace(/[ \t]/g, c => `&#x${c.charCodeAt(0).toString(16)};`)
      )
    : written;
}

/** A table cell: inline, and never empty-looking, so the row keeps its shape. */
export function cell(text: string): string {
  const escaped = inline(text).trim();
  return escaped === '' ? ' ' : escaped;
}

/** A cell (or inline text) shown as code: escaped text inside our own `<code>` (a code span could not hold `|`). */
export function codeCell(text: string): string {
  const escaped = escapeLine(text.replace(/\s+/g, ' '), 'code').trim();
  return escaped === '' ? ' ' : `<code>${escaped}</code>`;
}

/**
 * Multi-line text inside a table cell or another single line, shown as code: lines joined by `<br>`,
 * spaces kept (a `<pre>` shows them). Wrap it in `<pre>` yourself.
 */
export function cellLines(text: string): string {
  return text
    .split(NEWLINE)
    .map(line => escapeLine(line.replace(/\s/g, ' '), 'code'))
    .join('<br>');
}

/** Multi-line text inside a block quote (an alert): each line escaped and quoted. */
export function quoted(text: string): string {
  return text
    .split(NEWLINE)
    .map(line => `> ${inline(line)}`.trimEnd())
    .join('\n');
}

const NBSP = '\u00a0';

/**
 * Multi-line prose (an answer) as Markdown paragraphs of plain text: each line escaped, line breaks
 * kept as hard breaks, runs of blank lines as one paragraph break, leading indentation kept as
 * no-break spaces (a tab as four), other whitespace runs as one space.
 */
export function textBlock(text: string): string {
  let paragraph: string[] = [];
  const paragraphs = [paragraph];
  for (const line of text.split(NEWLINE)) {
    const content = line.trim();
    if (content === '') {
      if (paragraph.length > 0) {
        paragraph = [];
        paragraphs.push(paragraph);
      }
      continue;
    }
    // The spaces and tabs before the first other character (there is one: the content).
    const indent = line.slice(0, line.search(/[^ \t]/)).replace(/\t/g, '    ').length;
    paragraph.push(NBSP.repeat(indent) + inline(content));
  }
  return paragraphs
    .filter(lines => lines.length > 0)
    .map(lines => lines.join('\\\n'))
    .join('\n\n');
}

/** Verbatim text in a fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = visible(text).replace(/\r\n?/g, '\n');
  return `${fence}text\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}

const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;'
};

/**
 * Text inside raw HTML of our own (a line that starts an HTML block, where Markdown is not parsed):
 * entities for `& < > " '`, whitespace runs as one space (a blank line would end the block).
 */
export function htmlText(text: string): string {
  return visible(text.replace(/\s+/g, ' '))
    .replace(MENTION, `@${ZWSP}`)
    .replace(REFERENCE, `$1${ZWSP}`)
    .replace(/[&<>"']/g, c => ENTITY[c] ?? c);
}

/** A collapsed block: a plain-text title and Markdown content (blank lines end the HTML around it). */
export function details(title: string, content: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${htmlText(title)}</summary>\n\n${content}\n\n</details>`;
}

/**
 * A collapsed block inside a table cell: one line, balanced. The summary is escaped Markdown (`cell`),
 * the body escaped lines (`cellLines`), shown preformatted.
 */
export function cellDetails(summary: string, body: string): string {
  return `<details><summary>${summary}</summary><pre>${body}</pre></details>`;
}

/** A table from escaped cells. */
export function table(header: string[], align: ('l' | 'r' | 'c')[], rows: string[][]): string {
  const rule = align.map(a => (a === 'r' ? '--:' : a === 'c' ? ':-:' : '---'));
  return [header, rule, ...rows].map(r => `| ${r.join(' | ')} |`).join('\n');
}

/**
 * A link to a URL of ours (an artifact's), with escaped text. Only http(s) URLs make a link; the
 * destination is percent-encoded where Markdown or HTML could read it as something else.
 */
export function link(text: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return inline(text);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return inline(text);
  const href = parsed.href
    .replace(/[()<>"'\\`\s]/g, c => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '&amp;');
  return `[${inline(text)}](${href})`;
}

export const number = new Intl.NumberFormat('en-US');
export const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
/** Blocks are separated by a blank line: an HTML block such as `</details>` runs on until one. */
export const join = (blocks: (string | undefined)[]): string =>
  blocks.filter((b): b is string => b !== undefined).join('\n\n');

/**
 * A share (0 to 1) as a percentage: whole numbers from 10%, a tenth below 10% and where a whole number
 * would say 100%: never 0% or 100% for a share that is not exactly that (255 of 256 legs is not 100%).
 */
export function percent(share: number): string {
  if (share <= 0) return '0%';
  if (share >= 1) return '100%';
  if (share < 0.001) return '\\<0.1%';
  if (share > 0.999) return '\\>99.9%';
  const whole = Math.round(share * 100);
  return share < 0.1 || whole === 100 ? `${(share * 100).toFixed(1)}%` : `${whole}%`;
}

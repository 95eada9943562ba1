/**
 * Escaping for untrusted text in GitHub-flavoured Markdown, one function per context.
 * Backslash escapes (CommonMark §2.4) turn every ASCII punctuation mark into plain text: no HTML tag,
 * link, emphasis, table pipe, autolink or math survives. Mentions are not Markdown (GitHub finds them
 * in the rendered text), so a zero-width space after `@` keeps them from pinging anyone.
 */

const PUNCTUATION = /[!-/:-@[-`{-~]/g;
const MENTION = /@(?=[A-Za-z0-9_-])/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text inside a line of our own (a paragraph, a heading, a summary element). No newlines survive. */
export function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(CONTROL, '\uFFFD')
    .replace(PUNCTUATION, '\\$&')
    .replace(MENTION, '@\u200b');
}

/** A table cell: inline, and never empty-looking, so the row keeps its shape. */
export function cell(text: string): string {
  const escaped = inline(text).trim();
  return escaped === '' ? ' ' : escaped;
}

/** A cell shown as code: escaped text inside our own `<code>` element (a code span could not hold `|`). */
export function codeCell(text: string): string {
  const escaped = inline(text).trim();
  return escaped === '' ? ' ' : `<code>${escaped}</code>`;
}

/** Multi-line text inside a block quote (an alert): each line escaped and quoted. */
export function quoted(text: string): string {
  return text
    .split(/\r?\n/)
    .map(line => `> ${inline(line)}`.trimEnd())
    .join('\n');
}

/** Verbatim text in a fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = text.replace(CONTROL, '\uFFFD').replace(/\r\n?/g, '\n');
  return `${fence}text\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}

/** A collapsed block with a title of ours (already escaped) and Markdown content. */
export function details(summaryHtml: string, content: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${summaryHtml}</summary>\n\n${content}\n\n</details>`;
}

/** A table from escaped cells. */
export function table(header: string[], align: ('l' | 'r' | 'c')[], rows: string[][]): string {
  const rule = align.map(a => (a === 'r' ? '--:' : a === 'c' ? ':-:' : '---'));
  return [header, rule, ...rows].map(r => `| ${r.join(' | ')} |`).join('\n');
}

import { parseJson } from '../text/json.js';
/**
 * The JSON in an answer (`result.text`): the whole text when it parses; else the last fenced `json`
 * block; else the last balanced top-level object or array that parses.
 */

export type Extracted =
  | { found: true; value: unknown; from: 'the whole answer' | 'a ```json block' | 'the text' }
  /** problem: what was wrong, a sentence without its full stop. */
  | { found: false; problem: string };

/**
 * How many characters the search for a balanced object may visit: a start that never closes is
 * searched to the end of the text, so a pathological answer would otherwise take quadratic time.
 */
export const SCAN_LIMIT = 20_000_000;
/** Deeper nesting than this is not looked for (it would only make each failed start costlier). */
export const MAX_DEPTH = 512;
// What may follow an opening bracket in JSON, blanks aside: prose such as `{name}` or `[see below]`
// is passed over without a parse (a failed JSON.parse costs an exception).
const OBJECT_START = /\{\s*["}]/y;
const ARRAY_START = /\[\s*[-"{[\]0-9tfn]/y;

export function extractJson(text: string): Extracted {
  return splitAnswer(text).extracted;
}

/** The JSON as extractJson finds it, and the answer without it (the agent's prose around it), trimmed. */
export function splitAnswer(text: string): { extracted: Extracted; rest: string } {
  const whole = parseJson(text.trim());
  if (whole.ok)
    return { extracted: { found: true, value: whole.value, from: 'the whole answer' }, rest: '' };
  const block = lastJsonFence(text);
  if (block) {
    const parsed = parseJson(block.body);
    const lines = text.split(/\r\n|\r|\n/);
    const rest = [...lines.slice(0, block.line - 1), ...lines.slice(block.end)].join('\n').trim();
    return parsed.ok
      ? { extracted: { found: true, value: parsed.value, from: 'a ```json block' }, rest }
      : {
          extracted: {
            found: false,
            problem: `The answer's last \`\`\`json block (line ${block.line}) is not valid JSON: ${parsed.error}`
          },
          rest: text
        };
  }
  const scanned = lastBalanced(text);
  if (scanned === 'too long') {
    const problem = `The answer holds no JSON that could be found in the ${SCAN_LIMIT.toLocaleString('en-US')} steps the search may take`;
    return { extracted: { found: false, problem }, rest: text };
  }
  if (scanned) {
    const rest = `${text.slice(0, scanned.start)}${text.slice(scanned.end)}`.trim();
    return { extracted: { found: true, value: scanned.value, from: 'the text' }, rest };
  }
  return { extracted: { found: false, problem: 'The answer holds no JSON' }, rest: text };
}

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/**
 * The body of the last fenced code block whose info string is `json` (any case), as CommonMark reads
 * fences: backticks or tildes, three or more, up to three spaces of indentation, closed by a fence of
 * the same character at least as long, or by the end of the text. A fence inside another block is
 * that block's content, not a block of its own.
 */
export function lastJsonFence(
  text: string
): { body: string; line: number; end: number } | undefined {
  const lines = text.split(/\r\n|\r|\n/).entries();
  let last: { body: string; line: number; end: number } | undefined;
  for (const [i, line] of lines) {
    const open = OPENING.exec(line);
    if (!open) continue;
    // Each group of OPENING takes part in every match.
    const [, indent = '', fence = '', info = ''] = open;
    const tick = fence.startsWith('`');
    // A backtick fence's info string cannot hold a backtick (that is inline code).
    if (tick && info.includes('`')) continue;
    const closing = new RegExp(`^ {0,3}${tick ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const margin = new RegExp(`^ {0,${indent.length}}`);
    const body: string[] = [];
    // The line after the block: the end of the text, unless a closing fence comes first.
    let end = Infinity;
    // The block's lines come off the same iterator: the search goes on after its closing fence.
    for (const [j, inner] of lines) {
      if (closing.test(inner)) {
        end = j + 1;
        break;
      }
      body.push(inner.replace(margin, ''));
    }
    if (/^json(?:\s|$)/i.test(info.trim())) last = { body: body.join('\n'), line: i + 1, end };
  }
  return last;
}

/** The last balanced `{…}` or `[…]` not inside another that parses (where it starts and ends), or 'too long' past SCAN_LIMIT. */
function lastBalanced(
  text: string
): { value: unknown; start: number; end: number } | 'too long' | undefined {
  let found: { value: unknown; start: number; end: number } | undefined;
  let visited = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '{' && c !== '[') continue;
    const start = c === '{' ? OBJECT_START : ARRAY_START;
    start.lastIndex = i;
    if (!start.test(text)) continue;
    const end = closingBracket(text, i);
    visited += Math.abs(end) - i;
    if (visited > SCAN_LIMIT) return 'too long';
    if (end < 0) continue;
    const parsed = parseJson(text.slice(i, end + 1));
    if (!parsed.ok) continue;
    found = { value: parsed.value, start: i, end: end + 1 };
    i = end;
  }
  return found;
}

/**
 * Where the bracket at `start` closes, strings read as JSON reads them; or minus where the search
 * stopped: a bracket that does not match, a line break inside a string (JSON has none), nesting
 * deeper than MAX_DEPTH, the end.
 */
function closingBracket(text: string, start: number): number {
  const expected: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      else if (c === '\n' || c === '\r') return -i;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (expected.length === MAX_DEPTH) return -i;
      expected.push(c === '{' ? '}' : ']');
    } else if (c === '}' || c === ']') {
      if (expected.pop() !== c) return -i;
      if (expected.length === 0) return i;
    }
  }
  return -text.length;
}

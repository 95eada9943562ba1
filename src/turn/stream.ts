/** Bytes → lines → typed Hermes events. Damage is described, never thrown. */
import { isUtf8 } from 'node:buffer';
import { redactHead, type Redactor, TOKENS_ONLY } from '../text/redact.js';
import { preview } from '../text/text.js';
import { OUTCOME_RECORD_TYPE } from './outcome-record.js';

export interface Tokens {
  input: number;
  output: number;
  total: number;
  cache_read: number;
  cache_write: number;
}

export interface InitEvent {
  type: 'system';
  subtype?: string;
  model?: string;
  session_id?: string;
}
export interface TextEvent {
  type: 'text';
  text: string;
}
/** API server mode's extension: one streamed delta of the model's reasoning. */
export interface ReasoningEvent {
  type: 'reasoning';
  text: string;
}
export interface ToolUseEvent {
  type: 'tool_use';
  name: string;
  input?: unknown;
  tool_call_id?: string;
}
export interface ToolResultEvent {
  type: 'tool_result';
  name: string;
  output: string;
  duration_ms?: number;
  is_error: boolean;
  tool_call_id?: string;
}
export interface ResultEvent {
  type: 'result';
  session_id?: string;
  exit_code?: number;
  text?: string;
  tokens?: Tokens;
  duration_ms?: number;
  error?: string;
}
export type HermesEvent =
  InitEvent | TextEvent | ReasoningEvent | ToolUseEvent | ToolResultEvent | ResultEvent;

/** What was odd about one line: it is still kept verbatim in the transcript. */
export interface LineIssue {
  line: number;
  problem: string;
  /** The line could not be used at all (as opposed to a usable event with a flaw). */
  skipped: boolean;
}

export interface DecodedLine {
  event?: HermesEvent;
  issues: readonly LineIssue[];
  blank?: boolean;
  /** An event type this version does not know (a future extension): ignored, counted. */
  unknownType?: string;
  /** A line that is not JSON nor a damaged event ("{…"): human text Hermes printed instead. */
  notJson?: string;
}

const BOM = 0xfeff;
const CR = 0x0d;
const BRACE = 0x7b;
const KNOWN_TYPES = new Set(['system', 'text', 'reasoning', 'tool_use', 'tool_result', 'result']);
const TOKEN_KEYS = ['input', 'output', 'total', 'cache_read', 'cache_write'] as const;

const NO_ISSUES: readonly LineIssue[] = Object.freeze([]);
const TEXT_HEAD = '{"type": "text", "text": "';
const TIMESTAMP_KEY = ', "timestamp": ';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Upstream's text delta whose string is printable ASCII without a quote or a backslash. */
const ASCII_DELTA =
  /\{"type": "text", "text": "[\x20\x21\x23-\x5b\x5d-\x7f]*", "timestamp": [0-9]{1,16}\}/y;

/**
 * Text deltas are most of a stream. In upstream's exact shape (`{"type": "text", "text": "…",
 * "timestamp": N}`) only the string is decoded; any other shape returns undefined and goes through
 * JSON.parse. It accepts nothing that JSON.parse would refuse or read differently.
 */
export function upstreamTextDelta(line: string): string | undefined {
  return textDeltaIn(line, 0, line.length);
}

/**
 * upstreamTextDelta on the line view[start..end) (without its newline). For the splitter, `view`
 * holds a chunk's bytes one character per byte (latin1) and `bytes[base..]` the same bytes (valid
 * UTF-8), from which a string that is not ASCII is decoded; without `bytes`, view is the text itself.
 */
export function textDeltaIn(
  view: string,
  start: number,
  end: number,
  bytes?: Buffer,
  base = 0
): string | undefined {
  const head = TEXT_HEAD.length;
  // Most deltas are plain ASCII: one compiled regular expression checks them (test(), not exec():
  // no match array for each of millions of lines). The string's closing quote is just before the
  // timestamp's key, which ends at the space before the digits.
  ASCII_DELTA.lastIndex = start;
  if (ASCII_DELTA.test(view) && ASCII_DELTA.lastIndex === end) {
    let space = end - 2;
    while (view.charCodeAt(space) !== 0x20) space--;
    return view.slice(start + head, space - TIMESTAMP_KEY.length);
  }
  const minTail = TIMESTAMP_KEY.length + 2; // the key, one digit and the closing brace
  if (end - start < head + 1 + minTail) return undefined;
  for (let i = 0; i < head; i++)
    if (view.charCodeAt(start + i) !== TEXT_HEAD.charCodeAt(i)) return undefined;
  const body = start + head;
  // To the closing quote: an escape's next character is skipped (JSON.parse judges the escape below).
  let close = body;
  let escaped = false;
  let ascii = true;
  for (; ; close++) {
    if (close >= end) return undefined;
    const c = view.charCodeAt(close);
    if (c === QUOTE) break;
    if (c === BACKSLASH) {
      escaped = true;
      close++;
    } else if (c < 0x20) return undefined;
    else if (c >= 0x80) ascii = false;
  }
  // The tail: `, "timestamp": <1 to 16 digits>}`.
  const key = close + 1;
  const digits = key + TIMESTAMP_KEY.length;
  const brace = end - 1;
  if (view.charCodeAt(brace) !== 0x7d || brace <= digits || brace - digits > 16) return undefined;
  for (let i = 0; i < TIMESTAMP_KEY.length; i++)
    if (view.charCodeAt(key + i) !== TIMESTAMP_KEY.charCodeAt(i)) return undefined;
  for (let i = digits; i < brace; i++) {
    const c = view.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  const text =
    ascii || !bytes ? view.slice(body, close) : bytes.toString('utf8', base + body, base + close);
  if (!escaped) return text;
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * Decodes one line (without its newline) into an event, or says why it can't. Given bytes, it checks
 * their UTF-8 itself; given text, validUtf8 says whether the bytes it came from were valid. What a
 * problem quotes of the line is redacted (with `redact`) before it is cut.
 */
export function decodeLine(
  input: Buffer | string,
  line: number,
  validUtf8 = true,
  redact: Redactor = TOKENS_ONLY
): DecodedLine {
  let text = typeof input === 'string' ? input : input.toString('utf8');
  const utf8 = typeof input === 'string' ? validUtf8 : isUtf8(input);
  if (text.charCodeAt(0) === BOM) text = text.slice(1);
  if (text.charCodeAt(text.length - 1) === CR) text = text.slice(0, -1);
  // Events start with "{": only a line that does not can be blank.
  if (text.charCodeAt(0) !== BRACE && text.trim() === '') return { blank: true, issues: [] };

  if (utf8) {
    const delta = upstreamTextDelta(text);
    if (delta !== undefined) return { event: { type: 'text', text: delta }, issues: NO_ISSUES };
  }

  const issues: LineIssue[] = [];
  const flaw = (problem: string): void => void issues.push({ line, problem, skipped: false });
  const skip = (problem: string): DecodedLine => ({ issues: [{ line, problem, skipped: true }] });
  if (!utf8) flaw('invalid UTF-8 (replaced by U+FFFD)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const skipped = skip(`not JSON: ${preview(redactHead(redact, text))}`);
    return text.charCodeAt(0) === BRACE ? skipped : { ...skipped, notJson: text };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return skip(`JSON but not an object: ${preview(redactHead(redact, text))}`);
  }
  const raw = value as Record<string, unknown>;
  if (typeof raw.type !== 'string') return skip('an object without a string "type"');
  // The action's own last line of an uploaded transcript (outcome-record.ts): not Hermes' to fold.
  if (raw.type === OUTCOME_RECORD_TYPE) return { issues: NO_ISSUES };
  if (!KNOWN_TYPES.has(raw.type))
    return { unknownType: preview(redactHead(redact, raw.type)), issues: [] };

  return { event: eventOf(raw as Record<string, unknown> & { type: string }, flaw), issues };
}

/** A known event's fields, each checked for its type; a flaw of a field is said, the event kept. */
function eventOf(
  raw: Record<string, unknown> & { type: string },
  flaw: (problem: string) => void
): HermesEvent {
  const str = (key: string): string | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    flaw(`${raw.type}.${key} is not a string`);
    return typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
  };
  const num = (key: string): number | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    flaw(`${raw.type}.${key} is not a number`);
    return undefined;
  };
  const required = <T>(key: string, v: T | undefined, fallback: T): T => {
    if (v !== undefined) return v;
    if (raw[key] === undefined) flaw(`${raw.type} without "${key}"`);
    return fallback;
  };

  switch (raw.type) {
    case 'system':
      return {
        type: 'system',
        subtype: str('subtype'),
        model: str('model'),
        session_id: str('session_id')
      };
    case 'text':
      return { type: 'text', text: required('text', str('text'), '') };
    case 'reasoning':
      return { type: 'reasoning', text: required('text', str('text'), '') };
    case 'tool_use':
      return {
        type: 'tool_use',
        name: required('name', str('name'), '(unnamed)'),
        input: raw.input,
        tool_call_id: str('tool_call_id')
      };
    case 'tool_result': {
      const isError = raw.is_error;
      if (isError !== undefined && typeof isError !== 'boolean')
        flaw('tool_result.is_error is not a boolean');
      return {
        type: 'tool_result',
        name: required('name', str('name'), '(unnamed)'),
        output: str('output') ?? '',
        duration_ms: required('duration_ms', num('duration_ms'), undefined),
        is_error: isError === true,
        tool_call_id: str('tool_call_id')
      };
    }
    default: {
      const exitCode = num('exit_code');
      if (exitCode !== undefined && !Number.isInteger(exitCode))
        flaw('result.exit_code is not a whole number');
      return {
        type: 'result',
        session_id: str('session_id'),
        exit_code:
          exitCode !== undefined && Number.isInteger(exitCode)
            ? exitCode
            : required('exit_code', undefined, undefined),
        text: str('text'),
        tokens: tokens(raw.tokens, flaw),
        duration_ms: num('duration_ms'),
        error: str('error')
      };
    }
  }
}

function tokens(value: unknown, flaw: (problem: string) => void): Tokens | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    flaw('result.tokens is not an object');
    return undefined;
  }
  const raw = value as Record<string, unknown>;
  const out = { input: 0, output: 0, total: 0, cache_read: 0, cache_write: 0 };
  for (const key of TOKEN_KEYS) {
    const v = raw[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
    else if (v !== undefined) flaw(`result.tokens.${key} is not a number`);
  }
  return out;
}

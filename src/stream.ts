/** Bytes → lines → typed Hermes events. Damage is described, never thrown. */
import { isUtf8 } from 'node:buffer';

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
export type HermesEvent = InitEvent | TextEvent | ToolUseEvent | ToolResultEvent | ResultEvent;

/** What was odd about one line: it is still kept verbatim in the transcript. */
export interface LineIssue {
  line: number;
  problem: string;
  /** The line could not be used at all (as opposed to a usable event with a flaw). */
  skipped: boolean;
}

export interface DecodedLine {
  event?: HermesEvent;
  issues: LineIssue[];
  blank?: boolean;
  /** An event type this version does not know (an extension such as `reasoning`): ignored, counted. */
  unknownType?: string;
}

/** Longest line kept for decoding; upstream caps tool output at 5000 characters, so real lines are far shorter. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines without holding more than one line (capped) in memory.
 * Lines longer than maxLineBytes are reported by length and not decoded.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflow = false;
  private lineNo = 0;

  constructor(
    private readonly onLine: (line: Buffer, lineNo: number) => void,
    private readonly onOversized: (lineNo: number, bytes: number) => void,
    private readonly maxLineBytes = MAX_LINE_BYTES
  ) {}

  get lines(): number {
    return this.lineNo;
  }

  /** Bytes received after the last newline (a line cut short when the stream ends). */
  get partialBytes(): number {
    return this.pendingBytes;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl === -1) {
        if (start < chunk.length) this.hold(chunk.subarray(start));
        return;
      }
      this.hold(chunk.subarray(start, nl));
      this.emit();
      start = nl + 1;
    }
  }

  /** Ends the stream: a last line without a newline is still a line. Returns whether there was one. */
  end(): boolean {
    if (this.pendingBytes === 0 && !this.overflow) return false;
    this.emit();
    return true;
  }

  private hold(part: Buffer): void {
    this.pendingBytes += part.length;
    if (this.overflow) return;
    if (this.pendingBytes > this.maxLineBytes) {
      this.overflow = true;
      this.pending = [];
      return;
    }
    // Copy: the caller may reuse its chunk buffer.
    this.pending.push(Buffer.from(part));
  }

  private emit(): void {
    this.lineNo += 1;
    if (this.overflow) {
      this.onOversized(this.lineNo, this.pendingBytes);
    } else {
      const line =
        this.pending.length === 1
          ? this.pending[0]
          : Buffer.concat(this.pending, this.pendingBytes);
      this.onLine(line, this.lineNo);
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.overflow = false;
  }
}

const BOM = '\uFEFF';
const KNOWN_TYPES = new Set(['system', 'text', 'tool_use', 'tool_result', 'result']);
const TOKEN_KEYS = ['input', 'output', 'total', 'cache_read', 'cache_write'] as const;

/** Decodes one line (without its newline) into an event, or says why it can't. */
export function decodeLine(bytes: Buffer, line: number): DecodedLine {
  let text = bytes.toString('utf8');
  if (text.startsWith(BOM)) text = text.slice(1);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (text.trim() === '') return { blank: true, issues: [] };

  const issues: LineIssue[] = [];
  const flaw = (problem: string): void => void issues.push({ line, problem, skipped: false });
  const skip = (problem: string): DecodedLine => ({ issues: [{ line, problem, skipped: true }] });

  if (text.includes('\uFFFD') && !isUtf8(bytes)) flaw('invalid UTF-8 (replaced by U+FFFD)');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return skip(`not JSON: ${preview(text)}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return skip(`JSON but not an object: ${preview(text)}`);
  }
  const raw = value as Record<string, unknown>;
  if (typeof raw.type !== 'string') return skip('an object without a string "type"');
  if (!KNOWN_TYPES.has(raw.type)) return { unknownType: preview(raw.type), issues: [] };

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
        event: {
          type: 'system',
          subtype: str('subtype'),
          model: str('model'),
          session_id: str('session_id')
        },
        issues
      };
    case 'text':
      return { event: { type: 'text', text: required('text', str('text'), '') }, issues };
    case 'tool_use':
      return {
        event: {
          type: 'tool_use',
          name: required('name', str('name'), '(unnamed)'),
          input: raw.input,
          tool_call_id: str('tool_call_id')
        },
        issues
      };
    case 'tool_result': {
      const isError = raw.is_error;
      if (isError !== undefined && typeof isError !== 'boolean')
        flaw('tool_result.is_error is not a boolean');
      return {
        event: {
          type: 'tool_result',
          name: required('name', str('name'), '(unnamed)'),
          output: str('output') ?? '',
          duration_ms: required('duration_ms', num('duration_ms'), undefined),
          is_error: isError === true,
          tool_call_id: str('tool_call_id')
        },
        issues
      };
    }
    default: {
      const exitCode = num('exit_code');
      if (exitCode !== undefined && !Number.isInteger(exitCode))
        flaw('result.exit_code is not a whole number');
      return {
        event: {
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
        },
        issues
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

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 60 ? `${oneLine.slice(0, 60)}…` : oneLine;
}

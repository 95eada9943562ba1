/**
 * The egress boundary: the transcript as it is uploaded. Each line is redacted inside its JSON
 * string values (parsed, its strings redacted, written again), so that it stays JSON whatever the
 * secrets are; a line that is not JSON is redacted as text. A run of consecutive `text` (or
 * `reasoning`) deltas is redacted as the text it joins to: a secret streamed a few characters at a
 * time matches in no single line, so every delta that overlaps a match is rewritten, and no piece
 * of the secret is left in any line.
 */
import * as fs from 'node:fs';
import { upstreamTextDelta } from '../turn/stream.js';
import { present } from '../text/errors.js';
import { parseJson, pythonJson } from '../text/json.js';
import { MASK, redactJsonNumbers, redactStrings, type Redactor } from '../text/redact.js';
import { isObject } from '../text/text.js';

/** Past this many characters of deltas held, the start of the run is written out. */
const RUN_HOLD_CHARS = 16 * 1024;
/**
 * What stays held of a run when its start is written: a secret split across deltas is found whole
 * when it is shorter than this (known formats are at most a few hundred characters).
 */
const RUN_TAIL_CHARS = 4 * 1024;
/** A match that keeps growing (a hostile run of token characters) is written out past this. */
const RUN_MAX_CHARS = 1024 * 1024;

interface Delta {
  /** The line as read, its newline included: written as it is unless a secret overlaps it. */
  bytes: Buffer;
  /** The line without its newline, and the newline. */
  body: string;
  ending: string;
  text: string;
  /** The line parsed, when it had to be (any shape but upstream's own). */
  event?: Record<string, unknown>;
}

type DeltaType = 'text' | 'reasoning';

export class TranscriptRedactor {
  private run: Delta[] = [];
  private runType: DeltaType | undefined;
  private runChars = 0;

  constructor(
    private readonly redact: Redactor,
    private readonly write: (bytes: Buffer) => void
  ) {}

  /** One line, its newline (if any) included. */
  line(bytes: Buffer): void {
    const whole = bytes.toString('utf8');
    const cut = whole.endsWith('\r\n') ? 2 : whole.endsWith('\n') ? 1 : 0;
    const read = whole.slice(0, whole.length - cut);
    const ending = whole.slice(read.length);
    // A number holding a secret is masked as written, before a parse could round it out of sight.
    const body = redactJsonNumbers(read, this.redact);
    if (body !== read) bytes = Buffer.from(body + ending);
    const delta = this.delta(body);
    if (!delta || delta.type !== this.runType) this.flushRun(true);
    if (delta) {
      this.runType = delta.type;
      this.run.push({ bytes, body, ending, text: delta.text, event: delta.event });
      this.runChars += delta.text.length;
      if (this.runChars > RUN_HOLD_CHARS) this.flushRun(false);
      return;
    }
    // A \u escape can spell a secret the raw bytes do not show: such a line is read as JSON.
    if (!body.includes('\\u') && !this.redact.mayHold(body)) return this.write(bytes);
    const clean = this.cleanLine(body);
    this.write(clean === body ? bytes : Buffer.from(clean + ending));
  }

  /** Whether a run of deltas is held (what comes next may join it). A method: line() changes it. */
  holding(): boolean {
    return this.run.length > 0;
  }

  /** Writes what is still held. */
  end(): void {
    this.flushRun(true);
  }

  /** A text or reasoning delta: upstream's shape decoded fast, any other shape parsed. */
  private delta(
    body: string
  ): { type: DeltaType; text: string; event?: Record<string, unknown> } | undefined {
    const fast = upstreamTextDelta(body);
    if (fast !== undefined) return { type: 'text', text: fast };
    if (!body.startsWith('{') || !body.includes('"text"')) return undefined;
    const event = parseJson(body).value;
    if (!isObject(event) || typeof event.text !== 'string') return undefined;
    if (event.type !== 'text' && event.type !== 'reasoning') return undefined;
    return { type: event.type, text: event.text, event };
  }

  /**
   * Writes the run's deltas, rewritten where a secret overlaps them. Not at its end (`all` false),
   * only those before the run's last RUN_TAIL_CHARS, and never a part of a match without the
   * rest of it: what is held may join with what comes next.
   */
  private flushRun(all: boolean): void {
    if (this.run.length === 0) return;
    const joined = this.run.map(d => d.text).join('');
    const found = this.redact.find(joined);
    const bounds = [0];
    let end = 0;
    for (const d of this.run) {
      end += d.text.length;
      bounds.push(end);
    }
    let count = this.run.length;
    if (!all && joined.length <= RUN_MAX_CHARS) {
      let limit = joined.length - RUN_TAIL_CHARS;
      for (;;) {
        count = bounds.findLastIndex(b => b <= limit);
        // Called past RUN_HOLD_CHARS, so the limit is never below bounds[0], which is 0.
        const at = present(bounds[count], 'a delta boundary before the held tail');
        const across = found.find(([start, stop]) => start < at && stop > at);
        if (!across) break;
        limit = across[0];
      }
    }
    let offset = 0;
    for (const d of this.run.slice(0, count)) {
      this.write(this.rewrite(d, offset, found));
      offset += d.text.length;
    }
    this.run = this.run.slice(count);
    this.runChars -= offset;
    if (this.run.length === 0) this.runType = undefined;
  }

  /** A delta at offset `at` of the joined text: as read, or without any piece of a match. */
  private rewrite(d: Delta, at: number, found: [number, number][]): Buffer {
    const stop = at + d.text.length;
    let text = '';
    let pos = at;
    let touched = false;
    for (const [start, end] of found) {
      if (end <= at || start >= stop) continue;
      touched = true;
      if (start >= pos) text += d.text.slice(pos - at, start - at) + MASK;
      pos = Math.max(pos, Math.min(end, stop));
    }
    text += d.text.slice(pos - at);
    // Upstream's own shape holds no other string; another shape's other fields are redacted too.
    if (!touched && (d.event === undefined || !this.redact.mayHold(d.body))) return d.bytes;
    const event = d.event ?? parseJson(d.body).value;
    if (!isObject(event)) return Buffer.from(this.redact(d.body) + d.ending);
    const clean = redactStrings({ ...event, text: '' }, this.redact) as Record<string, unknown>;
    return Buffer.from(pythonJson({ ...clean, text: this.redact(text) }) + d.ending);
  }

  /** A line that is not a delta: its strings redacted, or, not JSON, the line as text. */
  private cleanLine(body: string): string {
    const value = parseJson(body).value;
    if (value === undefined) return this.redact(body);
    const clean = redactStrings(value, this.redact);
    return changed(value, clean) ? pythonJson(clean) : body;
  }
}

function changed(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Between two deltas in upstream's shape: removed, the deltas' strings join as their text does. */
const GLUE = /", "timestamp": [0-9]+\}\r?\n\{"type": "(?:text|reasoning)", "text": "/g;
/** Any text or reasoning event, and one in upstream's shape at the start of a line. */
const ANY_DELTA = /"type"\s*:\s*"(?:text|reasoning)"/g;
const UPSTREAM_DELTA = /(?:^|\n)\{"type": "(?:text|reasoning)", "text": "/g;
const DELTA_HEAD = [Buffer.from('{"type": "text", '), Buffer.from('{"type": "reasoning", ')];
/** A trailing run of deltas longer than this goes line by line rather than on to the next block. */
const MAX_CARRY_BYTES = 1024 * 1024;

/**
 * Lines that surely hold no secret, in a block: none in any string, none in the text the block's
 * deltas join to. Only when every delta is in upstream's shape can the join be read off the raw
 * text (its glue removed); otherwise the block goes line by line.
 */
function clean(block: Buffer, redact: Redactor): boolean {
  const text = block.toString('utf8');
  if (text.includes('\\u') || redact.mayHold(text)) return false;
  const deltas = text.match(ANY_DELTA)?.length ?? 0;
  if (deltas === 0) return true;
  if ((text.match(UPSTREAM_DELTA)?.length ?? 0) !== deltas) return false;
  return !redact.mayHold(text.replace(GLUE, ''));
}

/** Where the run of delta lines that ends the block starts (the block's length when none does). */
function trailingRun(block: Buffer): number {
  let start = block.length;
  while (start > 0) {
    const previous = block.lastIndexOf(0x0a, start - 2) + 1;
    const line = block.subarray(previous, start);
    if (!DELTA_HEAD.some(head => line.subarray(0, head.length).equals(head))) break;
    start = previous;
  }
  return start;
}

/** How much of the transcript copyRedacted reads at a time. */
export const COPY_READ_BYTES = 1 << 20;

/**
 * Copies the transcript, through the redactor unless there is none. Blocks that surely hold no
 * secret are copied as they are (most of a transcript: a line by line pass costs twenty times
 * more); a block that may hold one goes line by line through TranscriptRedactor. A block's trailing
 * run of deltas waits for the next block, which it may join.
 */
export async function copyRedacted(
  from: string,
  to: string,
  redact?: Redactor,
  readBytes = COPY_READ_BYTES
): Promise<void> {
  if (!redact) {
    fs.copyFileSync(from, to);
    return;
  }
  const out = fs.openSync(to, 'w');
  try {
    const lines = new TranscriptRedactor(redact, bytes => fs.writeSync(out, bytes));
    const slow = (block: Buffer): void => {
      let start = 0;
      for (let nl = block.indexOf(0x0a); nl !== -1; nl = block.indexOf(0x0a, start)) {
        lines.line(block.subarray(start, nl + 1));
        start = nl + 1;
      }
      if (start < block.length) lines.line(block.subarray(start));
    };
    let carry: Buffer | undefined;
    for await (const chunk of fs.createReadStream(from, { highWaterMark: readBytes })) {
      const data = carry ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
      const end = data.lastIndexOf(0x0a) + 1;
      let cut = trailingRun(data.subarray(0, end));
      const block = data.subarray(0, cut);
      if (lines.holding()) {
        // A run the redactor holds goes on line by line; all of the block when it does not end.
        slow(block);
        if (lines.holding()) {
          slow(data.subarray(cut, end));
          cut = end;
        }
      } else if (clean(block, redact)) fs.writeSync(out, block);
      else slow(block);
      carry = Buffer.from(data.subarray(cut));
      if (carry.length > MAX_CARRY_BYTES) {
        const whole = carry.lastIndexOf(0x0a) + 1;
        slow(carry.subarray(0, whole));
        carry = Buffer.from(carry.subarray(whole));
      }
    }
    if (carry && carry.length > 0) {
      if (!lines.holding() && clean(carry, redact)) fs.writeSync(out, carry);
      else slow(carry);
    }
    lines.end();
  } finally {
    fs.closeSync(out);
  }
}

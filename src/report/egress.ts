/**
 * The egress boundary: the transcript as it is uploaded. Each line is redacted inside its JSON
 * string values (parsed, its strings redacted, written again), so that it stays JSON whatever the
 * secrets are; a line that is not JSON is redacted as text. A run of consecutive `text` (or
 * `reasoning`) deltas is redacted as the text it joins to: a secret streamed a few characters at a
 * time matches in no single line, so every delta that overlaps a match is rewritten, and no piece
 * of the secret is left in any line.
 */
import * as fs from 'node:fs';
import { upstreamTextDelta } from '../core/stream.js';
import { pythonJson } from '../text/json.js';
import { MASK, redactStrings, type Redactor } from '../text/redact.js';
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
    const body = whole.slice(0, whole.length - cut);
    const ending = whole.slice(body.length);
    const delta = this.delta(body);
    if (!delta || delta.type !== this.runType) this.flushRun(true);
    if (delta) {
      this.runType = delta.type;
      this.run.push({ bytes, body, ending, text: delta.text, event: delta.event });
      this.runChars += delta.text.length;
      if (this.runChars > RUN_HOLD_CHARS) this.flushRun(false);
      return;
    }
    if (!this.redact.mayHold(body)) return this.write(bytes);
    const clean = this.cleanLine(body);
    this.write(clean === body ? bytes : Buffer.from(clean + ending));
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
    const event = parse(body);
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
    for (const d of this.run) bounds.push(bounds[bounds.length - 1] + d.text.length);
    let count = this.run.length;
    if (!all && joined.length <= RUN_MAX_CHARS) {
      let limit = joined.length - RUN_TAIL_CHARS;
      for (;;) {
        count = bounds.findLastIndex(b => b <= limit);
        const at = bounds[count];
        const across = found.find(([start, stop]) => start < at && stop > at);
        if (!across) break;
        limit = across[0];
      }
    }
    for (let i = 0; i < count; i++) this.write(this.rewrite(this.run[i], bounds[i], found));
    this.run = this.run.slice(count);
    this.runChars -= bounds[count];
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
    const event = d.event ?? parse(d.body);
    if (!isObject(event)) return Buffer.from(this.redact(d.body) + d.ending);
    const clean = redactStrings({ ...event, text: '' }, this.redact) as Record<string, unknown>;
    return Buffer.from(pythonJson({ ...clean, text: this.redact(text) }) + d.ending);
  }

  /** A line that is not a delta: its strings redacted, or, not JSON, the line as text. */
  private cleanLine(body: string): string {
    const value = parse(body);
    if (value === undefined) return this.redact(body);
    const clean = redactStrings(value, this.redact);
    return changed(value, clean) ? pythonJson(clean) : body;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function changed(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * Copies the transcript, through the redactor unless there is none. Lines that hold no secret are
 * copied byte for byte (invalid UTF-8 and CRLF stay as they were).
 */
export async function copyRedacted(from: string, to: string, redact?: Redactor): Promise<void> {
  if (!redact) {
    fs.copyFileSync(from, to);
    return;
  }
  const out = fs.openSync(to, 'w');
  try {
    const lines = new TranscriptRedactor(redact, bytes => fs.writeSync(out, bytes));
    let pending: Buffer | undefined;
    for await (const chunk of fs.createReadStream(from, { highWaterMark: 1 << 20 })) {
      const data = pending ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      let start = 0;
      for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
        lines.line(data.subarray(start, nl + 1));
        start = nl + 1;
      }
      pending = start < data.length ? Buffer.from(data.subarray(start)) : undefined;
    }
    if (pending) lines.line(pending);
    lines.end();
  } finally {
    fs.closeSync(out);
  }
}

/** Bytes → lines: a stream cut into lines as it arrives, one line (capped) held at a time. */
import { isUtf8 } from 'node:buffer';
import { textDeltaIn } from './stream.js';

/** Longest line kept for decoding; upstream caps tool output at 5000 characters, so real lines are far shorter. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** How much is read at a time, into one buffer allocated once (the follower copies what it keeps). */
export const READ_BYTES = 1 << 20;

const NEWLINE = 0x0a;
/** The largest piece of a chunk viewed as one string by the text-delta fast path (see emitLines). */
const VIEW_BYTES = 16 * 1024;

/**
 * Splits a byte stream into lines without holding more than one line (capped) in memory.
 * Lines longer than maxLineBytes are reported by length and not decoded.
 *
 * The whole lines of a chunk are checked for valid UTF-8 in one go (a newline byte never sits
 * inside a multi-byte character, so the span between two newlines is whole UTF-8), found in a latin1
 * view of it, and decoded one by one; the line that straddles chunks and spans that are not valid
 * UTF-8 are checked line by line.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflow = false;
  private lineNo = 0;

  /**
   * onLine gets each line's text (without its newline), and whether its bytes were valid UTF-8.
   * With onTextDelta, a line that is a text delta in upstream's exact shape is not decoded as a
   * whole: onTextDelta gets the delta's text alone (see textDeltaIn). Lines that straddle chunks
   * still go to onLine.
   */
  constructor(
    private readonly onLine: (line: string, lineNo: number, validUtf8: boolean) => void,
    private readonly onOversized: (lineNo: number, bytes: number) => void,
    private readonly maxLineBytes = MAX_LINE_BYTES,
    private readonly onTextDelta?: (text: string, lineNo: number) => void
  ) {}

  get lines(): number {
    return this.lineNo;
  }

  /** Bytes received after the last newline (a line cut short when the stream ends). */
  get partialBytes(): number {
    return this.pendingBytes;
  }

  push(chunk: Buffer): void {
    const first = chunk.indexOf(NEWLINE);
    if (first === -1) {
      this.hold(chunk);
      return;
    }
    let start = 0;
    if (this.pendingBytes > 0 || this.overflow) {
      this.hold(chunk.subarray(0, first));
      this.emit();
      start = first + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (start <= last) {
      const span = chunk.subarray(start, last);
      if (isUtf8(span)) this.emitLines(chunk, start, last);
      else this.emitBytes(span);
    }
    if (last + 1 < chunk.length) this.hold(chunk.subarray(last + 1));
  }

  /** Ends the stream: a last line without a newline is still a line. Returns whether there was one. */
  end(): boolean {
    if (this.pendingBytes === 0 && !this.overflow) return false;
    this.emit();
    return true;
  }

  /**
   * Whole lines of valid UTF-8 in bytes[from..to) (to is a newline), decoded one at a time; with
   * onTextDelta, a text delta in upstream's shape gives just its text.
   */
  private emitLines(bytes: Buffer, from: number, to: number): void {
    // In pieces of whole lines, each small enough to be an ordinary young string (a string of
    // about 1 MB or more becomes an external one, kept out of the heap, and RSS grows with them).
    // The piece being read survives every young-generation GC, and V8 grows the young generation
    // with what survives: at 64 KiB it doubled over a 300 MB transcript, at 16 KiB it does not.
    for (;;) {
      let cut = to;
      if (to - from > VIEW_BYTES) {
        cut = bytes.lastIndexOf(NEWLINE, from + VIEW_BYTES);
        if (cut < from) cut = bytes.indexOf(NEWLINE, from + VIEW_BYTES);
      }
      this.emitView(bytes, from, cut);
      if (cut === to) return;
      from = cut + 1;
    }
  }

  /** emitLines on one piece: bytes[from..to) as a string of one character per byte. */
  private emitView(bytes: Buffer, from: number, to: number): void {
    // Offsets in the view are offsets in the bytes: lines are found and matched in it, and an
    // ASCII delta's text is sliced from it. The rest is decoded as UTF-8 from the bytes.
    const view = bytes.toString('latin1', from, to);
    const onTextDelta = this.onTextDelta;
    let start = 0;
    for (;;) {
      const nl = view.indexOf('\n', start);
      const end = nl === -1 ? view.length : nl;
      this.lineNo += 1;
      if (end - start > this.maxLineBytes) this.onOversized(this.lineNo, end - start);
      else {
        const delta = onTextDelta && textDeltaIn(view, start, end, bytes, from);
        if (onTextDelta && delta !== undefined) onTextDelta(delta, this.lineNo);
        else this.onLine(bytes.toString('utf8', from + start, from + end), this.lineNo, true);
      }
      if (nl === -1) return;
      start = nl + 1;
    }
  }

  /** Whole lines, one at a time, each checked for valid UTF-8 on its own. */
  private emitBytes(bytes: Buffer): void {
    let from = 0;
    for (;;) {
      const nl = bytes.indexOf(NEWLINE, from);
      const line = bytes.subarray(from, nl === -1 ? bytes.length : nl);
      this.lineNo += 1;
      if (line.length > this.maxLineBytes) this.onOversized(this.lineNo, line.length);
      else this.onLine(line.toString('utf8'), this.lineNo, isUtf8(line));
      if (nl === -1) return;
      from = nl + 1;
    }
  }

  private hold(part: Buffer): void {
    if (part.length === 0) return;
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
      const [first] = this.pending;
      const line =
        first !== undefined && this.pending.length === 1
          ? first
          : Buffer.concat(this.pending, this.pendingBytes);
      this.onLine(line.toString('utf8'), this.lineNo, isUtf8(line));
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.overflow = false;
  }
}

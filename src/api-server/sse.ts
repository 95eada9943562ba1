/**
 * Server-sent events (the WHATWG event-stream format): bytes in, events out. Lines end with CRLF, LF
 * or CR, in any chunking; `data:` lines join with LF; `:` lines are comments (keepalives); an event
 * is dispatched at a blank line, and one left unfinished when the stream ends is not.
 */

export interface SseEvent {
  /** The `event:` field; `message` when there was none. */
  event: string;
  data: string;
  /** The last `id:` seen, when there was one. */
  id?: string;
}

/** Longest event kept (characters of data); a longer one is skipped whole and reported. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  /** Text after the last line end (dropped once the event is over the limit), and its length. */
  private line = '';
  private lineChars = 0;
  /** A CR ended the last chunk: an LF starting the next one belongs to it. */
  private afterCr = false;
  private data: string[] = [];
  private dataChars = 0;
  private type = '';
  private lastId: string | undefined;
  private oversized = false;
  private fields = 0;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onOversized: (chars: number) => void = () => {},
    private readonly maxEventChars = MAX_EVENT_CHARS
  ) {}

  push(chunk: Uint8Array | string): void {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    let start = 0;
    if (this.afterCr && text.charCodeAt(0) === LF) start = 1;
    this.afterCr = false;
    for (let i = start; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== LF && c !== CR) continue;
      this.take(text.slice(start, i));
      this.endLine();
      if (c === CR) {
        if (i + 1 === text.length) this.afterCr = true;
        else if (text.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
    }
    this.take(text.slice(start));
  }

  /** Ends the stream. Returns whether an unfinished event (no blank line after it) was dropped. */
  end(): boolean {
    this.take(this.decoder.decode());
    const unfinished = this.lineChars > 0 || this.fields > 0 || this.oversized;
    this.line = '';
    this.lineChars = 0;
    this.reset();
    return unfinished;
  }

  /** Holds part of a line; a line over the limit is dropped as it grows, not after. */
  private take(part: string): void {
    if (part === '') return;
    this.lineChars += part.length;
    if (this.oversized) {
      this.dataChars += part.length;
      return;
    }
    this.line += part;
    if (this.line.length + this.dataChars > this.maxEventChars) {
      this.oversized = true;
      this.dataChars += this.line.length;
      this.line = '';
      this.data = [];
    }
  }

  private endLine(): void {
    const blank = this.lineChars === 0;
    const line = this.line;
    this.line = '';
    this.lineChars = 0;
    if (blank) {
      this.dispatch();
      return;
    }
    if (this.oversized) return;
    if (line.charCodeAt(0) === 0x3a) return; // a comment
    this.fields += 1;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    switch (name) {
      case 'data':
        this.data.push(value);
        this.dataChars += value.length + 1;
        break;
      case 'event':
        this.type = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      // `retry` and unknown fields are ignored, as the format says.
    }
  }

  private dispatch(): void {
    if (this.oversized) {
      this.onOversized(this.dataChars);
    } else if (this.data.length > 0) {
      const event: SseEvent = { event: this.type || 'message', data: this.data.join('\n') };
      if (this.lastId !== undefined) event.id = this.lastId;
      this.reset();
      this.onEvent(event);
      return;
    }
    this.reset();
  }

  private reset(): void {
    this.data = [];
    this.dataChars = 0;
    this.type = '';
    this.oversized = false;
    this.fields = 0;
  }
}

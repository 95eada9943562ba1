/** The most recent tool calls, in a ring of fixed-size slots: a long run keeps its memory flat. */
import type { Redacted } from '../text/redact.js';
import type { ToolCall } from './tool-call.js';

/**
 * The most recent tool calls, in memory set aside up front: their previews are copied into fixed
 * slots, so that a run's 100,000 calls leave nothing behind for the garbage collector to keep (V8
 * grows its young generation with every byte that survives a collection, and RSS grows with it).
 */
export class RecentCalls {
  private count = 0;
  private readonly index: Float64Array;
  private readonly duration: Float64Array;
  private readonly line: Float64Array;
  private readonly isError: Uint8Array;
  private readonly names: Redacted[];
  private readonly input: Slots;
  private readonly output: Slots;

  /**
   * capacity: how many calls are held (0: none, and nothing set aside). inputChars, outputChars:
   * the longest preview and output a call keeps (its cut mark included).
   */
  constructor(
    private readonly capacity: number,
    inputChars: number,
    outputChars: number
  ) {
    this.index = new Float64Array(capacity);
    this.duration = new Float64Array(capacity);
    this.line = new Float64Array(capacity);
    this.isError = new Uint8Array(capacity);
    this.names = new Array<Redacted>(capacity);
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.input = new Slots(capacity, (inputChars + 1) * 3);
    this.output = new Slots(capacity, (outputChars + 1) * 3);
  }

  add(call: ToolCall): void {
    if (this.capacity === 0) return;
    const slot = this.count % this.capacity;
    this.count += 1;
    this.index[slot] = call.index;
    this.duration[slot] = call.durationMs ?? Number.NaN;
    this.line[slot] = call.line;
    // Two flags in one byte: failed (1), output cut by the stream (2).
    this.isError[slot] = (call.isError ? 1 : 0) | (call.cut ? 2 : 0);
    this.names[slot] = call.name;
    this.input.set(slot, call.inputPreview);
    this.output.set(slot, call.output);
  }

  /** The calls held, oldest first. */
  toArray(): ToolCall[] {
    const held = Math.min(this.count, this.capacity);
    const calls: ToolCall[] = [];
    for (let i = this.count - held; i < this.count; i++) calls.push(this.read(i % this.capacity));
    return calls;
  }

  /** The call in a slot add() wrote. */
  private read(slot: number): ToolCall {
    const index = this.index[slot];
    const duration = this.duration[slot];
    const line = this.line[slot];
    const flags = this.isError[slot];
    const name = this.names[slot];
    if (
      index === undefined ||
      duration === undefined ||
      line === undefined ||
      flags === undefined ||
      name === undefined
    )
      throw new Error(`Internal error: tool-call slot ${slot} was never written`);
    return {
      index,
      name,
      // The slots hold copies of what add() was given: redacted text.
      inputPreview: this.input.get(slot) as Redacted,
      durationMs: Number.isNaN(duration) ? undefined : duration,
      isError: (flags & 1) === 1,
      output: this.output.get(slot) as Redacted,
      line,
      ...((flags & 2) === 2 && { cut: true })
    };
  }
}

/** Fixed-size byte slots holding short strings as UTF-8. */
class Slots {
  private readonly bytes: Buffer;
  private readonly lengths: Uint32Array;

  constructor(
    count: number,
    private readonly size: number
  ) {
    this.bytes = Buffer.alloc(count * size);
    this.lengths = new Uint32Array(count);
  }

  set(slot: number, text: string): void {
    // write() stores whole characters only; the slots are sized for the longest text kept.
    this.lengths[slot] =
      text === '' ? 0 : this.bytes.write(text, slot * this.size, this.size, 'utf8');
  }

  get(slot: number): string {
    const length = this.lengths[slot];
    if (length === undefined) throw new Error(`Internal error: slot ${slot} is past the last`);
    const start = slot * this.size;
    return this.bytes.toString('utf8', start, start + length);
  }
}

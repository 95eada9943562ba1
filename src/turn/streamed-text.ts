/**
 * The streamed text a turn keeps beyond its counts: the reasoning (API server mode), and the answer
 * so far, the text the model streamed since the last tool call. The second is what a turn cut short
 * (a budget reached mid-answer, a dead provider, a cancel) leaves of its answer: Hermes' `result`
 * then has no text, and the summary shows this instead, saying it is cut. Both are held as streamed,
 * a little past what is kept, and redacted whole before they are cut, so that a cut never leaves a
 * piece of a secret split across deltas.
 */
import type { Redacted, Redactor } from '../text/redact.js';
import { own, slice } from '../text/text.js';

/** How much reasoning text a turn keeps (the summary shows less). */
export const MAX_REASONING_CHARS = 64 * 1024;
/** How much of the answer so far a turn keeps (its start). */
export const MAX_ANSWER_SO_FAR_CHARS = 64 * 1024;
/**
 * How much more is held than kept: redacted whole, then cut, so that the cut never leaves a piece of
 * a secret (one that starts under the kept length and is shorter than this).
 */
const MARGIN_CHARS = 8 * 1024;

/** Streamed text as a turn keeps it: its length as streamed, and its start, redacted. */
export interface KeptText {
  deltas: number;
  chars: number;
  text: Redacted;
}

class Held {
  text = '';
  deltas = 0;
  chars = 0;

  constructor(private readonly kept: number) {}

  /** Adds a delta; `gap` goes before it when the text so far is not empty (and still held). */
  add(delta: string, gap = ''): void {
    this.deltas += 1;
    this.chars += delta.length;
    const room = this.kept + MARGIN_CHARS - this.text.length;
    if (room <= 0) return;
    const joined = this.text !== '' && gap !== '' ? gap : '';
    this.text += joined + own(delta.slice(0, Math.max(0, room - joined.length)));
  }

  keep(redact: Redactor): KeptText | undefined {
    if (this.deltas === 0) return undefined;
    return {
      deltas: this.deltas,
      chars: this.chars,
      text: slice(redact(this.text), this.kept) as Redacted
    };
  }
}

export class StreamedText {
  private reasoningHeld = new Held(MAX_REASONING_CHARS);
  private answerHeld = new Held(MAX_ANSWER_SO_FAR_CHARS);
  /** The event number of the last reasoning event, to tell a new burst of reasoning. */
  private lastReasoning = -1;

  /** A text delta: part of the answer so far. */
  text(delta: string): void {
    this.answerHeld.add(delta);
  }

  /** A reasoning delta, event number `event`: a burst that others interrupted starts a paragraph. */
  reasoning(delta: string, event: number): void {
    const burst = this.lastReasoning !== event - 1;
    this.lastReasoning = event;
    const held = this.reasoningHeld;
    this.reasoningHeld.add(delta, burst ? (held.text.endsWith('\n') ? '\n' : '\n\n') : '');
  }

  /** A tool call: the model call that streamed the text so far ended; the next starts anew. */
  tool(): void {
    if (this.answerHeld.deltas > 0) this.answerHeld = new Held(MAX_ANSWER_SO_FAR_CHARS);
  }

  finish(redact: Redactor): { reasoning?: KeptText; answerSoFar?: KeptText } {
    const reasoning = this.reasoningHeld.keep(redact);
    const answerSoFar = this.answerHeld.keep(redact);
    return { ...(reasoning && { reasoning }), ...(answerSoFar && { answerSoFar }) };
  }
}

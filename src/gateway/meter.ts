/**
 * What one model call may cost before it is sent, and what it has cost so far while it streams: the
 * gateway reserves the first at admission (ledger.ts) and cuts a stream once the second crosses a cap.
 *
 * - Input: the provider's count is known only with its answer, so the request is bounded by its size:
 *   a token is about four bytes of JSON text (an overestimate for the JSON's own punctuation).
 * - Output: the request's own ceiling (`max_tokens`, `max_completion_tokens`, `max_output_tokens`),
 *   else DEFAULT_OUTPUT_CEILING. A streamed answer is counted as it arrives: the text of each delta
 *   (content, reasoning, tool-call arguments; Anthropic's text, thinking and partial JSON), a token
 *   per four characters, or the provider's own running count where it streams one (Anthropic's
 *   `message_delta`), whichever is higher.
 * - Room: where the budget left is less than the request's own ceiling, admission lowers that
 *   ceiling in the body to what is left (ledger.ts admit, lowered() here), so an answer that is not
 *   streamed, and cannot be cut, cannot pass the cap either. A request that sets no ceiling is not
 *   given one: OpenAI's reasoning models refuse `max_tokens`, and which key a compatible server takes
 *   is not known; such an answer, unstreamed, can pass the cap by what it writes (docs/gateway.md).
 */
import type { BudgetStop } from './types.js';

/** The output a call without its own ceiling is reserved for. */
export const DEFAULT_OUTPUT_CEILING = 4096;
const BYTES_PER_TOKEN = 4;
const CHARS_PER_TOKEN = 4;

/** What admission reserves for one call. */
export interface Reservation {
  tokensIn: number;
  tokensOut: number;
  /** Priced where the model's price is known; 0 otherwise. */
  costUsd: number;
  /** What one more output token costs (0 where unpriced): admission lowers a ceiling with it. */
  usdPerTokenOut: number;
  /** The body's own output ceiling, where it sets one: admission may lower it (lowered()). */
  ceiling?: string;
  /** How many answers the call asks for (`n`, `best_of`): its ceiling is each one's, so counted that many times. */
  copies: number;
}

/** The most answers one call is reserved for (OpenAI takes `n` up to 128). */
const MAX_COPIES = 128;

/** `n` and `best_of` (the legacy completions generate best_of and bill them all): the larger, at least 1. */
function copiesOf(record: Record<string, unknown> | undefined): number {
  const asked = [record?.n, record?.best_of].filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 1
  );
  return Math.min(MAX_COPIES, Math.max(1, ...asked));
}

const CEILINGS = ['max_tokens', 'max_completion_tokens', 'max_output_tokens'] as const;

/** USD per million tokens, by model name. */
export type Prices = Readonly<Record<string, { input: number; output: number }>>;

export function reservationOf(
  body: Buffer,
  model: string | undefined,
  prices: Prices
): Reservation {
  const tokensIn = Math.ceil(body.length / BYTES_PER_TOKEN);
  const record = objectOf(body);
  const own = ceilingOf(record);
  const copies = copiesOf(record);
  const tokensOut = (own?.value ?? DEFAULT_OUTPUT_CEILING) * copies;
  return {
    tokensIn,
    tokensOut,
    costUsd: priced(prices, model, tokensIn, tokensOut),
    usdPerTokenOut: priced(prices, model, 0, 1),
    ...(own && { ceiling: own.key }),
    copies
  };
}

/**
 * The body with its output ceiling lowered to `to`, so that a call admitted with little budget left
 * cannot answer past it; undefined where it cannot be (a budget for thinking that would not fit
 * under the lowered ceiling, Anthropic's least being 1,024). A thinking budget above the new ceiling
 * is lowered under it.
 */
export function lowered(body: Buffer, key: string, to: number): Buffer | undefined {
  const record = objectOf(body);
  if (!record) return undefined;
  const next: Record<string, unknown> = { ...record, [key]: to };
  const thinking = record.thinking as Record<string, unknown> | undefined;
  const budget = thinking?.budget_tokens;
  if (typeof budget === 'number' && budget >= to) {
    if (to - 1 < MIN_THINKING) return undefined;
    next.thinking = { ...thinking, budget_tokens: to - 1 };
  }
  return Buffer.from(JSON.stringify(next));
}

/** Anthropic's least thinking budget. */
const MIN_THINKING = 1024;

function objectOf(body: Buffer): Record<string, unknown> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

export function priced(
  prices: Prices,
  model: string | undefined,
  tokensIn: number,
  tokensOut: number
): number {
  const price = model !== undefined && Object.hasOwn(prices, model) ? prices[model] : undefined;
  return price ? (tokensIn * price.input + tokensOut * price.output) / 1e6 : 0;
}

function ceilingOf(
  record: Record<string, unknown> | undefined
): { key: string; value: number } | undefined {
  for (const key of CEILINGS) {
    const value = record?.[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return { key, value };
  }
  return undefined;
}

const NEWLINE = 0x0a;
/** A data line longer than this is not parsed (a delta is small); its bytes still count. */
const LINE_LIMIT = 256 * 1024;

/**
 * Counts a streamed answer's output tokens as its bytes pass, line by line; holds at most one
 * unfinished line. `tokens` is the count so far.
 */
export class OutputCounter {
  private chars = 0;
  private reported = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  get tokens(): number {
    return Math.max(this.reported, Math.ceil(this.chars / CHARS_PER_TOKEN));
  }

  /**
   * Counts chunk line by line; after each whole line, `stop` is asked whether to stop there. The
   * offset just past the line it stopped at (the rest of the chunk not counted), else undefined.
   */
  push(chunk: Buffer, stop: () => boolean = () => false): number | undefined {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      this.hold(chunk.subarray(from, at));
      this.line(Buffer.concat(this.pending, this.pendingBytes));
      this.pending = [];
      this.pendingBytes = 0;
      from = at + 1;
      if (stop()) return from;
    }
    this.hold(chunk.subarray(from));
    return undefined;
  }

  private hold(part: Buffer): void {
    if (part.length === 0) return;
    if (this.pendingBytes + part.length > LINE_LIMIT) {
      // Too long to be a delta's: its bytes counted as text, no more held.
      this.chars += part.length;
      return;
    }
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }

  private line(bytes: Buffer): void {
    if (bytes.length < 6 || bytes.subarray(0, 5).toString('latin1') !== 'data:') return;
    let event: unknown;
    try {
      event = JSON.parse(bytes.subarray(5).toString('utf8'));
    } catch {
      return;
    }
    if (typeof event !== 'object' || event === null) return;
    const e = event as Record<string, unknown>;
    this.chars += textOf(e);
    // Anthropic streams its running output count in message_delta's usage.
    const usage = e.usage as Record<string, unknown> | undefined;
    const out = usage?.output_tokens;
    if (e.type === 'message_delta' && typeof out === 'number' && out > this.reported)
      this.reported = out;
  }
}

/**
 * The characters of generated text in one streamed event: OpenAI's chat chunk, Anthropic's delta, or
 * a Responses API delta (`response.output_text.delta`, `.reasoning_*.delta`,
 * `.function_call_arguments.delta`, any `response.*.delta` whose `delta` is text).
 */
function textOf(e: Record<string, unknown>): number {
  let n = 0;
  const add = (v: unknown): void => {
    if (typeof v === 'string') n += v.length;
  };
  if (Array.isArray(e.choices))
    for (const choice of e.choices as Record<string, unknown>[]) {
      const delta = choice.delta as Record<string, unknown> | undefined;
      if (!delta) continue;
      for (const key of ['content', 'reasoning', 'reasoning_content', 'refusal']) add(delta[key]);
      if (Array.isArray(delta.tool_calls))
        for (const call of delta.tool_calls as Record<string, unknown>[])
          add((call.function as Record<string, unknown> | undefined)?.arguments);
    }
  const delta = e.delta as Record<string, unknown> | string | undefined;
  if (typeof delta === 'string') {
    if (typeof e.type === 'string' && e.type.startsWith('response.')) add(delta);
  } else if (e.type === 'content_block_delta' && delta)
    for (const key of ['text', 'thinking', 'partial_json']) add(delta[key]);
  return n;
}

/** The event a stream cut at a budget ends with, in the provider's own shape: its SDK raises it. */
export function cutEvent(anthropic: boolean, stop: BudgetStop): string {
  const message = `model gateway: budget ${stop.budget} reached mid-answer (${stop.figure} of ${stop.limit}); the answer is cut here`;
  const error = { type: 'budget_exceeded', message, code: 402 };
  return anthropic
    ? `event: error\ndata: ${JSON.stringify({ type: 'error', error })}\n\n`
    : `data: ${JSON.stringify({ error })}\n\n`;
}

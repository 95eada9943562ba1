/**
 * What the turn spent: tokens, calls and cost as the providers report them, the call log (bounded),
 * and the budgets: a call is admitted only while its budgets have room with every call still open
 * counted at what it reserved (meter.ts), so calls started side by side cannot all pass one check;
 * a streaming call is measured as it goes, every open call at what it has streamed so far.
 */
import { isObject } from '../text/text.js';
import type { Reservation } from './meter.js';
import type { BudgetStop, Budgets, GatewayStats, ModelCall } from './types.js';

/** One admitted call's hold on the budgets, until it is recorded. */
export interface Held {
  readonly reserved: Reservation;
  /** Tokens it has streamed so far (its input as reserved, until the answer says). */
  live: number;
  /** Cost so far, where its model is priced. */
  liveCost: number;
  /** The budget its output ceiling was lowered to fit, where one was. */
  readonly lowered?: BudgetStop;
}

/** Calls kept in the log; later ones are counted, not kept. */
export const CALLS_KEPT = 1000;
/** A JSON answer larger than this is passed on but not read for usage. */
const JSON_READ_LIMIT = 16 * 1024 * 1024;
/** An SSE line longer than this is passed on but not read (usage lines are small). */
const LINE_LIMIT = 1024 * 1024;
const NEWLINE = 0x0a;
const USAGE = Buffer.from('"usage"');

export interface Usage {
  tokensIn?: number;
  tokensOut?: number;
  costUsd?: number;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/**
 * Usage from one JSON object: OpenAI's (`usage.prompt_tokens`, OpenRouter's `usage.cost`), Anthropic's
 * (`message.usage` in message_start), or the Responses API's stream (`response.usage` in
 * response.completed, response.incomplete and response.failed).
 */
export function usageOf(body: unknown): Usage | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const inner = (key: string): unknown => {
    const value = record[key];
    return isObject(value) ? value.usage : undefined;
  };
  const found: unknown = record.usage ?? inner('message') ?? inner('response');
  if (typeof found !== 'object' || found === null) return undefined;
  const usage = found as Record<string, unknown>;
  const cached =
    (num(usage.cache_creation_input_tokens) ?? 0) + (num(usage.cache_read_input_tokens) ?? 0);
  const input = num(usage.prompt_tokens) ?? num(usage.input_tokens);
  return {
    tokensIn: input === undefined ? undefined : input + cached,
    tokensOut: num(usage.completion_tokens) ?? num(usage.output_tokens),
    costUsd: num(usage.cost)
  };
}

/** Later reports win field by field: Anthropic's message_delta carries the running output count. */
function merge(into: Usage, from: Usage | undefined): void {
  if (!from) return;
  if (from.tokensIn !== undefined) into.tokensIn = from.tokensIn;
  if (from.tokensOut !== undefined) into.tokensOut = from.tokensOut;
  if (from.costUsd !== undefined) into.costUsd = from.costUsd;
}

/**
 * Reads usage out of an answer's bytes as they pass, SSE or JSON, without holding the stream. An SSE
 * chunk is searched natively and never copied whole: only the line it ends (begun in earlier chunks)
 * and the unfinished line it leaves are copied, and only lines naming usage are decoded.
 */
export class UsageReader {
  readonly usage: Usage = {};
  /** The unfinished SSE line: its parts so far, copied; over LINE_LIMIT it is dropped unread. */
  private parts: Buffer[] = [];
  private partBytes = 0;
  private overlong = false;
  private json: Buffer[] | undefined = [];
  private jsonBytes = 0;

  constructor(private readonly sse: boolean) {}

  push(chunk: Buffer): void {
    if (!this.sse) {
      this.jsonBytes += chunk.length;
      if (this.json && this.jsonBytes <= JSON_READ_LIMIT) this.json.push(chunk);
      else this.json = undefined;
      return;
    }
    let from = 0;
    if (this.partBytes > 0 || this.overlong) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) return this.hold(chunk);
      this.hold(chunk.subarray(0, newline));
      if (!this.overlong) {
        const line = Buffer.concat(this.parts, this.partBytes);
        if (line.includes(USAGE)) this.lines(line);
      }
      this.forget();
      from = newline + 1;
    }
    const cut = chunk.lastIndexOf(NEWLINE);
    if (cut >= from) {
      // Whole lines, searched where they lie: a long stream costs one native search per chunk.
      const whole = chunk.subarray(from, cut);
      if (whole.includes(USAGE)) this.lines(whole);
      from = cut + 1;
    }
    this.hold(chunk.subarray(from));
  }

  end(): Usage {
    if (this.sse) {
      if (!this.overlong && this.partBytes > 0)
        this.lines(Buffer.concat(this.parts, this.partBytes));
      this.forget();
    } else if (this.json) {
      try {
        merge(this.usage, usageOf(JSON.parse(Buffer.concat(this.json).toString('utf8'))));
      } catch {
        // An answer that is not JSON reports no usage.
      }
    }
    return this.usage;
  }

  /** Keeps a copy of part of the unfinished line (the chunk itself is the client's). */
  private hold(part: Buffer): void {
    if (part.length === 0 || this.overlong) return;
    if (this.partBytes + part.length > LINE_LIMIT) {
      this.parts = [];
      this.partBytes = 0;
      this.overlong = true;
      return;
    }
    this.parts.push(Buffer.from(part));
    this.partBytes += part.length;
  }

  private forget(): void {
    this.parts = [];
    this.partBytes = 0;
    this.overlong = false;
  }

  /** Whole lines only (split at a newline byte, so never inside a UTF-8 sequence). */
  private lines(bytes: Buffer): void {
    for (const line of bytes.toString('utf8').split('\n')) this.line(line);
  }

  private line(line: string): void {
    if (!line.startsWith('data:') || !line.includes('"usage"')) return;
    try {
      merge(this.usage, usageOf(JSON.parse(line.slice(5))));
    } catch {
      // A data line that is not JSON reports no usage.
    }
  }
}

export class Ledger {
  private readonly kept: ModelCall[] = [];
  private count = 0;
  private retries = 0;
  private tokens = 0;
  private cost: number | undefined;
  private costLive = true;
  private stopped: BudgetStop | undefined;
  private readonly open = new Set<Held>();

  constructor(private readonly budgets: Budgets) {}

  /** The budget already spent, open calls counted at what they reserved: the next call is refused with it. */
  spent(): BudgetStop | undefined {
    const { maxTokens, maxCostUsd, maxModelCalls } = this.budgets;
    const { calls, tokens, cost } = this.committed();
    if (maxModelCalls !== undefined && calls >= maxModelCalls)
      return { budget: 'max-model-calls', figure: calls, limit: maxModelCalls };
    if (maxTokens !== undefined && tokens >= maxTokens)
      return { budget: 'max-tokens', figure: tokens, limit: maxTokens };
    if (maxCostUsd !== undefined && cost !== undefined && cost >= maxCostUsd)
      return { budget: 'max-cost-usd', figure: round(cost), limit: maxCostUsd };
    return undefined;
  }

  /**
   * Admits one call, holding what it reserved; or the budget that has no room for it. Where the room
   * left is less than the call's output ceiling, the ceiling held is lowered to it (`tokensOut`
   * below what was asked: the caller lowers the body's, meter.ts lowered()); a call whose input
   * alone would fill the room is refused.
   */
  admit(asked: Reservation): Held | BudgetStop {
    const stop = this.spent();
    if (stop) return stop;
    const { maxTokens, maxCostUsd } = this.budgets;
    const { tokens, cost } = this.committed();
    let out = asked.tokensOut;
    let lowered: BudgetStop | undefined;
    const fit = (room: number, stop: BudgetStop): BudgetStop | undefined => {
      if (room < 1) return stop;
      if (room < out) [out, lowered] = [room, stop];
      return undefined;
    };
    const full =
      (maxTokens !== undefined &&
        fit(Math.floor(maxTokens - tokens - asked.tokensIn), {
          budget: 'max-tokens',
          figure: tokens + asked.tokensIn,
          limit: maxTokens
        })) ||
      (maxCostUsd !== undefined &&
        asked.usdPerTokenOut > 0 &&
        fit(Math.floor((maxCostUsd - (cost ?? 0) - inputCostOf(asked)) / asked.usdPerTokenOut), {
          budget: 'max-cost-usd',
          figure: round((cost ?? 0) + inputCostOf(asked)),
          limit: maxCostUsd
        }));
    if (full) return full;
    const reserved = lowered
      ? { ...asked, tokensOut: out, costUsd: inputCostOf(asked) + out * asked.usdPerTokenOut }
      : asked;
    const held: Held = {
      reserved,
      live: reserved.tokensIn,
      liveCost: 0,
      ...(lowered && { lowered })
    };
    this.open.add(held);
    return held;
  }

  /** Calls, tokens and cost spent, every open call counted at the larger of its hold and its stream. */
  private committed(): { calls: number; tokens: number; cost: number | undefined } {
    const held = this.open;
    const tokens =
      this.tokens + sum(held, h => Math.max(h.live, h.reserved.tokensIn + h.reserved.tokensOut));
    const reservedCost = sum(held, h => Math.max(h.liveCost, h.reserved.costUsd));
    const cost =
      this.cost === undefined && reservedCost === 0 ? undefined : (this.cost ?? 0) + reservedCost;
    return { calls: this.count + held.size, tokens, cost };
  }

  /**
   * A streaming call's count so far: the budget that the turn's spending now crosses (every open call
   * at what it has streamed), to cut the stream with; it is also what stops the turn.
   */
  streamed(held: Held, tokens: number, costUsd: number): BudgetStop | undefined {
    held.live = tokens;
    held.liveCost = costUsd;
    const { maxTokens, maxCostUsd } = this.budgets;
    // Called for every line of every measured stream: the open set is read where it lies, no copy.
    const open = this.open;
    const live = this.tokens + sum(open, h => h.live);
    let stop: BudgetStop | undefined;
    if (maxTokens !== undefined && live > maxTokens)
      stop = { budget: 'max-tokens', figure: live, limit: maxTokens };
    const liveCost = sum(open, h => h.liveCost);
    const cost = (this.cost ?? 0) + liveCost;
    if (!stop && maxCostUsd !== undefined && cost > maxCostUsd && liveCost > 0)
      stop = { budget: 'max-cost-usd', figure: round(cost), limit: maxCostUsd };
    if (stop) this.stopped ??= stop;
    return stop;
  }

  /** Whether a streamed answer is to be measured as it goes: a token or cost budget is set. */
  measures(): boolean {
    return this.budgets.maxTokens !== undefined || this.budgets.maxCostUsd !== undefined;
  }

  /** The call's hold let go without a record (a refusal of its own, a failure before it was sent). */
  release(held: Held): void {
    this.open.delete(held);
  }

  refuse(stop: BudgetStop, call: ModelCall): void {
    this.stopped ??= stop;
    this.keep(call);
  }

  record(call: ModelCall, held?: Held): void {
    if (held) this.open.delete(held);
    this.count++;
    this.retries += call.retries;
    this.tokens += call.tokensIn + call.tokensOut;
    if (call.costUsd !== undefined) this.cost = (this.cost ?? 0) + call.costUsd;
    // Live: the provider said what each answered call cost (a priced estimate is not its word).
    if (
      (call.costUsd === undefined || call.costEstimated) &&
      ((typeof call.status === 'number' && call.status < 300) || call.estimated === true)
    )
      this.costLive = false;
    this.keep(call);
  }

  stats(): GatewayStats {
    return {
      calls: [...this.kept],
      retries: this.retries,
      tokens: this.tokens,
      ...(this.cost !== undefined ? { costUsd: this.cost } : {}),
      costLive: this.costLive && this.cost !== undefined,
      ...(this.stopped ? { stopped: this.stopped } : {})
    };
  }

  /** A budget stop seen elsewhere (a stream cut at it): the turn's. */
  stop(stop: BudgetStop): void {
    this.stopped ??= stop;
  }

  /** Calls made, counted past the log's bound. */
  calls(): number {
    return this.count;
  }

  private keep(call: ModelCall): void {
    if (this.kept.length < CALLS_KEPT) this.kept.push(Object.freeze({ ...call }));
  }
}

/** The part of a reservation's cost that is its input's. */
const inputCostOf = (r: Reservation): number => r.costUsd - r.tokensOut * r.usdPerTokenOut;

function sum<T>(items: Iterable<T>, of: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += of(item);
  return total;
}

/** A cost as a figure to show: no float noise past a millionth of a dollar. */
const round = (usd: number): number => Math.round(usd * 1e6) / 1e6;

/**
 * One model call through the gateway, from its admission to its charge: the call as its request asks
 * it, the shape of a refusal, the budgets' admission (a reservation, a ceiling lowered to fit), the
 * meter of its stream, and its line in the ledger once answered.
 */
import type { ServerResponse } from 'node:http';
import type { Call, Outcome } from './forward.js';
import type { Held, Ledger } from './ledger.js';
import { lowered, OutputCounter, priced, reservationOf, type Prices } from './meter.js';
import type { FrontedKey } from './providers.js';
import type { Reach } from './reach.js';
import type { BudgetStop, ModelCall } from './types.js';

/** What charging a call takes of the server's options. */
export interface ChargeOptions {
  ledger: Ledger;
  note(line: string): void;
  /** What models cost, where known: reservations and streams are priced with it. */
  prices?: Prices;
}

/** A refusal, in both providers' shapes at once. */
export function deny(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  // Both shapes at once: OpenAI's clients read error.message, Anthropic's read type and error.
  res.end(JSON.stringify({ type: 'error', error: { type, message } }));
}

/** A model call as its request asks it, the capability checked: where it goes and what it sends. */
export interface Asked {
  provider: FrontedKey;
  path: string;
  query: string;
  /** A call the budgets count (a POST to a call path), not a listing. */
  isCall: boolean;
  model?: string;
  body: Buffer;
  /** What it asks the provider to reach on its side (reach.ts). */
  reach: Reach[];
  /** The ledger's line for it, before its answer. */
  base: Omit<ModelCall, 'status' | 'latencyMs'>;
}

function budgetMessage(stop: BudgetStop): string {
  return `model gateway: budget ${stop.budget} spent (${stop.figure} of ${stop.limit}); no further model calls this turn`;
}

/**
 * The budgets' admission: a call goes only with room for what it may cost, every open call counted at
 * what it reserved, its output ceiling lowered to what a budget leaves. The body to send and what it
 * holds of the budgets; undefined once it is refused (402).
 */
export function admitted(
  call: Asked,
  res: ServerResponse,
  { ledger, note, prices = {} }: ChargeOptions
): { held?: Held; body: Buffer } | undefined {
  const { base, model } = call;
  // Said, counted as refused, answered 402 (neither SDK retries it).
  const refuse = (stop: BudgetStop, message: string): undefined => {
    note(message);
    ledger.refuse(stop, { ...base, status: 402, latencyMs: 0, refused: true });
    return void deny(res, 402, 'budget_exceeded', message);
  };
  const reserved = call.isCall ? reservationOf(call.body, model, prices) : undefined;
  const admission = reserved && ledger.admit(reserved);
  if (admission && 'budget' in admission) return refuse(admission, budgetMessage(admission));
  const held: Held | undefined = admission;
  if (!held?.lowered || !reserved?.ceiling) return { held, body: call.body };
  const { ceiling, copies } = reserved;
  // The ceiling is each answer's: `n` answers share the room.
  const to = Math.floor(held.reserved.tokensOut / copies);
  const fitted = to > 0 ? lowered(call.body, ceiling, to) : undefined;
  if (!fitted) {
    ledger.release(held);
    const stop = held.lowered;
    return refuse(
      stop,
      `model gateway: budget ${stop.budget} leaves room for ${held.reserved.tokensOut} output tokens, less than the call's ${copies > 1 ? `${copies} answers need` : 'thinking needs'}; no further model calls this turn`
    );
  }
  note(
    `model gateway: ${ceiling} lowered from ${reserved.tokensOut / copies} to ${to}${copies > 1 ? ` for each of ${copies} answers` : ''}, what budget ${held.lowered.budget} leaves`
  );
  return { held, body: fitted };
}

/** What the answer's stream is counted by, where the budgets need it counted as it comes. */
export function streamMeter(
  call: Asked,
  held: Held,
  counter: OutputCounter,
  { ledger, prices = {} }: ChargeOptions
): NonNullable<Call['meter']> {
  return {
    anthropic: call.provider.provider === 'anthropic',
    push: (chunk: Buffer) => {
      const tokensIn = held.reserved.tokensIn;
      let stop: BudgetStop | undefined;
      const at = counter.push(chunk, () => {
        stop = ledger.streamed(
          held,
          tokensIn + counter.tokens,
          priced(prices, call.model, tokensIn, counter.tokens)
        );
        return stop !== undefined;
      });
      return at !== undefined && stop ? { stop, at } : undefined;
    }
  };
}

/**
 * The answered call in the ledger. Usage the answer did not report counts as estimated: the input as
 * reserved, the output as streamed (or its ceiling), so a call whose usage is never read still spends
 * the budgets. A call that did not reach its answer's end counts as estimated too: what it reported
 * so far is a running count (Anthropic's message_start says 1 output token), so it is charged the
 * most of that and what streamed, and, abandoned or broken off, its whole reservation.
 */
export function recordCall(
  call: Asked,
  held: Held,
  outcome: Outcome,
  { counter, started }: { counter: OutputCounter | undefined; started: number },
  { ledger, note, prices = {} }: ChargeOptions
): void {
  const answered = typeof outcome.status === 'number' && outcome.status < 300;
  // Abandoned on its way (the agent hung up): the provider may bill it all the same, so it is
  // charged its worst case, as reserved. A provider that could not be reached bills nothing.
  const lost = outcome.abandoned === true;
  const billed = answered || lost;
  const { usage } = outcome;
  const unfinished = lost || outcome.broken === true;
  const short = unfinished || outcome.cut !== undefined;
  const unread = billed && (short || usage.tokensIn === undefined || usage.tokensOut === undefined);
  const streamed = counter && outcome.streamed ? counter.tokens : undefined;
  const reported = usage.tokensOut ?? 0;
  const tokensIn = usage.tokensIn ?? (billed ? held.reserved.tokensIn : 0);
  const tokensOut = !billed
    ? reported
    : unfinished
      ? Math.max(reported, counter?.tokens ?? 0, held.reserved.tokensOut)
      : outcome.cut
        ? Math.max(reported, counter?.tokens ?? 0)
        : // A stream the counter read no text of (a shape it does not know) is no proof of none.
          (usage.tokensOut ?? (streamed || undefined) ?? held.reserved.tokensOut);
  if (outcome.cut) {
    ledger.stop(outcome.cut);
    note(
      `model gateway: budget ${outcome.cut.budget} reached mid-answer (${outcome.cut.figure} of ${outcome.cut.limit}): the stream is cut`
    );
  }
  const cost = priced(prices, call.model, tokensIn, tokensOut);
  ledger.record(
    {
      ...call.base,
      status: outcome.status,
      tokensIn,
      tokensOut,
      ...(usage.costUsd !== undefined
        ? { costUsd: usage.costUsd }
        : billed && cost > 0
          ? { costUsd: cost, costEstimated: true }
          : {}),
      latencyMs: Date.now() - started,
      retries: outcome.retries,
      streamed: outcome.streamed,
      ...(unread && { estimated: true }),
      ...(outcome.cut && { cut: outcome.cut.budget })
    },
    held
  );
}

/** The runner's cancellation as the action hears it: SIGINT (a cancel) and SIGTERM, passed on to Hermes. */
import type { Signals } from './attempt.js';
import type { Verdict } from './verdict.js';

export interface Cancellation extends Signals {
  /** When the first signal came (the clock's milliseconds). */
  readonly cancelledAt?: number;
  /** Aborted at the first signal: a wait under way (the exit-75 backoff) ends at once. */
  readonly signal: AbortSignal;
}

/** What signals come from: the action's process, or a stand-in in tests. */
export interface SignalSource {
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/** From now on SIGINT and SIGTERM no longer end the action: they cancel the run. */
export function listenForCancellation(
  source: SignalSource = process,
  now: () => number = Date.now
): Cancellation {
  const listeners = new Set<(signal: 'SIGINT' | 'SIGTERM') => void>();
  const aborter = new AbortController();
  let cancelledAt: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    source.on(signal, () => {
      cancelledAt ??= now();
      aborter.abort();
      listeners.forEach(fn => fn(signal));
    });
  }
  return {
    get cancelled() {
      return cancelledAt !== undefined;
    },
    get cancelledAt() {
      return cancelledAt;
    },
    signal: aborter.signal,
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    }
  };
}

/** How long what is left to do may take after a cancel. */
export interface Grace {
  /** The runner kills the job 10 s after its SIGINT (SIGTERM at 7.5 s): this, less a margin. */
  afterCancelMs: number;
  /** Never less than this, however late. */
  minMs: number;
}

export const GRACE: Grace = { afterCancelMs: 9000, minMs: 1000 };

/** An AbortSignal for the grace period left since the cancel. */
export function graceLeft(
  cancellation: Cancellation,
  grace: Grace = GRACE,
  now: () => number = Date.now
): AbortSignal {
  const since = now() - (cancellation.cancelledAt ?? now());
  return AbortSignal.timeout(Math.max(grace.minMs, grace.afterCancelMs - since));
}

/**
 * A cancel that came after the turn's verdict was reached (during the session record's export, the
 * upload): the run is `interrupted` all the same, saying how far it got and what Hermes' turn came to.
 */
export function cancelledAfter(verdict: Verdict, when: string): Verdict {
  if (verdict.outcome === 'interrupted') return verdict;
  return {
    ...verdict,
    outcome: 'interrupted',
    message: `The job was cancelled ${when}. ${verdict.message}`
  };
}

/**
 * Aborts ms after the cancel (or at once when that is past, but never sooner than grace.minMs from
 * now); never without one. For what must give up within the runner's grace (the upload).
 */
export function afterCancel(
  cancellation: Cancellation,
  ms: number,
  now: () => number = Date.now,
  grace: Pick<Grace, 'minMs'> = GRACE
): AbortSignal {
  const aborter = new AbortController();
  const arm = (): void => {
    const since = now() - (cancellation.cancelledAt ?? now());
    setTimeout(() => aborter.abort(), Math.max(grace.minMs, ms - since)).unref();
  };
  if (cancellation.cancelled) arm();
  else cancellation.signal.addEventListener('abort', arm, { once: true });
  return aborter.signal;
}

/** A cancel before Hermes ran: run() reports it as `interrupted`, saying how far the run got. */
export class Cancelled extends Error {
  constructor(readonly when: string) {
    super(`The job was cancelled ${when}, before Hermes started`);
  }
}

/** What a step awaits, or less: the wait ends at the first cancel (the step itself is left to end). */
export async function untilCancelled<T>(
  step: Promise<T> | undefined,
  cancellation: Cancellation
): Promise<T | undefined> {
  if (cancellation.cancelled) return undefined;
  const { signal } = cancellation;
  let stop: () => void = () => undefined;
  const cancelled = new Promise<undefined>(resolve => {
    stop = () => resolve(undefined);
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([step, cancelled]);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

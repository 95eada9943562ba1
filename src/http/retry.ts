/**
 * The one retry loop: every retry of the action (exit 75, the gate's REST call, downloads, comments)
 * waits with a doubling, jittered backoff and stops waiting at once when its signal aborts.
 */

export interface RetryPolicy {
  /** How many tries in all, the first included. */
  tries: number;
  /** The wait before the second try; doubled before each later one. */
  backoffMs: number;
  /** Up to this fraction of each wait is added at random (legs of a matrix spread out). Default 0. */
  jitter?: number;
  /** Aborted: no further try, and a wait under way ends at once. */
  signal?: AbortSignal;
  /** Waits ms, or less when signal aborts: a port, so that tests run on a fake clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before each wait: why the last try failed, which try comes next, and the wait. */
  onRetry?: (why: string, next: number, waitMs: number) => void;
}

/**
 * One try's result: final, or worth another try for the reason given; `now`: the next try goes at
 * once, without the backoff (a cause that a new try clears by itself, not a service in trouble).
 */
export type Tried<T> = { value: T; retry?: undefined } | { value: T; retry: string; now?: boolean };

/** Runs once(n) for n = 1, 2, … until a try is final, the tries run out, or the signal aborts. */
export async function retry<T>(
  once: (n: number) => Promise<Tried<T>>,
  policy: RetryPolicy
): Promise<T> {
  const sleep = policy.sleep ?? abortableSleep;
  for (let n = 1; ; n++) {
    const tried = await once(n);
    if (tried.retry === undefined || n >= policy.tries || policy.signal?.aborted)
      return tried.value;
    const waitMs = tried.now
      ? 0
      : Math.round(policy.backoffMs * 2 ** (n - 1) * (1 + Math.random() * (policy.jitter ?? 0)));
    policy.onRetry?.(tried.retry, n + 1, waitMs);
    if (waitMs > 0) await sleep(waitMs, policy.signal);
    if (policy.signal?.aborted) return tried.value;
  }
}

/** setTimeout as a promise that resolves early, not rejects, when signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise(resolve => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

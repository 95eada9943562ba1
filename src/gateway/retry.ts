/**
 * When a model call is tried again, and after how long. The loop is the forwarder's (it must stop at
 * the first response byte); the wait itself is http/retry.ts's abortableSleep, the one sleep.
 */
import type { RetryLimits } from './types.js';

/** Statuses a provider sends for a passing trouble (529: Anthropic's "overloaded"). */
const RETRIED = new Set([408, 429, 500, 502, 503, 504, 529]);

export function retriedStatus(status: number): boolean {
  return RETRIED.has(status);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(
  value: string | string[] | undefined,
  now: number
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before attempt n + 1, or undefined when there is to be none: the attempts are spent, or
 * the wait would end past totalMs since the call's first attempt.
 */
export function nextWait(
  limits: RetryLimits,
  n: number,
  elapsedMs: number,
  retryAfter: number | undefined,
  random: () => number = Math.random
): number | undefined {
  if (n >= limits.tries) return undefined;
  // Jitter up to half the backoff, so that parallel jobs hitting one rate limit spread out.
  const wait = retryAfter ?? Math.round(limits.backoffMs * 2 ** (n - 1) * (1 + random() * 0.5));
  return elapsedMs + wait > limits.totalMs ? undefined : wait;
}

/** Exit 75 (a temporary provider failure) is retried: each attempt's transcript kept, the last at jsonl-path. */
import * as fs from 'node:fs';
import { formatMs } from '../text/text.js';
import type { Attempt } from './attempt.js';
import type { Cancellation } from './cancellation.js';
import { retry, type RetryPolicy } from '../http/retry.js';
import { verdictOf, type Verdict } from './verdict.js';

/** An attempt that was retried: its verdict, and where its transcript went. */
export interface AttemptRecord {
  verdict: Verdict;
  transcript: string;
}

/** The last attempt (its transcript at jsonl-path), and the ones before it, oldest first. */
export interface Attempts {
  attempt: Attempt;
  earlier: AttemptRecord[];
}

export interface TempfailPolicy {
  jsonlPath: string;
  /** tempfail-retries: tries after the first. */
  retries: number;
  /** tempfail-backoff-seconds, in milliseconds: the first wait, doubled before each later one. */
  backoffMs: number;
  /** Up to this fraction of each wait is added at random, so that the legs of a matrix spread out. */
  jitter: number;
  /** What exit 75 means for this kind of run, for the log. */
  why: string;
  cancellation: Cancellation;
  sleep?: RetryPolicy['sleep'];
  note(line: string): void;
}

/**
 * The one name of an earlier attempt's transcript: `<name>.attempt-N.jsonl` beside `<name>.jsonl`, on
 * disk (beside jsonl-path), in the uploaded zip, and as the report reads it (EARLIER_ATTEMPT).
 */
export function attemptTranscript(jsonlPath: string, n: number): string {
  return jsonlPath.replace(/(\.jsonl)?$/, `.attempt-${n}$1`);
}

/** A transcript that attemptTranscript() named. */
export const EARLIER_ATTEMPT = /\.attempt-\d+\.jsonl$/;

/** Runs once() until it does not end in exit 75, the retries run out, or the job is cancelled. */
export async function retryTempfail(
  once: () => Promise<Attempt>,
  policy: TempfailPolicy
): Promise<Attempts> {
  const earlier: AttemptRecord[] = [];
  let previous: Verdict | undefined;
  const attempt = await retry<Attempt>(
    async n => {
      if (previous) {
        const transcript = attemptTranscript(policy.jsonlPath, n - 1);
        // The action's own name: whatever the agent put there (a folder fails the rename) goes first.
        fs.rmSync(transcript, { recursive: true, force: true });
        fs.renameSync(policy.jsonlPath, transcript);
        earlier.push({ verdict: previous, transcript });
      }
      const value = await once();
      // Whether to try again; the run's verdict is decided once, after the last attempt.
      previous = verdictOf(value.turn, value.end);
      return previous.outcome === 'tempfail' && !policy.cancellation.cancelled
        ? { value, retry: policy.why }
        : { value };
    },
    {
      tries: policy.retries + 1,
      backoffMs: policy.backoffMs,
      jitter: policy.jitter,
      signal: policy.cancellation.signal,
      sleep: policy.sleep,
      onRetry: (why, next, waitMs) =>
        policy.note(
          `Exit 75 (${why}): attempt ${next} of ${policy.retries + 1} in ${formatMs(waitMs)}`
        )
    }
  );
  return { attempt, earlier };
}

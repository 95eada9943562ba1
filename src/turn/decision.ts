/** The run's verdict, decided once: the outcome table, then the answer's check when one is asked for. */
import type { Attempt } from './attempt.js';
import { verdictOf, type Verdict } from './verdict.js';

/** What checking the answer said (json-schema: see schema/check.ts). */
export type Judged = { ok: true } | { ok: false; message: string };

export interface Decision<C extends Judged> {
  verdict: Verdict;
  /** The answer's check, made only when the turn otherwise succeeded. */
  answer?: C;
}

/**
 * The verdict of the last attempt. With check, a turn that otherwise succeeded becomes
 * invalid_output when its answer does not pass; any other verdict stands.
 */
export function decide<C extends Judged>(
  attempt: Attempt,
  check?: (answer: string | undefined) => C
): Decision<C> {
  const verdict = verdictOf(attempt.turn, attempt.end);
  if (!check || verdict.outcome !== 'success') return { verdict };
  const answer = check(attempt.turn.answer);
  if (answer.ok) return { verdict, answer };
  return {
    verdict: { outcome: 'invalid_output', exitCode: verdict.exitCode, message: answer.message },
    answer
  };
}

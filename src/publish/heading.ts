/** The heading of the summary and the comment: the outcome's title, and what failed. */
import { OUTCOMES, titleOf, type Verdict } from '../turn/verdict.js';
import { schemaName, type Asks } from '../schema/load.js';

/**
 * The outcome's title, and the exit code where it says what failed: an answer that does not match its
 * schema came from a turn that completed (exit code 0), so its heading names the schema instead.
 */
export function headingOf(
  verdict: Pick<Verdict, 'outcome' | 'exitCode'>,
  asked: Asks | undefined
): string {
  if (verdict.outcome === 'invalid_output')
    return asked && (asked.review || asked.labels)
      ? `${OUTCOMES.invalid_output.icon} The answer does not match ${schemaName(asked)}`
      : titleOf('invalid_output');
  const code = verdict.exitCode !== undefined ? ` · exit code ${verdict.exitCode}` : '';
  return `${titleOf(verdict.outcome)}${code}`;
}

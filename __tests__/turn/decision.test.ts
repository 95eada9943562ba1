/** The run's verdict, decided once: the outcome table, then json-schema's check of a successful turn. */
import { describe, expect, test } from '@jest/globals';
import type { Attempt } from '../../src/turn/attempt.js';
import { decide } from '../../src/turn/decision.js';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder } from '../../src/turn/turn.js';
import { checkAnswer } from '../../src/schema/check.js';
import { readSchema } from '../../src/schema/load.js';
import { makeRedactor } from '../../src/text/redact.js';
import { processEnd } from '../helpers/run-end.js';
import { VERDICT_SCHEMA } from '../helpers/verdict-schema.js';

const schema = readSchema({ getInput: () => JSON.stringify(VERDICT_SCHEMA), env: {} })!;
const redact = makeRedactor([]);

/** A turn whose result event reports exitCode and answers text; the process exited the same way. */
function attempt(exitCode: number, text: string): Attempt {
  const builder = new TurnBuilder();
  const result = { type: 'result', session_id: 's', exit_code: exitCode, text, duration_ms: 5 };
  builder.add(decodeLine(Buffer.from(JSON.stringify(result)), 1), 1);
  return { turn: builder.finish(), end: processEnd({ exitCode }), durationMs: 5 };
}

describe('decide', () => {
  const checks: string[] = [];
  const check = (answer: string | undefined) => {
    checks.push(answer ?? '');
    return checkAnswer(answer, schema, redact);
  };

  test('a successful turn whose answer does not match is invalid_output, keeping its exit code', () => {
    const { verdict, answer } = decide(attempt(0, '[]'), check);
    expect(verdict).toEqual({
      outcome: 'invalid_output',
      exitCode: 0,
      message: 'The answer does not match json-schema: /: must be object.'
    });
    expect(answer?.ok).toBe(false);
  });

  test('any other verdict stands, unchecked; so does a match, and no check at all', () => {
    checks.length = 0;
    expect(decide(attempt(1, '[]'), check)).toEqual({
      verdict: expect.objectContaining({ outcome: 'failure', exitCode: 1 })
    });
    expect(checks).toEqual([]);
    expect(decide(attempt(0, '[]')).verdict.outcome).toBe('success');
    const matching = JSON.stringify({ verdict: 'pass', findings: [] });
    const { verdict, answer } = decide(attempt(0, matching), check);
    expect(verdict.outcome).toBe('success');
    expect(answer?.ok).toBe(true);
  });
});

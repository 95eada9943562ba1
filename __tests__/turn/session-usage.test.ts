/** The session record's cost and usage, its redaction at egress, and the cost an API server reports. */
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { formatCost, parseSessionRecord, usageOf } from '../../src/turn/session-usage.js';
import { redactRecordLine } from '../../src/publish/session-artifact.js';
import { makeRedactor } from '../../src/text/redact.js';
import { reportedCost } from '../../src/api-server/mappers.js';

describe('cost, as the record says it', () => {
  test.each([
    // actual, estimate, status → cost_usd, cost_estimated
    [0.0123, 0.02, 'actual', 0.0123, false],
    [null, 0.02, 'estimated', 0.02, true],
    [0, 0, 'included', 0, false],
    [null, 0, 'unknown', undefined, undefined],
    [null, null, 'unknown', undefined, undefined],
    [undefined, undefined, undefined, undefined, undefined]
  ])('actual %p, estimate %p, %p → %p (estimated %p)', (actual, estimate, status, cost, est) => {
    const usage = usageOf({
      actual_cost_usd: actual,
      estimated_cost_usd: estimate,
      cost_status: status
    });
    expect(usage.costUsd).toBe(cost);
    expect(usage.costEstimated).toBe(est);
  });

  test('usage keeps the cost and usage fields, never the messages or other row fields', () => {
    const usage = usageOf({
      id: 's',
      system_prompt: 'secret instructions',
      messages: [{ role: 'tool', content: 'x' }],
      billing_provider: 'openrouter',
      reasoning_tokens: 12,
      api_call_count: 3,
      tool_call_count: 2,
      end_reason: 'cli_close',
      actual_cost_usd: 'NaN'
    });
    expect(usage.fields).toEqual({
      billing_provider: 'openrouter',
      reasoning_tokens: 12,
      api_call_count: 3,
      tool_call_count: 2,
      end_reason: 'cli_close',
      actual_cost_usd: 'NaN'
    });
    expect(usage.costUsd).toBeUndefined();
    expect(usage.apiCalls).toBe(3);
  });

  test('the record is the line whose id is the session; a bad record says what is wrong', () => {
    const two = `${JSON.stringify({ id: 'a', actual_cost_usd: 1 })}\n${JSON.stringify({ id: 'b', actual_cost_usd: 2 })}\n`;
    expect(parseSessionRecord(two, 'b').costUsd).toBe(2);
    expect(() => parseSessionRecord(two, 'c')).toThrow('holds no session "c"');
    expect(() => parseSessionRecord('', 'a')).toThrow('empty');
    expect(() => parseSessionRecord('Traceback\n', 'a')).toThrow(
      'line 1 of the session record is not JSON'
    );
    expect(() => parseSessionRecord('[1]\n', 'a')).toThrow('not a JSON object');
  });

  test.each([
    [0.0123, false, '$0.0123'],
    [0.0123, true, '≈ $0.0123'],
    [0, false, '$0.0000'],
    [0.00001, false, '$<0.0001'],
    [12.5, false, '$12.5000']
  ])('%p (estimate %p) is shown as %p', (usd, estimated, text) => {
    expect(formatCost(usd, estimated)).toBe(text);
  });
});

describe('redaction inside the record’s JSON strings', () => {
  test('only the secret changes; the bytes around it stay as Hermes wrote them', () => {
    const line =
      '{"id": "s", "messages": [{"content": "key sk-abcdefghijklmnopqrstuvwx\\nnext", "n": 1.0}]}';
    const clean = redactRecordLine(line, makeRedactor([]));
    expect(clean).toBe('{"id": "s", "messages": [{"content": "key ***\\nnext", "n": 1.0}]}');
  });

  test('whatever the secret and the text, the line stays JSON and the secret is gone', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6 }).filter(s => s.trim().length >= 6),
        fc.string(),
        fc.string(),
        (secret, before, after) => {
          const line = JSON.stringify({ content: `${before}${secret}${after}`, secret });
          const clean = redactRecordLine(line, makeRedactor([secret]));
          const parsed = JSON.parse(clean) as { content: string; secret: string };
          expect(parsed.secret).toBe('***');
          expect(parsed.content).not.toContain(secret);
        }
      )
    );
  });
});

describe('API server mode: the cost its usage reports', () => {
  test('a reported cost is the actual cost; Hermes’ own names win; no cost is no usage', () => {
    expect(reportedCost({ prompt_tokens: 10, cost: 0.004 })).toMatchObject({
      costUsd: 0.004,
      costEstimated: false
    });
    expect(
      reportedCost({ estimated_cost_usd: 0.01, cost_status: 'estimated', cost_source: 'x' })
    ).toMatchObject({ costUsd: 0.01, costEstimated: true });
    expect(
      reportedCost({ cost: 0.5, completion_tokens_details: { reasoning_tokens: 7 } })?.fields
    ).toMatchObject({ actual_cost_usd: 0.5, reasoning_tokens: 7 });
    expect(reportedCost({ prompt_tokens: 10, completion_tokens: 2 })).toBeUndefined();
    expect(reportedCost(undefined)).toBeUndefined();
  });
});

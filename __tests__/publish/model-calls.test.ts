/** The summary's model-gateway parts: bounded, every field of the agent's inert. */
import { describe, expect, test } from '@jest/globals';
import { all, render, tableRows, tagNames, textOf } from '../helpers/gfm.js';
import {
  heldFact,
  MODEL_CALL_ROWS,
  modelCallsBlock,
  modelCallsFact
} from '../../src/publish/model-calls.js';
import type { GatewayFact, ModelCallFact } from '../../src/turn/facts.js';
import { makeRedactor } from '../../src/text/redact.js';
import { must } from '../helpers/must.js';

const redact = makeRedactor(['sk-or-v1-the-real-key-0123456789']);
const HOSTILE_MODEL =
  '@octocat <img src=x onerror=alert(1)> | ::error::x sk-or-v1-the-real-key-0123456789';

function call(k: number, over: Partial<ModelCallFact> = {}): ModelCallFact {
  return {
    provider: 'openrouter',
    model: redact(k === 1 ? HOSTILE_MODEL : 'stand-in/model'),
    status: 200,
    tokensIn: 100,
    tokensOut: 20,
    costUsd: 0.001,
    latencyMs: 250,
    retries: k === 2 ? 1 : 0,
    ...over
  };
}

const fact = (n: number): GatewayFact => ({
  calls: Array.from({ length: n }, (_, i) => call(i + 1)),
  retries: 1,
  tokens: 120 * n,
  costUsd: 0.001 * n,
  costLive: true
});

describe('the Model calls block', () => {
  test('at most MODEL_CALL_ROWS rows, the rest counted', () => {
    const block = modelCallsBlock(fact(MODEL_CALL_ROWS + 12))!;
    const rows = tableRows(must(all(render(block), 'table')[0]));
    expect(rows).toHaveLength(MODEL_CALL_ROWS + 1);
    expect(rows[0]).toEqual([
      '#',
      'model',
      'status',
      'tokens in',
      'tokens out',
      'cost',
      'latency',
      'attempts'
    ]);
    // Attempts a call: the first try and each retry.
    expect(rows[1]?.[7]).toBe('1');
    expect(rows[2]).toEqual(['2', 'stand-in/model', '200', '100', '20', '$0.0010', '250 ms', '2']);
    expect(textOf(render(block))).toContain('12 more calls not shown.');
  });

  test("the agent's model name is inert: no tag, no mention, no broken table, the key redacted", () => {
    const block = modelCallsBlock(fact(2))!;
    const html = render(block);
    expect(
      [...tagNames(html)].filter(
        t =>
          ![
            '#root',
            'details',
            'summary',
            'p',
            'table',
            'thead',
            'tbody',
            'tr',
            'th',
            'td',
            'code'
          ].includes(t)
      )
    ).toEqual([]);
    const rows = tableRows(must(all(html, 'table')[0]));
    expect(rows.every(r => r.length === 8)).toBe(true);
    expect(block).not.toContain('sk-or-v1-the-real-key');
    // In a code span, as the run table shows the model: the tag and the mention stay literal text.
    expect(all(html, 'code').map(textOf)).toContain(
      '@octocat <img src=x onerror=alert(1)> | ::error::x ***'
    );
  });

  test('a refused call says so, and was never sent (no attempt); none: no block', () => {
    const refused = {
      ...fact(1),
      calls: [call(1, { status: 402, refused: true, tokensIn: 0, tokensOut: 0 })]
    };
    const row = must(tableRows(must(all(render(modelCallsBlock(refused)!), 'table')[0]))[1]);
    expect(row[2]).toBe('402 (refused: budget)');
    expect(row[7]).toBe('0');
    expect(modelCallsBlock({ ...fact(0) })).toBeUndefined();
  });
});

test('the run table row: calls, attempts upstream, tokens, live cost; the budget that stopped the turn', () => {
  // Three calls, one retried: four attempts.
  expect(modelCallsFact(fact(3))).toBe('3 calls · 4 attempts · 360 tokens · $0.0030 live');
  // A call the gateway refused was not sent: no attempt.
  expect(
    modelCallsFact({
      ...fact(2),
      calls: [call(1), call(3, { status: 402, refused: true })],
      retries: 0
    })
  ).toBe('2 calls · 1 attempt · 240 tokens · $0.0020 live · **1 refused**');
  expect(
    modelCallsFact({
      ...fact(1),
      costLive: false,
      stopped: { budget: 'max-tokens', figure: 240, limit: 150 }
    })
  ).toBe(
    '1 call · 2 attempts · 120 tokens · cost not reported live · **stopped by `max-tokens`: 240 of 150**'
  );
});

test('the credentials held, inert and bounded', () => {
  expect(heldFact([])).toBeUndefined();
  const held = heldFact([
    'ANTHROPIC_API_KEY',
    '<b>@someone</b>',
    ...Array.from({ length: 12 }, (_, i) => `K${i}_API_KEY`)
  ])!;
  expect(tagNames(render(held)).has('b')).toBe(false);
  expect(held).toContain('and 4 more');
});

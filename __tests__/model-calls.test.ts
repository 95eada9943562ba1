/** The summary's model-gateway parts: bounded, every field of the agent's inert. */
import { describe, expect, test } from '@jest/globals';
import { all, render, tableRows, tagNames, textOf } from './helpers/gfm.js';
import {
  heldFact,
  MODEL_CALL_ROWS,
  modelCallsBlock,
  modelCallsFact
} from '../src/publish/model-calls.js';
import type { GatewayFact, ModelCallFact } from '../src/run/facts.js';
import { makeRedactor } from '../src/text/redact.js';
import { must } from './helpers/must.js';

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
      'retries'
    ]);
    expect(rows[2]).toEqual(['2', 'stand-in/model', '200', '100', '20', '$0.0010', '250 ms', '1']);
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

  test('a refused call says so; none: no block', () => {
    const refused = {
      ...fact(1),
      calls: [call(1, { status: 402, refused: true, tokensIn: 0, tokensOut: 0 })]
    };
    expect(must(tableRows(must(all(render(modelCallsBlock(refused)!), 'table')[0]))[1])[2]).toBe(
      '402 (refused: budget)'
    );
    expect(modelCallsBlock({ ...fact(0) })).toBeUndefined();
  });
});

test('the run table row: calls, retries, tokens, live cost; the budget that stopped the turn', () => {
  expect(modelCallsFact(fact(3))).toBe('3 calls · 1 retry · 360 tokens · $0.0030 live');
  expect(
    modelCallsFact({
      ...fact(1),
      costLive: false,
      stopped: { budget: 'max-tokens', figure: 240, limit: 150 }
    })
  ).toBe(
    '1 call · 1 retry · 120 tokens · cost not reported live · **stopped by `max-tokens`: 240 of 150**'
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

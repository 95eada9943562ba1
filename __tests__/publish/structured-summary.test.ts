/**
 * The summary's json-schema block: a real turn (TurnBuilder), a real schema (ajv), the real check and
 * verdict, rendered as GitHub renders it and checked structurally.
 */
import { describe, expect, test } from '@jest/globals';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import { decide } from '../../src/turn/decision.js';
import { shown, type RunReport } from '../../src/publish/run-report.js';
import { renderSummary } from '../../src/publish/summary.js';
import { checkAnswer } from '../../src/schema/check.js';
import { readSchema, type AnswerSchema } from '../../src/schema/load.js';
import { makeRedactor } from '../../src/text/redact.js';
import {
  all,
  checkSummaryHtml,
  prose,
  render,
  renderGfm,
  textOf,
  type Element
} from '../helpers/gfm.js';
import { processEnd } from '../helpers/run-end.js';
import { must } from '../helpers/must.js';

const schemaOf = (schema: unknown): AnswerSchema =>
  readSchema({ getInput: () => JSON.stringify(schema), env: {} })!;
const VERDICT = schemaOf({
  type: 'object',
  properties: { verdict: { enum: ['pass', 'fail'] }, note: { type: 'string' } },
  required: ['verdict'],
  additionalProperties: false
});

function turnAnswering(text: string): Turn {
  const builder = new TurnBuilder();
  const events = [
    { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's' },
    {
      type: 'result',
      session_id: 's',
      exit_code: 0,
      text,
      tokens: { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 },
      duration_ms: 1000
    }
  ];
  events.forEach((event, i) =>
    builder.add(decodeLine(Buffer.from(JSON.stringify(event)), i + 1), i + 1)
  );
  return builder.finish();
}

function summarize(
  text: string,
  {
    schema = VERDICT,
    redact = makeRedactor([]),
    budgetBytes = undefined as number | undefined
  } = {}
): { markdown: string; html: Element; report: RunReport } {
  const turn = turnAnswering(text);
  const attempt = { turn, end: processEnd(), durationMs: 1000 };
  const { verdict, answer } = decide(attempt, text => checkAnswer(text, schema, redact));
  const report: RunReport = {
    verdict: shown(verdict, redact),
    turn,
    durationMs: 1000,
    stderrTail: [],
    jsonlPath: '/tmp/run.jsonl',
    answer
  };
  const markdown = renderSummary(report, { budgetBytes });
  return { markdown, html: render(markdown), report };
}

/** The <details> whose summary line starts with `title`. */
const block = (html: Element, title: string): Element | undefined =>
  all(html, 'details').find(d => textOf(must(all(d, 'summary')[0])).startsWith(title));

describe('the structured output block', () => {
  test('a match: the JSON, pretty, verbatim, open', () => {
    const { html, markdown } = summarize('Done.\n```json\n{"verdict": "pass", "note": "ünï"}\n```');
    checkSummaryHtml(renderGfm(markdown));
    const shown = block(html, 'Structured output')!;
    expect(textOf(must(all(shown, 'summary')[0]))).toBe(
      'Structured output (matches json-schema, 33 bytes compact)'
    );
    expect(shown.attrs).toHaveProperty('open');
    expect(textOf(must(all(shown, 'pre')[0]))).toBe(
      '{\n  "verdict": "pass",\n  "note": "ünï"\n}\n'
    );
    expect(textOf(html)).toContain('Hermes completed the turn');
  });

  test('hostile strings in the JSON stay text: no tag, no fence break, no mention', () => {
    const note = '</details><img src=x onerror=alert(1)> ``` @octocat ::error::x <!-- c';
    const { html, markdown } = summarize(JSON.stringify({ verdict: 'pass', note }));
    checkSummaryHtml(renderGfm(markdown));
    expect(textOf(must(all(block(html, 'Structured output')!, 'pre')[0]))).toBe(
      `${JSON.stringify({ verdict: 'pass', note }, null, 2)}\n`
    );
    expect(prose(html)).not.toContain('@octocat');
  });

  test('a mismatch: every error at its field, escaped, and the JSON found, collapsed', () => {
    const { html, markdown, report } = summarize(
      'Here: {"verdict": "maybe", "<b>@octocat</b>": 1}'
    );
    expect(report.verdict.outcome).toBe('invalid_output');
    checkSummaryHtml(renderGfm(markdown));
    expect(textOf(must(all(html, 'h3')[0]))).toBe('❌ The answer does not match json-schema');
    const shown = block(html, 'Structured output')!;
    expect(textOf(must(all(shown, 'summary')[0]))).toBe(
      'Structured output: 2 errors against json-schema'
    );
    expect(all(shown, 'li').map(textOf)).toEqual([
      // A JSON pointer: "/" inside a name is "~1".
      '/<b>@octocat<~1b>: is not allowed by the schema',
      '/verdict: must be one of "pass", "fail"'
    ]);
    const found = block(shown, 'The JSON found in the answer')!;
    expect(found.attrs).not.toHaveProperty('open');
    expect(JSON.parse(textOf(must(all(found, 'pre')[0])))).toEqual({
      verdict: 'maybe',
      '<b>@octocat</b>': 1
    });
  });

  test('no JSON: the block says so', () => {
    const { html, markdown } = summarize('Nothing to report.');
    checkSummaryHtml(renderGfm(markdown));
    const shown = block(html, 'Structured output')!;
    expect(textOf(must(all(shown, 'summary')[0]))).toBe('Structured output: none');
    expect(textOf(must(all(shown, 'p')[0]))).toBe(
      'The answer holds no JSON; json-schema asks for one JSON value that matches it.'
    );
  });

  test('secrets are redacted in the JSON shown', () => {
    const { markdown } = summarize('{"verdict": "pass", "note": "key sk-live-0123456789"}', {
      redact: makeRedactor(['sk-live-0123456789'])
    });
    expect(markdown).not.toContain('sk-live-0123456789');
    expect(markdown).toContain('"note": "key ***"');
  });

  test('a long JSON is cut in the summary, saying where the whole of it is', () => {
    const note = 'n'.repeat(30_000);
    const { html, markdown } = summarize(JSON.stringify({ verdict: 'pass', note }));
    checkSummaryHtml(renderGfm(markdown));
    const pretty = JSON.stringify({ verdict: 'pass', note }, null, 2);
    const shown = block(html, 'Structured output')!;
    expect(shown.attrs).not.toHaveProperty('open');
    expect(textOf(must(all(shown, 'pre')[0])).length).toBeLessThanOrEqual(20_001);
    expect(textOf(shown)).toContain(
      `Cut at 20,000 of ${pretty.length.toLocaleString('en-US')} characters; the whole JSON is in the structured_output output.`
    );
  });

  test('on a short budget the answer goes before the structured output', () => {
    const text = `${'Prose. '.repeat(2000)}{"verdict": "pass"}`;
    const whole = summarize(text).markdown;
    const { html } = summarize(text, { budgetBytes: Buffer.byteLength(whole) - 1 });
    expect(block(html, 'Answer')).toBeUndefined();
    expect(block(html, 'Structured output')).toBeDefined();
    expect(textOf(html)).toContain(
      'Left out to stay under GitHub’s 1 MiB summary limit: the answer.'
    );
  });
});

/**
 * The summary puts the answer first (issue 46): the outcome line, then the answer or the error, then the
 * run table, whose header names its columns and whose "Triggered by" is who and on what, the gate's
 * reason in a row of its own. Rendered by the GFM implementation.
 */
import { describe, expect, test } from '@jest/globals';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import { verdictOf } from '../../src/turn/verdict.js';
import { shown, type RunReport } from '../../src/publish/run-report.js';
import { renderSummary } from '../../src/publish/summary.js';
import type { Redacted } from '../../src/text/redact.js';
import { TOKENS_ONLY } from '../../src/text/redact.js';
import { all, render, tableRows, textOf, type Element } from '../helpers/gfm.js';
import { processEnd } from '../helpers/run-end.js';
import { must } from '../helpers/must.js';

const INIT = { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's1' };
const CALL = [
  { type: 'tool_use', name: 'terminal', input: { command: 'npm test' } },
  { type: 'tool_result', name: 'terminal', output: 'ok', duration_ms: 5, is_error: false }
];
const tokens = { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 };

function turnOf(...events: object[]): Turn {
  const builder = new TurnBuilder();
  events.forEach((e, i) => builder.add(decodeLine(Buffer.from(JSON.stringify(e)), i + 1), i + 1));
  return builder.finish();
}

function summaryOf(turn: Turn, exitCode: number, over: Partial<RunReport> = {}): Element {
  const report: RunReport = {
    verdict: shown(verdictOf(turn, processEnd({ exitCode })), TOKENS_ONLY),
    query: { kind: 'text', text: 'Fix the build' as Redacted },
    turn,
    durationMs: 10,
    stderrTail: [],
    jsonlPath: '/tmp/run.jsonl',
    agent: 'Hermes Agent v0.21.4' as Redacted,
    trigger: {
      actor: 'octocat',
      event: 'pull_request',
      why: 'write permission on octo/repo' as Redacted
    },
    ...over
  };
  return render(renderSummary(report));
}

/** The top-level blocks, in order. */
const blocks = (tree: Element): Element[] =>
  tree.children.filter((c): c is Element => typeof c !== 'string');
const runTable = (tree: Element): Element =>
  must(all(tree, 'table').find(t => tableRows(t)[0]?.[0] === 'Run'));

describe('the answer first, the run table after', () => {
  test('success: the outcome line, the answer, then the run table and the tool calls', () => {
    const turn = turnOf(INIT, ...CALL, {
      type: 'result',
      exit_code: 0,
      text: 'The build is **green** again.',
      tokens,
      duration_ms: 10
    });
    const tree = summaryOf(turn, 0);
    const [first, second, third] = blocks(tree);
    expect(textOf(must(first))).toBe('✅ Hermes completed the turn · exit code 0');
    expect(second?.tag).toBe('details');
    expect(textOf(must(all(must(second), 'summary')[0]))).toMatch(/^Answer \(/);
    expect(textOf(must(second))).toContain('The build is green again.');
    expect(third).toBe(runTable(tree));
  });

  test('a failure: the outcome line, the error, then the run table', () => {
    const turn = turnOf(INIT, ...CALL, {
      type: 'result',
      exit_code: 1,
      text: '',
      error: 'Stopped part-way: reached max iterations (90)',
      tokens,
      duration_ms: 10
    });
    const tree = summaryOf(turn, 1);
    const [first, second, third] = blocks(tree);
    expect(textOf(must(first))).toMatch(/^❌ Hermes failed · exit code 1$/);
    expect(second?.tag).toBe('blockquote');
    expect(textOf(must(second))).toContain('reached max iterations (90)');
    expect(third).toBe(runTable(tree));
  });
});

describe('the run table', () => {
  const turn = turnOf(INIT, { type: 'result', exit_code: 0, text: 'ok', tokens, duration_ms: 10 });

  test('has a header for each of its columns', () => {
    const [header] = tableRows(runTable(summaryOf(turn, 0)));
    expect(header).toEqual(['Run', 'Value']);
  });

  test('"Triggered by" is who and on which event; why the gate let them in is its own row', () => {
    const rows = tableRows(runTable(summaryOf(turn, 0)));
    const row = (name: string): string | undefined => rows.find(r => r[0] === name)?.[1];
    expect(row('Triggered by')).toBe('octocat on pull_request');
    expect(row('Allowed by')).toBe('write permission on octo/repo');
  });

  test('a refusal gives its reason once, in the caution above, not again in the table', () => {
    const why = 'mallory has read permission on octo/repo, so the agent does not start.';
    const tree = summaryOf(new TurnBuilder().finish(), 0, {
      verdict: { outcome: 'not_allowed', message: why as Redacted },
      trigger: { actor: 'mallory', event: 'issue_comment', why: why as Redacted }
    });
    const rows = tableRows(runTable(tree));
    expect(rows.find(r => r[0] === 'Triggered by')?.[1]).toBe('mallory on issue_comment');
    expect(rows.find(r => r[0] === 'Allowed by')).toBeUndefined();
    expect(textOf(tree).split('mallory has read permission')).toHaveLength(2);
  });
});

/**
 * The summary as a user reads it: the query in the run table, a short answer open, calls that were
 * running when Hermes stopped listed as such, and a short error never cut.
 */
import { describe, expect, test } from '@jest/globals';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import { verdictOf } from '../../src/turn/verdict.js';
import { shown, type RunReport } from '../../src/publish/run-report.js';
import { renderSummary } from '../../src/publish/summary.js';
import { makeRedactor, TOKENS_ONLY, type Redactor } from '../../src/text/redact.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { processEnd } from '../helpers/run-end.js';
import { must } from '../helpers/must.js';

const INIT =
  '{"type": "system", "subtype": "init", "model": "nous/hermes-4-70b", "session_id": "s1", "timestamp": 1}';
const use = (name: string, input: object): string =>
  JSON.stringify({ type: 'tool_use', name, input, timestamp: 2 });
const result = (name: string, output: string, isError: boolean): string =>
  JSON.stringify({
    type: 'tool_result',
    name,
    output,
    duration_ms: 5,
    is_error: isError,
    timestamp: 3
  });
const done = (text: string): string =>
  JSON.stringify({
    type: 'result',
    session_id: 's1',
    exit_code: 0,
    text,
    tokens: { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 },
    duration_ms: 10,
    timestamp: 4
  });

function turnOf(...lines: string[]): Turn {
  const builder = new TurnBuilder();
  lines.forEach((line, i) => builder.add(decodeLine(Buffer.from(line), i + 1), i + 1));
  return builder.finish();
}

function summaryOf(
  turn: Turn,
  over: Partial<RunReport> = {},
  redact: Redactor = TOKENS_ONLY
): string {
  const report: RunReport = {
    verdict: shown(verdictOf(turn, processEnd({ exitCode: turn.result ? 0 : 1 })), redact),
    turn,
    durationMs: 10,
    stderrTail: [],
    jsonlPath: '/tmp/run.jsonl',
    ...over
  };
  return renderSummary(report);
}

/** The run table's rows as [label, text]. */
const runRows = (markdown: string): string[][] =>
  tableRows(all(render(markdown), 'table').find(t => tableRows(t)[0]?.[0] === 'Run')!);
const callRows = (markdown: string): string[][] =>
  tableRows(all(render(markdown), 'table').find(t => tableRows(t)[0]?.[0] === '#')!).slice(1);

describe('the query in the run table', () => {
  test('redacted, then on one line, cut at 200 characters', () => {
    const secret = 'hunter2-hunter2';
    const text = `Review PR 7\nwith key ${secret}\n\n${'and then '.repeat(40)}`;
    // The query is redacted as the run reads it (main.ts), before the summary cuts it.
    const redact = makeRedactor([secret]);
    const md = summaryOf(
      turnOf(INIT, done('ok')),
      { query: { kind: 'text', text: redact(text) } },
      redact
    );
    const [label, value] = must(runRows(md)[1]);
    expect(label).toBe('Query');
    expect(value).toMatch(/^Review PR 7 with key \*\*\* and then and then/);
    expect(value).toHaveLength(200);
    expect(must(value).endsWith('…')).toBe(true);
    expect(md).not.toContain(secret);
  });

  test('a query-file by its path; a transcript has no query row', () => {
    const md = summaryOf(turnOf(INIT, done('ok')), {
      query: { kind: 'file', path: TOKENS_ONLY('.github/prompts/review.md') }
    });
    expect(runRows(md)[1]).toEqual(['Query', 'from .github/prompts/review.md']);
    expect(must(runRows(summaryOf(turnOf(INIT, done('ok'))))[1])[0]).toBe('Model');
  });
});

describe('the answer', () => {
  test('under 1 KB: open', () => {
    expect(summaryOf(turnOf(INIT, done('The build is clean.')))).toContain(
      '<details open><summary>Answer (19 characters)'
    );
  });

  test('1 KB or more: collapsed', () => {
    const md = summaryOf(turnOf(INIT, done('x'.repeat(1024))));
    expect(md).toContain('<details><summary>Answer (1,024 characters)');
  });
});

describe('calls that had not returned', () => {
  test('when Hermes stopped without a result: listed after the others as running', () => {
    const turn = turnOf(
      INIT,
      use('terminal', { command: 'ls' }),
      result('terminal', 'a', false),
      use('terminal', { command: 'npm test' }),
      use('web_search', { query: 'node 24' })
    );
    expect(callRows(summaryOf(turn))).toEqual([
      ['1', 'terminal', 'ls', '5 ms', 'ok'],
      ['–', 'terminal', 'npm test', '–', '⏳ running'],
      ['–', 'web_search', 'node 24', '–', '⏳ running']
    ]);
  });

  test('a run killed in its first call still has a table, not "None"', () => {
    const md = summaryOf(turnOf(INIT, use('terminal', { command: 'sleep 999' })));
    expect(textOf(render(md))).not.toContain('None.');
    expect(callRows(md)).toEqual([['–', 'terminal', 'sleep 999', '–', '⏳ running']]);
  });

  test('after a result event they are calls that never returned', () => {
    const turn = turnOf(INIT, use('terminal', { command: 'ls' }), done('ok'));
    expect(callRows(summaryOf(turn))).toEqual([['–', 'terminal', 'ls', '–', 'never returned']]);
  });
});

describe('a failed call’s error', () => {
  test('under 120 characters: never cut', () => {
    const error = `ENOENT: no such file or directory, open '${'build/'.repeat(11)}out.log'`;
    expect(error.length).toBeLessThan(120);
    const md = summaryOf(
      turnOf(INIT, use('read_file', {}), result('read_file', error, true), done('ok'))
    );
    expect(must(callRows(md)[0])[4]).toBe(`❌ ${error}`);
  });

  test('longer: cut, and the whole output one click away', () => {
    const error = `Error: ${'x'.repeat(200)}`;
    const md = summaryOf(
      turnOf(INIT, use('read_file', {}), result('read_file', error, true), done('ok'))
    );
    expect(must(callRows(md)[0])[4]).toMatch(/^❌ Error: x+…/);
    expect(must(must(callRows(md)[0])[4]).length).toBeGreaterThan(120);
  });
});

/**
 * The matrix report's parts: picking transcripts by name, a leg folded as the main action folds its
 * transcript, totals, and the summary within budget.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { followFile } from '../../src/turn/stream-reader.js';
import { READ_BYTES } from '../../src/turn/lines.js';
import { verdictOf } from '../../src/turn/verdict.js';
import { legName, selectTranscripts } from '../../src/report-action/artifacts.js';
import {
  foldTranscript,
  silentLog,
  type Leg,
  type LegOutcome
} from '../../src/report-action/leg.js';
import { renderMatrixSummary, type MatrixReport } from '../../src/report-action/summary.js';
import { totalsOf } from '../../src/report-action/totals.js';
import { SUMMARY_LIMIT_BYTES } from '../../src/publish/summary.js';
import { makeRedactor } from '../../src/text/redact.js';
import { kept } from '../helpers/kept.js';
import { all, prose, render, tagNames, textOf } from '../helpers/gfm.js';
import { must } from '../helpers/must.js';

const redact = makeRedactor([]);
const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

function leg(i: number, outcome: LegOutcome, extra: Partial<Leg> = {}): Leg {
  return {
    name: `leg-${String(i).padStart(3, '0')}`,
    outcome,
    exitCode: outcome === 'success' ? 0 : 1,
    model: 'nous/hermes-4-70b',
    tokens: { input: 1000 * i, output: 10 * i, total: 1010 * i, cache_read: 0, cache_write: 0 },
    durationMs: 1000 + i,
    toolCalls: 3,
    toolErrors: outcome === 'success' ? 0 : 1,
    tools: [
      { name: kept('terminal'), calls: 2, errors: 0, totalMs: 100, maxMs: 60 },
      {
        name: kept('read_file'),
        calls: 1,
        errors: outcome === 'success' ? 0 : 1,
        totalMs: 5,
        maxMs: 5
      }
    ],
    error: outcome === 'success' ? '' : `leg ${i} stopped`,
    attempts: 1,
    streamProblems: 0,
    source: {
      kind: 'artifact',
      id: 1000 + i,
      url: `https://github.com/octo/repo/actions/runs/1/artifacts/${1000 + i}`
    },
    ...extra
  };
}

const reportOf = (legs: Leg[]): MatrixReport => ({
  legs,
  totals: totalsOf(legs),
  origin: { kind: 'artifacts', namePattern: '*', others: [], unmatched: [], setAside: [] }
});

describe('which artifacts are transcripts', () => {
  test('names ending in .jsonl, matched by name-pattern with or without it; the rest counted', () => {
    const listed = [
      'review-b.jsonl',
      'coverage',
      'review-a.jsonl',
      'lint.jsonl',
      'review-c.zip',
      'review-a-session.jsonl'
    ].map((name, i) => ({ id: i, name, size: 1 }));
    expect(selectTranscripts(listed, 'review-*')).toEqual({
      transcripts: [
        { id: 2, name: 'review-a.jsonl', size: 1 },
        { id: 0, name: 'review-b.jsonl', size: 1 }
      ],
      others: ['coverage', 'review-c.zip'],
      unmatched: ['lint.jsonl'],
      // A session record belongs to its leg: neither a transcript nor another artifact.
      sessions: new Map([['review-a', { id: 5, name: 'review-a-session.jsonl', size: 1 }]])
    });
    expect(selectTranscripts(listed, 'lint').transcripts.map(a => a.name)).toEqual(['lint.jsonl']);
    expect(legName('review-a.jsonl')).toBe('review-a');
  });
});

describe('a leg is folded as the main action folds its transcript', () => {
  /** A transcript bigger than one read, so that folds at once each need their own read buffer. */
  function transcript(dir: string, tag: string, calls: number, exitCode: number): string {
    const lines = [JSON.stringify({ type: 'system', model: `model-${tag}`, session_id: tag })];
    for (let i = 1; i <= calls; i++) {
      const name = `${tag}_${i % 3}`;
      lines.push(JSON.stringify({ type: 'tool_use', name, input: { command: `${tag} ${i}` } }));
      const output = `${tag}:${i}:`.padEnd(1400, tag);
      lines.push(
        JSON.stringify({
          type: 'tool_result',
          name,
          output,
          duration_ms: i % 17,
          is_error: i % 9 === 0
        })
      );
    }
    lines.push(
      JSON.stringify({
        type: 'result',
        exit_code: exitCode,
        ...(exitCode !== 0 && { error: `${tag} stopped` }),
        duration_ms: calls,
        tokens: { input: calls, output: 1, total: calls + 1, cache_read: 0, cache_write: 0 }
      })
    );
    const file = path.join(dir, `${tag}.jsonl`);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    expect(fs.statSync(file).size).toBeGreaterThan(2 * READ_BYTES);
    return file;
  }

  test('the same turn but for the single calls it does not keep, and the verdict from it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-leg-'));
    try {
      const files = [transcript(dir, 'aa', 2000, 0), transcript(dir, 'bb', 1700, 1)];
      // Folded at once, as the report and the main action's read could be, then one by one.
      const [legs, turns] = await Promise.all([
        Promise.all(
          files.map(f => foldTranscript(f, path.basename(f), { kind: 'file', path: f }, redact))
        ),
        Promise.all(files.map(f => followFile(f, silentLog(redact), { recentCalls: 0 })))
      ]);
      for (const [i, file] of files.entries()) {
        const full = await followFile(file, silentLog(redact));
        expect(full.recentCalls.length).toBeGreaterThan(0);
        expect(turns[i]).toEqual({ ...full, recentCalls: [] });
        const verdict = verdictOf(full, { kind: 'transcript' });
        expect(legs[i]).toMatchObject({
          outcome: verdict.outcome,
          exitCode: verdict.exitCode,
          model: full.model,
          tokens: full.result?.tokens,
          durationMs: full.result?.duration_ms,
          toolCalls: full.toolCalls,
          toolErrors: full.toolErrors,
          tools: full.tools,
          streamProblems: full.issueCount
        });
      }
      expect(legs.map(l => [l.outcome, l.model, l.toolCalls])).toEqual([
        ['success', 'model-aa', 2000],
        ['failure', 'model-bb', 1700]
      ]);
      expect(must(legs[1]).error).toBe('bb stopped');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('totals', () => {
  test('counts, sums, outcomes and the tools across legs', () => {
    const legs = [
      leg(1, 'success'),
      leg(2, 'failure'),
      leg(3, 'success', { tokens: undefined, durationMs: undefined })
    ];
    const t = totalsOf(legs);
    expect(t).toMatchObject({
      runs: 3,
      succeeded: 2,
      failed: 1,
      tokensTotal: 1010 + 2020,
      durationMs: 1001 + 1002,
      toolCalls: 9,
      toolErrors: 1,
      outcomes: [
        ['success', 2],
        ['failure', 1]
      ]
    });
    expect(t.passRate).toBeCloseTo(2 / 3);
    expect(t.tools).toEqual([
      { name: 'terminal', calls: 6, errors: 0, totalMs: 300, maxMs: 60, legs: 3 },
      { name: 'read_file', calls: 3, errors: 1, totalMs: 15, maxMs: 5, legs: 3 }
    ]);
  });
});

describe('the matrix summary', () => {
  test('256 hostile legs: every row, well under 1 MiB, nothing from the stream becomes markup', () => {
    const hostile =
      '<img src=x onerror=alert(1)> | @octocat ::error::boom `x` [a](javascript:1) '.repeat(20);
    const legs = Array.from({ length: 256 }, (_, i) =>
      leg(i, i % 3 === 0 ? 'failure' : 'success', {
        name: `leg-${i}-${hostile}`.slice(0, 250),
        model: hostile,
        error: i % 3 === 0 ? hostile : '',
        tools: Array.from({ length: 40 }, (_, k) => ({
          name: kept(`${hostile}${k}`),
          calls: 1,
          errors: 0,
          totalMs: k,
          maxMs: k
        }))
      })
    );
    const markdown = renderMatrixSummary(reportOf(legs), redact);
    expect(bytes(markdown)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    const html = render(markdown);
    const legsTable = all(html, 'table').at(-1)!;
    expect(all(must(all(legsTable, 'tbody')[0]), 'tr')).toHaveLength(256);
    expect(
      [...tagNames(html)].filter(
        t =>
          ![
            '#root',
            'h3',
            'h4',
            'p',
            'table',
            'thead',
            'tbody',
            'tr',
            'th',
            'td',
            'code',
            'a',
            'ul',
            'li',
            'strong',
            'em'
          ].includes(t)
      )
    ).toEqual([]);
    expect(all(html, 'a').every(a => must(a.attrs.href).startsWith('https://github.com/'))).toBe(
      true
    );
    expect(prose(html)).not.toMatch(/@[A-Za-z0-9_-]/);
    expect(textOf(html)).toContain('<img src=x onerror=alert(1)> | @octocat ::error::boom');
    expect(markdown).not.toMatch(/^::/m);
  });

  test('a tight budget leaves out legs that succeeded first, and says so', () => {
    const legs = Array.from({ length: 300 }, (_, i) =>
      leg(i, i % 10 === 0 ? 'failure' : 'success')
    );
    const budget = 40 * 1024;
    const markdown = renderMatrixSummary(reportOf(legs), redact, budget);
    expect(bytes(markdown)).toBeLessThanOrEqual(budget);
    const rows = all(must(all(all(render(markdown), 'table').at(-1)!, 'tbody')[0]), 'tr').map(
      textOf
    );
    expect(rows.filter(r => r.includes('failure'))).toHaveLength(30);
    expect(rows.length).toBeLessThan(300);
    expect(markdown).toContain(`${300 - rows.length} of 300 legs are left out`);
  });

  test('secrets in a model or an error are redacted', () => {
    const token = `ghp_${'a'.repeat(36)}`;
    const markdown = renderMatrixSummary(
      reportOf([leg(1, 'failure', { error: `leaked ${token}`, model: token })]),
      redact
    );
    expect(markdown).not.toContain(token);
    expect(markdown).toContain('\\*\\*\\*');
  });
});

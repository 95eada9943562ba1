/**
 * The report over a matrix names each leg's real outcome (issue 46.4), through the bundles: legs run
 * by dist/index.js (a budget the gateway enforced in front of the stand-in provider, a timeout, a
 * cancelled job, a success) upload their transcripts to the loopback artifact service, and
 * dist/report/index.js reads them back. Each row says what its step said, in the action's words,
 * never Hermes' quote of a provider's 402 body; a record that does not match its transcript is
 * ignored.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  REPORT_ACTION,
  runAction,
  startAction,
  type ActionRun
} from '../../scripts/local-runner.mjs';
import type { Run } from '../helpers/artifact-service.js';
import { scenario, step, transcripts, useArtifactStore } from '../helpers/artifact-steps.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { OPEN_WHERE_UNFENCED } from '../helpers/machine-tools.js';
import { startModelProvider, type ModelProvider } from '../helpers/model-provider.js';
import { must } from '../helpers/must.js';
import type { ReportRow } from '../helpers/report-run.js';
import { untilTurnStarted } from '../helpers/turn-started.js';

const store = useArtifactStore();
const KEY = 'sk-or-v1-report-outcomes-key-0123456789abcdef';

type Row = ReportRow & { outcome_from: string | null };
const rows = (r: ActionRun): Row[] =>
  JSON.parse(fs.readFileSync(must(r.outputs.report), 'utf8')) as Row[];
/** The Legs table (the summary's last), as name → outcome cell. */
function legsTable(r: ActionRun): Map<string, string> {
  const [head, ...cells] = tableRows(must(all(render(r.summary), 'table').at(-1)));
  const outcome = must(head).indexOf('Outcome');
  return new Map(cells.map(c => [must(c[0]), must(c[outcome])]));
}

describe('a matrix of five legs, each ended its own way', () => {
  let provider: ModelProvider;
  let run: Run;
  const legs = new Map<string, ActionRun>();
  let report: ActionRun;
  beforeAll(async () => {
    provider = await startModelProvider();
    run = store.service.newRun();
    // Isolation is not what this file is about (isolation.e2e is): no user is made.
    const leg = (name: string, more: Record<string, string> = {}): Record<string, string> => ({
      'artifact-name': name,
      isolation: 'none',
      ...more
    });
    // The gateway refuses the third call; Hermes quotes the 402 and exits 1.
    legs.set(
      'budget',
      await step(
        run,
        leg('budget', { 'max-model-calls': '2' }),
        {
          OPENROUTER_API_KEY: KEY,
          OPENROUTER_BASE_URL: provider.url,
          HERMES_SIM_SCENARIO: 'model-calls',
          HERMES_SIM_MODEL_CALLS: '3'
        },
        'leg-budget'
      )
    );
    // timeout-minutes: Hermes gets SIGINT and writes its result with exit code 130.
    legs.set(
      'slow',
      await step(run, leg('slow', { 'timeout-minutes': '0.05' }), scenario('slow'), 'leg-slow')
    );
    // The runner cancels the job while Hermes runs.
    const started = startAction({
      inputs: { query: 'Think', ...OPEN_WHERE_UNFENCED, ...leg('cancelled') },
      env: run.env('leg-cancelled', scenario('slow'))
    });
    await untilTurnStarted(started);
    started.child.kill('SIGINT');
    legs.set('cancelled', await started.done);
    legs.set('green', await step(run, leg('green'), scenario('success'), 'leg-green'));
    // Killed mid-line: the record follows a newline of its own, the transcript's bytes unchanged.
    legs.set(
      'crashed',
      await step(run, leg('crashed'), scenario('no-result-crash'), 'leg-crashed')
    );
    report = await runAction({ action: REPORT_ACTION, env: run.env('report') });
  }, 180_000);
  afterAll(() => provider.close());

  test('the legs ended as the issue says: budget_exceeded, timeout, interrupted, success, no_result', () => {
    expect(Object.fromEntries([...legs].map(([n, r]) => [n, r.outputs.outcome]))).toEqual({
      budget: 'budget_exceeded',
      slow: 'timeout',
      cancelled: 'interrupted',
      green: 'success',
      crashed: 'no_result'
    });
    // What Hermes wrote says otherwise: a failure quoting the provider's body, and 130 twice.
    const result = (name: string): Record<string, unknown> =>
      JSON.parse(
        must(
          fs
            .readFileSync(must(legs.get(name)!.outputs.jsonl), 'utf8')
            .split('\n')
            .findLast(l => l.includes('"type": "result"'))
        )
      ) as Record<string, unknown>;
    expect(result('budget')).toMatchObject({ exit_code: 1, error: expect.stringContaining('402') });
    expect(result('slow')).toMatchObject({ exit_code: 130 });
    expect(transcripts(run)).toHaveLength(5);
  });

  test("each row is its step's outcome, exit code and error output, from the action's own record", () => {
    const read = rows(report);
    expect(read.map(r => r.name)).toEqual(['budget', 'cancelled', 'crashed', 'green', 'slow']);
    for (const row of read) {
      const o = legs.get(row.name)!.outputs;
      expect(row).toMatchObject({
        outcome: o.outcome,
        outcome_from: 'action',
        exit_code: o.exit_code ? Number(o.exit_code) : null,
        error: o.error
      });
    }
    const by = new Map(read.map(r => [r.name, r]));
    expect(by.get('budget')!.error).toBe(
      'The turn reached max-model-calls: 2 against a limit of 2 (the gateway refused the next model call).'
    );
    expect(by.get('slow')!.error).toMatch(
      /^Hermes did not finish within timeout-minutes \(0\.05\)/
    );
    expect(JSON.parse(must(report.outputs.outcomes))).toEqual({
      budget_exceeded: 1,
      interrupted: 1,
      no_result: 1,
      success: 1,
      timeout: 1
    });
  });

  test('the summary names each outcome with its one-line reason, and no provider body', () => {
    const table = legsTable(report);
    expect(table.get('budget')).toBe('💸 budget_exceeded (1)');
    expect(table.get('slow')).toBe('⌛ timeout (130)');
    expect(table.get('cancelled')).toMatch(/^⏹️ interrupted/);
    expect(table.get('green')).toBe('✅ success');
    const text = textOf(render(report.summary));
    expect(text).toContain(
      'The turn reached max-model-calls: 2 against a limit of 2 (the gateway refused the next model call).'
    );
    expect(text).toContain('Hermes did not finish within timeout-minutes (0.05)');
    expect(text).toContain(must(legs.get('cancelled')!.outputs.error));
    expect(text).not.toContain('Error code: 402');
    expect(text).not.toContain('budget_exceeded","message"');
    expect(report.exitCode).toBe(1);
    expect(report.annotations.filter(a => a.command === 'error').map(a => a.message)).toEqual([
      '4 of 5 legs did not succeed: budget (budget_exceeded), cancelled (interrupted), crashed (no_result), slow (timeout)'
    ]);
  });

  test('path: a downloaded transcript reads the same; one whose bytes changed, or a forged record, is folded instead', async () => {
    const budget = must(transcripts(run).find(a => a.name === 'budget.jsonl'));
    const blob = (await run.read(budget)).toString('utf8');
    const lines = blob.split('\n');
    const record = must(lines.at(-2));
    expect(JSON.parse(record)).toMatchObject({
      type: 'action_outcome',
      outcome: 'budget_exceeded',
      exit_code: 1
    });
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'report-outcomes-'));
    const write = (name: string, text: string): void =>
      fs.writeFileSync(path.join(workspace, name), text);
    write('as-downloaded.jsonl', blob);
    // One byte of the transcript changed (its model named otherwise): the record no longer matches.
    write(
      'edited.jsonl',
      blob.replace('"model": "nous/hermes-4-70b"', '"model": "nous/hermes-4-7Ob"')
    );
    // The record moved onto another transcript: its length and digest are not that one's.
    const local = fs.readFileSync(must(legs.get('green')!.outputs.jsonl), 'utf8');
    write('forged.jsonl', `${local}${record}\n`);
    const r = await runAction({
      action: REPORT_ACTION,
      inputs: { path: '*.jsonl', 'fail-on-error': 'false' },
      cwd: workspace
    });
    const by = new Map(rows(r).map(row => [row.name, row]));
    expect(by.get('as-downloaded.jsonl')).toMatchObject({
      outcome: 'budget_exceeded',
      outcome_from: 'action'
    });
    expect(by.get('edited.jsonl')).toMatchObject({
      outcome: 'failure',
      outcome_from: 'transcript',
      exit_code: 1
    });
    expect(by.get('forged.jsonl')).toMatchObject({
      outcome: 'success',
      outcome_from: 'transcript'
    });
  });
});

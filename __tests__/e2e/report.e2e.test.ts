/**
 * The report sub-action end to end, for what only the bundled processes show: dist/report/index.js
 * (in its Node 24 worker) reads what dist/index.js itself uploaded for a matrix leg and its re-run,
 * through the real @actions/artifact client from the loopback artifact service and Azurite, or the
 * same transcripts as local files (`path`), and answers in the runner's file formats. Each row must
 * say what that leg's own step said: the names the main action gives and what the report reads stay
 * tied. The rest of the report is tested in-process (report.test.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { REPORT_ACTION, runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import type { Run } from '../helpers/artifact-service.js';
import {
  annotations,
  scenario,
  step,
  transcripts,
  useArtifactStore
} from '../helpers/artifact-steps.js';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import type { ReportRow } from '../helpers/report-run.js';
import { must } from '../helpers/must.js';

const store = useArtifactStore();

const rows = (r: ActionRun): ReportRow[] =>
  JSON.parse(fs.readFileSync(must(r.outputs.report), 'utf8')) as ReportRow[];

/** The row says what the leg's own step said in its outputs. */
function expectRowOf(row: ReportRow, leg: ActionRun): void {
  const o = leg.outputs;
  expect(row).toMatchObject({
    outcome: o.outcome,
    exit_code: Number(o.exit_code),
    model: o.model,
    tokens: JSON.parse(must(o.tokens)),
    duration_ms: Number(o.duration_ms),
    tool_calls: Number(o.tool_calls),
    tool_errors: Number(o.tool_errors),
    error: o.error,
    cost_usd: Number(o.cost_usd)
  });
  expect(row.cost_usd).toBeGreaterThan(0);
}

describe('a matrix re-run after a failure, through the bundles', () => {
  let run: Run;
  const legs = new Map<string, ActionRun>();
  beforeAll(async () => {
    run = store.service.newRun();
    // The agent's isolation is not what this file is about (isolation.e2e is): no user is made.
    const leg = (name: string): Record<string, string> => ({
      'artifact-name': name,
      isolation: 'none'
    });
    // A leg that failed, and "Re-run failed jobs": the same leg again, as attempt 2.
    legs.set(
      'review-tests',
      await step(run, leg('review-tests'), scenario('failure'), 'leg-tests')
    );
    legs.set(
      'review-tests.run-attempt-2',
      await step(
        run,
        leg('review-tests'),
        { ...scenario('success'), GITHUB_RUN_ATTEMPT: '2' },
        'leg-tests-2'
      )
    );
  }, 120_000);

  test('from this run’s artifacts: each leg by its newest attempt, its row what its step said', async () => {
    // The re-run uploads under a name of its own, tagged with the run attempt.
    expect(transcripts(run).map(a => a.name)).toEqual(
      expect.arrayContaining(['review-tests.jsonl', 'review-tests.run-attempt-2.jsonl'])
    );
    expect(transcripts(run)).toHaveLength(2);
    for (const [name, leg] of legs)
      expect(run.finalized.find(a => a.id === Number(leg.outputs.artifact_id))?.name).toBe(
        `${name}.jsonl`
      );

    const r = await runAction({
      action: REPORT_ACTION,
      env: run.env('report', { GITHUB_RUN_ATTEMPT: '2' })
    });
    expect(r.exitCode).toBe(0);
    expect(annotations(r, 'error')).toEqual([]);
    const counted = rows(r);
    expect(counted.map(row => row.name)).toEqual(['review-tests.run-attempt-2']);
    for (const row of counted) {
      const leg = legs.get(row.name)!;
      expectRowOf(row, leg);
      expect(row.artifact_id).toBe(Number(leg.outputs.artifact_id));
      expect(row.artifact_url).toBe(leg.outputs.artifact_url);
    }
    const retried = legs.get('review-tests.run-attempt-2')!.outputs;
    expect(r.outputs).toMatchObject({
      runs: '1',
      succeeded: '1',
      failed: '0',
      tokens_total: retried.tokens_total,
      duration_ms: retried.duration_ms,
      cost_usd: retried.cost_usd
    });
    expect(JSON.parse(must(r.outputs.outcomes))).toEqual({ success: 1 });

    // The job summary file: a row per counted leg linking its artifact, and what was set aside.
    const html = render(r.summary);
    const links = all(all(html, 'table').at(-1)!, 'a').map(a => a.attrs.href);
    expect(links).toEqual([retried.artifact_url]);
    expect(textOf(html)).toContain(
      '1 earlier attempt(s) of re-run legs set aside, each leg counted by its newest attempt: ' +
        'review-tests attempt 1 (attempt 2 counted)'
    );
  });

  test('path: the same transcripts as local files give the same rows, and the step fails', async () => {
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'report-files-'));
    for (const [name, leg] of legs) {
      const dir = path.join(workspace, 'transcripts', name);
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(must(leg.outputs.jsonl), path.join(dir, 'run.jsonl'));
      // The session record the main action wrote beside its jsonl-path, as download-artifact leaves it.
      fs.copyFileSync(
        must(leg.outputs.jsonl).replace(/\.jsonl$/, '.session.jsonl'),
        path.join(dir, 'run-session.jsonl')
      );
    }
    const r = await runAction({
      action: REPORT_ACTION,
      inputs: { path: 'transcripts/**/*.jsonl' },
      cwd: workspace
    });
    const read = rows(r);
    expect(read.map(row => row.name)).toEqual(
      [...legs.keys()].map(n => `transcripts/${n}/run.jsonl`).sort((a, b) => a.localeCompare(b))
    );
    for (const row of read) {
      expectRowOf(row, legs.get(must(row.name.split('/')[1]))!);
      expect(row.path).toBe(path.join(workspace, row.name));
    }
    expect(r.outputs).toMatchObject({ runs: '2', succeeded: '1', failed: '1' });
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')).toEqual([
      '1 of 2 legs did not succeed: transcripts/review-tests/run.jsonl (failure)'
    ]);
    const [head, ...cells] = tableRows(must(all(render(r.summary), 'table')[0]));
    expect(must(head)[5]).toBe('Cost');
    const total = [...legs.values()].reduce((sum, leg) => sum + Number(leg.outputs.cost_usd), 0);
    expect(Number(r.outputs.cost_usd)).toBeCloseTo(total, 9);
    expect(must(cells[0])[5]).toBe(`$${total.toFixed(4)}`);
  });
});

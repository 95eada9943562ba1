/**
 * "Re-run failed jobs", end to end: the main action (dist/index.js) uploads each leg's transcript to
 * the loopback artifact service, a failed leg is run again as attempt 2 (GITHUB_RUN_ATTEMPT), and the
 * report (dist/report/index.js) counts each leg by its newest attempt, saying which it set aside.
 */
import * as fs from 'node:fs';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { REPORT_ACTION, runAction, type ActionRun } from '../scripts/local-runner.mjs';
import type { Run } from './helpers/artifact-service.js';
import { scenario, step, useArtifactStore } from './helpers/artifact-steps.js';
import { render, textOf } from './helpers/gfm.js';

const store = useArtifactStore();

const report = (run: Run, attempt: string): Promise<ActionRun> =>
  runAction({ action: REPORT_ACTION, env: run.env('report', { GITHUB_RUN_ATTEMPT: attempt }) });
const names = (r: ActionRun): string[] =>
  (JSON.parse(fs.readFileSync(r.outputs.report, 'utf8')) as { name: string }[]).map(l => l.name);

describe('a matrix re-run after a failure', () => {
  let run: Run;
  let first: ActionRun;
  beforeAll(async () => {
    run = store.service.newRun();
    // Legs of one matrix run at once, as on GitHub: each uploads under its own name.
    await Promise.all([
      step(run, { 'artifact-name': 'review-docs' }, scenario('success'), 'leg-docs'),
      step(run, { 'artifact-name': 'review-tests' }, scenario('failure'), 'leg-tests'),
      step(run, { 'artifact-name': 'review-lint' }, scenario('failure'), 'leg-lint')
    ]);
    first = await report(run, '1');
    // Re-run failed jobs: the two failed legs again, as attempt 2; review-lint fails once more.
    const rerun = { GITHUB_RUN_ATTEMPT: '2' };
    await Promise.all([
      step(
        run,
        { 'artifact-name': 'review-tests' },
        { ...scenario('success'), ...rerun },
        'leg-tests-2'
      ),
      step(
        run,
        { 'artifact-name': 'review-lint' },
        { ...scenario('failure'), ...rerun },
        'leg-lint-2'
      )
    ]);
  }, 120_000);

  test('the re-run uploads under a name of its own, tagged with the run attempt', () => {
    // Transcripts only: each leg's session record is uploaded beside it, under the same tag.
    const transcripts = run.finalized.map(a => a.name).filter(n => !n.endsWith('-session.jsonl'));
    // The legs ran at once, so in any order.
    expect(transcripts.sort()).toEqual([
      'review-docs.jsonl',
      'review-lint.jsonl',
      'review-lint.run-attempt-2.jsonl',
      'review-tests.jsonl',
      'review-tests.run-attempt-2.jsonl'
    ]);
  });

  test('before the re-run: two of three legs failed', () => {
    expect(first.outputs).toMatchObject({ runs: '3', succeeded: '1', failed: '2' });
  });

  test('after it: each leg counts once, by its newest attempt', async () => {
    const r = await report(run, '2');
    expect(names(r)).toEqual([
      'review-docs',
      'review-lint.run-attempt-2',
      'review-tests.run-attempt-2'
    ]);
    expect(r.outputs).toMatchObject({ runs: '3', succeeded: '2', failed: '1' });
    expect(JSON.parse(r.outputs.outcomes)).toEqual({ success: 2, failure: 1 });
    expect(r.exitCode).toBe(1);
    const text = textOf(render(r.summary));
    expect(text).toContain(
      '2 earlier attempt(s) of re-run legs set aside, each leg counted by its newest attempt: ' +
        'review-lint attempt 1 (attempt 2 counted), review-tests attempt 1 (attempt 2 counted)'
    );
  });
});

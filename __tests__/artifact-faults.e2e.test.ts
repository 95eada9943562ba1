/**
 * A failing artifact store never changes the verdict, and cancellation still uploads: the bundled
 * dist/index.js under Node 24, the real @actions/artifact client, a loopback artifact service with
 * planned faults (helpers/artifact-service.ts) and Azurite as the blob store. The tests wait on
 * events (the service's calls, the process's exit), not for time windows; the messages say why an
 * upload was given up.
 */
import * as fs from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { closedOrigin, type RunOptions } from './helpers/artifact-service.js';
import { until } from './helpers/until.js';
import {
  annotations,
  onlyArtifact,
  scenario,
  startedTurn,
  step,
  useArtifactStore
} from './helpers/artifact-steps.js';

const store = useArtifactStore();

// One describe: concurrent tests run side by side only within one (they mostly wait on timers).
describe('a failing store, a cancelled job', () => {
  test.concurrent(
    'SIGINT mid-run: Hermes writes its result, and the transcript is uploaded',
    async () => {
      const run = store.service.newRun();
      const started = await startedTurn(run);
      started.child.kill('SIGINT');
      const r = await started.done;
      expect(r.outputs.outcome).toBe('interrupted');
      const { artifact, blob } = await onlyArtifact(run);
      expect(blob.equals(fs.readFileSync(r.outputs.jsonl))).toBe(true);
      expect(blob.toString()).toMatch(/"exit_code": 130/);
      expect(r.outputs.artifact_id).toBe(String(artifact.id));
    }
  );

  test.concurrent(
    'as the runner cancels (SIGINT, then SIGTERM) with a store that never answers: the upload is given up on SIGTERM, the report written, the process ends by itself',
    async () => {
      const run = store.service.newRun({ faults: { CreateArtifact: ['hang'] } });
      const started = await startedTurn(run);
      started.child.kill('SIGINT');
      // The runner's SIGTERM, once the upload hangs (the service holds the call unanswered).
      await until('no upload started', () => run.calls.some(c => c.status === 'hang'));
      started.child.kill('SIGTERM');
      // The runner's kill, as a generous outer limit: the action must have ended by itself before.
      const sigkill = setTimeout(() => started.child.kill('SIGKILL'), 60_000);
      const r = await started.done;
      clearTimeout(sigkill);
      expect(r.signal).toBeNull();
      expect(r.exitCode).toBe(1);
      expect(r.outputs.outcome).toBe('interrupted');
      expect(annotations(r, 'warning')).toEqual([
        'The transcript was not uploaded: the job was cancelled before the upload finished'
      ]);
      expect(r.summary.split('\n')[0]).toContain('interrupted');
      expect(r.summary).toContain('the job was cancelled before the upload finished');
      expect(run.finalized).toEqual([]);
    }
  );

  test.concurrent(
    '5xx answers, then success: the client retries and the transcript is uploaded',
    async () => {
      const run = store.service.newRun({
        faults: { CreateArtifact: [500], FinalizeArtifact: [503] }
      });
      // The transcript's calls alone: no second artifact after it.
      const r = await step(run, { 'session-record': 'false' });
      expect(run.calls.map(c => [c.method, c.status])).toEqual([
        ['CreateArtifact', 500],
        ['CreateArtifact', 200],
        ['FinalizeArtifact', 503],
        ['FinalizeArtifact', 200]
      ]);
      const { artifact, blob } = await onlyArtifact(run);
      expect(blob.equals(fs.readFileSync(r.outputs.jsonl))).toBe(true);
      expect(r.outputs.artifact_id).toBe(String(artifact.id));
      expect(r.annotations).toEqual([]);
    }
  );

  test.concurrent(
    'the artifact service is down: one warning; verdict, outputs and summary as without upload',
    async () => {
      const down = { ACTIONS_RESULTS_URL: `${await closedOrigin()}/` };
      const run = store.service.newRun();
      const r = await step(run, {}, { ...scenario('failure'), ...down });
      const baseline = await step(run, { 'upload-artifact': 'false' }, scenario('failure'));
      expect(r.exitCode).toBe(1);
      expect(annotations(r, 'error')).toEqual(annotations(baseline, 'error'));
      const warnings = annotations(r, 'warning');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^The transcript was not uploaded: the upload failed: .*ECONNREFUSED/
      );
      const { jsonl: _a, ...outputs } = r.outputs;
      const { jsonl: _b, ...expected } = baseline.outputs;
      expect(outputs).toEqual(expected);
      expect(r.summary).toContain('the upload failed');
      // The same report, but for the transcript's line, which says why it was not uploaded.
      const heading = (summary: string): string => summary.split('\n')[0];
      expect(heading(r.summary)).toBe(heading(baseline.summary));
    }
  );

  test.concurrent.each<[string, RunOptions]>([
    ['the service answers 503 to every call', { faults: { CreateArtifact: Array(20).fill(503) } }],
    ['the service never answers', { faults: { CreateArtifact: ['hang'] } }],
    ['the blob store is down', { blobStoreDown: true }]
  ])(
    '%s: the upload is given up at its deadline, and the step passes as it would',
    async (_name, options) => {
      const run = store.service.newRun(options);
      const t0 = Date.now();
      const r = await step(run, {}, { HERMES_UPLOAD_TIMEOUT_SECONDS: '1' });
      // It waited its budget (a lower bound), and gave up at it: the client alone would fail later
      // with its own error (after 16 s of retries), or never.
      expect(Date.now() - t0).toBeGreaterThan(1000);
      // Together, so that a failure shows what the abandoned client did (a crash: on stderr).
      expect({
        exitCode: r.exitCode,
        annotations: r.annotations.map(a => `${a.command}: ${a.message}`),
        stderr: r.stderr
      }).toEqual({
        exitCode: 0,
        annotations: [
          'warning: The transcript was not uploaded: the upload did not finish within 1 s'
        ],
        stderr: ''
      });
      expect(r.outputs.outcome).toBe('success');
      expect(r.outputs.artifact_id).toBe('');
      expect(r.summary).toContain('the upload did not finish within 1 s');
      expect(run.finalized).toEqual([]);
    }
  );
});

/**
 * A failing artifact store never changes the verdict, and cancellation still uploads: the real
 * @actions/artifact client, a loopback artifact service with planned faults
 * (helpers/artifact-service.ts) and Azurite as the blob store. The runner's cancel (SIGINT, then
 * SIGTERM) against a store that never answers goes through the bundled dist/index.js under Node 24;
 * every other fault is run() in-process with the real upload ports (helpers/artifact-in-process.ts),
 * its deadline an injected limit on jest's fake clock. The tests wait on events (the service's calls,
 * the client's own words, the process's exit), not for time windows.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { UPLOAD_LIMITS } from '../../src/publish/artifact.js';
import { closedOrigin, type Run, type RunOptions } from '../helpers/artifact-service.js';
import {
  inProcessStep,
  type StepOptions,
  type UploadWorld
} from '../helpers/artifact-in-process.js';
import { until } from '../helpers/until.js';
import {
  annotations,
  onlyArtifact,
  scenario,
  startedTurn,
  useArtifactStore
} from '../helpers/artifact-steps.js';
import { must } from '../helpers/must.js';
import { transcriptOf } from '../helpers/outcome-line.js';

const store = useArtifactStore();

/** The clock the upload's deadline and the client's backoff run on; the rest (I/O) stays real. */
function fakeClock(): void {
  jest.useFakeTimers({
    doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate']
  });
}
afterEach(() => {
  jest.useRealTimers();
});

/** A blob store that is down: every connection is reset as it comes; each one is an event. */
const downBlobStore = (() => {
  let waiting: (() => void)[] = [];
  const server = net.createServer(socket => {
    socket.resetAndDestroy();
    for (const wake of waiting) wake();
    waiting = [];
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>(resolve => server.close(() => resolve())));
  return {
    get origin() {
      return origin;
    },
    nextConnection: () => new Promise<void>(resolve => waiting.push(resolve))
  };
})();

/** Lets this process's pending I/O callbacks and promise jobs run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise(resolve => setImmediate(resolve));
};

/** The transcript the step wrote (jsonl-path), as bytes. */
const written = (w: UploadWorld): Buffer => fs.readFileSync(w.outputs.get('jsonl')!);

describe('a cancelled job', () => {
  test('through dist/: as the runner cancels (SIGINT, then SIGTERM) with a store that never answers: the upload is given up on SIGTERM, the report written, the process ends by itself', async () => {
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
    // The given-up client did not crash the process on its way out.
    expect(r.stderr).toBe('');
    expect(r.outputs.outcome).toBe('interrupted');
    expect(annotations(r, 'warning')).toEqual([
      'The transcript was not uploaded: the job was cancelled before the upload finished'
    ]);
    expect(r.summary.split('\n')[0]).toContain('interrupted');
    expect(r.summary).toContain('the job was cancelled before the upload finished');
    expect(run.finalized).toEqual([]);
  });

  test('SIGINT mid-run: Hermes writes its result, and the transcript is uploaded', async () => {
    const run = store.service.newRun();
    const w = await inProcessStep(run, {
      inputs: { query: 'Think' },
      env: scenario('slow'),
      hermes: 'simulator',
      // The runner's cancel, once the simulator has begun its turn (its init event is written).
      prepare: w => {
        const attempt = w.ports.hermes.attempt;
        w.ports.hermes = {
          ...w.ports.hermes,
          attempt: async (...args) => {
            const running = attempt(...args);
            const jsonl = args[2];
            await until(
              'the turn never started',
              () => fs.existsSync(jsonl) && fs.readFileSync(jsonl, 'utf8').includes('"init"')
            );
            w.signals.emit('SIGINT');
            return running;
          }
        };
      }
    });
    expect(w.outputs.get('outcome')).toBe('interrupted');
    const { artifact, blob } = await onlyArtifact(run);
    expect(transcriptOf(blob).equals(written(w))).toBe(true);
    expect(blob.toString()).toMatch(/"exit_code": 130/);
    expect(w.outputs.get('artifact_id')).toBe(String(artifact.id));
  });
});

describe('a failing store', () => {
  test('5xx answers, then success: the client retries and the transcript is uploaded', async () => {
    const run = store.service.newRun({
      faults: { CreateArtifact: [500], FinalizeArtifact: [503] }
    });
    // The client's backoff runs on the fake clock: moved on as soon as the client says it waits.
    fakeClock();
    const waits: number[] = [];
    const w = await inProcessStep(run, {
      onStdout: text => {
        const wait = /Retrying request in (\d+) ms/.exec(text);
        if (!wait) return;
        waits.push(Number(wait[1]));
        setImmediate(() => jest.advanceTimersByTime(Number(wait[1])));
      }
    });
    expect(run.calls.map(c => [c.method, c.status])).toEqual([
      ['CreateArtifact', 500],
      ['CreateArtifact', 200],
      ['FinalizeArtifact', 503],
      ['FinalizeArtifact', 200]
    ]);
    // Its own backoff: 3 s after each first failure.
    expect(waits).toEqual([3000, 3000]);
    const { artifact, blob } = await onlyArtifact(run);
    expect(transcriptOf(blob).equals(written(w))).toBe(true);
    expect(w.outputs.get('artifact_id')).toBe(String(artifact.id));
    expect([...w.failed, ...w.warnings, ...w.notices]).toEqual([]);
  });

  test('the artifact service is down: one warning; verdict, outputs and summary as without upload', async () => {
    const down = { ACTIONS_RESULTS_URL: `${await closedOrigin()}/` };
    const run = store.service.newRun();
    const failing = [{ exitCode: 1 }];
    const w = await inProcessStep(run, { env: down, runs: failing });
    const baseline = await inProcessStep(run, {
      inputs: { 'upload-artifact': 'false' },
      runs: failing
    });
    expect(w.failed).toHaveLength(1);
    expect(w.failed).toEqual(baseline.failed);
    expect(w.warnings).toHaveLength(1);
    expect(w.warnings[0]).toMatch(
      /^The transcript was not uploaded: the upload failed: .*ECONNREFUSED/
    );
    const outputs = (x: UploadWorld) => [...x.outputs].filter(([name]) => name !== 'jsonl');
    expect(outputs(w)).toEqual(outputs(baseline));
    expect(w.summary).toContain('the upload failed');
    // The same report, but for the transcript's line, which says why it was not uploaded.
    const heading = (summary = ''): string => must(summary.split('\n')[0]);
    expect(heading(w.summary)).toBe(heading(baseline.summary));
    expect(w.exited).toBe(false);
  });

  // The deadline: 1 s, on the fake clock, an injected limit (or, once, HERMES_UPLOAD_TIMEOUT_SECONDS
  // with the default limits). What the client did until then is awaited as an event.
  const oneSecond: StepOptions = {
    uploadLimits: { ...UPLOAD_LIMITS, baseBudgetMs: 0, budgetMsPerMb: 1000 }
  };
  const bySetting: StepOptions = { env: { HERMES_UPLOAD_TIMEOUT_SECONDS: '1' } };
  test.each<[string, () => RunOptions, (run: Run) => Promise<unknown>, StepOptions]>([
    [
      'the service answers 503 to every call',
      () => ({ faults: { CreateArtifact: Array(20).fill(503) } }),
      run => run.nextCall(c => c.status === 503),
      oneSecond
    ],
    [
      'the service never answers',
      () => ({ faults: { CreateArtifact: ['hang'] } }),
      run => run.nextCall(c => c.status === 'hang'),
      bySetting
    ],
    [
      // Its first attempt dropped: the storage client's own retries then wait on the fake clock.
      'the blob store is down',
      () => ({ blobOrigin: downBlobStore.origin }),
      () => downBlobStore.nextConnection(),
      oneSecond
    ]
  ])(
    '%s: the upload is given up at its deadline, and the step passes as it would',
    async (_name, options, underWay, deadline) => {
      const run = store.service.newRun(options());
      fakeClock();
      let world: UploadWorld | undefined;
      const stepped = inProcessStep(run, { ...deadline, prepare: w => (world = w) });
      await underWay(run);
      await settle();
      const w = world!;
      // Not a millisecond early…
      jest.advanceTimersByTime(999);
      await settle();
      expect(w.summary).toBeUndefined();
      // …and given up at it: the client alone would fail later with its own error (after 16 s of
      // retries), or never.
      jest.advanceTimersByTime(1);
      await stepped;
      expect({
        failed: w.failed,
        warnings: w.warnings,
        notices: w.notices
      }).toEqual({
        failed: [],
        warnings: ['The transcript was not uploaded: the upload did not finish within 1 s'],
        notices: []
      });
      expect(w.outputs.get('outcome')).toBe('success');
      expect(w.outputs.get('artifact_id')).toBe('');
      expect(w.summary).toContain('the upload did not finish within 1 s');
      expect(run.finalized).toEqual([]);
      // The process is ended once everything is written: the client must not hold the step open…
      expect(w.events.slice(-2)).toEqual(['summary', 'exit']);
      // …and its staged files are left to it (RUNNER_TEMP is cleared by the runner): a file removed
      // under a client still reading it is an error nobody listens to, and the process crashes.
      expect(fs.readdirSync(w.dir).filter(f => f.startsWith('hermes-upload-'))).toHaveLength(1);
    }
  );
});

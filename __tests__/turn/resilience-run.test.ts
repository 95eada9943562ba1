/**
 * Never lose a run, in-process: run() with the Hermes simulator spawned through the real process
 * code, the runner's cancel sent on the harness's signals, the cancel's grace shortened through
 * hermesLimits (today's 5 s is checked on a fake clock in supervise.test.ts), exit 75's backoff on
 * the harness's clock, and damaged transcripts read by the real stream reader. Tests wait on events
 * (the transcript's init line, run()'s end). resilience.e2e.test.ts keeps the runner's SIGINT and
 * SIGTERM through dist/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { interpretLog } from '../../scripts/local-runner.mjs';
import { run } from '../../src/main.js';
import { MAX_LINE_BYTES } from '../../src/turn/lines.js';
import { abortableSleep } from '../../src/http/retry.js';
import { runnerPorts } from '../../src/steps/ports.js';
import { agentDir } from '../helpers/agent-dir.js';
import {
  runInProcess,
  runnerReading,
  summaryText,
  world,
  type Options,
  type World
} from '../helpers/in-process.js';
import { until } from '../helpers/until.js';

const outputs = (w: World): Record<string, string> => Object.fromEntries(w.outputs);

/** The transcript's events, parsed (every line of these scenarios is JSON). */
const events = (file: string): Record<string, unknown>[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(l => l !== '')
    .map(l => JSON.parse(l) as Record<string, unknown>);

/** The transcript under RUNNER_TEMP once Hermes has written its init event. */
function untilTurnStarted(w: World): Promise<string> {
  return until('the turn never started', () => {
    const file = fs
      .readdirSync(w.dir)
      .map(d => path.join(w.dir, d, 'run.jsonl'))
      .find(f => fs.existsSync(f));
    return file && fs.readFileSync(file, 'utf8').includes('"init"') ? file : undefined;
  });
}

/** run() under way with the simulator; resolves once the turn has started. */
async function startedTurn(env: Record<string, string>, options: Options = {}) {
  const w = world({ hermes: 'simulator', inputs: { query: 'Think' }, env, ...options });
  const done = run(w.ports);
  return { w, done, transcript: await untilTurnStarted(w) };
}

describe('cancellation, as the runner does it', () => {
  test('SIGINT: a Hermes that ignores it is killed after the grace, and the report is written', async () => {
    const graceMs = 300;
    const { w, done } = await startedTurn(
      { HERMES_SIM_SCENARIO: 'hang-ignore-sigint' },
      { hermesLimits: { cancelGraceMs: graceMs } }
    );
    const sent = Date.now();
    w.signals.emit('SIGINT');
    await done;
    expect(runnerReading(w).log).toContain(
      'The job was cancelled: interrupting Hermes so that it writes its result'
    );
    // The grace, waited (a lower bound: load cannot shorten it).
    expect(Date.now() - sent).toBeGreaterThanOrEqual(graceMs - 20);
    expect(w.outputs.get('outcome')).toBe('interrupted');
    expect(w.failed).toEqual([
      'The job was cancelled and Hermes was killed by SIGKILL without a result event.'
    ]);
    expect(summaryText(w)).toContain('interrupted');
    expect(events(w.outputs.get('jsonl')!).map(e => e.type)).toEqual(['system', 'text']);
  });

  test('SIGTERM alone kills Hermes at once (no grace), and the report is still written', async () => {
    // A grace far longer than jest waits: a SIGTERM that waited for it would fail the test.
    const { w, done, transcript } = await startedTurn(
      { HERMES_SIM_SCENARIO: 'slow' },
      { hermesLimits: { cancelGraceMs: 3_600_000 } }
    );
    w.signals.emit('SIGTERM');
    await done;
    expect(w.outputs.get('outcome')).toBe('interrupted');
    expect(w.outputs.get('jsonl')).toBe(transcript);
    expect(w.summary).not.toBe('');
    // Killed, not interrupted (an interrupted Hermes writes a result with exit code 130), and before
    // the scenario's 30 s pause ended (it would then have written more text and its own result).
    expect(w.failed[0]).toContain('killed by SIGKILL');
    expect(events(transcript).map(e => e.type)).toEqual(['system', 'text']);
  });
});

describe('exit 75 (EX_TEMPFAIL)', () => {
  const state = (): string => path.join(agentDir('sim-state-'), 'runs');

  test('is retried with backoff, each attempt keeps its transcript, and a later success wins', async () => {
    const w = await runInProcess({
      hermes: 'simulator',
      inputs: {
        query: 'Check',
        'tempfail-retries': '3',
        'tempfail-backoff-seconds': '0.05',
        'session-record': 'true'
      },
      env: { HERMES_SIM_SCENARIO: 'tempfail,tempfail,success', HERMES_SIM_STATE: state() },
      // The real uploads, as on a local run: off a runner they upload nothing.
      upload: runnerPorts().upload
    });
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('attempts')).toBe('3');
    // Doubling, on the clock.
    expect(w.sleeps).toHaveLength(2);
    expect(w.sleeps[1]).toBeGreaterThanOrEqual(100);
    const dir = path.dirname(w.outputs.get('jsonl')!);
    // The session record of the last attempt lies beside its transcript.
    expect(
      fs
        .readdirSync(dir)
        .filter(f => f.endsWith('.jsonl'))
        .sort()
    ).toEqual(['run.attempt-1.jsonl', 'run.attempt-2.jsonl', 'run.jsonl', 'run.session.jsonl']);
    expect(fs.readFileSync(path.join(dir, 'run.attempt-1.jsonl'), 'utf8')).toContain(
      '"exit_code": 75'
    );
    const log = runnerReading(w).log;
    expect(log).toMatch(/attempt 2 of 4 in \d+ ms/);
    expect(log).toMatch(/attempt 3 of 4 in \d+ ms/);
  });

  test('when retries run out the outcome stays tempfail', async () => {
    const w = await runInProcess({
      hermes: 'simulator',
      inputs: { query: 'Check', 'tempfail-retries': '1', 'tempfail-backoff-seconds': '0' },
      env: { HERMES_SIM_SCENARIO: 'tempfail' }
    });
    expect(w.outputs.get('outcome')).toBe('tempfail');
    expect(w.outputs.get('attempts')).toBe('2');
    expect(w.failed).toHaveLength(1);
  });

  test.each(['failure', 'config-error'])('%s is never retried', async scenario => {
    const w = await runInProcess({
      hermes: 'simulator',
      inputs: { query: 'Check', 'tempfail-retries': '3', 'tempfail-backoff-seconds': '0' },
      env: { HERMES_SIM_SCENARIO: scenario }
    });
    expect(w.outputs.get('attempts')).toBe('1');
    expect(w.sleeps).toEqual([]);
  });

  test('a cancel during the backoff ends the real wait at once', async () => {
    // An hour's backoff, waited by the action's own sleep: one the cancel did not end would outlast
    // jest's timeout.
    const w = await runInProcess({
      hermes: 'simulator',
      inputs: { query: 'Check', 'tempfail-retries': '1', 'tempfail-backoff-seconds': '3600' },
      env: { HERMES_SIM_SCENARIO: 'tempfail' },
      onSleep: (w, ms, signal) => {
        const wait = abortableSleep(ms, signal);
        w.signals.emit('SIGINT');
        return wait;
      }
    });
    expect(w.sleeps[0]).toBeGreaterThanOrEqual(3_600_000);
    expect(w.outputs.get('attempts')).toBe('1');
    expect(w.outputs.get('outcome')).toBe('tempfail');
    // The transcript is still where the outputs say.
    expect(fs.readFileSync(w.outputs.get('jsonl')!, 'utf8')).toContain('"exit_code": 75');
  });
});

describe('damaged and hostile streams', () => {
  /** run() in transcript mode on these lines, written into the workspace. */
  async function reportOn(lines: (string | Buffer)[]): Promise<World> {
    const w = world({ inputs: { query: '', 'hermes-path': '', transcript: 'run.jsonl' } });
    fs.writeFileSync(
      path.join(w.dir, 'run.jsonl'),
      Buffer.concat(lines.map(l => (typeof l === 'string' ? Buffer.from(`${l}\n`) : l)))
    );
    await run(w.ports);
    return w;
  }
  const init =
    '{"type": "system", "subtype": "init", "model": "m", "session_id": "s", "timestamp": 1}';
  const result = (code: number, extra = ''): string =>
    `{"type": "result", "session_id": "s", "exit_code": ${code}, "text": "done", "tokens": {"input": 1, "output": 2, "total": 3, "cache_read": 0, "cache_write": 0}, "duration_ms": 5${extra}, "timestamp": 2}`;

  test('a line over the limit, binary garbage, deep nesting and wrong types are reported, never fatal', async () => {
    // Just over the reader's limit: a longer line takes the same path, only more bytes.
    const long = MAX_LINE_BYTES + 1024;
    const w = await reportOn([
      init,
      Buffer.concat([
        Buffer.from('{"type": "text", "text": "'),
        Buffer.alloc(long, 'a'),
        Buffer.from('"}\n')
      ]),
      Buffer.from([0xff, 0x00, 0xfe, 0x0a]),
      '['.repeat(100_000) + ']'.repeat(100_000),
      '{"type": "tool_use", "name": 42, "input": ' +
        '{"a": '.repeat(5000) +
        '1' +
        '}'.repeat(5000) +
        '}',
      '{"type": "tool_result", "name": ["x"], "output": 7, "duration_ms": "slow", "is_error": "yes"}',
      result(0)
    ]);
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('tool_calls')).toBe('1');
    const text = summaryText(w);
    expect(text).toContain(`line 2: a line of ${26 + long + 2} bytes, too long to read`);
    expect(text).toContain('line 3: not JSON');
    expect(text).toContain('line 4: JSON but not an object');
    expect(text).toContain('line 5: tool_use.name is not a string');
    expect(text).toContain('line 6: tool_result.duration_ms is not a number');
  });

  test('a result that is not last, and a second result: the last one counts, both are reported', async () => {
    const w = await reportOn([
      init,
      result(1, ', "error": "first"'),
      '{"type": "text", "text": "more"}',
      result(0)
    ]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(summaryText(w)).toContain('line 4: another result event (the first was on line 2)');
    expect(summaryText(w)).toContain('2 event(s) after the result event');
  });

  test('workflow commands stay inert in errors: one error, its text whole', async () => {
    const w = await reportOn([
      init,
      result(1, ', "error": "::add-mask::secret\\n::error::injected"')
    ]);
    expect(runnerReading(w).commands.map(c => c.command)).toEqual(['stop-commands']);
    expect(w.failed).toHaveLength(1);
    expect(w.failed[0]).toContain('::add-mask::secret\n::error::injected');
    expect(outputs(w).outcome).toBe('failure');
  });
});

describe("the runner's output port", () => {
  let written: string[];
  afterEach(() => {
    jest.restoreAllMocks();
    process.exitCode = undefined;
  });

  test('setFailed is one error command: the lines of its message run nothing', () => {
    written = [];
    jest.spyOn(process.stdout, 'write').mockImplementation(chunk => {
      written.push(String(chunk));
      return true;
    });
    runnerPorts().out.setFailed('Hermes failed: ::add-mask::secret\n::error::injected');
    const { commands } = interpretLog(written.join(''));
    expect(commands).toEqual([
      {
        command: 'error',
        properties: '',
        message: 'Hermes failed: ::add-mask::secret\n::error::injected'
      }
    ]);
  });
});

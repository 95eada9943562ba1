/**
 * Never lose a run: cancellation, retries on exit 75, dead Hermes, damaged streams (timeouts and
 * the kill paths with short limits: hermes-kill.test.ts and supervise.test.ts, in-process).
 * Through dist/index.js under Node 24 with the simulator; real signals. Tests wait on events (a line
 * in stdout, a file, the process's exit), never for a time window: a busy machine only makes them
 * slower. A lower bound on elapsed time is kept where waiting is the behaviour (load cannot shorten it).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { agentDir } from './helpers/agent-dir.js';
import { describe, expect, test } from '@jest/globals';
import { runAction, startAction, type ActionRun } from '../scripts/local-runner.mjs';
import { render, textOf } from './helpers/gfm.js';
import { untilTurnStarted } from './helpers/turn-started.js';
import { untilStdout } from './helpers/until.js';

/** The summary as a person reads it. */
const summaryText = (r: ActionRun): string => textOf(render(r.summary));
const errors = (r: ActionRun): string[] =>
  r.annotations.filter(a => a.command === 'error').map(a => a.message);

/** The transcript's events, parsed (every line of these scenarios is JSON). */
const events = (file: string): Record<string, unknown>[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(l => l !== '')
    .map(l => JSON.parse(l) as Record<string, unknown>);

/** Starts the action and resolves once Hermes has written its init event. */
async function startedTurn(env: Record<string, string>, inputs: Record<string, string> = {}) {
  const started = startAction({ inputs: { query: 'Think', ...inputs }, env });
  return { ...started, transcript: await untilTurnStarted(started) };
}

describe('cancellation, as the runner does it', () => {
  // The one test that waits out a real grace (5 s): the default, through dist/. The kill paths with
  // short limits, the 10 s timeout grace and the 5 s version probe are in hermes-kill.test.ts and
  // supervise.test.ts.
  test('SIGINT: a Hermes that ignores it is killed after the 5 s grace (the runner waits 7.5 s before SIGTERM), and the report is written', async () => {
    const run = await startedTurn({ HERMES_SIM_SCENARIO: 'hang-ignore-sigint' });
    const sent = Date.now();
    run.child.kill('SIGINT');
    // No SIGTERM follows: the action alone ends Hermes, and then itself.
    const r = await run.done;
    expect(r.log).toContain(
      'The job was cancelled: interrupting Hermes so that it writes its result'
    );
    // The grace period, waited (a lower bound; a little under 5 s for the clocks' granularity).
    expect(Date.now() - sent).toBeGreaterThan(4900);
    expect(r.signal).toBeNull();
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('interrupted');
    expect(errors(r)[0]).toBe(
      'The job was cancelled and Hermes was killed by SIGKILL without a result event.'
    );
    expect(r.summary).toContain('interrupted');
    expect(events(r.outputs.jsonl).map(e => e.type)).toEqual(['system', 'text']);
  });

  test('SIGTERM alone kills Hermes at once, and the report is still written', async () => {
    const run = await startedTurn({ HERMES_SIM_SCENARIO: 'slow' });
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.outputs.outcome).toBe('interrupted');
    expect(r.outputs.jsonl).toBe(run.transcript);
    expect(r.summary).not.toBe('');
    // Killed, not interrupted (an interrupted Hermes writes a result with exit code 130), and before
    // the scenario's 30 s pause ended (it would then have written more text and its own result).
    expect(errors(r)[0]).toContain('killed by SIGKILL');
    expect(events(run.transcript).map(e => e.type)).toEqual(['system', 'text']);
  });
});

describe('exit 75 (EX_TEMPFAIL)', () => {
  const state = (): string => path.join(agentDir('sim-state-'), 'runs');

  test('is retried with backoff, each attempt keeps its transcript, and a later success wins', async () => {
    const r = await runAction({
      inputs: { query: 'Check', 'tempfail-retries': '3', 'tempfail-backoff-seconds': '0.05' },
      env: { HERMES_SIM_SCENARIO: 'tempfail,tempfail,success', HERMES_SIM_STATE: state() }
    });
    expect(r.exitCode).toBe(0);
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.attempts).toBe('3');
    const dir = path.dirname(r.outputs.jsonl);
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
    expect(r.log).toMatch(/attempt 2 of 4 in \d+ ms/);
    expect(r.log).toMatch(/attempt 3 of 4 in \d+ ms/);
  });

  test('when retries run out the outcome stays tempfail', async () => {
    const r = await runAction({
      inputs: { query: 'Check', 'tempfail-retries': '1', 'tempfail-backoff-seconds': '0' },
      env: { HERMES_SIM_SCENARIO: 'tempfail' }
    });
    expect(r.outputs.outcome).toBe('tempfail');
    expect(r.outputs.attempts).toBe('2');
    expect(r.exitCode).toBe(1);
  });

  test.each(['failure', 'config-error'])('%s is never retried', async scenario => {
    const r = await runAction({
      inputs: { query: 'Check', 'tempfail-retries': '3', 'tempfail-backoff-seconds': '0' },
      env: { HERMES_SIM_SCENARIO: scenario }
    });
    expect(r.outputs.attempts).toBe('1');
  });

  test('a cancel during the backoff ends the wait at once', async () => {
    // An hour's backoff: a wait that the cancel did not end would outlast jest's timeout.
    const started = startAction({
      inputs: { query: 'Check', 'tempfail-retries': '1', 'tempfail-backoff-seconds': '3600' },
      env: { HERMES_SIM_SCENARIO: 'tempfail' }
    });
    await untilStdout(started.child, 'attempt 2 of 2');
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.outputs.attempts).toBe('1');
    expect(r.outputs.outcome).toBe('tempfail');
    // The transcript is still where the outputs say.
    expect(fs.readFileSync(r.outputs.jsonl, 'utf8')).toContain('"exit_code": 75');
  });
});

describe('damaged and hostile streams', () => {
  function transcriptOf(lines: (string | Buffer)[]): string {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-')), 'run.jsonl');
    fs.writeFileSync(
      file,
      Buffer.concat(lines.map(l => (typeof l === 'string' ? Buffer.from(`${l}\n`) : l)))
    );
    return file;
  }
  const init =
    '{"type": "system", "subtype": "init", "model": "m", "session_id": "s", "timestamp": 1}';
  const result = (code: number, extra = ''): string =>
    `{"type": "result", "session_id": "s", "exit_code": ${code}, "text": "done", "tokens": {"input": 1, "output": 2, "total": 3, "cache_read": 0, "cache_write": 0}, "duration_ms": 5${extra}, "timestamp": 2}`;

  test('a 64 MB line, binary garbage, deep nesting and wrong types are reported, never fatal', async () => {
    const file = transcriptOf([
      init,
      Buffer.concat([
        Buffer.from('{"type": "text", "text": "'),
        Buffer.alloc(64 * 1024 * 1024, 'a'),
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
    const r = await runAction({
      inputs: { transcript: file },
      simulator: false,
      cwd: path.dirname(file)
    });
    expect(r.exitCode).toBe(0);
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.tool_calls).toBe('1');
    const text = summaryText(r);
    expect(text).toContain(
      `line 2: a line of ${26 + 64 * 1024 * 1024 + 2} bytes, too long to read`
    );
    expect(text).toContain('line 3: not JSON');
    expect(text).toContain('line 4: JSON but not an object');
    expect(text).toContain('line 5: tool_use.name is not a string');
    expect(text).toContain('line 6: tool_result.duration_ms is not a number');
  });

  test('a result that is not last, and a second result: the last one counts, both are reported', async () => {
    const file = transcriptOf([
      init,
      result(1, ', "error": "first"'),
      '{"type": "text", "text": "more"}',
      result(0)
    ]);
    const r = await runAction({
      inputs: { transcript: file },
      simulator: false,
      cwd: path.dirname(file)
    });
    expect(r.outputs.outcome).toBe('success');
    expect(summaryText(r)).toContain('line 4: another result event (the first was on line 2)');
    expect(summaryText(r)).toContain('2 event(s) after the result event');
  });

  test('workflow commands stay inert in errors and stderr too', async () => {
    const file = transcriptOf([
      init,
      result(1, ', "error": "::add-mask::secret\\n::error::injected"')
    ]);
    const r = await runAction({
      inputs: { transcript: file },
      simulator: false,
      cwd: path.dirname(file)
    });
    expect(r.commands.map(c => c.command)).toEqual(['stop-commands', 'notice', 'error']);
    expect(errors(r)[0]).toContain('::add-mask::secret\n::error::injected');
  });
});

/**
 * Never lose a run: timeouts, cancellation, retries on exit 75, dead Hermes, damaged streams.
 * Through dist/index.js under Node 24 with the simulator; real signals; wall-clock bounds generous.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { runAction, SIMULATOR_BIN, startAction, type ActionRun } from '../scripts/local-runner.mjs';
import { render, textOf } from './helpers/gfm.js';
import { untilTurnStarted } from './helpers/turn-started.js';

/** The summary as a person reads it. */
const summaryText = (r: ActionRun): string => textOf(render(r.summary));
const errors = (r: ActionRun): string[] =>
  r.annotations.filter(a => a.command === 'error').map(a => a.message);

/** Starts the action and resolves once Hermes has written its init event. */
async function startedTurn(env: Record<string, string>, inputs: Record<string, string> = {}) {
  const started = startAction({ inputs: { query: 'Think', ...inputs }, env });
  return { ...started, transcript: await untilTurnStarted(started) };
}

describe('timeout', () => {
  test('a Hermes that ignores SIGINT is killed after the grace period, with its tools', async () => {
    const t0 = Date.now();
    const r = await runAction({
      inputs: { query: 'Hang', 'timeout-minutes': '0.01' },
      env: { HERMES_SIM_SCENARIO: 'hang-ignore-sigint' }
    });
    const took = Date.now() - t0;
    // 0.6 s of timeout, 10 s of grace, then SIGKILL of the process group.
    expect(took).toBeGreaterThan(10_000);
    expect(took).toBeLessThan(20_000);
    expect(r.outputs.outcome).toBe('timeout');
    expect(errors(r)[0]).toContain('before it wrote a result event');
    expect(r.summary).toContain('timeout');
    expect(fs.readFileSync(r.outputs.jsonl, 'utf8')).toContain('"init"');
  }, 30_000);
});

describe('cancellation, as the runner does it', () => {
  test('SIGINT then SIGTERM 7.5 s later: a Hermes that ignores SIGINT is killed, the report is done in time', async () => {
    const run = await startedTurn({ HERMES_SIM_SCENARIO: 'hang-ignore-sigint' });
    const sent = Date.now();
    run.child.kill('SIGINT');
    const sigterm = setTimeout(() => run.child.kill('SIGTERM'), 7500);
    const r = await run.done;
    clearTimeout(sigterm);
    // Finished (outputs, summary, transcript) before the runner's SIGTERM.
    expect(Date.now() - sent).toBeLessThan(7500);
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('interrupted');
    expect(errors(r)[0]).toBe(
      'The job was cancelled and Hermes was killed by SIGKILL without a result event.'
    );
    expect(r.summary).toContain('interrupted');
  }, 20_000);

  test('SIGTERM alone kills Hermes at once, and the report is still written', async () => {
    const run = await startedTurn({ HERMES_SIM_SCENARIO: 'slow' });
    const sent = Date.now();
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(Date.now() - sent).toBeLessThan(2500);
    expect(r.outputs.outcome).toBe('interrupted');
    expect(r.outputs.jsonl).toBe(run.transcript);
    expect(r.summary).not.toBe('');
  });
});

describe('a Hermes whose --version hangs', () => {
  test('is killed after 5 s: the turn, which ran alongside, is reported without a version', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-hang-version-'));
    const hermes = path.join(dir, 'hermes');
    fs.writeFileSync(
      hermes,
      `#!/bin/sh\nif [ "$1" = "--version" ]; then exec sleep 60; fi\nexec '${path.join(SIMULATOR_BIN, 'hermes')}' "$@"\n`,
      { mode: 0o755 }
    );
    const t0 = Date.now();
    const r = await runAction({ inputs: { query: 'Check', 'hermes-path': hermes } });
    const took = Date.now() - t0;
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.outputs.outcome).toBe('success');
    expect(r.exitCode).toBe(0);
    expect(r.log).not.toContain('Hermes Agent v');
    expect(took).toBeGreaterThan(4500);
    expect(took).toBeLessThan(20_000);
  }, 30_000);
});

describe('exit 75 (EX_TEMPFAIL)', () => {
  const state = (): string =>
    path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sim-state-')), 'runs');

  test('is retried with backoff, each attempt keeps its transcript, and a later success wins', async () => {
    const r = await runAction({
      inputs: { query: 'Check', 'tempfail-retries': '3', 'tempfail-backoff-seconds': '0.05' },
      env: { HERMES_SIM_SCENARIO: 'tempfail,tempfail,success', HERMES_SIM_STATE: state() }
    });
    expect(r.exitCode).toBe(0);
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.attempts).toBe('3');
    const dir = path.dirname(r.outputs.jsonl);
    expect(
      fs
        .readdirSync(dir)
        .filter(f => f.endsWith('.jsonl'))
        .sort()
    ).toEqual(['run.attempt-1.jsonl', 'run.attempt-2.jsonl', 'run.jsonl']);
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
    const started = startAction({
      inputs: { query: 'Check', 'tempfail-retries': '1', 'tempfail-backoff-seconds': '60' },
      env: { HERMES_SIM_SCENARIO: 'tempfail' }
    });
    const t0 = Date.now();
    const out: Buffer[] = [];
    started.child.stdout?.on('data', (c: Buffer) => out.push(c));
    while (!Buffer.concat(out).toString().includes('attempt 2 of 2')) {
      if (Date.now() - t0 > 10_000) throw new Error('no retry announced');
      await new Promise(resolve => setTimeout(resolve, 25));
    }
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(Date.now() - t0).toBeLessThan(10_000);
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
    const r = await runAction({ inputs: { transcript: file }, simulator: false });
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
  }, 30_000);

  test('a result that is not last, and a second result: the last one counts, both are reported', async () => {
    const file = transcriptOf([
      init,
      result(1, ', "error": "first"'),
      '{"type": "text", "text": "more"}',
      result(0)
    ]);
    const r = await runAction({ inputs: { transcript: file }, simulator: false });
    expect(r.outputs.outcome).toBe('success');
    expect(summaryText(r)).toContain('line 4: another result event (the first was on line 2)');
    expect(summaryText(r)).toContain('2 event(s) after the result event');
  });

  test('workflow commands stay inert in errors and stderr too', async () => {
    const file = transcriptOf([
      init,
      result(1, ', "error": "::add-mask::secret\\n::error::injected"')
    ]);
    const r = await runAction({ inputs: { transcript: file }, simulator: false });
    expect(r.commands.map(c => c.command)).toEqual(['stop-commands', 'notice', 'error']);
    expect(errors(r)[0]).toContain('::add-mask::secret\n::error::injected');
  });
});

/**
 * Never lose a run, through dist/index.js under Node 24 with the simulator and real signals: the
 * runner's cancel as it sends it, SIGINT then SIGTERM, to an action whose Hermes ignores SIGINT.
 * The rest runs in-process: the cancel's grace, SIGTERM alone, exit 75's retries and damaged
 * streams in resilience-run.test.ts; the kill paths with short limits in hermes-kill.test.ts and
 * supervise.test.ts. The test waits on events (a line in stdout, a file, the process's exit).
 */
import * as fs from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { startAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { untilTurnStarted } from '../helpers/turn-started.js';
import { untilStdout } from '../helpers/until.js';

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
  // The runner sends SIGINT, then SIGTERM 7.5 s later; here the SIGTERM follows as soon as the action
  // has passed the SIGINT on, so that no grace is waited. What only the action's own process shows:
  // it survives both signals, ends a Hermes that ignores SIGINT, and writes the whole report.
  test('SIGINT, then SIGTERM: a Hermes that ignores SIGINT is killed, and the report is written', async () => {
    const run = await startedTurn({ HERMES_SIM_SCENARIO: 'hang-ignore-sigint' });
    run.child.kill('SIGINT');
    await untilStdout(
      run.child,
      'The job was cancelled: interrupting Hermes so that it writes its result'
    );
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.signal).toBeNull();
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('interrupted');
    expect(r.outputs.jsonl).toBe(run.transcript);
    expect(errors(r)).toEqual([
      'The job was cancelled and Hermes was killed by SIGKILL without a result event.'
    ]);
    expect(r.summary).toContain('interrupted');
    expect(events(run.transcript).map(e => e.type)).toEqual(['system', 'text']);
  });
});

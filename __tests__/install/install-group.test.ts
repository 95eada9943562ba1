/**
 * The installer's process group in-process (groupCommand, as installHermes spawns the script), with the
 * stand-in install script and short injected limits: a script that hangs past its limit, or is
 * cancelled, is stopped with everything it started, even when it ignores SIGTERM. Waits on the
 * group's end, never on a time window. install.e2e.test.ts keeps the cancellation through dist/.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { INSTALL_LIMITS } from '../../src/install/job.js';
import { groupCommand } from '../../src/process/group.js';
import { PROCESS_LIMITS } from '../../src/process/spawn.js';
import { ROOT } from '../../scripts/local-runner.mjs';
import { until } from '../helpers/until.js';
import type { Signals } from '../../src/turn/attempt.js';
import { alive, runnerSignals } from '../helpers/processes.js';

const SCRIPT = path.join(ROOT, 'simulator', 'install.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The stand-in, hanging (`term`: it dies on SIGTERM; `ignore-term`: it does not), as install.ts runs it. */
function hangingInstaller(
  hang: 'term' | 'ignore-term',
  timeoutMs: number,
  signals: Signals,
  graceMs = 50
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-install-group-'));
  dirs.push(dir);
  const pids = path.join(dir, 'pids');
  const lines: string[] = [];
  const done = groupCommand({
    argv: ['bash', '-c', 'exec bash "$0" "$@" 2>&1', SCRIPT, '--non-interactive'],
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      HERMES_STANDIN_HANG: hang,
      HERMES_STANDIN_PIDS: pids
    },
    cwd: dir,
    limit: AbortSignal.timeout(timeoutMs),
    graceMs,
    signals,
    onLine: line => lines.push(line)
  });
  const started = (): Promise<number[]> =>
    until('the installer started', () => fs.existsSync(pids) && fs.readFileSync(pids, 'utf8')).then(
      text => text.trim().split(' ').map(Number)
    );
  return { done, lines, started };
}

describe('the installer’s process group', () => {
  test('defaults: SIGKILL 3 s after SIGTERM', () => {
    expect(PROCESS_LIMITS.groupGraceMs).toBe(3000);
    expect(INSTALL_LIMITS.killGraceMs).toBe(3000);
  });

  test('hangs past its limit, ignoring SIGTERM: timed out, the group killed', async () => {
    const run = hangingInstaller('ignore-term', 200, runnerSignals());
    const pids = await run.started();
    const result = await run.done;
    expect(result).toEqual({ code: null, signal: 'SIGKILL', cancelled: false, timedOut: true });
    expect(run.lines[0]).toMatch(/^→ Cloning /);
    expect(pids.filter(alive)).toEqual([]);
  });

  test('cancelled: SIGTERM ends the script, and its child dies with the group', async () => {
    const signals = runnerSignals();
    // A limit no test could wait out: only the cancellation can end it.
    const run = hangingInstaller('term', 3_600_000, signals);
    const pids = await run.started();
    signals.send('SIGINT');
    const result = await run.done;
    expect(result).toMatchObject({ cancelled: true, timedOut: false });
    expect(pids.filter(alive)).toEqual([]);
  });

  test('a group that ends on SIGTERM is not waited on for the rest of its grace', async () => {
    const signals = runnerSignals();
    // A grace longer than the test's own limit: the run ends because the group did, or the test
    // fails (and the grace still ends, so a failing run does not hang).
    const run = hangingInstaller('term', 3_600_000, signals, 60_000);
    const pids = await run.started();
    signals.send('SIGINT');
    expect(await run.done).toMatchObject({ cancelled: true, signal: 'SIGTERM' });
    expect(pids.filter(alive)).toEqual([]);
  }, 20_000);
});

describe('what the installer leaves behind', () => {
  test('a daemon in a session of its own holding the output does not hold the run past the script', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-install-daemon-'));
    dirs.push(dir);
    const pidFile = path.join(dir, 'daemon');
    const lines: string[] = [];
    // A limit no test could wait out: only the end of the script, and the linger after it, end the run.
    const run = groupCommand({
      argv: ['bash', '-c', `setsid sleep 100000 & echo $! > '${pidFile}'; echo installed`],
      env: { PATH: process.env.PATH },
      cwd: dir,
      limit: AbortSignal.timeout(3_600_000),
      lingerMs: 50,

      signals: runnerSignals(),
      onLine: line => lines.push(line)
    });
    try {
      expect(await run).toMatchObject({ code: 0, cancelled: false, timedOut: false });
      expect(lines).toEqual(['installed']);
    } finally {
      const pid = Number(fs.readFileSync(pidFile, 'utf8'));
      if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 20_000);
});

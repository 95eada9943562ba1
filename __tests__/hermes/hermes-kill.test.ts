/**
 * The Hermes process's kill paths in-process, with real children and short injected limits: a
 * Hermes that ignores SIGINT is killed with its tools, a hanging `--version` is killed, a tool left
 * holding stderr does not hold up the attempt. Each test waits on the child (a line in a file, the
 * attempt's end), never on a time window. The 5 s / 10 s defaults are checked on a fake clock in
 * supervise.test.ts; resilience-run.test.ts checks the grace with a 300 ms limit.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import {
  HERMES_LIMITS,
  probeVersion,
  hermesAttempt,
  type HermesLimits
} from '../../src/hermes/cli.js';
import { childEnv } from '../../src/process/environment.js';
import { LiveLog } from '../../src/publish/log.js';
import { makeRedactor } from '../../src/text/redact.js';
import { cliSettings } from '../helpers/settings.js';
import { until } from '../helpers/until.js';
import type { Signals } from '../../src/turn/attempt.js';
import { alive, runnerSignals } from '../helpers/processes.js';

const SHORT: HermesLimits = {
  cancelGraceMs: 100,
  timeoutGraceMs: 100,
  versionTimeoutMs: 100,
  stderrLingerMs: 100
};

const dirs: string[] = [];
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A stand-in Hermes in sh: `body` after its init event; what it notes goes to `notes`. */
function hermesScript(body: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-kill-'));
  dirs.push(dir);
  const notes = path.join(dir, 'notes');
  const hermes = path.join(dir, 'hermes');
  fs.writeFileSync(
    hermes,
    [
      '#!/bin/sh',
      `trap 'echo SIGINT >> "${notes}"' INT`,
      `echo '{"type": "system", "subtype": "init", "model": "m", "session_id": "s", "timestamp": 1}'`,
      ...body.map(line => line.replaceAll('$NOTES', `"${notes}"`)),
      ''
    ].join('\n'),
    { mode: 0o755 }
  );
  const noted = (): string => (fs.existsSync(notes) ? fs.readFileSync(notes, 'utf8') : '');
  const toolPid = (): number => Number(/^tool (\d+)$/m.exec(noted())?.[1]);
  return { dir, hermes, noted, toolPid };
}

function attempt(
  hermes: string,
  dir: string,
  signals: Signals,
  timeoutMs: number,
  limits: HermesLimits
) {
  const lines: string[] = [];
  const log = new LiveLog(makeRedactor([]), line => lines.push(line));
  const settings = { ...cliSettings(), workingDirectory: dir, timeoutMs };
  const done = hermesAttempt(
    settings,
    hermes,
    path.join(dir, 'out.jsonl'),
    log,
    signals,
    {
      env: childEnv()
    },
    limits
  );
  return { done, lines };
}

/** SIGINT is noted and survived; a tool (a sleep) runs in its process group. */
const IGNORES_SIGINT = ['sleep 3600 &', 'echo "tool $!" >> $NOTES', 'while :; do sleep 1; done'];

describe('a Hermes that ignores SIGINT', () => {
  test('cancelled: interrupted, then killed after the cancel grace, with its tool', async () => {
    const h = hermesScript(IGNORES_SIGINT);
    const signals = runnerSignals();
    const run = attempt(h.hermes, h.dir, signals, 0, SHORT);
    const tool = await until('the tool started', h.toolPid);
    leftovers.push(tool);
    signals.send('SIGINT');
    const { end, turn } = await run.done;
    // Killed, not ended by the SIGINT (whose trap may not have run within so short a grace).
    expect(end).toMatchObject({
      kind: 'process',
      signal: 'SIGKILL',
      cancelled: true,
      timedOut: false
    });
    // Sent SIGKILL with its group; it is gone once the kernel has run the kill, not at kill(2)'s return.
    await until('the tool was killed', () => !alive(tool));
    expect(run.lines).toContain(
      'The job was cancelled: interrupting Hermes so that it writes its result'
    );
    expect(turn.sessionId).toBe('s');
  });

  test('the runner’s SIGTERM: killed at once, without waiting out the grace', async () => {
    const h = hermesScript(IGNORES_SIGINT);
    const signals = runnerSignals();
    // A grace no test could wait out: only the SIGTERM can end this attempt in time.
    const run = attempt(h.hermes, h.dir, signals, 0, { ...SHORT, cancelGraceMs: 3_600_000 });
    leftovers.push(await until('the tool started', h.toolPid));
    signals.send('SIGINT');
    await until('the SIGINT noted', () => /SIGINT/.test(h.noted()));
    signals.send('SIGTERM');
    const { end } = await run.done;
    expect(end).toMatchObject({ signal: 'SIGKILL', cancelled: true });
    await until('the tool was killed', () => !alive(h.toolPid()));
  });

  test('timeout-minutes: interrupted at the limit, killed after the timeout grace', async () => {
    const h = hermesScript(IGNORES_SIGINT);
    // The limit strikes once sh is past its first line (the trap) on any machine that runs tests.
    const run = attempt(h.hermes, h.dir, runnerSignals(), 1000, SHORT);
    const { end } = await run.done;
    leftovers.push(h.toolPid());
    expect(end).toMatchObject({ signal: 'SIGKILL', timedOut: true, cancelled: false });
    await until('the tool was killed', () => !alive(h.toolPid()));
    expect(run.lines).toContain(
      'timeout-minutes reached: interrupting Hermes (killed in 0.1 s if it does not stop)'
    );
  });
});

describe('what a finished Hermes leaves', () => {
  test('a tool holding stderr open ends the attempt after the linger, not when the tool ends', async () => {
    const h = hermesScript(['sleep 3600 &', 'echo "tool $!" >> $NOTES', 'exit 0']);
    const run = attempt(h.hermes, h.dir, runnerSignals(), 0, SHORT);
    const { end } = await run.done;
    const tool = h.toolPid();
    leftovers.push(tool);
    expect(end).toMatchObject({ kind: 'process', exitCode: 0, signal: null });
    // Still running: the attempt ended without it (the isolation's sweep is what ends such tools).
    expect(alive(tool)).toBe(true);
  });
});

describe('hermes --version', () => {
  test('one that hangs is killed at the version timeout: no version, and nothing left running', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-version-'));
    dirs.push(dir);
    const pidFile = path.join(dir, 'pid');
    const hermes = path.join(dir, 'hermes');
    fs.writeFileSync(hermes, `#!/bin/sh\necho $$ > "${pidFile}"\nexec sleep 3600\n`, {
      mode: 0o755
    });
    const version = await probeVersion(hermes, dir, { env: childEnv() }, SHORT);
    expect(version).toBeUndefined();
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    leftovers.push(pid);
    await until('the tool was killed', () => !alive(pid));
  });

  test('the default is 5 s', () => {
    expect(HERMES_LIMITS.versionTimeoutMs).toBe(5000);
  });
});

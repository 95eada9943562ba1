/**
 * An install that times out leaves nothing running (issue 45, point 5): the installer's stand-in
 * here starts what real install scripts start, and what a script that ignores SIGTERM leaves: children
 * that trap TERM, one that forks when it gets TERM, a grandchild whose parent is gone (double fork,
 * still in the group), one that keeps forking, a group of its own in the session (coreutils
 * `timeout`, `set -m`) and daemons in sessions of their own (`setsid`). After the time limit, every
 * one of them is gone, in each of 20 runs. The limit is an AbortSignal the test aborts once the
 * stand-in says it started everything: no run depends on how fast the machine is. Not covered (and
 * not fair to ask): a process that leaves the session and clears its environment too.
 *
 * Linux only (the run's processes are found in /proc): elsewhere skipped with a loud line.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { groupCommand, type GroupRun } from '../../src/process/group.js';
import { runnerSignals } from '../helpers/processes.js';

const linux = process.platform === 'linux';
if (!linux)
  console.warn(
    `!!! SKIPPED: the install timeout's process tree is found in /proc, which ${process.platform} lacks; NOT tested here.`
  );
const describeLinux = linux ? describe : describe.skip;

/** The stand-in's parts, each started by `part <name>`; `ready` once all are. */
const STAND_IN = String.raw`#!/bin/bash
trap '' TERM
for part in "$@"; do
  case "$part" in
    trapping) ( trap '' TERM; exec sleep 1000000 ) & ;;
    forks-on-term) ( trap '( trap "" TERM; exec sleep 1000000 ) &' TERM; while :; do sleep 1; done ) & ;;
    double-fork) ( ( trap '' TERM; exec sleep 1000000 ) & ) & ;;
    fork-loop) ( trap '' TERM; while :; do ( trap '' TERM; exec sleep 1000000 ) & sleep 0.02; done ) & ;;
    own-group) timeout 1000000 sleep 1000000 & ;;
    job-control) set -m; ( trap '' TERM; exec sleep 1000000 ) & set +m ;;
    own-session) setsid sleep 1000000 >/dev/null 2>&1 </dev/null & ;;
    own-session-trapping) setsid bash -c 'trap "" TERM; ( trap "" TERM; exec sleep 1000000 ) & exec sleep 1000000' >/dev/null 2>&1 </dev/null & ;;
  esac
done
echo ready
while :; do wait; done
`;

const ALL = [
  'trapping',
  'forks-on-term',
  'double-fork',
  'fork-loop',
  'own-group',
  'job-control',
  'own-session',
  'own-session-trapping'
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-install-tree-'));
const script = path.join(dir, 'install.sh');
fs.writeFileSync(script, STAND_IN, { mode: 0o755 });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The marks given this file's runs: whatever of them is still alive is ended after each test. */
const marks: string[] = [];
afterEach(() => {
  for (const mark of marks.splice(0)) for (const pid of marked(mark)) kill(pid);
});

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
}

/** The live processes (zombies are dead) whose environment holds TEST_MARK=mark. */
function marked(mark: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'latin1');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z' && `\0${environ}`.includes(`\0TEST_MARK=${mark}\0`))
        found.push(Number(entry));
    } catch {
      // gone since the listing
    }
  }
  return found;
}

/** One install of the stand-in with these parts, out of time once it said `ready`. */
async function timedOut(parts: string[]): Promise<{ result: GroupRun; left: number[] }> {
  const mark = randomBytes(6).toString('hex');
  marks.push(mark);
  const limit = new AbortController();
  const lines: string[] = [];
  const result = await groupCommand({
    argv: ['bash', script, ...parts],
    env: { PATH: process.env.PATH, TEST_MARK: mark },
    cwd: dir,
    limit: limit.signal,
    graceMs: 50,
    lingerMs: 50,
    signals: runnerSignals(),
    onLine: line => {
      lines.push(line);
      if (line === 'ready') limit.abort();
    }
  });
  expect(lines).toContain('ready');
  return { result, left: marked(mark) };
}

describeLinux('an install out of time: nothing it started is left', () => {
  test('was a hole: a process in a group of its own (coreutils timeout) outlived the timeout', async () => {
    const { result, left } = await timedOut(['own-group']);
    expect(result).toMatchObject({ timedOut: true, cancelled: false });
    expect(left).toEqual([]);
  });

  test('was a hole: a job of its own group (set -m) outlived the timeout', async () => {
    expect((await timedOut(['job-control'])).left).toEqual([]);
  });

  test('was a hole: a daemon in a session of its own (setsid) outlived the timeout', async () => {
    expect((await timedOut(['own-session', 'own-session-trapping'])).left).toEqual([]);
  });

  test('the whole tree, 20 times: every run timed out, and none left anything running', async () => {
    const left: number[][] = [];
    for (let run = 0; run < 20; run++) {
      const ended = await timedOut(ALL);
      expect(ended.result).toMatchObject({ code: null, signal: 'SIGKILL', timedOut: true });
      left.push(ended.left);
    }
    expect(left).toEqual(Array.from({ length: 20 }, () => []));
  }, 110_000);

  test('cancelled rather than out of time: the same tree is gone too', async () => {
    const mark = randomBytes(6).toString('hex');
    marks.push(mark);
    const signals = runnerSignals();
    const result = await groupCommand({
      argv: ['bash', script, ...ALL],
      env: { PATH: process.env.PATH, TEST_MARK: mark },
      cwd: dir,
      limit: new AbortController().signal,
      graceMs: 50,
      lingerMs: 50,
      signals,
      onLine: line => {
        if (line === 'ready') signals.send('SIGINT');
      }
    });
    expect(result).toMatchObject({ cancelled: true, timedOut: false });
    expect(marked(mark)).toEqual([]);
  });
});

/**
 * The installer's run (see spawn.ts for why the action spawns with node:child_process): a process
 * group of its own, bounded in time, stopped as a group.
 */
import * as fs from 'node:fs';
import { LineSplitter } from './line-splitter.js';
import { PROCESS_LIMITS, signalGroup, startChild } from './spawn.js';
import type { Signals } from '../run/attempt.js';

/**
 * One spawn of the installer: its own process group, no standard input (it never waits for a
 * prompt), its lines as they come, a time limit and cancellation that stop the whole group — SIGTERM,
 * then SIGKILL after a grace — and bounded memory. Argv, env, cwd, timeout, signal: all it takes.
 */
export interface GroupSpawn {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  timeoutMs: number;
  signals: Signals;
  /** Each line (stdout and stderr together, in order), without its newline. */
  onLine(line: string): void;
  /** From SIGTERM to SIGKILL of the group. */
  graceMs?: number;
  /** After the script exits, how long a process it left (outside its group too) may hold its output open. */
  lingerMs?: number;
}

export interface GroupRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  cancelled: boolean;
  timedOut: boolean;
}

/** A line longer than this is passed on in pieces: a script printing no newline cannot grow memory. */
const MAX_LINE = 64 * 1024;

/** How often a stopped group is looked at while its members have the grace to end. */
const GROUP_POLL_MS = 50;

/** After the group's SIGKILL, the longest wait for the kernel to have ended every member. */
const GROUP_KILL_WAIT_MS = 2000;

/**
 * Whether a process of group `pgid` is alive. A zombie is not: it runs nothing, and one whose
 * parent died waits for pid 1 to reap it, which some containers' init does late. Without /proc
 * (macOS), whether the group can still be signalled.
 */
function groupLives(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Gone since the listing.
    }
    // After the name (which may hold spaces and parentheses): state, ppid, pgrp.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pgrp === String(pgid) && state !== 'Z') return true;
  }
  return false;
}

export function groupCommand({
  argv,
  env,
  cwd,
  timeoutMs,
  signals,
  onLine,
  graceMs = PROCESS_LIMITS.groupGraceMs,
  lingerMs = PROCESS_LIMITS.stderrLingerMs
}: GroupSpawn): Promise<GroupRun> {
  return new Promise((resolve, reject) => {
    const [command = '', ...args] = argv;
    const child = startChild(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    });
    const pgid = child.pid;
    let cancelled = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      if (killTimer) return;
      signalGroup(pgid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(pgid, 'SIGKILL'), graceMs);
    };
    const limit = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const unsubscribe = signals.subscribe(() => {
      cancelled = true;
      stop();
    });

    const splitters = [child.stdout, child.stderr].map(stream => {
      const lines = new LineSplitter(onLine, MAX_LINE);
      stream?.setEncoding('utf8');
      stream?.on('data', (text: string) => lines.push(text));
      return lines;
    });

    const finish = (): void => {
      clearTimeout(limit);
      unsubscribe();
    };
    child.once('error', error => {
      finish();
      clearTimeout(killTimer);
      reject(error);
    });
    // 'close' waits for every holder of the output pipes: a daemon the script left in a session of
    // its own (beyond the group's signals) would hold the step past its limit. Once the script has
    // exited, its output is read a little longer, then no more.
    child.once('exit', () => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, lingerMs).unref();
    });
    child.once('close', (code, signal) => {
      finish();
      splitters.forEach(lines => lines.flush());
      const result = { code, signal, cancelled, timedOut };
      if (!killTimer) return resolve(result);
      clearTimeout(killTimer);
      // Stopped: what of the group outlived its leader gets the grace, and the wait ends as soon as
      // none of it looks alive (a cancelled job's grace is better spent on the upload). The group
      // gets its SIGKILL either way (a process whose main thread exited reads as a zombie while its
      // other threads run), and the run ends only once none of it is alive: a SIGKILL is delivered,
      // not awaited, and a member still there when the step ends would outlive the step.
      let killed = false;
      const poll = setInterval(() => {
        if (pgid === undefined || !groupLives(pgid)) end();
      }, GROUP_POLL_MS);
      const end = (): void => {
        if (!killed) {
          killed = true;
          clearTimeout(kill);
          signalGroup(pgid, 'SIGKILL');
          killTimer = setTimeout(done, GROUP_KILL_WAIT_MS);
        }
        if (pgid === undefined || !groupLives(pgid)) done();
      };
      const done = (): void => {
        clearInterval(poll);
        clearTimeout(killTimer);
        resolve(result);
      };
      const kill = setTimeout(end, graceMs);
      if (pgid === undefined || !groupLives(pgid)) end();
    });
  });
}

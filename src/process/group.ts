/**
 * The installer's run (see spawn.ts for why the action spawns with node:child_process): a session
 * and process group of its own, bounded in time, stopped with everything it started.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { LineSplitter } from './line-splitter.js';
import { PROCESS_LIMITS, signalGroup, startChild } from './spawn.js';
import type { Signals } from '../turn/attempt.js';

/**
 * One spawn of the installer: its own session and process group, no standard input (it never waits
 * for a prompt), its lines as they come, a time limit and cancellation that stop everything it
 * started — SIGTERM, then SIGKILL after a grace — and bounded memory.
 */
export interface GroupSpawn {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The time limit: aborted when the run is out of time (`AbortSignal.timeout(ms)`). */
  limit: AbortSignal;
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

/** How often a stopped run is looked at (and its members signalled again) while they end. */
const GROUP_POLL_MS = 50;

/** After the SIGKILL, the longest wait for the kernel to have ended every member. */
const GROUP_KILL_WAIT_MS = 5000;

/**
 * The variable that marks every process of one run: the installer's environment is inherited by
 * all it starts, also by a daemon that left the session (`setsid`), which no signal to the group or
 * look at the session reaches. The runner ends a job's orphans the same way (RUNNER_TRACKING_ID).
 */
const RUN_MARK = 'HERMES_ACTION_INSTALL_RUN';

/** A process of the run: its pid and its process group. */
interface Member {
  pid: number;
  pgrp: number;
}

/**
 * The live processes of the run whose leader is `leader` (its session and its first group): in
 * that session (a process that made a group of its own, as coreutils' `timeout` does, stays in it),
 * or carrying `mark` in its environment. A zombie is not one: it runs nothing, and one whose parent
 * died waits for pid 1 to reap it, which some containers' init does late. Without /proc (macOS),
 * the group alone, while it can be signalled.
 */
function membersOf(leader: number, mark: string): Member[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    try {
      process.kill(-leader, 0);
      return [{ pid: leader, pgrp: leader }];
    } catch {
      return [];
    }
  }
  const marked = `\0${RUN_MARK}=${mark}\0`;
  const members: Member[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Gone since the listing.
    }
    // After the name (which may hold spaces and parentheses): state, ppid, pgrp, session.
    const [state, , pgrp, session] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') continue;
    const member = { pid: Number(entry), pgrp: Number(pgrp) };
    if (pgrp === String(leader) || session === String(leader)) members.push(member);
    else if (carries(entry, marked)) members.push(member);
  }
  return members;
}

/** Whether the process's environment holds NAME=value (another user's is not read: not one). */
function carries(pid: string, marked: string): boolean {
  try {
    return `\0${fs.readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(marked);
  } catch {
    return false;
  }
}

/**
 * Signals every member of the run: the first group at once (the kernel reaches a member forked
 * meanwhile), then the group of each other member and the member itself. Returns how many were found.
 */
function signalMembers(leader: number, mark: string, signal: NodeJS.Signals): number {
  signalGroup(leader, signal);
  const members = membersOf(leader, mark);
  for (const { pid, pgrp } of members) {
    if (pgrp !== leader && pgrp > 1) signalGroup(pgrp, signal);
    try {
      process.kill(pid, signal);
    } catch {
      // Gone since it was read.
    }
  }
  return members.length;
}

export function groupCommand({
  argv,
  env,
  cwd,
  limit,
  signals,
  onLine,
  graceMs = PROCESS_LIMITS.groupGraceMs,
  lingerMs = PROCESS_LIMITS.stderrLingerMs
}: GroupSpawn): Promise<GroupRun> {
  return new Promise((resolve, reject) => {
    const [command = '', ...args] = argv;
    const mark = randomBytes(8).toString('hex');
    // detached: setsid(), so the leader's pid names both its session and its group.
    const child = startChild(command, args, {
      cwd,
      env: { ...env, [RUN_MARK]: mark },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    });
    const leader = child.pid;
    const signal = (sig: NodeJS.Signals): number =>
      leader === undefined ? 0 : signalMembers(leader, mark, sig);
    const live = (): boolean => leader !== undefined && membersOf(leader, mark).length > 0;
    let cancelled = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      if (killTimer) return;
      signal('SIGTERM');
      killTimer = setTimeout(() => signal('SIGKILL'), graceMs);
    };
    const onLimit = (): void => {
      timedOut = true;
      stop();
    };
    if (limit.aborted) onLimit();
    else limit.addEventListener('abort', onLimit, { once: true });
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
      limit.removeEventListener('abort', onLimit);
      unsubscribe();
    };
    child.once('error', error => {
      finish();
      clearTimeout(killTimer);
      reject(error);
    });
    // 'close' waits for every holder of the output pipes: a daemon the script left in a session of
    // its own would hold the step past its limit. Once the script has exited, its output is read a
    // little longer, then no more.
    child.once('exit', () => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, lingerMs).unref();
    });
    child.once('close', (code, sig) => {
      finish();
      splitters.forEach(lines => lines.flush());
      const result = { code, signal: sig, cancelled, timedOut };
      if (!killTimer) return resolve(result);
      clearTimeout(killTimer);
      // Stopped: what outlived the leader gets the grace, and the wait ends as soon as none of it is
      // alive (a cancelled job's grace is better spent on the upload). Then SIGKILL, again at every
      // look, until none is left: a SIGKILL is delivered, not awaited, a member signalled one by one
      // may fork before it dies, and a member still there when the step ends would outlive the step.
      let killing: NodeJS.Timeout | undefined;
      const poll = setInterval(() => {
        if (killing ? signal('SIGKILL') === 0 : !live()) end();
      }, GROUP_POLL_MS);
      const end = (): void => {
        if (!killing) {
          clearTimeout(kill);
          killing = setTimeout(done, GROUP_KILL_WAIT_MS);
          if (signal('SIGKILL') > 0) return;
        }
        done();
      };
      const done = (): void => {
        clearInterval(poll);
        clearTimeout(killing);
        resolve(result);
      };
      const kill = setTimeout(end, graceMs);
      if (!live()) end();
    });
  });
}

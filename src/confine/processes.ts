/**
 * The agent user's processes, as /proc shows them, and their end: SIGTERM, a grace, SIGKILL until none
 * is left, each sent as that user with `kill -1` (the release's sweep, and the post step's).
 */
import * as fs from 'node:fs';
import { commandSync, type AgentUser } from '../process/spawn.js';
import { systemEnv, systemTool } from './host.js';

export interface SweepLimits {
  /** How long the agent's processes have between SIGTERM and SIGKILL (and SIGKILL to take). */
  graceMs: number;
  /** How often /proc is read while waiting for them to go. */
  pollMs: number;
}

export const SWEEP_LIMITS: Readonly<SweepLimits> = Object.freeze({ graceMs: 2000, pollMs: 25 });

/** The pids of the user's live processes (zombies are already dead), from /proc. */
export function processesOf(uid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
    } catch {
      continue;
    }
    const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (
      uids &&
      (Number(uids[1]) === uid || Number(uids[2]) === uid) &&
      state !== 'Z' &&
      state !== 'X'
    )
      pids.push(Number(entry));
  }
  return pids;
}

/** kill -1 as the agent user: every process of that user at once (kill itself spared). */
export function signalAll(user: AgentUser, signal: 'SIGTERM' | 'SIGKILL'): void {
  commandSync(systemTool('kill') ?? '/bin/kill', [`-${signal.slice(3)}`, '--', '-1'], {
    env: systemEnv(),
    as: user
  });
}

/** Ends every process the agent user has (SIGTERM, a grace, SIGKILL until none is left): how many. */
export async function endAllOf(user: AgentUser, { graceMs, pollMs }: SweepLimits): Promise<number> {
  const { uid } = user;
  const seen = new Set(processesOf(uid));
  const pause = (): Promise<void> => new Promise(resolve => setTimeout(resolve, pollMs));
  // Signalled whatever the scan saw: a process that keeps forking away from its pid can slip
  // past a read of /proc, never past kill -1, which the kernel applies to all the user's at once.
  signalAll(user, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  for (let left = processesOf(uid); left.length > 0; left = processesOf(uid)) {
    left.forEach(pid => seen.add(pid));
    if (Date.now() > deadline) break;
    await pause();
  }
  // Then SIGKILL, again and again while any is left (one round does not end a fork loop).
  const end = Date.now() + graceMs;
  for (;;) {
    signalAll(user, 'SIGKILL');
    const left = processesOf(uid);
    left.forEach(pid => seen.add(pid));
    if (left.length === 0 || Date.now() > end) break;
    await pause();
  }
  return seen.size;
}

/**
 * One spawn of the installer: its own process group, no standard input (it never waits for a
 * prompt), its lines as they come, a time limit and cancellation that stop the whole group — SIGTERM,
 * then SIGKILL after a grace — and bounded memory. Argv, env, cwd, timeout, signal: all it takes.
 */
import { spawn } from 'node:child_process';
import type { Signals } from '../core/attempt.js';

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
}

export interface GroupRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  cancelled: boolean;
  timedOut: boolean;
}

/** A line longer than this is passed on in pieces: a script printing no newline cannot grow memory. */
const MAX_LINE = 64 * 1024;
const GRACE_MS = 3000;

export function runGroup({
  argv,
  env,
  cwd,
  timeoutMs,
  signals,
  onLine,
  graceMs = GRACE_MS
}: GroupSpawn): Promise<GroupRun> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = argv;
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    });
    let cancelled = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
        return true;
      } catch {
        return false; // The group is gone.
      }
    };
    const stop = (): void => {
      if (killTimer) return;
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    };
    const limit = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const unsubscribe = signals.subscribe(() => {
      cancelled = true;
      stop();
    });

    const flushes = [child.stdout, child.stderr].map(stream => {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        const lines = (pending + text).split('\n');
        pending = lines.pop() ?? '';
        while (pending.length > MAX_LINE) {
          lines.push(pending.slice(0, MAX_LINE));
          pending = pending.slice(MAX_LINE);
        }
        lines.forEach(onLine);
      });
      return (): void => {
        if (pending !== '') onLine(pending);
      };
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
    child.once('close', (code, signal) => {
      finish();
      flushes.forEach(flush => flush());
      const result = { code, signal, cancelled, timedOut };
      // Stopped: what of the group outlived its leader gets the rest of the grace, then SIGKILL.
      if (killTimer && signalGroup(0)) {
        clearTimeout(killTimer);
        setTimeout(() => {
          signalGroup('SIGKILL');
          resolve(result);
        }, graceMs);
        return;
      }
      clearTimeout(killTimer);
      resolve(result);
    });
  });
}

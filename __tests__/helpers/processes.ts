/** The runner's signals sent by hand, and whether a process still runs: for tests of the kill paths. */
import * as fs from 'node:fs';
import type { Signals } from '../../src/turn/attempt.js';

export type HandSignals = Signals & {
  send(signal: 'SIGINT' | 'SIGTERM'): void;
  /** How many listeners are subscribed now. */
  readonly listening: number;
};

/** The runner's SIGINT / SIGTERM, sent by the test; `cancelled` when the job was cancelled already. */
export function runnerSignals(cancelled = false): HandSignals {
  const listeners = new Set<(signal: 'SIGINT' | 'SIGTERM') => void>();
  return {
    get cancelled() {
      return cancelled;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    send(signal) {
      cancelled = true;
      listeners.forEach(fn => fn(signal));
    },
    get listening() {
      return listeners.size;
    }
  };
}

/** Whether a process still runs (a killed one may linger as a zombie until it is reaped). */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

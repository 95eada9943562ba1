/**
 * The supervision of one attempt, whatever runs it: timeout-minutes and the runner's cancellation
 * become calls on what stops the turn (SIGINT to Hermes, an aborted request to a server).
 */
import type { Signals } from './attempt.js';

export interface Stoppable {
  /** timeout-minutes reached (not called once the turn has ended on its own). */
  timeout(): void;
  /** The job was cancelled: SIGINT (also when it came before the turn started), then maybe SIGTERM. */
  cancel(signal: 'SIGINT' | 'SIGTERM'): void;
  /** False once the turn has ended: a timeout then changes nothing. */
  readonly running: boolean;
}

export interface Supervision {
  /** Whether timeout-minutes struck while the turn ran. */
  readonly timedOut: boolean;
  /** Stops watching; call when the attempt is over. */
  end(): void;
}

/** Watches the clock (timeoutMs > 0) and the runner's signals for one attempt. */
export function supervise(signals: Signals, timeoutMs: number, turn: Stoppable): Supervision {
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          if (!turn.running) return;
          timedOut = true;
          turn.timeout();
        }, timeoutMs)
      : undefined;
  const unsubscribe = signals.subscribe(signal => turn.cancel(signal));
  // Cancelled before the attempt even started (while the action was starting): at once.
  if (signals.cancelled) turn.cancel('SIGINT');
  return {
    get timedOut() {
      return timedOut;
    },
    end() {
      clearTimeout(timer);
      unsubscribe();
    }
  };
}

/** A process group that can be interrupted and killed: Hermes, as hermesAttempt holds it. */
export interface Signalable {
  readonly running: boolean;
  /** False when the process has already gone. */
  signal(signal: 'SIGINT' | 'SIGKILL'): boolean;
}

export interface Graces {
  /** After timeout-minutes: from SIGINT to SIGKILL. */
  timeoutGraceMs: number;
  /** After the runner's SIGINT: from ours to SIGKILL (the runner's SIGTERM kills at once). */
  cancelGraceMs: number;
}

/**
 * What stops a process that writes its result on SIGINT: SIGINT first, SIGKILL after the grace if it
 * is still there; the runner's SIGTERM kills at once. clear() drops the pending kills.
 */
export function interruptThenKill(
  target: Signalable,
  graces: Graces,
  say: { timeout(): void; cancel(): void }
): Stoppable & { clear(): void } {
  const kills: ReturnType<typeof setTimeout>[] = [];
  const interrupt = (graceMs: number): void => {
    if (target.signal('SIGINT')) kills.push(setTimeout(() => target.signal('SIGKILL'), graceMs));
  };
  return {
    get running() {
      return target.running;
    },
    timeout() {
      say.timeout();
      interrupt(graces.timeoutGraceMs);
    },
    cancel(signal) {
      if (signal === 'SIGTERM') return void target.signal('SIGKILL');
      say.cancel();
      interrupt(graces.cancelGraceMs);
    },
    clear() {
      kills.forEach(clearTimeout);
    }
  };
}

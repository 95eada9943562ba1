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

/**
 * Supervision of one attempt, in-process on jest's fake clock: timeout-minutes and the runner's
 * signals become SIGINT, then SIGKILL after the grace. No test waits: the clock is advanced.
 */
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { HERMES_LIMITS } from '../../src/hermes/cli.js';
import { interruptThenKill, supervise, type Graces } from '../../src/turn/supervise.js';
import type { Signals } from '../../src/turn/attempt.js';
import { runnerSignals } from '../helpers/processes.js';

/** A Hermes that ignores SIGINT: it records what it got, and only SIGKILL (or exit()) ends it. */
function stubbornHermes() {
  const got: { signal: string; at: number }[] = [];
  const hermes = {
    running: true,
    got,
    signal(signal: 'SIGINT' | 'SIGKILL') {
      if (!hermes.running) return false;
      got.push({ signal, at: Date.now() });
      if (signal === 'SIGKILL') hermes.running = false;
      return true;
    },
    exit() {
      hermes.running = false;
    }
  };
  return hermes;
}

const GRACES: Graces = { timeoutGraceMs: 10_000, cancelGraceMs: 5000 };

/** One attempt as hermesAttempt supervises it, with what it noted. */
function attempt(
  signals: Signals,
  timeoutMs: number,
  graces: Graces = GRACES,
  hermes = stubbornHermes()
) {
  const notes: string[] = [];
  const stop = interruptThenKill(hermes, graces, {
    timeout: () => notes.push('timeout'),
    cancel: () => notes.push('cancel')
  });
  const supervision = supervise(signals, timeoutMs, stop);
  const t0 = Date.now();
  const signalsAt = () => hermes.got.map(g => [g.signal, g.at - t0]);
  return { hermes, notes, stop, supervision, signalsAt };
}

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the defaults', () => {
  test('10 s after timeout-minutes, 5 s after the runner’s SIGINT (its SIGTERM comes at 7.5 s)', () => {
    expect(HERMES_LIMITS).toMatchObject({ timeoutGraceMs: 10_000, cancelGraceMs: 5000 });
    expect(HERMES_LIMITS.cancelGraceMs).toBeLessThan(7500);
  });
});

describe('timeout-minutes', () => {
  test('SIGINT at the limit, SIGKILL after the grace, not a millisecond sooner', () => {
    const run = attempt(runnerSignals(), 60_000, HERMES_LIMITS);
    jest.advanceTimersByTime(59_999);
    expect(run.signalsAt()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(run.signalsAt()).toEqual([['SIGINT', 60_000]]);
    expect(run.supervision.timedOut).toBe(true);
    expect(run.notes).toEqual(['timeout']);
    jest.advanceTimersByTime(HERMES_LIMITS.timeoutGraceMs - 1);
    expect(run.signalsAt()).toEqual([['SIGINT', 60_000]]);
    jest.advanceTimersByTime(1);
    expect(run.signalsAt()).toEqual([
      ['SIGINT', 60_000],
      ['SIGKILL', 70_000]
    ]);
  });

  test('a Hermes that stops on SIGINT within the grace gets no SIGKILL', () => {
    const run = attempt(runnerSignals(), 1000);
    jest.advanceTimersByTime(1000);
    run.hermes.exit();
    jest.advanceTimersByTime(60_000);
    expect(run.signalsAt()).toEqual([['SIGINT', 1000]]);
  });

  test('a turn that ended on its own is not timed out; 0 means no limit', () => {
    const ended = attempt(runnerSignals(), 1000);
    ended.hermes.exit();
    jest.advanceTimersByTime(1000);
    expect([ended.supervision.timedOut, ended.notes]).toEqual([false, []]);
    const unlimited = attempt(runnerSignals(), 0);
    jest.advanceTimersByTime(24 * 3_600_000);
    expect([unlimited.supervision.timedOut, unlimited.signalsAt()]).toEqual([false, []]);
  });
});

describe('the runner’s cancellation', () => {
  test('SIGINT: ours at once, SIGKILL after the cancel grace', () => {
    const signals = runnerSignals();
    const run = attempt(signals, 0, { timeoutGraceMs: 10_000, cancelGraceMs: 50 });
    jest.advanceTimersByTime(300);
    signals.send('SIGINT');
    expect(run.signalsAt()).toEqual([['SIGINT', 300]]);
    expect(run.notes).toEqual(['cancel']);
    jest.advanceTimersByTime(50);
    expect(run.signalsAt()).toEqual([
      ['SIGINT', 300],
      ['SIGKILL', 350]
    ]);
    expect(run.supervision.timedOut).toBe(false);
  });

  test('SIGINT then the runner’s SIGTERM: SIGKILL at the SIGTERM, before the grace ends', () => {
    const signals = runnerSignals();
    const run = attempt(signals, 0, HERMES_LIMITS);
    signals.send('SIGINT');
    jest.advanceTimersByTime(2500);
    signals.send('SIGTERM');
    expect(run.signalsAt()).toEqual([
      ['SIGINT', 0],
      ['SIGKILL', 2500]
    ]);
    jest.advanceTimersByTime(60_000);
    expect(run.hermes.got).toHaveLength(2);
  });

  test('cancelled before the attempt started: SIGINT at once, the grace runs from there', () => {
    const run = attempt(runnerSignals(true), 60_000, { timeoutGraceMs: 10_000, cancelGraceMs: 20 });
    expect(run.signalsAt()).toEqual([['SIGINT', 0]]);
    jest.advanceTimersByTime(20);
    expect(run.signalsAt()).toEqual([
      ['SIGINT', 0],
      ['SIGKILL', 20]
    ]);
    // Gone by then: the timeout that follows changes nothing.
    jest.advanceTimersByTime(60_000);
    expect([run.supervision.timedOut, run.hermes.got.length]).toEqual([false, 2]);
  });
});

describe('end()', () => {
  test('stops watching: no timeout, no signal heard, and clear() drops the pending kill', () => {
    const signals = runnerSignals();
    const run = attempt(signals, 1000);
    expect(signals.listening).toBe(1);
    run.supervision.end();
    expect(signals.listening).toBe(0);
    signals.send('SIGINT');
    jest.advanceTimersByTime(60_000);
    expect([run.signalsAt(), run.supervision.timedOut, run.notes]).toEqual([[], false, []]);

    const again = runnerSignals();
    const later = attempt(again, 0);
    again.send('SIGINT');
    later.supervision.end();
    later.stop.clear();
    jest.advanceTimersByTime(60_000);
    expect(later.signalsAt()).toEqual([['SIGINT', 0]]);
    expect(jest.getTimerCount()).toBe(0);
  });
});

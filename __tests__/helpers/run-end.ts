import type { RunEnd } from '../../src/core/verdict.js';

/** How a Hermes process ended: by default, exit 0 with nothing odd; overrides say what differs. */
export function processEnd(overrides: Partial<RunEnd> = {}): RunEnd {
  return {
    kind: 'process',
    exitCode: 0,
    signal: null,
    timedOut: false,
    cancelled: false,
    stderrTail: [],
    hermesPath: 'hermes',
    timeoutMs: 0,
    ...overrides
  };
}

import type { ApiEnd, NotFoundEnd, ProcessEnd, RunEnd } from '../../src/turn/verdict.js';
import { kept } from './kept.js';

/**
 * How a Hermes process ended: by default, exit 0 with nothing odd; overrides say what differs
 * (its stderr lines given as text, kept as the run keeps them: redacted).
 */
export function processEnd(
  overrides: Partial<Omit<ProcessEnd, 'stderrTail'>> & { stderrTail?: string[] } = {}
): ProcessEnd {
  const { stderrTail = [], ...rest } = overrides;
  return {
    kind: 'process',
    exitCode: 0,
    signal: null,
    timedOut: false,
    cancelled: false,
    timeoutMs: 0,
    ...rest,
    stderrTail: stderrTail.map(kept)
  };
}

/** A turn on an API server: by default, its result said exit code 0. */
export function apiEnd(overrides: Partial<ApiEnd> = {}): ApiEnd {
  return {
    kind: 'api',
    exitCode: 0,
    timedOut: false,
    cancelled: false,
    timeoutMs: 0,
    ...overrides
  };
}

/** No Hermes to run. */
export function notFoundEnd(overrides: Partial<NotFoundEnd> = {}): NotFoundEnd {
  return { kind: 'not_found', hermesPath: 'hermes', ...overrides };
}

export const TRANSCRIPT_END: RunEnd = { kind: 'transcript' };

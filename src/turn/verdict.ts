/** The outcome table: how a turn and the way its process ended become one verdict. */
import type { Redacted } from '../text/redact.js';
import { constants } from 'node:os';
import type { Turn } from './turn.js';

export type Outcome =
  | 'success'
  | 'failure'
  | 'interrupted'
  | 'tempfail'
  | 'config_error'
  | 'usage_error'
  | 'no_result'
  | 'not_found'
  | 'timeout'
  | 'not_allowed'
  /** The turn completed, but its answer does not match json-schema (checked by src/schema/check.ts, decided in src/turn/decision.ts). */
  | 'invalid_output'
  /** An input was refused before anything ran (src/steps/plan.ts refuses it, src/steps/build-report.ts reports it). */
  | 'invalid_input'
  /** A `max-*` budget stopped the turn (the gateway refused a call, or the calls, tokens or cost counted after the turn are over; src/turn/budget.ts). */
  | 'budget_exceeded'
  /** `trigger-phrase`: the comment did not ask (src/thread/phrase.ts); nothing ran, the step is green. */
  | 'skipped';

/** How the run ended, seen from outside the stream: one shape per kind of run. */
export type RunEnd = ProcessEnd | NotFoundEnd | TranscriptEnd | ApiEnd;

/** What supervision saw of a turn that ran (see supervise.ts). */
interface Supervised {
  timedOut: boolean;
  cancelled: boolean;
  /** timeout-minutes, in milliseconds (0: none). */
  timeoutMs: number;
}

/** A Hermes CLI process ran (or was spawned and failed to start: exit code 1). */
export interface ProcessEnd extends Supervised {
  kind: 'process';
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines Hermes wrote on stderr, for people (never parsed for meaning). */
  stderrTail: Redacted[];
}

/** No Hermes to run. */
export interface NotFoundEnd {
  kind: 'not_found';
  hermesPath: string;
  /** Why installing Hermes failed, when the action tried. */
  detail?: string;
}

/** An existing transcript was read; nothing ran. */
export interface TranscriptEnd {
  kind: 'transcript';
}

/** The turn ran on an API server. */
export interface ApiEnd extends Supervised {
  kind: 'api';
  /** That of the result event the action wrote for the turn; null without one. */
  exitCode: number | null;
  /** Why the server's stream ended without a terminal event, when it did. */
  detail?: string;
}

export interface Verdict {
  outcome: Outcome;
  /** The code that decided the outcome; absent when nothing ran. */
  exitCode?: number;
  /** One sentence a person understands. */
  message: string;
}

/** Hermes' exit codes with a meaning of their own (any other non-zero code is a failure). */
export const ExitCode = {
  Success: 0,
  Failure: 1,
  Usage: 2,
  TempFail: 75,
  Config: 78,
  Interrupted: 130
} as const;

export const OUTCOME_BY_CODE: Readonly<Record<number, Outcome>> = {
  [ExitCode.Success]: 'success',
  [ExitCode.Failure]: 'failure',
  [ExitCode.Usage]: 'usage_error',
  [ExitCode.TempFail]: 'tempfail',
  [ExitCode.Config]: 'config_error',
  [ExitCode.Interrupted]: 'interrupted'
};

/** Which kind of run a verdict's words are for: the Hermes CLI, an API server, or a transcript read back. */
export type RunMode = 'cli' | 'api' | 'transcript';

/** How each outcome is shown: its icon, its title, and what happened in a sentence (by mode). */
export interface OutcomeWords {
  icon: string;
  /** The title of the summary and the comment, after the icon. */
  title: string;
  /** What happened, before "(exit code N)": the CLI's words, which a transcript (the CLI's stream) shares. */
  what: string;
  /** API server mode's own words, where what failed is the server, not a provider. */
  whatApi?: string;
}

/** The outcome table: every place that names an outcome to a person (verdict, summaries, comment, log) reads it here. */
export const OUTCOMES: Readonly<Record<Outcome, OutcomeWords>> = {
  success: { icon: '✅', title: 'Hermes completed the turn', what: 'Hermes completed the turn' },
  failure: { icon: '❌', title: 'Hermes failed', what: 'Hermes failed' },
  interrupted: { icon: '⏹️', title: 'Hermes was interrupted', what: 'Hermes was interrupted' },
  tempfail: {
    icon: '⏳',
    title: 'Temporary provider failure',
    what: 'Hermes hit a temporary provider failure (EX_TEMPFAIL: rate limit, overload, 5xx, timeout or quota); retry later',
    whatApi:
      'The Hermes API server could not take the turn now (EX_TEMPFAIL: 429, 5xx, a timeout or a refused connection); retry later'
  },
  config_error: {
    icon: '⚙️',
    title: 'Configuration error',
    what: 'Hermes stopped on a configuration error (EX_CONFIG); fix the provider configuration, a retry will not help',
    whatApi:
      'The Hermes API server refused the request (EX_CONFIG); check api-url and api-key, a retry will not help'
  },
  usage_error: {
    icon: '❌',
    title: 'Hermes rejected its arguments',
    what: 'Hermes rejected its arguments'
  },
  no_result: { icon: '❌', title: 'The turn did not complete', what: 'The turn did not complete' },
  not_found: { icon: '❌', title: 'Hermes not found', what: 'Hermes was not found' },
  timeout: { icon: '⌛', title: 'Hermes timed out', what: 'Hermes did not finish in time' },
  not_allowed: {
    icon: '🚫',
    title: 'Not allowed to start the agent',
    what: 'The triggering actor may not start the agent'
  },
  invalid_output: {
    icon: '❌',
    title: 'The answer does not match json-schema',
    what: 'The answer does not match json-schema'
  },
  invalid_input: { icon: '❌', title: 'Invalid input', what: 'An input is invalid' },
  budget_exceeded: {
    icon: '💸',
    title: 'Budget exceeded',
    what: 'A budget of the turn was reached'
  },
  skipped: { icon: '⏭️', title: 'Skipped', what: 'The run was skipped' }
};

/** The icon and title, as the summary's and the comment's heading show them. */
export function titleOf(outcome: Outcome): string {
  return `${OUTCOMES[outcome].icon} ${OUTCOMES[outcome].title}`;
}

/** What happened, in the words of the mode that ran. */
export function whatOf(outcome: Outcome, mode: RunMode): string {
  const words = OUTCOMES[outcome];
  return (mode === 'api' && words.whatApi) || words.what;
}

/** What Hermes says when it has no provider: "isn't configured yet. Run 'hermes setup'…". */
const NOT_CONFIGURED = /\bhermes setup\b|\bisn't configured\b|\bnot configured\b/i;
const NOT_CONFIGURED_HINT =
  'In a workflow there is no "hermes setup": pass the provider\'s key in the step\'s env: ' +
  '(OPENROUTER_API_KEY: ${{ secrets.OPENROUTER_API_KEY }}, or OPENAI_BASE_URL with OPENAI_API_KEY and HERMES_INFERENCE_PROVIDER: openai-api) and choose the model with "model". ' +
  'Where the key is passed already, the secret is empty in this run: not defined in the repository, or a pull request from a fork, which gets no secrets.';

export function verdictOf(turn: Turn, end: RunEnd): Verdict {
  if (end.kind === 'not_found') {
    return {
      outcome: 'not_found',
      message:
        end.detail ??
        `Hermes was not found: "${end.hermesPath}" is not an executable on PATH. ` +
          'Fix "hermes-path", or leave it unset with "install: auto" (the default) or "true" and the action installs Hermes with its install script.'
    };
  }
  const reported = turn.result?.exit_code;
  const processCode = end.kind === 'transcript' ? reported : processExitCode(end);
  const error = turn.result?.error ? `: ${turn.result.error}` : '';
  const stderr = end.kind === 'process' ? lastStderrLine(end.stderrTail) : undefined;
  const signal = end.kind === 'process' ? end.signal : null;
  const ended = signal ? `was killed by ${signal}` : `exited with code ${processCode}`;

  if (end.kind !== 'transcript' && end.timedOut) {
    // To six significant digits: 0.001 must not read as 0, which would mean no limit.
    const minutes = +(end.timeoutMs / 60_000).toPrecision(6);
    return {
      outcome: 'timeout',
      exitCode: processCode ?? reported,
      message:
        `Hermes did not finish within timeout-minutes (${minutes}); it was stopped` +
        (reported !== undefined
          ? ` and reported exit code ${reported}${error}.`
          : ' before it wrote a result event.')
    };
  }
  if (reported === undefined) {
    // A result without a usable exit_code confirms nothing: it counts as no result, said as it is.
    const without = turn.result
      ? `with a result event (line ${turn.result.line}) that has no usable exit_code`
      : 'without a result event';
    if (end.kind === 'api') {
      const why = end.detail ? ` (${end.detail})` : '';
      return {
        outcome: end.cancelled ? 'interrupted' : 'no_result',
        message: `The Hermes API server's stream ended ${without}${why}; the turn did not complete.`
      };
    }
    if (end.kind === 'transcript') {
      return {
        outcome: 'no_result',
        message: `The transcript ends ${without}; the turn did not complete.`
      };
    }
    if (end.cancelled) {
      return {
        outcome: 'interrupted',
        exitCode: processCode,
        message: `The job was cancelled and Hermes ${ended} ${without}.`
      };
    }
    if (processCode === 2 && turn.events === 0) {
      return {
        outcome: 'usage_error',
        exitCode: 2,
        message: `Hermes rejected its arguments (exit code 2)${stderr ? `: ${stderr}` : '.'}`
      };
    }
    // The likely cause of a first failure ("isn't configured yet") is human text on stdout.
    const printed = turn.stdoutText ? ` It printed on stdout: ${turn.stdoutText}` : '';
    // Hermes then says to run `hermes setup`, which a workflow cannot: say what to set instead.
    const setup = NOT_CONFIGURED.test(`${turn.stdoutText ?? ''}\n${stderr ?? ''}`)
      ? ` ${NOT_CONFIGURED_HINT}`
      : '';
    return {
      outcome: 'no_result',
      exitCode: processCode,
      message: `Hermes ${ended} ${without}; the turn did not complete.${printed}${stderr ? ` Its last words on stderr: ${stderr}` : ''}${setup}`
    };
  }

  // The non-zero one wins: a clean result from a process that then failed is no success.
  const code = reported !== 0 ? reported : (processCode ?? reported);
  const outcome = OUTCOME_BY_CODE[code] ?? 'failure';
  const mismatch =
    processCode !== reported
      ? ` The result event said exit_code ${reported}, but the process ${ended}.`
      : '';
  const what = whatOf(outcome, end.kind === 'process' ? 'cli' : end.kind);
  const message =
    outcome === 'success' ? `${what}.` : `${what} (exit code ${code})${error}.${mismatch}`;
  return { outcome, exitCode: code, message };
}

/** Signal numbers: the type lists every signal, the table only the platform's (no SIGINFO on Linux). */
const SIGNALS: Partial<Record<NodeJS.Signals, number>> = constants.signals;

function processExitCode(end: ProcessEnd | ApiEnd): number | undefined {
  if (end.exitCode !== null) return end.exitCode;
  // A shell's convention, so that a signal death is never mistaken for success.
  if (end.kind === 'process' && end.signal) return 128 + (SIGNALS[end.signal] ?? 0);
  return undefined;
}

function lastStderrLine(tail: string[]): string | undefined {
  for (const raw of tail.toReversed()) {
    const line = raw.trim();
    if (line !== '' && !line.startsWith('session_id:')) return line;
  }
  return undefined;
}

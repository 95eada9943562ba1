import { describe, expect, test } from '@jest/globals';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import {
  verdictOf,
  OUTCOME_BY_CODE,
  type ApiEnd,
  type Outcome,
  type RunEnd
} from '../../src/turn/verdict.js';
import { makeRedactor } from '../../src/text/redact.js';
import { apiEnd, notFoundEnd, processEnd, TRANSCRIPT_END } from '../helpers/run-end.js';

const INIT =
  '{"type": "system", "subtype": "init", "model": "nous/hermes-4-70b", "session_id": "20261129_101500_9f8e7d", "timestamp": 1795978843008}';
const TEXT = '{"type": "text", "text": "Working on it.", "timestamp": 1795978843100}';

/** A turn from transcript lines. */
function turnOf(...lines: string[]): Turn {
  const builder = new TurnBuilder();
  lines.forEach((line, i) => builder.add(decodeLine(Buffer.from(line), i + 1), i + 1));
  return builder.finish();
}

/** A turn that ended with a result event carrying this exit code (and error, when given). */
function resulted(code: number, error?: string): Turn {
  const result = {
    type: 'result',
    session_id: '20261129_101500_9f8e7d',
    exit_code: code,
    text: code === 0 ? 'Done.' : '',
    tokens: { input: 10, output: 2, total: 12, cache_read: 0, cache_write: 0 },
    duration_ms: 50,
    ...(error !== undefined && { error }),
    timestamp: 1795978843311
  };
  return turnOf(INIT, TEXT, JSON.stringify(result));
}

const NO_RESULT = turnOf(INIT, TEXT);
const NO_EVENTS = turnOf();

const ended = processEnd;

const STDERR_USAGE = ['Error: --format stream-json requires -q/--query.'];
const STDERR_WITH_SESSION = [
  'Thinking…',
  'provider returned 502',
  '',
  'session_id: 20261129_101500_9f8e7d',
  ''
];

const TEMPFAIL =
  'Hermes hit a temporary provider failure (EX_TEMPFAIL: rate limit, overload, 5xx, timeout or quota); retry later';
const CONFIG =
  'Hermes stopped on a configuration error (EX_CONFIG); fix the provider configuration, a retry will not help';

// [what happened, turn, how the run ended, outcome, exit code, the exact message]
const TABLE: [string, Turn, RunEnd, Outcome, number | undefined, string][] = [
  // result.exit_code 0 and process exit 0
  [
    'result 0, process 0',
    resulted(0),
    ended({ exitCode: 0 }),
    'success',
    0,
    'Hermes completed the turn.'
  ],
  // result.exit_code ≠ 0: by code, with result.error
  [
    'result 1, process 1',
    resulted(1, 'hit the iteration budget'),
    ended({ exitCode: 1 }),
    'failure',
    1,
    'Hermes failed (exit code 1): hit the iteration budget.'
  ],
  [
    'credentials: init then result 1',
    turnOf(
      INIT,
      '{"type": "result", "exit_code": 1, "error": "credentials or agent init failed", "timestamp": 1}'
    ),
    ended({ exitCode: 1 }),
    'failure',
    1,
    'Hermes failed (exit code 1): credentials or agent init failed.'
  ],
  [
    'result 75, process 75',
    resulted(75, 'provider rate-limited'),
    ended({ exitCode: 75 }),
    'tempfail',
    75,
    `${TEMPFAIL} (exit code 75): provider rate-limited.`
  ],
  [
    'result 78, process 78',
    resulted(78, 'no provider configured'),
    ended({ exitCode: 78 }),
    'config_error',
    78,
    `${CONFIG} (exit code 78): no provider configured.`
  ],
  [
    'result 130, process 130 (Ctrl-C)',
    resulted(130, 'Interrupted'),
    ended({ exitCode: 130 }),
    'interrupted',
    130,
    'Hermes was interrupted (exit code 130): Interrupted.'
  ],
  [
    'result 1 without an error field',
    resulted(1),
    ended({ exitCode: 1 }),
    'failure',
    1,
    'Hermes failed (exit code 1).'
  ],
  // an unknown non-zero code is a failure
  [
    'result 3, process 3',
    resulted(3, 'odd'),
    ended({ exitCode: 3 }),
    'failure',
    3,
    'Hermes failed (exit code 3): odd.'
  ],
  // no result event, whatever the process said
  [
    'no result, process 0',
    NO_RESULT,
    ended({ exitCode: 0 }),
    'no_result',
    0,
    'Hermes exited with code 0 without a result event; the turn did not complete.'
  ],
  [
    'no result, process 1, stderr shown (not the session_id line)',
    NO_RESULT,
    ended({ exitCode: 1, stderrTail: STDERR_WITH_SESSION }),
    'no_result',
    1,
    'Hermes exited with code 1 without a result event; the turn did not complete. Its last words on stderr: provider returned 502'
  ],
  [
    'no events at all, human text on stdout, exit 1',
    turnOf("Hermes isn't configured yet. Run `hermes setup`."),
    ended({ exitCode: 1 }),
    'no_result',
    1,
    "Hermes exited with code 1 without a result event; the turn did not complete. It printed on stdout: Hermes isn't configured yet. Run `hermes setup`. " +
      'In a workflow there is no "hermes setup": pass the provider\'s key in the step\'s env: (OPENROUTER_API_KEY: ${{ secrets.OPENROUTER_API_KEY }}, or OPENAI_BASE_URL with OPENAI_API_KEY and HERMES_INFERENCE_PROVIDER: openai-api) and choose the model with "model". ' +
      'Where the key is passed already, the secret is empty in this run: not defined in the repository, or a pull request from a fork, which gets no secrets.'
  ],
  [
    'no result, unknown code 3',
    NO_RESULT,
    ended({ exitCode: 3 }),
    'no_result',
    3,
    'Hermes exited with code 3 without a result event; the turn did not complete.'
  ],
  [
    'no result, process 75',
    NO_RESULT,
    ended({ exitCode: 75 }),
    'no_result',
    75,
    'Hermes exited with code 75 without a result event; the turn did not complete.'
  ],
  [
    'killed by SIGKILL without a result',
    NO_RESULT,
    ended({ exitCode: null, signal: 'SIGKILL' }),
    'no_result',
    137,
    'Hermes was killed by SIGKILL without a result event; the turn did not complete.'
  ],
  [
    'killed by SIGTERM without a result',
    NO_RESULT,
    ended({ exitCode: null, signal: 'SIGTERM' }),
    'no_result',
    143,
    'Hermes was killed by SIGTERM without a result event; the turn did not complete.'
  ],
  // process exit ≠ result.exit_code: the non-zero one wins, both are named
  [
    'result 0, process 1',
    resulted(0),
    ended({ exitCode: 1 }),
    'failure',
    1,
    'Hermes failed (exit code 1). The result event said exit_code 0, but the process exited with code 1.'
  ],
  [
    'result 1, process 0',
    resulted(1, 'partial'),
    ended({ exitCode: 0 }),
    'failure',
    1,
    'Hermes failed (exit code 1): partial. The result event said exit_code 1, but the process exited with code 0.'
  ],
  [
    'result 0, process 75',
    resulted(0),
    ended({ exitCode: 75 }),
    'tempfail',
    75,
    `${TEMPFAIL} (exit code 75). The result event said exit_code 0, but the process exited with code 75.`
  ],
  [
    'result 75, process 1',
    resulted(75, 'overloaded'),
    ended({ exitCode: 1 }),
    'tempfail',
    75,
    `${TEMPFAIL} (exit code 75): overloaded. The result event said exit_code 75, but the process exited with code 1.`
  ],
  [
    'result 0, then killed by SIGKILL',
    resulted(0),
    ended({ exitCode: null, signal: 'SIGKILL' }),
    'failure',
    137,
    'Hermes failed (exit code 137). The result event said exit_code 0, but the process was killed by SIGKILL.'
  ],
  // exit 2 before any event
  [
    'exit 2, no events',
    NO_EVENTS,
    ended({ exitCode: 2, stderrTail: [...STDERR_USAGE, '', 'session_id: 20261129_101500_9f8e7d'] }),
    'usage_error',
    2,
    'Hermes rejected its arguments (exit code 2): Error: --format stream-json requires -q/--query.'
  ],
  [
    'exit 2, no events, one stderr line',
    NO_EVENTS,
    ended({
      exitCode: 2,
      stderrTail: ['  Error: --format stream-json cannot be used with --tui.  ']
    }),
    'usage_error',
    2,
    'Hermes rejected its arguments (exit code 2): Error: --format stream-json cannot be used with --tui.'
  ],
  [
    'exit 2, no events, no stderr',
    NO_EVENTS,
    ended({ exitCode: 2 }),
    'usage_error',
    2,
    'Hermes rejected its arguments (exit code 2).'
  ],
  [
    'exit 2 after events (not a usage error)',
    NO_RESULT,
    ended({ exitCode: 2, stderrTail: STDERR_USAGE }),
    'no_result',
    2,
    'Hermes exited with code 2 without a result event; the turn did not complete. Its last words on stderr: Error: --format stream-json requires -q/--query.'
  ],
  // executable not found
  [
    'not found',
    NO_EVENTS,
    notFoundEnd({ hermesPath: '/opt/hermes/bin/hermes' }),
    'not_found',
    undefined,
    'Hermes was not found: "/opt/hermes/bin/hermes" is not an executable on PATH. Fix "hermes-path", or leave it unset with "install: auto" (the default) or "true" and the action installs Hermes with its install script.'
  ],
  // the action tried to install Hermes, and could not
  [
    'install failed',
    NO_EVENTS,
    notFoundEnd({ detail: 'Installing Hermes v0.22.2 failed: 404.' }),
    'not_found',
    undefined,
    'Installing Hermes v0.22.2 failed: 404.'
  ],
  // timeout-minutes reached
  [
    'timeout, no result, killed',
    NO_RESULT,
    ended({ exitCode: null, signal: 'SIGKILL', timedOut: true, timeoutMs: 90_000 }),
    'timeout',
    137,
    'Hermes did not finish within timeout-minutes (1.5); it was stopped before it wrote a result event.'
  ],
  [
    'timeout under a hundredth of a minute: said as given, never as 0 (no limit)',
    NO_RESULT,
    ended({ exitCode: null, signal: 'SIGKILL', timedOut: true, timeoutMs: 60 }),
    'timeout',
    137,
    'Hermes did not finish within timeout-minutes (0.001); it was stopped before it wrote a result event.'
  ],
  [
    'timeout, result 130 after SIGINT',
    resulted(130, 'Interrupted'),
    ended({ exitCode: 130, timedOut: true, timeoutMs: 600_000 }),
    'timeout',
    130,
    'Hermes did not finish within timeout-minutes (10); it was stopped and reported exit code 130: Interrupted.'
  ],
  [
    'timeout, even with a clean result',
    resulted(0),
    ended({ exitCode: 0, timedOut: true, timeoutMs: 60_000 }),
    'timeout',
    0,
    'Hermes did not finish within timeout-minutes (1); it was stopped and reported exit code 0.'
  ],
  // the job was cancelled
  [
    'cancelled, no result, killed by SIGKILL',
    NO_RESULT,
    ended({ exitCode: null, signal: 'SIGKILL', cancelled: true }),
    'interrupted',
    137,
    'The job was cancelled and Hermes was killed by SIGKILL without a result event.'
  ],
  [
    'cancelled, no result, exited 130',
    NO_RESULT,
    ended({ exitCode: 130, cancelled: true }),
    'interrupted',
    130,
    'The job was cancelled and Hermes exited with code 130 without a result event.'
  ],
  [
    'cancelled, result 130',
    resulted(130, 'Interrupted'),
    ended({ exitCode: 130, cancelled: true }),
    'interrupted',
    130,
    'Hermes was interrupted (exit code 130): Interrupted.'
  ],
  // transcript mode: no process ran
  [
    'transcript with result 0',
    resulted(0),
    TRANSCRIPT_END,
    'success',
    0,
    'Hermes completed the turn.'
  ],
  [
    'transcript with result 78',
    resulted(78, 'bad provider'),
    TRANSCRIPT_END,
    'config_error',
    78,
    `${CONFIG} (exit code 78): bad provider.`
  ],
  [
    'transcript without result',
    NO_RESULT,
    TRANSCRIPT_END,
    'no_result',
    undefined,
    'The transcript ends without a result event; the turn did not complete.'
  ],
  [
    'empty transcript',
    NO_EVENTS,
    TRANSCRIPT_END,
    'no_result',
    undefined,
    'The transcript ends without a result event; the turn did not complete.'
  ]
];

describe('decide: the outcome table', () => {
  test.each(TABLE)('%s', (_name, turn, end, outcome, exitCode, message) => {
    const verdict = verdictOf(turn, end);
    expect(verdict).toEqual({ outcome, exitCode, message });
  });
});

describe('decide: properties of the table', () => {
  test('only a clean result from a clean process (or a clean transcript) is a success', () => {
    for (const [name, turn, end] of TABLE) {
      const verdict = verdictOf(turn, end);
      const clean =
        turn.result?.exit_code === 0 &&
        (end.kind === 'transcript' ||
          (end.kind === 'process' && !end.timedOut && end.exitCode === 0 && end.signal === null));
      expect([name, verdict.outcome === 'success']).toEqual([name, clean]);
    }
  });

  test('every non-success message says what happened in one sentence or two', () => {
    for (const [name, turn, end] of TABLE) {
      const { message } = verdictOf(turn, end);
      expect([name, message.length > 10, /[.:]/.test(message), message.includes('\n')]).toEqual([
        name,
        true,
        true,
        false
      ]);
    }
  });

  test('the codes with a meaning of their own', () => {
    expect(OUTCOME_BY_CODE).toEqual({
      0: 'success',
      1: 'failure',
      2: 'usage_error',
      75: 'tempfail',
      78: 'config_error',
      130: 'interrupted'
    });
  });

  test('stderr is never parsed: the same stderr gives the same outcome as none', () => {
    const stderrTail = ['Error: something', 'exit_code: 0', '{"type": "result", "exit_code": 0}'];
    expect(verdictOf(NO_RESULT, ended({ exitCode: 0, stderrTail })).outcome).toBe('no_result');
    expect(verdictOf(resulted(1), ended({ exitCode: 1, stderrTail })).outcome).toBe('failure');
  });

  test('a second result event: the last one decides', () => {
    const turn = turnOf(
      INIT,
      '{"type": "result", "exit_code": 0, "timestamp": 1}',
      '{"type": "result", "exit_code": 1, "error": "late failure", "timestamp": 2}'
    );
    expect(verdictOf(turn, ended({ exitCode: 1 }))).toEqual({
      outcome: 'failure',
      exitCode: 1,
      message: 'Hermes failed (exit code 1): late failure.'
    });
  });
});

describe('decide: API server mode (kind api), on the same table', () => {
  // exitCode is that of the result event the action wrote, null without one.
  const api = (overrides: Partial<ApiEnd> = {}): RunEnd => apiEnd(overrides);

  test.each<[string, Turn, RunEnd, Outcome, number | undefined, string]>([
    [
      'response.completed',
      resulted(0),
      api({ exitCode: 0 }),
      'success',
      0,
      'Hermes completed the turn.'
    ],
    [
      'response.failed',
      resulted(1, 'the response failed: model overloaded'),
      api({ exitCode: 1 }),
      'failure',
      1,
      'Hermes failed (exit code 1): the response failed: model overloaded.'
    ],
    [
      '429 / 5xx / no connection',
      resulted(75, 'POST /responses: HTTP 429 Too Many Requests'),
      api({ exitCode: 75 }),
      'tempfail',
      75,
      'The Hermes API server could not take the turn now (EX_TEMPFAIL: 429, 5xx, a timeout or a refused connection); retry later (exit code 75): POST /responses: HTTP 429 Too Many Requests.'
    ],
    [
      '401 / 403',
      resulted(78, 'GET /capabilities: HTTP 401 Unauthorized'),
      api({ exitCode: 78 }),
      'config_error',
      78,
      'The Hermes API server refused the request (EX_CONFIG); check api-url and api-key, a retry will not help (exit code 78): GET /capabilities: HTTP 401 Unauthorized.'
    ],
    [
      'cancelled',
      resulted(130, 'Interrupted'),
      api({ exitCode: 130, cancelled: true }),
      'interrupted',
      130,
      'Hermes was interrupted (exit code 130): Interrupted.'
    ],
    [
      'stream cut before response.completed',
      NO_RESULT,
      api({ exitCode: null, detail: 'the connection closed before response.completed' }),
      'no_result',
      undefined,
      "The Hermes API server's stream ended without a result event (the connection closed before response.completed); the turn did not complete."
    ],
    [
      'timeout-minutes',
      resulted(130, 'Interrupted'),
      api({ exitCode: 130, timedOut: true, timeoutMs: 600 }),
      'timeout',
      130,
      'Hermes did not finish within timeout-minutes (0.01); it was stopped and reported exit code 130: Interrupted.'
    ]
  ])('%s → %s', (_what, turn, end, outcome, exitCode, message) => {
    expect(verdictOf(turn, end)).toEqual({
      outcome,
      ...(exitCode !== undefined && { exitCode }),
      message
    });
  });

  test('the CLI rows keep their own words', () => {
    expect(verdictOf(resulted(75), ended({ exitCode: 75 })).message).toBe(
      `${TEMPFAIL} (exit code 75).`
    );
    expect(verdictOf(resulted(78), ended({ exitCode: 78 })).message).toBe(
      `${CONFIG} (exit code 78).`
    );
  });
});

describe('decide: a cause printed on stdout instead of the stream', () => {
  const ended = processEnd;

  test('the first non-JSON line is quoted, before stderr', () => {
    const turn = turnOf('Traceback: provider missing', 'second line', INIT);
    const { message } = verdictOf(turn, ended({ exitCode: 1, stderrTail: ['boom'] }));
    expect(message).toBe(
      'Hermes exited with code 1 without a result event; the turn did not complete. It printed on stdout: Traceback: provider missing Its last words on stderr: boom'
    );
  });

  test('redacted before it is cut to 300 characters, on one line', () => {
    const secret = 'sk-or-v1-' + 'a'.repeat(64);
    const line = `Bad key ${secret}\tthen ${'x'.repeat(1000)}`;
    const builder = new TurnBuilder(makeRedactor([secret]));
    builder.add(decodeLine(Buffer.from(line), 1), 1);
    const turn = builder.finish();
    expect(turn.stdoutText).toHaveLength(300);
    expect(turn.stdoutText).toMatch(/^Bad key \*\*\* then x+…$/);
    expect(verdictOf(turn, ended({ exitCode: 1 })).message).toContain(turn.stdoutText);
  });

  test('a damaged event line ("{…") is not human text: nothing is quoted', () => {
    const turn = turnOf(INIT, '{"type": "text", "text": "cut off');
    expect(turn.stdoutText).toBeUndefined();
    expect(verdictOf(turn, ended({ exitCode: 1 })).message).not.toContain('printed on stdout');
  });

  test('a turn that wrote its result event quotes nothing', () => {
    const turn = turnOf('human text', INIT, TEXT);
    expect(turn.stdoutText).toBe('human text');
    const done = resulted(1, 'failed');
    expect(verdictOf(done, ended({ exitCode: 1 })).message).not.toContain('printed on stdout');
  });
});

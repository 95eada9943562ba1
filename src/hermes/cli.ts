/**
 * The Hermes CLI: argv from settings, the `--version` and `chat --help` probes, and one supervised
 * run.
 */
import * as fs from 'node:fs';
import { messageOf } from '../text/errors.js';
import { clip } from '../text/text.js';
import * as io from '@actions/io';
import { childEnv } from '../process/environment.js';
import { HermesProcess } from '../process/hermes-process.js';
import { PROCESS_LIMITS, commandAsync, type Spawning } from '../process/spawn.js';
import { interruptThenKill, supervise } from '../turn/supervise.js';
import { StreamReader } from '../turn/stream-reader.js';
import { Input } from '../config/inputs.js';
import { openTranscript } from '../config/paths.js';
import type { CliSettings } from '../config/settings.js';
import type { Attempt, RunLog, Signals } from '../turn/attempt.js';
import type { Redacted } from '../text/redact.js';

/** The one place argv is built. Everything after the query is a flag the user asked for. */
export function buildArgv(settings: CliSettings): string[] {
  const argv = ['chat'];
  const query = settings.query;
  // A value that starts with "-" would be read as an option: such a query goes in one word.
  if (query.kind === 'text')
    argv.push(...(query.text.startsWith('-') ? [`--query=${query.text}`] : ['-q', query.text]));
  else
    argv.push(
      ...(query.path.startsWith('-') && query.path !== '-'
        ? [`--query-file=${query.path}`]
        : ['--query-file', query.path])
    );
  argv.push('--format', 'stream-json');
  if (settings.model) argv.push('-m', settings.model);
  if (settings.ignoreUserConfig) argv.push('--ignore-user-config');
  if (settings.ignoreRules) argv.push('--ignore-rules');
  if (settings.worktree) argv.push('--worktree');
  if (settings.checkpoints) argv.push('--checkpoints');
  if (settings.passSessionId) argv.push('--pass-session-id');
  const { maxTurns, runBudgetSeconds } = settings.gateway;
  if (maxTurns !== undefined) argv.push('--max-turns', String(maxTurns));
  if (runBudgetSeconds !== undefined) argv.push('--run-budget', String(runBudgetSeconds));
  argv.push(...settings.args);
  return argv;
}

/** The executable's full path, or undefined when it is not on PATH (or not executable). */
export async function findHermes(hermesPath: string): Promise<string | undefined> {
  const found = await io.which(hermesPath, false);
  return found || undefined;
}

/** The time limits of a Hermes run; a parameter so that tests can shorten them. */
export interface HermesLimits {
  /** The runner sends SIGINT, then SIGTERM 7.5 s later: Hermes gets most of that to write its result. */
  cancelGraceMs: number;
  /** After timeout-minutes, how long Hermes may take to write its result before it is killed. */
  timeoutGraceMs: number;
  /**
   * How long `hermes --version` may take. It runs alongside the chat and is waited for after it: one
   * that hangs is killed rather than holding up the report.
   */
  versionTimeoutMs: number;
  /** After Hermes exits, how long a tool it left holding stderr may keep it open. */
  stderrLingerMs: number;
}

export const HERMES_LIMITS: Readonly<HermesLimits> = Object.freeze({
  cancelGraceMs: 5000,
  timeoutGraceMs: 10_000,
  versionTimeoutMs: 5000,
  stderrLingerMs: PROCESS_LIMITS.stderrLingerMs
});

/**
 * The one `--version` probe: the first line it prints (cut to 200 characters), or why there is none
 * (what it said last on stderr, or how it failed). Used after an install and alongside the turn.
 */
export async function askVersion(
  executable: string,
  options: { cwd?: string; env: NodeJS.ProcessEnv; as?: Spawning['as']; timeoutMs: number }
): Promise<{ version: string } | { why: string }> {
  const { error, stdout, stderr } = await commandAsync(executable, ['--version'], options);
  const line = stdout
    .split(/\r?\n/)
    .find(l => l.trim() !== '')
    ?.trim();
  if (!error && line) return { version: clip(line, 200) };
  const said = stderr.trim().split(/\r?\n/).at(-1);
  return { why: error ? said || error.message : 'it printed nothing' };
}

/** `hermes --version`, or undefined when it says nothing useful. Never fails the run. */
export async function probeVersion(
  executable: string,
  cwd: string,
  spawning: Spawning = { env: childEnv() },
  limits: Pick<HermesLimits, 'versionTimeoutMs'> = HERMES_LIMITS
): Promise<string | undefined> {
  const asked = await askVersion(executable, {
    cwd,
    env: spawning.env,
    as: spawning.as,
    timeoutMs: limits.versionTimeoutMs
  });
  return 'version' in asked ? asked.version : undefined;
}

/** A flag asked for by input, for `hermes chat --help` to confirm. */
interface AskedFlag {
  flag: string;
  input: string;
  value: number;
}

/**
 * The flags asked for by input (`--max-turns`, `--run-budget`), checked against `hermes chat --help`
 * of the Hermes that runs, never guessed from its version: a Hermes that does not list one (or says
 * nothing) is refused as usage_error before it runs, its transcript empty. Undefined: it may run.
 */
export async function refusedChatFlags(
  settings: CliSettings,
  executable: string,
  spawning: Spawning,
  log: RunLog,
  limits: Pick<HermesLimits, 'versionTimeoutMs'> = HERMES_LIMITS
): Promise<Attempt | undefined> {
  const asked = askedFlags(settings);
  if (asked.length === 0) return undefined;
  const { stdout } = await commandAsync(executable, ['chat', '--help'], {
    cwd: settings.workingDirectory,
    env: spawning.env,
    as: spawning.as,
    timeoutMs: limits.versionTimeoutMs
  });
  const unlisted = asked.filter(
    ({ flag }) => !new RegExp(`(^|[\\s\\[,])${flag}\\b`, 'm').test(stdout)
  );
  return unlisted.length > 0 ? refusedFlags(unlisted, settings.jsonlPath, log) : undefined;
}

function askedFlags(settings: CliSettings): AskedFlag[] {
  const { maxTurns, runBudgetSeconds } = settings.gateway;
  return [
    ...(maxTurns !== undefined
      ? [{ flag: '--max-turns', input: Input.MaxTurns, value: maxTurns }]
      : []),
    ...(runBudgetSeconds !== undefined
      ? [{ flag: '--run-budget', input: Input.RunBudget, value: runBudgetSeconds }]
      : [])
  ];
}

/** The attempt of a Hermes that does not list a flag asked for: usage_error, and why. */
function refusedFlags(unlisted: AskedFlag[], jsonlPath: string, log: RunLog): Attempt {
  fs.closeSync(openTranscript(jsonlPath, 'write'));
  const line = (`Input ${unlisted.map(u => `"${u.input}" (${u.value})`).join(' and ')} asks for ` +
    `${unlisted.map(u => u.flag).join(' and ')}, which this Hermes' "hermes chat --help" does not list; ` +
    'remove the input, or run a Hermes that has it.') as Redacted;
  return {
    turn: new StreamReader(log).finish(),
    durationMs: 0,
    end: {
      kind: 'process',
      exitCode: 2,
      signal: null,
      stderrTail: [line],
      timedOut: false,
      cancelled: false,
      timeoutMs: 0
    }
  };
}

/** How many of Hermes' last stderr lines are kept for failure messages. */
const STDERR_TAIL_LINES = 20;

/**
 * One run of Hermes, followed live into the transcript at jsonlPath. A timeout or a cancellation
 * interrupts it (SIGINT, so it can write its result event) and kills it after a grace period.
 */
export async function hermesAttempt(
  settings: CliSettings,
  executable: string,
  jsonlPath: string,
  log: RunLog,
  signals: Signals,
  spawning: Spawning = { env: childEnv() },
  limits: HermesLimits = HERMES_LIMITS
): Promise<Attempt> {
  const started = Date.now();
  const stderrTail: Redacted[] = [];
  // Hermes writes the transcript itself (its stdout is the file); the follower only reads.
  const follower = new StreamReader(log);
  let hermes: HermesProcess;
  try {
    hermes = new HermesProcess({
      executable,
      argv: buildArgv(settings),
      cwd: settings.workingDirectory,
      env: spawning.env,
      as: spawning.as,
      afterExit: spawning.sweep && (() => spawning.sweep?.() ?? Promise.resolve()),
      transcriptPath: jsonlPath,
      stderrLingerMs: limits.stderrLingerMs,
      onStdout: chunk => follower.push(chunk),
      onProblem: message => follower.anomaly(message),
      redact: log.redact,
      // Redacted as it comes in: the log and the summary take it as it is kept.
      onStderrLine: raw => {
        const line = log.redact(raw);
        log.stderr(line);
        stderrTail.push(line);
        if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
      }
    });
  } catch (error) {
    // Refused before it ran (E2BIG: an argument over 128 KiB, a prompt and a schema say): a failed
    // attempt like any other, so that the outputs, the summary and the transcript are still written.
    const why = messageOf(error);
    log.note(`Hermes could not be started: ${why}`);
    return {
      turn: follower.finish(),
      durationMs: Date.now() - started,
      end: {
        kind: 'process',
        exitCode: 1,
        signal: null,
        timedOut: false,
        cancelled: signals.cancelled,
        stderrTail: [log.redact(`Hermes could not be started: ${why}`)],
        timeoutMs: settings.timeoutMs
      }
    };
  }
  // SIGINT, so that Hermes can write its result event; a kill after the grace period.
  const stop = interruptThenKill(hermes, limits, {
    timeout: () =>
      log.note(
        `timeout-minutes reached: interrupting Hermes (killed in ${limits.timeoutGraceMs / 1000} s if it does not stop)`
      ),
    cancel: () =>
      log.note('The job was cancelled: interrupting Hermes so that it writes its result')
  });
  const supervision = supervise(signals, settings.timeoutMs, stop);
  const result = await hermes.done;
  supervision.end();
  stop.clear();
  const turn = follower.finish();
  const notFound = (result.spawnError as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  if (result.spawnError && !notFound)
    log.note(`Hermes could not be started: ${result.spawnError.message}`);
  return {
    turn,
    durationMs: Date.now() - started,
    end: notFound
      ? { kind: 'not_found', hermesPath: settings.hermesPath }
      : {
          kind: 'process',
          exitCode: result.spawnError ? 1 : result.exitCode,
          signal: result.signal,
          timedOut: supervision.timedOut,
          cancelled: signals.cancelled,
          stderrTail,
          timeoutMs: settings.timeoutMs
        }
  };
}

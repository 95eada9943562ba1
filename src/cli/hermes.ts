/** The Hermes CLI: argv from settings, the version probe, and one supervised run. */
import { messageOf } from '../text/errors.js';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import * as io from '@actions/io';
import { captureStdout } from './capture.js';
import { childEnv } from './environment.js';
import { supervise } from '../core/supervise.js';
import { Follower } from '../core/follow.js';
import type { CliSettings } from '../config/settings.js';
import type { Attempt, RunLog, Signals } from '../core/attempt.js';
import type { Redacted, Redactor } from '../text/redact.js';
import { cutPoint } from '../text/text.js';

/** The one place argv is built. Everything after the query is a flag the user asked for. */
export function buildArgv(settings: CliSettings): string[] {
  const argv = ['chat'];
  const query = settings.query;
  // A value that starts with "-" would be read as an option: such a query goes in one word.
  if (query?.kind === 'text')
    argv.push(...(query.text.startsWith('-') ? [`--query=${query.text}`] : ['-q', query.text]));
  else if (query?.kind === 'file')
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
  argv.push(...settings.args);
  return argv;
}

/** The executable's full path, or undefined when it is not on PATH (or not executable). */
export async function findHermes(hermesPath: string): Promise<string | undefined> {
  const found = await io.which(hermesPath, false);
  return found || undefined;
}

/**
 * How long `hermes --version` may take. It runs alongside the chat and is waited for after it: one
 * that hangs is killed rather than holding up the report (@actions/exec has no timeout, hence execFile).
 */
const VERSION_TIMEOUT_MS = 5000;

/** `hermes --version`, or undefined when it says nothing useful. Never fails the run. */
export function probeVersion(executable: string, cwd: string): Promise<string | undefined> {
  return new Promise(resolve => {
    execFile(
      executable,
      ['--version'],
      {
        cwd,
        env: childEnv(),
        encoding: 'utf8',
        timeout: VERSION_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024,
        windowsHide: true
      },
      (error, stdout) => {
        const line = stdout.split(/\r?\n/).find(l => l.trim() !== '');
        resolve(!error && line ? line.trim().slice(0, 200) : undefined);
      }
    );
  });
}

const STDERR_LINGER_MS = 5000;
/** How many of Hermes' last stderr lines are kept for failure messages. */
const STDERR_TAIL_LINES = 20;
/** The longest piece of a stderr line without end that is held before it is passed on. */
const STDERR_PIECE_CHARS = 8192;

export interface RunOptions {
  executable: string;
  argv: string[];
  cwd: string;
  /** Hermes' stdout ends up in this file; onStdout gets its bytes as they land. */
  transcriptPath: string;
  onStdout(chunk: Buffer): void;
  onStderrLine(line: string): void;
  /** What a long stderr line is redacted with before it is cut into pieces. */
  redact: Redactor;
  /** Trouble keeping the transcript (the stream itself is still read). */
  onProblem(message: string): void;
}

export interface RunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when spawning failed (e.g. ENOENT); the process never ran. */
  spawnError?: Error;
}

/**
 * A running Hermes. It gets its own process group, so that an interrupt or a kill reaches the
 * tools it started as well, the way Ctrl-C in a terminal does.
 */
export class HermesProcess {
  readonly done: Promise<RunResult>;
  private readonly pid: number | undefined;
  private exited = false;
  private processExited = false;

  constructor(options: RunOptions) {
    // stdout goes to the transcript (see capture.ts) and is read as it lands.
    const capture = captureStdout(options.transcriptPath, options.onStdout, options.onProblem);
    let child: ChildProcess;
    try {
      child = spawn(options.executable, options.argv, {
        cwd: options.cwd,
        env: childEnv(),
        stdio: ['ignore', capture.fd, 'pipe'],
        detached: true,
        shell: false
      });
    } catch (error) {
      // Thrown, not emitted (E2BIG for an argument list too long, say): nothing is left open.
      capture.close();
      throw error;
    }
    capture.spawned();
    this.pid = child.pid;
    const stderr = child.stderr as Readable; // a pipe, as asked for above
    let pendingErr = '';
    stderr.setEncoding('utf8');
    stderr.on('data', (text: string) => {
      // The transcript first: the log keeps the order in which Hermes wrote to its two outputs.
      capture.catchUp();
      pendingErr += text;
      const lines = pendingErr.split('\n');
      pendingErr = lines.pop() ?? '';
      for (const line of lines) options.onStderrLine(line.replace(/\r$/, ''));
      // A stderr "line" without end stays bounded: redacted, then cut (at a blank where it can be).
      while (pendingErr.length > STDERR_PIECE_CHARS) {
        const clean = options.redact(pendingErr);
        const cut = cutPoint(clean, STDERR_PIECE_CHARS);
        options.onStderrLine(clean.slice(0, cut));
        pendingErr = clean.slice(cut);
      }
    });
    this.done = new Promise(resolve => {
      child.once('error', error => {
        this.exited = true;
        capture.close();
        resolve({ exitCode: null, signal: null, spawnError: error });
      });
      // A tool Hermes left running may hold stderr open: after Hermes exits, wait a little, then stop reading.
      child.once('exit', () => {
        // Hermes is gone: no timeout can strike while stderr drains (its group can still be signalled).
        this.processExited = true;
        setTimeout(() => stderr.destroy(), STDERR_LINGER_MS).unref();
      });
      // 'close' comes after the exit and the end of stderr; the transcript is then read to its end.
      child.once('close', (exitCode, signal) => {
        this.exited = true;
        capture.close();
        if (pendingErr !== '') options.onStderrLine(pendingErr);
        resolve({ exitCode, signal });
      });
    });
  }

  get running(): boolean {
    return !this.processExited;
  }

  /** Sends a signal to Hermes' whole process group; false when it has already gone. */
  signal(signal: NodeJS.Signals): boolean {
    if (this.exited || this.pid === undefined) return false;
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

/** The runner sends SIGINT, then SIGTERM 7.5 s later: Hermes gets most of that to write its result. */
export const CANCEL_GRACE_MS = 5000;
/** After timeout-minutes, how long Hermes may take to write its result before it is killed. */
export const TIMEOUT_GRACE_MS = 10_000;

/**
 * One run of Hermes, followed live into the transcript at jsonlPath. A timeout or a cancellation
 * interrupts it (SIGINT, so it can write its result event) and kills it after a grace period.
 */
export async function runAttempt(
  settings: CliSettings,
  executable: string,
  jsonlPath: string,
  log: RunLog,
  signals: Signals
): Promise<Attempt> {
  const started = Date.now();
  const stderrTail: Redacted[] = [];
  // Hermes writes the transcript itself (its stdout is the file); the follower only reads.
  const follower = new Follower(log);
  let hermes: HermesProcess;
  try {
    hermes = new HermesProcess({
      executable,
      argv: buildArgv(settings),
      cwd: settings.workingDirectory,
      transcriptPath: jsonlPath,
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
  const kills: NodeJS.Timeout[] = [];
  const interrupt = (graceMs: number): void => {
    if (hermes.signal('SIGINT')) kills.push(setTimeout(() => hermes.signal('SIGKILL'), graceMs));
  };
  const supervision = supervise(signals, settings.timeoutMs, {
    get running() {
      return hermes.running;
    },
    timeout() {
      log.note(
        `timeout-minutes reached: interrupting Hermes (killed in ${TIMEOUT_GRACE_MS / 1000} s if it does not stop)`
      );
      interrupt(TIMEOUT_GRACE_MS);
    },
    cancel(signal) {
      if (signal === 'SIGTERM') return void hermes.signal('SIGKILL');
      log.note('The job was cancelled: interrupting Hermes so that it writes its result');
      interrupt(CANCEL_GRACE_MS);
    }
  });
  const result = await hermes.done;
  supervision.end();
  kills.forEach(clearTimeout);
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

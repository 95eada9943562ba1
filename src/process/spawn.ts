/**
 * Every process the action starts for the CLI: Hermes, its version probe, `mkfifo`, and the
 * commands that set up and end the agent's isolation. Here alone are argv, the environment, the
 * user, the process group, the stdout descriptor, the reading of lines, timeouts and signals.
 *
 * Why `node:child_process` and not `@actions/exec`: exec gives no process group (an interrupt must
 * reach the tools Hermes started, as Ctrl-C does), no handle to signal (the runner's cancel must be
 * passed on), and no timeout (a probe that hangs must not hold up the report).
 *
 * Running as the agent user (an `AgentUser`, see isolation.ts): the command is wrapped in
 * `setpriv --reuid --regid --clear-groups --no-new-privs`, behind `sudo -n -E` when the action is
 * not root. setpriv rather than spawn({uid, gid}): the same wrapper serves root and sudo, it drops
 * the supplementary groups, and no-new-privs makes setuid programs (sudo, su) powerless for the
 * agent and all it starts.
 *
 * API for other spawns (the installer, `hermes sessions export`):
 * - `runCommand(file, args, { cwd, env, timeoutMs, as })` runs to the end and gives stdout/stderr;
 * - `runSync(file, args, { env, as })` for short commands (mkfifo);
 * - `new HermesProcess({ ..., as })` for a long run with its stdout on a descriptor and stderr by line;
 * - `wrap(file, args, as)` is the argv that runs as `as` (undefined: as the action's own user);
 * - `runGroup({ argv, env, cwd, timeoutMs, signals, onLine })` runs the installer in a process group of
 *   its own, bounded: SIGTERM then SIGKILL to the group at the limit or on cancellation;
 * - `startPiped(file, args, { env, cwd, timeoutMs, signal })` starts a command fed on its stdin as
 *   bytes arrive (`tar -x` of a restored cache), bounded, stopped at once on failure.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { captureStdout } from './capture.js';
import type { Signals } from '../run/attempt.js';
import type { Redactor } from '../text/redact.js';
import { cutRedacted } from '../text/text.js';

/** The dedicated user Hermes runs as, and how the action becomes it. */
export interface AgentUser {
  name: string;
  uid: number;
  gid: number;
  /** How the action switches to it: it is root, or the runner user has passwordless sudo. */
  via: 'root' | 'sudo';
  /** Absolute paths of the helpers, found once (sudo's secure_path would hide PATH). */
  setpriv: string;
  sudo?: string;
}

/** argv that runs `file args` as `as` (or unchanged), with `env`: [file, args]. */
export function wrap(
  file: string,
  args: string[],
  as: AgentUser | undefined,
  env: NodeJS.ProcessEnv
): [string, string[]] {
  if (!as) return [file, args];
  const drop = [`--reuid=${as.uid}`, `--regid=${as.gid}`, '--clear-groups', '--no-new-privs', '--'];
  if (as.via === 'root') return [as.setpriv, [...drop, file, ...args]];
  // -E keeps the environment the action chose; PATH is given again, as sudo's secure_path replaces it.
  const path = env.PATH === undefined ? [] : [`PATH=${env.PATH}`];
  return [
    as.sudo ?? 'sudo',
    ['-n', '-E', '--', as.setpriv, ...drop, '/usr/bin/env', ...path, file, ...args]
  ];
}

/** A privileged command (chown, useradd, kill) as root: itself when root, else through `sudo -n`. */
export function privileged(
  file: string,
  args: string[],
  via: 'root' | 'sudo',
  sudo = 'sudo'
): [string, string[]] {
  return via === 'root' ? [file, args] : [sudo, ['-n', '--', file, ...args]];
}

export interface SyncResult {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

/** Runs a short command to its end, without a shell or standard input. */
export function runSync(
  file: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; as?: AgentUser; cwd?: string; timeoutMs?: number }
): SyncResult {
  const [command, argv] = wrap(file, args, options.as, options.env);
  const result = spawnSync(command, argv, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
    maxBuffer: 1024 * 1024
  });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    error: result.error
  };
}

/** Runs a command to its end (killed after timeoutMs), as runSync does but without blocking. */
export function runCommand(
  file: string,
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs: number; as?: AgentUser }
): Promise<{ error: Error | null; stdout: string; stderr: string }> {
  const [command, argv] = wrap(file, args, options.as, options.env);
  return new Promise(resolve => {
    execFile(
      command,
      argv,
      {
        cwd: options.cwd,
        env: options.env,
        encoding: 'utf8',
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024,
        windowsHide: true
      },
      (error, stdout, stderr) => resolve({ error, stdout, stderr })
    );
  });
}

/**
 * Runs a command to its end with its stdout written straight into `stdoutPath` (opened by the action,
 * handed on as a descriptor, so a command running as the agent user writes a file in a folder that
 * user cannot open), killed after timeoutMs; stderr is kept, bounded, for the message.
 */
export function runToFile(
  file: string,
  args: string[],
  options: {
    cwd?: string;
    env: NodeJS.ProcessEnv;
    timeoutMs: number;
    as?: AgentUser;
    stdoutPath: string;
  }
): Promise<{ exitCode: number | null; timedOut: boolean; stderr: string; error?: Error }> {
  const [command, argv] = wrap(file, args, options.as, options.env);
  return new Promise(resolve => {
    let stderr = '';
    let timedOut = false;
    let child: ChildProcess;
    let fd: number;
    try {
      // wx: a file (or a link) planted at the path since it was cleared is refused, not followed.
      fd = fs.openSync(options.stdoutPath, 'wx', 0o600);
    } catch (error) {
      return resolve({ exitCode: null, timedOut, stderr, error: error as Error });
    }
    try {
      child = spawn(command, argv, {
        cwd: options.cwd,
        env: options.env,
        stdio: ['ignore', fd, 'pipe'],
        shell: false,
        windowsHide: true
      });
    } catch (error) {
      fs.closeSync(fd);
      return resolve({ exitCode: null, timedOut, stderr, error: error as Error });
    }
    fs.closeSync(fd);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (stderr.length < 64 * 1024) stderr += text;
    });
    child.on('error', error => {
      clearTimeout(timer);
      resolve({ exitCode: null, timedOut, stderr, error });
    });
    // On exit, not close: a process it left behind may hold stderr open (the sweep ends it later).
    child.on('exit', code => {
      clearTimeout(timer);
      child.stderr?.destroy();
      resolve({ exitCode: code, timedOut, stderr });
    });
  });
}

/** Who a spawn runs as, with which environment, and what ends what it left behind. */
export interface Spawning {
  /** undefined: the action's own user. */
  as?: AgentUser;
  env: NodeJS.ProcessEnv;
  /** Ends every process the agent user still has; resolves once none is left. */
  sweep?(): Promise<void>;
}

/** The time limits of the spawns here; each is also an option, so that tests can shorten it. */
export const PROCESS_LIMITS = Object.freeze({
  /** After Hermes exits, how long a tool it left holding stderr may keep it open. */
  stderrLingerMs: 5000,
  /** The installer's group: from SIGTERM to SIGKILL. */
  groupGraceMs: 3000
});
/** The longest piece of a stderr line without end that is held before it is passed on. */
const STDERR_PIECE_CHARS = 8192;

export interface ProcessOptions {
  executable: string;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Run as the agent user; undefined: as the action's user. */
  as?: AgentUser;
  /** Hermes' stdout ends up in this file; onStdout gets its bytes as they land. */
  transcriptPath: string;
  onStdout(chunk: Buffer): void;
  onStderrLine(line: string): void;
  /** What a long stderr line is redacted with before it is cut into pieces. */
  redact: Redactor;
  /** Trouble keeping the transcript (the stream itself is still read). */
  onProblem(message: string): void;
  /**
   * Called once the process has exited, before the rest of its output is read: what it left
   * running is ended here (the isolation's sweep). The run is done only when this has resolved.
   */
  afterExit?(): Promise<void>;
  /** Default PROCESS_LIMITS.stderrLingerMs. */
  stderrLingerMs?: number;
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
  private readonly as: AgentUser | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private exited = false;
  private processExited = false;

  constructor(options: ProcessOptions) {
    this.as = options.as;
    this.env = options.env;
    // stdout goes to the transcript (see capture.ts) and is read as it lands.
    const capture = captureStdout(options.transcriptPath, options.onStdout, options.onProblem);
    const [command, argv] = wrap(options.executable, options.argv, options.as, options.env);
    let child: ChildProcess;
    try {
      child = spawn(command, argv, {
        cwd: options.cwd,
        env: options.env,
        // Only this descriptor of the action's is handed on: the agent writes its stdout, nothing else.
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
      const { pieces, rest } = cutRedacted(pendingErr, options.redact, STDERR_PIECE_CHARS);
      pieces.forEach(piece => options.onStderrLine(piece));
      pendingErr = rest;
    });
    let swept: Promise<void> = Promise.resolve();
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
        if (options.afterExit) swept = options.afterExit();
        setTimeout(
          () => stderr.destroy(),
          options.stderrLingerMs ?? PROCESS_LIMITS.stderrLingerMs
        ).unref();
      });
      // 'close' comes after the exit and the end of stderr; the transcript is then read to its end.
      child.once('close', (exitCode, signal) => {
        void swept.then(() => {
          this.exited = true;
          capture.close();
          if (pendingErr !== '') options.onStderrLine(pendingErr);
          resolve({ exitCode, signal });
        });
      });
    });
  }

  get running(): boolean {
    return !this.processExited;
  }

  /** Sends a signal to Hermes' whole process group; false when it has already gone. */
  signal(signal: NodeJS.Signals): boolean {
    if (this.exited || this.pid === undefined) return false;
    if (this.as?.via === 'sudo') {
      // Not root: the agent user signals its own processes, all of them (sudo may not share its group).
      const sent = runSync('kill', ['-s', signal.replace(/^SIG/, ''), '--', '-1'], {
        env: this.env,
        as: this.as,
        timeoutMs: 10_000
      });
      return sent.status === 0;
    }
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * One spawn of the installer: its own process group, no standard input (it never waits for a
 * prompt), its lines as they come, a time limit and cancellation that stop the whole group — SIGTERM,
 * then SIGKILL after a grace — and bounded memory. Argv, env, cwd, timeout, signal: all it takes.
 */
export interface GroupSpawn {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  timeoutMs: number;
  signals: Signals;
  /** Each line (stdout and stderr together, in order), without its newline. */
  onLine(line: string): void;
  /** From SIGTERM to SIGKILL of the group. */
  graceMs?: number;
}

export interface GroupRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  cancelled: boolean;
  timedOut: boolean;
}

/** A line longer than this is passed on in pieces: a script printing no newline cannot grow memory. */
const MAX_LINE = 64 * 1024;

/** How often a stopped group is looked at while its members have the grace to end. */
const GROUP_POLL_MS = 50;

/**
 * Whether a process of group `pgid` is alive. A zombie is not: it runs nothing, and one whose
 * parent died waits for pid 1 to reap it, which some containers' init does late. Without /proc
 * (macOS), whether the group can still be signalled.
 */
function groupLives(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Gone since the listing.
    }
    // After the name (which may hold spaces and parentheses): state, ppid, pgrp.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pgrp === String(pgid) && state !== 'Z') return true;
  }
  return false;
}

export function runGroup({
  argv,
  env,
  cwd,
  timeoutMs,
  signals,
  onLine,
  graceMs = PROCESS_LIMITS.groupGraceMs
}: GroupSpawn): Promise<GroupRun> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = argv;
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    });
    let cancelled = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const signalGroup = (signal: NodeJS.Signals): boolean => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
        return true;
      } catch {
        return false; // The group is gone.
      }
    };
    const stop = (): void => {
      if (killTimer) return;
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    };
    const limit = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const unsubscribe = signals.subscribe(() => {
      cancelled = true;
      stop();
    });

    const flushes = [child.stdout, child.stderr].map(stream => {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        const lines = (pending + text).split('\n');
        pending = lines.pop() ?? '';
        while (pending.length > MAX_LINE) {
          lines.push(pending.slice(0, MAX_LINE));
          pending = pending.slice(MAX_LINE);
        }
        lines.forEach(onLine);
      });
      return (): void => {
        if (pending !== '') onLine(pending);
      };
    });

    const finish = (): void => {
      clearTimeout(limit);
      unsubscribe();
    };
    child.once('error', error => {
      finish();
      clearTimeout(killTimer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      finish();
      flushes.forEach(flush => flush());
      const result = { code, signal, cancelled, timedOut };
      if (!killTimer) return resolve(result);
      clearTimeout(killTimer);
      // Stopped: what of the group outlived its leader gets the grace, and the wait ends as soon as
      // none of it looks alive (a cancelled job's grace is better spent on the upload). The group
      // gets its SIGKILL either way: a process whose main thread exited reads as a zombie while
      // its other threads run.
      const end = (): void => {
        clearInterval(poll);
        clearTimeout(kill);
        signalGroup('SIGKILL');
        resolve(result);
      };
      const pgid = child.pid;
      const poll = setInterval(() => {
        if (pgid === undefined || !groupLives(pgid)) end();
      }, GROUP_POLL_MS);
      const kill = setTimeout(end, graceMs);
      if (pgid === undefined || !groupLives(pgid)) end();
    });
  });
}

/** A command fed on its stdin while it runs. */
export interface Piped {
  stdin: Writable;
  /** Resolves once it exited 0; rejects naming the command, how it ended and its last stderr. */
  done: Promise<void>;
  /** Ends it now (SIGKILL); what it wrote is the caller's to remove. */
  stop(): void;
}

/** How much of a piped command's stderr an error quotes: its end, where the reason is. */
const STDERR_TAIL_CHARS = 2000;

/**
 * Starts `file args` with its stdin a pipe the caller writes, its stdout ignored, its stderr kept as a
 * bounded tail; killed past timeoutMs or when signal aborts. `done` rejects on any of those.
 */
export function startPiped(
  file: string,
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal?: AbortSignal }
): Piped {
  const child = spawn(file, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'ignore', 'pipe'],
    shell: false
  });
  let stderr = '';
  let ended: string | undefined;
  const stop = (why: string): void => {
    ended ??= why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(
    () => stop(`did not finish within ${options.timeoutMs / 1000} s`),
    options.timeoutMs
  );
  const onAbort = (): void => stop('was cancelled');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL_CHARS);
  });
  // A reader that is gone (the command died) is reported by done, not as an unhandled error.
  child.stdin?.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', error => {
      finish();
      reject(new Error(`${file} could not be started: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      finish();
      if (code === 0 && !ended) return resolve();
      const how = ended ?? (code === null ? `was killed by ${signal}` : `exited with code ${code}`);
      const said = stderr.trim();
      reject(new Error(`${file} ${args[0] ?? ''} ${how}${said ? `: ${said}` : ''}`));
    });
  });
  return { stdin: child.stdin as Writable, done, stop: () => stop('was stopped') };
}

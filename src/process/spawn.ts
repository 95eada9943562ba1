/**
 * Every process the action starts: Hermes, its version probe, the installer, `tar`, `mkfifo`, and the
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
 * Here: `startChild` (the one asynchronous spawn: Hermes in hermes-process.ts, the installer's
 * group in group.ts, `startPiped` and `commandToFile` below), `commandSync` and `commandAsync` for short
 * commands run to their end (mkfifo, useradd, a version probe), `wrap` (the argv that runs as `as`),
 * `signalGroup` (the one way a process group is signalled).
 */
import {
  execFile,
  spawn,
  spawnSync,
  type ChildProcess,
  type SpawnOptions,
  type SpawnSyncReturns
} from 'node:child_process';
import * as fs from 'node:fs';
import type { Writable } from 'node:stream';

export type { ChildProcess } from 'node:child_process';

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

/** spawnSync's result as it is: stdout and stderr are null where the command could not be started. */
type Started<T> = Omit<SpawnSyncReturns<T>, 'stdout' | 'stderr'> & {
  stdout: T | null;
  stderr: T | null;
};

/** Runs a short command to its end, without a shell or standard input. */
export function commandSync(
  file: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; as?: AgentUser; cwd?: string; timeoutMs?: number }
): SyncResult {
  const [command, argv] = wrap(file, args, options.as, options.env);
  const result: Started<string> = spawnSync(command, argv, {
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

/** Runs a command to its end (killed after timeoutMs), as commandSync does but without blocking. */
export function commandAsync(
  file: string,
  args: string[],
  options: {
    cwd?: string;
    env: NodeJS.ProcessEnv;
    timeoutMs: number;
    as?: AgentUser;
    /** Kills it (SIGKILL) when aborted: a cancelled job waits for no command. */
    signal?: AbortSignal;
  }
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
        windowsHide: true,
        signal: options.signal
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
export function commandToFile(
  file: string,
  args: string[],
  options: {
    cwd?: string;
    env: NodeJS.ProcessEnv;
    timeoutMs: number;
    as?: AgentUser;
    stdoutPath: string;
    /** Once aborted, it has afterAbortMs left at most, then counts as timed out. */
    signal?: AbortSignal;
    afterAbortMs?: number;
  }
): Promise<{ exitCode: number | null; timedOut: boolean; stderr: string; error?: Error }> {
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
      child = startChild(file, args, {
        cwd: options.cwd,
        env: options.env,
        as: options.as,
        stdio: ['ignore', fd, 'pipe']
      });
    } catch (error) {
      fs.closeSync(fd);
      return resolve({ exitCode: null, timedOut, stderr, error: error as Error });
    }
    fs.closeSync(fd);
    const kill = (): void => {
      timedOut = true;
      child.kill('SIGKILL');
    };
    let timer = setTimeout(kill, options.timeoutMs);
    const started = Date.now();
    const onAbort = (): void => {
      const left = options.timeoutMs - (Date.now() - started);
      clearTimeout(timer);
      timer = setTimeout(kill, Math.max(0, Math.min(left, options.afterAbortMs ?? 0)));
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (stderr.length < 64 * 1024) stderr += text;
    });
    child.on('error', error => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode: null, timedOut, stderr, error });
    });
    // On exit, not close: a process it left behind may hold stderr open (the sweep ends it later).
    child.on('exit', code => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
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

/**
 * The one asynchronous spawn of the action: no shell, no window, `file args` run as `as` when given.
 * Every long-running child (Hermes, the installer, tar, the session export) starts here.
 */
export function startChild(
  file: string,
  args: string[],
  options: Omit<SpawnOptions, 'shell' | 'windowsHide'> & { env: NodeJS.ProcessEnv; as?: AgentUser }
): ChildProcess {
  const { as, ...rest } = options;
  const [command, argv] = wrap(file, args, as, options.env);
  return spawn(command, argv, { ...rest, shell: false, windowsHide: true });
}

/** Sends a signal to process group `pgid`; false when the group is gone. */
export function signalGroup(pgid: number | undefined, signal: NodeJS.Signals): boolean {
  if (pgid === undefined) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
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
  const child = startChild(file, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'ignore', 'pipe']
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

/**
 * A file's bytes as the agent's user reads it (`head -c`, at most `max` + 1 bytes): with the agent's
 * own rights, so a link it planted to a file of root's reads as nothing. Undefined where it cannot.
 */
export function readAs(
  as: AgentUser,
  file: string,
  max: number,
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000
): Promise<{ bytes?: Buffer; why?: string }> {
  const [command, argv] = wrap('head', ['-c', String(max + 1), '--', file], as, env);
  return new Promise(resolve => {
    execFile(
      command,
      argv,
      { env, encoding: 'buffer', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: max + 2 },
      (error, stdout, stderr) =>
        error
          ? resolve({ why: stderr.toString('utf8').trim().slice(0, 300) || error.message })
          : resolve({ bytes: stdout })
    );
  });
}

/** Writes bytes to a new file (mode 0600) as the agent's user: its own, in a folder of its own. */
export function writeAs(
  as: AgentUser,
  file: string,
  bytes: Buffer,
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000
): Promise<string | undefined> {
  const script = 'umask 077 && set -C && cat > "$1"';
  const [command, argv] = wrap('sh', ['-c', script, 'sh', file], as, env);
  return new Promise(resolve => {
    const child = execFile(
      command,
      argv,
      { env, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (error, _stdout, stderr) =>
        resolve(error ? String(stderr).trim().slice(0, 300) || error.message : undefined)
    );
    child.stdin?.end(bytes);
  });
}

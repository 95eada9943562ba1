/**
 * `isolation`: Hermes runs as its own unprivileged user, `hermes-agent-<6 hex>`, so that an agent told to
 * look for credentials, with a terminal, finds none of the job's. Stripping its environment is not
 * enough: a process of the same user reads `/proc/<the action>/environ` and `/proc/<the action>/fd`,
 * lists the runner's file-command files, rewrites the action's files, and outlives the step.
 *
 * How (every command through process.ts, as root or behind `sudo -n`):
 * - the user is made for the run (`useradd --system`, no login shell, no groups but its own) and
 *   deleted after it; its HOME is fresh (mode 0700) and holds a copy of the runner user's
 *   `~/.hermes` config;
 * - the workspace is lent, not shared: the runner user's files in it (but hard links, whose other
 *   names may lie outside) are chowned to the agent, and handed back (every file the agent owns
 *   there, new ones included, `chown -R -h --from`) when Hermes ends. Ownership, not ACLs: it needs only coreutils (no `acl` package, which Debian
 *   and most containers lack), and git's ownership check (safe.directory) passes for the agent as
 *   it does for the runner user, with no configuration;
 * - a directory on the way to the workspace or to Hermes that others cannot enter (a runner's
 *   home is 0750) gets `o+x` (enter, not list) for the run; `RUNNER_TEMP` (the file-command files,
 *   the checkout's credential file) is made 0700 for the run; both are put back afterwards;
 * - when Hermes exits, every process of the agent user is ended (SIGTERM, a grace, SIGKILL)
 *   before its output is read to the end: nothing it started outlives the step.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { messageOf } from '../text/errors.js';
import { retry } from '../run/retry.js';
import { childEnv } from '../process/environment.js';
import { privileged, runSync, type AgentUser, type Spawning } from '../process/spawn.js';
import type { IsolationMode } from '../config/settings.js';
import type { IsolationFact } from '../run/facts.js';

/**
 * The agent users' names: `hermes-agent-` and six hex digits, one user per run, deleted after it.
 * One per run, not one for all: two runs at once on one machine (several runners, a job and its
 * tests) must not end each other's processes, nor reach each other's workspaces.
 */
export const AGENT_USER_PREFIX = 'hermes-agent-';
/** useradd gives up when another one holds /etc/passwd's lock: the tries, and the first wait. */
const USERADD_TRIES = 5;
const USERADD_BACKOFF_MS = 200;

/** What `isolation` comes to on this runner, decided before anything runs. */
export type IsolationPlan =
  | { kind: 'user'; via: 'root' | 'sudo'; setpriv: string; sudo?: string }
  | { kind: 'none'; why: string; chosen: boolean };

/** Where the system's own tools are (useradd is in sbin), whatever PATH the workflow gives. */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The environment for the action's own commands (chown, userdel, git, kill…): the scrubbed one, with
 * the system's directories alone on PATH. The workflow's PATH may hold a folder the agent can write
 * (the workspace's node_modules/.bin, say): a `chown` planted there would run as root after the turn.
 */
function systemEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...childEnv(env), PATH: SYSTEM_PATH };
}

/** The full path of a system tool, on PATH or in the system's directories. */
function systemTool(name: string): string | undefined {
  for (const dir of (systemEnv().PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What deciding on isolation asks of the machine, beyond its platform; THIS_HOST is the real one. */
export interface IsolationHost {
  uid: number | undefined;
  username(): string;
  /** A system tool's full path, or undefined when it is not installed. */
  tool(name: string): string | undefined;
  /** Whether `sudo -n true` succeeds. */
  passwordlessSudo(sudo: string): boolean;
}

export const THIS_HOST: IsolationHost = {
  uid: process.getuid?.(),
  username: () => os.userInfo().username,
  tool: systemTool,
  passwordlessSudo: sudo =>
    runSync(sudo, ['-n', 'true'], { env: systemEnv(), timeoutMs: 10_000 }).status === 0
};

/** Whether the runner allows isolation: Linux, and root or passwordless sudo, and setpriv. */
export function planIsolation(
  mode: IsolationMode,
  platform: NodeJS.Platform = process.platform,
  host: IsolationHost = THIS_HOST
): IsolationPlan {
  if (mode === 'none') return { kind: 'none', why: 'isolation is none', chosen: true };
  if (platform !== 'linux')
    return { kind: 'none', why: `the runner is ${platform}, not Linux`, chosen: false };
  const setpriv = host.tool('setpriv');
  if (!setpriv)
    return { kind: 'none', why: 'setpriv (util-linux) is not installed', chosen: false };
  const uid = host.uid;
  if (uid === 0) return { kind: 'user', via: 'root', setpriv };
  const sudo = host.tool('sudo');
  const who = `the action runs as ${host.username()} (uid ${uid})`;
  if (!sudo)
    return { kind: 'none', why: `${who}, not root, and sudo is not installed`, chosen: false };
  if (!host.passwordlessSudo(sudo))
    return {
      kind: 'none',
      why: `${who}, not root, and has no passwordless sudo (\`sudo -n true\` failed)`,
      chosen: false
    };
  return { kind: 'user', via: 'sudo', setpriv, sudo };
}

export interface IsolateOptions {
  workspace: string;
  workingDirectory: string;
  /** Hermes' executable (found or installed): the agent must reach it. */
  executable: string;
  /** A query file Hermes reads itself (`--query-file`), resolved. */
  queryFile?: string;
  /** `ignore-user-config`: only `.env` is copied (Hermes still loads its credentials). */
  ignoreUserConfig: boolean;
  env: NodeJS.ProcessEnv;
  /** Default SWEEP_LIMITS. */
  sweep?: SweepLimits;
}

export interface SweepLimits {
  /** How long the agent's processes have between SIGTERM and SIGKILL (and SIGKILL to take). */
  graceMs: number;
  /** How often /proc is read while waiting for them to go. */
  pollMs: number;
}

export const SWEEP_LIMITS: Readonly<SweepLimits> = Object.freeze({ graceMs: 2000, pollMs: 25 });

/** What the runner user's `~/.hermes` gives the agent's copy. */
const CONFIG_ENTRIES = ['config.yaml', '.env', 'skills'];

/** The isolation of one run: made by isolate(), ended by release(). */
export class Isolation {
  /** Processes of the agent user ended so far. */
  private ended = 0;
  private released = false;
  /** Directories whose mode was changed, to put back (newest first). */
  private readonly modes: { dir: string; mode: number }[] = [];
  private lent?: string;
  /**
   * RUNNER_TEMP, when it was closed to the agent for the run; undefined when it had to stay open
   * (Hermes or the lent tree inside it), and then what it holds is as readable as its modes say.
   */
  closedTemp?: string;
  private home?: string;
  /** Includes taken out of the lent repository's .git/config for the run (see hideIncludes). */
  private hidden?: { config: string; includes: [string, string][] };
  private actionEnv: NodeJS.ProcessEnv = {};
  /** Where Hermes reads the query file, when it had to be copied to reach the agent. */
  queryFile?: string;

  /** Who Hermes and its probe run as, with which environment; the sweep ends what they leave. */
  readonly spawning: Spawning;

  private constructor(
    readonly user: AgentUser,
    private readonly runner: { uid: number; gid: number },
    env: NodeJS.ProcessEnv,
    private readonly admin: Admin,
    private readonly sweepLimits: SweepLimits
  ) {
    this.spawning = { as: user, env, sweep: () => this.endAll() };
  }

  /** Sets the isolation up; on a failure, what was done is undone and the error thrown. */
  static async isolate(
    plan: Extract<IsolationPlan, { kind: 'user' }>,
    options: IsolateOptions
  ): Promise<Isolation> {
    const admin: Admin = (file, args) => {
      const [command, argv] = privileged(file, args, plan.via, plan.sudo);
      const done = runSync(command, argv, { env: systemEnv(options.env) });
      if (done.status !== 0)
        throw new Error(
          `\`${[file, ...args].join(' ')}\` failed (${done.error ? messageOf(done.error) : `exit ${done.status}`}): ${done.stderr.trim().split('\n').at(-1) ?? ''}`
        );
    };
    const name = AGENT_USER_PREFIX + randomBytes(3).toString('hex');
    await retry(
      async () => {
        try {
          createAgent(name, admin);
          return { value: undefined };
        } catch (error) {
          // useradd exits 10 when /etc/passwd is locked by another useradd: worth another try.
          if (!/exit 10\b/.test(messageOf(error))) throw error;
          return { value: undefined, retry: messageOf(error) };
        }
      },
      { attempts: USERADD_TRIES, backoffMs: USERADD_BACKOFF_MS, jitter: 0.5 }
    );
    const ids = agentIds(name);
    if (!ids) throw new Error(`the user ${name} was made by useradd, but getent does not find it`);
    const user: AgentUser = { name, ...ids, ...plan };
    const runner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
    const home = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-home-`));
    const env = agentEnv(options.env, home, name);
    const isolation = new Isolation(user, runner, env, admin, options.sweep ?? SWEEP_LIMITS);
    isolation.home = home;
    try {
      isolation.prepare(options);
    } catch (error) {
      await isolation.release();
      throw error;
    }
    return isolation;
  }

  private prepare(options: IsolateOptions): void {
    const admin = this.admin;
    const home = this.home as string;
    const hermesHome = path.join(home, '.hermes');
    fs.mkdirSync(path.join(home, 'tmp'));
    fs.mkdirSync(hermesHome);
    const source = path.resolve(options.env.HERMES_HOME || path.join(os.homedir(), '.hermes'));
    const entries = options.ignoreUserConfig ? ['.env'] : CONFIG_ENTRIES;
    for (const entry of entries) {
      const from = path.join(source, entry);
      if (fs.existsSync(from))
        // The entry itself may be a link (the user's choice of config): its target is copied. Links
        // inside it stay links, read with the agent's own rights: one planted in skills/ towards
        // ~/.ssh would otherwise hand the agent a copy of the key.
        fs.cpSync(fs.realpathSync(from), path.join(hermesHome, entry), {
          recursive: true,
          verbatimSymlinks: true
        });
    }
    // The lent tree: the whole workspace (git needs .git, wherever the working directory is in it).
    const lent = inside(options.workingDirectory, options.workspace)
      ? options.workspace
      : options.workingDirectory;
    const runnerTemp = options.env.RUNNER_TEMP ? path.resolve(options.env.RUNNER_TEMP) : undefined;
    if (options.queryFile && !inside(options.queryFile, lent)) {
      this.queryFile = path.join(home, 'query.txt');
      fs.copyFileSync(options.queryFile, this.queryFile);
    }
    admin('chown', ['-R', '-h', `${this.user.uid}:${this.user.gid}`, home]);
    this.actionEnv = options.env;
    if (runnerTemp) this.hidden = hideIncludes(lent, runnerTemp, options.env);
    this.lent = lent;
    // Every file of the runner user's but a regular file with another name somewhere (a hard link:
    // pnpm links its store into node_modules): chowning it would hand the agent the file outside too.
    admin('find', [
      lent,
      '-uid',
      String(this.runner.uid),
      '!',
      '(',
      '-type',
      'f',
      '-links',
      '+1',
      ')',
      '-exec',
      'chown',
      '-h',
      String(this.user.uid),
      '{}',
      '+'
    ]);
    const executable = fs.realpathSync(options.executable);
    const needed = [...ancestors(lent), ...ancestors(executable), ...ancestors(home)];
    for (const dir of new Set(needed)) this.openForOthers(dir);
    // Locked last: a directory opened above may be RUNNER_TEMP's parent, never RUNNER_TEMP itself.
    if (
      runnerTemp &&
      fs.existsSync(runnerTemp) &&
      ![lent, executable].some(p => inside(p, runnerTemp))
    ) {
      this.setMode(runnerTemp, 0o700);
      this.closedTemp = runnerTemp;
    }
  }

  /** Gives others the right to enter dir (not to list it) for the run. */
  private openForOthers(dir: string): void {
    const mode = fs.statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) this.setMode(dir, mode | 0o001);
  }

  private setMode(dir: string, mode: number): void {
    const was = fs.statSync(dir).mode & 0o7777;
    if (was === mode) return;
    this.modes.unshift({ dir, mode: was });
    this.admin('chmod', [mode.toString(8), dir]);
  }

  /** Something of the agent's that may finish on its own first (the version probe, which has its limit). */
  waitFor(work: Promise<unknown>): void {
    this.pending = work.then(
      () => undefined,
      () => undefined
    );
  }

  private pending: Promise<void> = Promise.resolve();

  /** Ends every process the agent user has (SIGTERM, a grace, SIGKILL until none is left); counts them. */
  private async endAll(): Promise<void> {
    await this.pending;
    const uid = this.user.uid;
    const seen = new Set(processesOf(uid));
    const { graceMs, pollMs } = this.sweepLimits;
    const pause = (): Promise<void> => new Promise(resolve => setTimeout(resolve, pollMs));
    // Signalled whatever the scan saw: a process that keeps forking away from its pid can slip
    // past a read of /proc, never past kill -1, which the kernel applies to all the user's at once.
    this.signalAll('SIGTERM');
    const deadline = Date.now() + graceMs;
    for (let left = processesOf(uid); left.length > 0; left = processesOf(uid)) {
      left.forEach(pid => seen.add(pid));
      if (Date.now() > deadline) break;
      await pause();
    }
    // Then SIGKILL, again and again while any is left (one round does not end a fork loop).
    const end = Date.now() + graceMs;
    for (;;) {
      this.signalAll('SIGKILL');
      const left = processesOf(uid);
      left.forEach(pid => seen.add(pid));
      if (left.length === 0 || Date.now() > end) break;
      await pause();
    }
    this.ended += seen.size;
  }

  /** kill -1 as the agent user: every process of that user at once (kill itself spared). */
  private signalAll(signal: 'SIGTERM' | 'SIGKILL'): void {
    runSync(systemTool('kill') ?? '/bin/kill', [`-${signal.slice(3)}`, '--', '-1'], {
      env: systemEnv(),
      as: this.user
    });
  }

  /** Ends what is left, hands the workspace back, puts the modes back, removes the agent's HOME. */
  async release(): Promise<IsolationFact> {
    const admin = this.admin;
    if (!this.released) {
      this.released = true;
      await this.endAll();
      if (this.lent)
        admin('chown', [
          '-R',
          '-h',
          `--from=${this.user.uid}`,
          `${this.runner.uid}:${this.runner.gid}`,
          this.lent
        ]);
      for (const { dir, mode } of this.modes.splice(0)) admin('chmod', [mode.toString(8), dir]);
      if (this.hidden) restoreIncludes(this.hidden, this.actionEnv);
      if (this.home) admin('rm', ['-rf', '--', this.home]);
      // Its processes are gone and it owns nothing left: the uid may be given to another user.
      try {
        admin('userdel', [this.user.name]);
      } catch {
        // A user left behind owns nothing and runs nothing; the next run makes its own.
      }
    }
    return {
      user: this.user.name,
      uid: this.user.uid,
      via: this.user.via,
      ended: this.ended
    };
  }
}

/** The agent user's ids, or undefined when it does not exist yet. */
function agentIds(name: string): { uid: number; gid: number } | undefined {
  const found = runSync('getent', ['passwd', name], { env: systemEnv() });
  const fields = found.status === 0 ? found.stdout.trim().split(':') : [];
  if (fields.length < 4) return undefined;
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** A command run as root (itself, or behind sudo -n); throws naming the command when it fails. */
type Admin = (file: string, args: string[]) => void;

/** A system user with no login shell, no home on disk, and no group but its own. */
function createAgent(name: string, admin: Admin): void {
  admin('useradd', [
    '--system',
    '--user-group',
    '--no-create-home',
    '--home-dir',
    '/nonexistent',
    '--shell',
    '/usr/sbin/nologin',
    name
  ]);
}

/** The scrubbed environment, with the agent's own HOME, user name, Hermes home and TMPDIR. */
function agentEnv(env: NodeJS.ProcessEnv, home: string, name: string): NodeJS.ProcessEnv {
  return {
    ...childEnv(env),
    HOME: home,
    USER: name,
    LOGNAME: name,
    HERMES_HOME: path.join(home, '.hermes'),
    TMPDIR: path.join(home, 'tmp')
  };
}

/**
 * actions/checkout v6 persists its credential in a file under RUNNER_TEMP, included from
 * .git/config. Git gives up on an include it may not read (only a missing one is skipped), and
 * RUNNER_TEMP is closed to the agent: such includes are taken out for the run and put back after,
 * so that git works for the agent, without the credential.
 */
function hideIncludes(
  lent: string,
  runnerTemp: string,
  env: NodeJS.ProcessEnv
): { config: string; includes: [string, string][] } | undefined {
  const config = path.join(lent, '.git', 'config');
  if (!fs.existsSync(config)) return undefined;
  const git = (args: string[]) =>
    runSync('git', ['config', '--file', config, ...args], { env: systemEnv(env) });
  const listed = git(['--get-regexp', '^include(if\\..*)?\\.path$']);
  const includes: [string, string][] = listed.stdout
    .split('\n')
    .map(line => /^(\S+) (.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(m => [m[1], m[2]] as [string, string])
    .filter(([, file]) => inside(path.resolve(path.dirname(config), file), runnerTemp));
  for (const key of new Set(includes.map(([key]) => key))) git(['--unset-all', key]);
  return includes.length > 0 ? { config, includes } : undefined;
}

function restoreIncludes(
  hidden: { config: string; includes: [string, string][] },
  env: NodeJS.ProcessEnv
): void {
  // The config was the agent's to change: one it replaced by a link (or anything but a plain file)
  // is not written through, as git would follow the link with the action's rights.
  // So is a .git folder it replaced by a link (to a folder elsewhere that holds a `config`).
  const gitDir = path.dirname(hidden.config);
  if (!fs.lstatSync(gitDir, { throwIfNoEntry: false })?.isDirectory()) return;
  if (!fs.lstatSync(hidden.config, { throwIfNoEntry: false })?.isFile()) return;
  for (const [key, file] of hidden.includes)
    runSync('git', ['config', '--file', hidden.config, '--add', key, file], {
      env: systemEnv(env)
    });
}

/** The pids of the user's live processes (zombies are already dead), from /proc. */
export function processesOf(uid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
    } catch {
      continue;
    }
    const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (
      uids &&
      (Number(uids[1]) === uid || Number(uids[2]) === uid) &&
      state !== 'Z' &&
      state !== 'X'
    )
      pids.push(Number(entry));
  }
  return pids;
}

/** Every directory above p, from the root down (p itself excluded). */
function ancestors(p: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === path.dirname(dir)) return dirs;
  }
}

function inside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The credential actions/checkout persists for git (`http.<url>.extraheader`), where the agent can
 * read it: in the repository's `.git/config`, or in a file it includes that the agent can reach
 * (checkout v6 keeps it in a file under RUNNER_TEMP, out of the agent's reach when isolated).
 */
export function exposedCredential(
  lent: string,
  isolated: boolean,
  closedTemp: string | undefined
): string | undefined {
  const config = path.join(lent, '.git', 'config');
  const text = readPlain(config);
  if (text === undefined) return undefined;
  if (/^\s*extraheader\s*=/im.test(text)) return config;
  for (const [, included] of text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gim)) {
    const file = path.resolve(path.dirname(config), included.replace(/^"|"$/g, ''));
    try {
      const reachable =
        !isolated ||
        inside(file, lent) ||
        (!(closedTemp && inside(file, path.resolve(closedTemp))) &&
          (fs.statSync(file).mode & 0o004) !== 0);
      if (reachable && /^\s*extraheader\s*=/im.test(readPlain(file) ?? '')) return file;
    } catch {
      // not there: nothing to read
    }
  }
  return undefined;
}

/** A git config's largest plausible size: anything bigger is not read. */
const CONFIG_MAX_BYTES = 1024 * 1024;

/**
 * A file's text when it is a plain file of a sane size, else undefined. The agent had the workspace:
 * a FIFO there would block this read for ever (nobody is left to write it), /dev/zero would never end.
 */
function readPlain(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(
      file,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK
    );
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > CONFIG_MAX_BYTES) return undefined;
    return fs.readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

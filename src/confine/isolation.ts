/**
 * `isolation`: Hermes runs as its own unprivileged user, `hermes-agent-<6 hex>`, so that an agent told to
 * look for credentials, with a terminal, finds none of the job's. Stripping its environment is not
 * enough: a process of the same user reads `/proc/<the action>/environ` and `/proc/<the action>/fd`,
 * lists the runner's file-command files, rewrites the action's files, and outlives the step.
 *
 * How (every command through host.ts's admin, as root or behind `sudo -n`):
 * - the user is made for the run and deleted after it, with a uid no earlier run was given
 *   (agent-user.ts); its HOME is fresh and holds a copy of the runner user's Hermes config
 *   (agent-home.ts);
 * - the workspace is lent, not shared: the runner user's files in it (but hard links, whose other
 *   names may lie outside) are chowned to the agent, and handed back (every file the agent owns
 *   there, new ones included, `chown -R -h --from`) when Hermes ends. Ownership, not ACLs: it needs
 *   only coreutils (no `acl` package, which Debian and most containers lack), and git's ownership
 *   check (safe.directory) passes for the agent as it does for the runner user, with no configuration;
 * - a directory on the way to the workspace or to Hermes that others cannot enter (a runner's
 *   home is 0750) gets an ACL entry for the agent where setfacl works, else `o+x` (enter, not
 *   list), for the run; `RUNNER_TEMP` (the file-command files,
 *   the checkout's credential file) is made 0700 for the run; both are put back afterwards;
 * - when Hermes exits, every process of the agent user is ended (SIGTERM, a grace, SIGKILL)
 *   before its output is read to the end: nothing it started outlives the step.
 */
import type { LeftBehind } from './left-behind.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hermesHomeOf } from '../config/hermes-dotenv.js';
import type { AgentUser, Spawning } from '../process/spawn.js';
import type { EgressFence } from '../fence/fence.js';
import type { EgressFact, IsolationFact } from '../turn/facts.js';
import { messageOf } from '../text/errors.js';
import {
  agentEnv,
  fillAgentHome,
  HERMES_SECRETS,
  makeAgentHome,
  type HomeOptions
} from './agent-home.js';
import { makeAgentUser, removeAgentUser } from './agent-user.js';
import { hideIncludes, inside, restoreIncludes, type HiddenIncludes } from './credential.js';
import { fenceNetwork, type FenceOptions } from './network.js';
import { endAllOf, SWEEP_LIMITS, type SweepLimits } from './processes.js';
import { breakLinks, looseModes, sweepShared, tightenModes } from './hand-back.js';
import { systemTool, type Admin, type IsolationHost, type UserPlan } from './host.js';

export interface IsolateOptions extends HomeOptions {
  workspace: string;
  workingDirectory: string;
  /** Hermes' executable (found or installed): the agent must reach it. */
  executable: string;
  /** A query file Hermes reads itself (`--query-file`), resolved. */
  queryFile?: string;
  /** Default SWEEP_LIMITS. */
  sweep?: SweepLimits;
  /** Writes down what is left on the machine (the step's state, for the post step), or clears it. */
  remember?: (left: LeftBehind | undefined) => void;
  /** The egress fence to raise for the agent's uid. */
  fence: FenceOptions;
}

/** The isolation of one run: made by isolate(), ended by release(). */
export class Isolation {
  /** Processes of the agent user ended so far. */
  private ended = 0;
  private released = false;
  /** Directories whose mode was changed, to put back (newest first). */
  private readonly modes: { dir: string; mode: number; acl?: boolean }[] = [];
  private lent?: string;
  private remember?: IsolateOptions['remember'];
  /**
   * RUNNER_TEMP, when it was closed to the agent for the run; undefined when it had to stay open
   * (Hermes or the lent tree inside it), and then what it holds is as readable as its modes say.
   */
  closedTemp?: string;
  private home?: string;
  /** Includes taken out of the lent repository's .git/config for the run (see hideIncludes). */
  private hidden?: HiddenIncludes;
  /** The lent tree's entries with write bits for group or others (or set-id bits) before the lend. */
  private loose = new Map<string, number>();
  private actionEnv: NodeJS.ProcessEnv = {};
  /** Says what could not be undone at the release (set by prepare()). */
  private warn: (message: string) => void = () => undefined;
  /** Where Hermes reads the query file, when it had to be copied to reach the agent. */
  queryFile?: string;
  private fence?: EgressFence;

  /** Whether the egress fence holds for the agent's uid. */
  get fenced(): boolean {
    return this.fence !== undefined;
  }
  /** What the network came to when no fence was raised (`*`, or it could not be). */
  private egress?: EgressFact;

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

  /** Sets the isolation up; on a failure, what was done is undone (the user too) and the error thrown. */
  static async isolate(
    plan: UserPlan,
    options: IsolateOptions,
    host: IsolationHost
  ): Promise<Isolation> {
    const admin = host.admin(plan, options.env);
    const name = await makeAgentUser(admin);
    let isolation: Isolation | undefined;
    try {
      const ids = host.userIds(name);
      if (!ids)
        throw new Error(`the user ${name} was made by useradd, but getent does not find it`);
      const user: AgentUser = { name, ...ids, ...plan };
      const runner = { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
      const home = makeAgentHome(name);
      const env = agentEnv(options.env, home, name);
      isolation = new Isolation(user, runner, env, admin, options.sweep ?? SWEEP_LIMITS);
      isolation.home = home;
      isolation.prepare(options);
      const network = await fenceNetwork(options.fence, user, admin, host, options.warn);
      isolation.fence = network.fence;
      isolation.egress = network.egress;
      // All of it set up: written down, should the action's process die before release().
      isolation.remember = options.remember;
      options.remember?.({
        user: { name: user.name, uid: user.uid, gid: user.gid },
        home,
        ...(isolation.lent !== undefined && { lent: isolation.lent }),
        ...(network.fence && { fence: network.fence.tool })
      });
      if (network.fence) Object.assign(isolation.spawning.env, network.fence.env);
      return isolation;
    } catch (error) {
      // Made, then a later step failed: what was done is undone, the user removed with it.
      if (isolation) await isolation.release().catch(() => removeAgentUser(name, admin));
      else removeAgentUser(name, admin);
      throw error;
    }
  }

  private prepare(options: IsolateOptions): void {
    const admin = this.admin;
    const home = this.home as string;
    this.warn = options.warn;
    fillAgentHome(home, options);
    // The originals stay at a path the agent knows, maybe on a way it is given to enter (Hermes
    // installed under ~/.hermes, the runner's home above the workspace): closed to others for the run.
    const source = hermesHomeOf(options.env);
    for (const entry of HERMES_SECRETS) this.closeForRun(path.join(source, entry));
    // The lent tree: the whole workspace (git needs .git, wherever the working directory is in it).
    const lent = lentTree(options.workspace, options.workingDirectory);
    const runnerTemp = options.env.RUNNER_TEMP ? path.resolve(options.env.RUNNER_TEMP) : undefined;
    if (options.queryFile && !inside(options.queryFile, lent)) {
      this.queryFile = path.join(home, 'query.txt');
      fs.copyFileSync(options.queryFile, this.queryFile);
    }
    admin('chown', ['-R', '-h', `${this.user.uid}:${this.user.gid}`, home]);
    this.actionEnv = options.env;
    if (runnerTemp) this.hidden = hideIncludes(lent, runnerTemp, options.env);
    this.loose = looseModes(lent);
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
    } else if (runnerTemp && inside(lent, runnerTemp) && lent !== runnerTemp) {
      // The lent tree inside it: RUNNER_TEMP stays enterable, everything else in it is closed.
      const onTheWay = path.join(
        runnerTemp,
        path.relative(runnerTemp, lent).split(path.sep)[0] ?? ''
      );
      this.setMode(runnerTemp, (fs.statSync(runnerTemp).mode & 0o7700) | 0o011);
      for (const name of fs.readdirSync(runnerTemp)) {
        const entry = path.join(runnerTemp, name);
        const stat = fs.lstatSync(entry);
        if (entry !== onTheWay && !stat.isSymbolicLink()) this.setMode(entry, stat.mode & 0o7770);
      }
      this.closedTemp = runnerTemp;
    }
  }

  /** Gives others the right to enter dir (not to list it) for the run. */
  private openForOthers(dir: string): void {
    const mode = fs.statSync(dir).mode & 0o7777;
    if ((mode & 0o001) !== 0) return;
    // Where ACLs work, only the agent may enter: `o+x` would open every 0644 file at a known path below.
    if (systemTool('setfacl')) {
      try {
        this.admin('setfacl', ['-m', `u:${this.user.uid}:x`, dir]);
        this.modes.unshift({ dir, mode, acl: true });
        return;
      } catch {
        // A file system without ACLs: others may enter, as below.
      }
    }
    this.setMode(dir, mode | 0o001);
  }

  /**
   * A regular file or a directory of the runner's (its target, if a link) open to others:
   * owner-only for the run.
   */
  private closeForRun(file: string): void {
    let real: string;
    try {
      real = fs.realpathSync(file);
    } catch {
      return;
    }
    const stat = fs.statSync(real);
    if ((stat.isFile() || stat.isDirectory()) && (stat.mode & 0o077) !== 0)
      this.setMode(real, stat.mode & 0o7700);
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

  /** Ends every process the agent user has (processes.ts), once what it may finish first has. */
  private async endAll(): Promise<void> {
    await this.pending;
    this.ended += await endAllOf(this.user, this.sweepLimits);
  }

  /**
   * Ends what is left, hands the workspace back, puts the modes back, removes the agent's HOME. Each
   * step runs whatever the one before it did, and what failed is said; the user is removed only when
   * the hand-back worked (files of its uid left behind must not pass to the next user given that uid).
   */
  async release(): Promise<IsolationFact> {
    const admin = this.admin;
    if (!this.released) {
      this.released = true;
      const failed: string[] = [];
      const step = (what: string, work: () => void): boolean => {
        try {
          work();
          return true;
        } catch (error) {
          failed.push(`${what}: ${messageOf(error)}`);
          return false;
        }
      };
      await this.endAll().catch((error: unknown) =>
        failed.push(`ending its processes: ${messageOf(error)}`)
      );
      // Read and lowered once no process of the agent is left to send a packet.
      if (this.fence) {
        this.egress = await this.fence.lower();
        if (this.egress.failed) failed.push(`removing its egress fence: ${this.egress.failed}`);
      }
      let handedBack = true;
      const home = this.home;
      if (home) handedBack = step('removing its HOME', () => admin('rm', ['-rf', '--', home]));
      const lent = this.lent;
      if (lent) {
        // Its HOME gone, a file still linked elsewhere has a name the agent chose outside it: not
        // handed back as it is (a failure here is said in the warning below).
        step('separating the hard links it made', () => breakLinks(lent, this.user.uid, admin));
        const chowned = step('handing the workspace back', () =>
          admin('chown', [
            '-R',
            '-h',
            `--from=${this.user.uid}`,
            `${this.runner.uid}:${this.runner.gid}`,
            lent
          ])
        );
        handedBack &&= chowned;
        step('dropping the write bits it added', () => tightenModes(lent, this.loose));
        if (systemTool('setfacl'))
          step('dropping its ACLs', () => admin('setfacl', ['-R', '-P', '-b', lent]));
      }
      // Not for a later agent (none gets this uid again), but for the disk: after the hand-back (the
      // lent tree may lie in /tmp), and with no process of its left to add one.
      step('sweeping its files from the shared temp folders', () =>
        sweepShared(this.user.uid, admin)
      );
      for (const { dir, mode, acl } of this.modes.splice(0))
        step(`putting back the mode of ${dir}`, () => {
          if (acl) admin('setfacl', ['-x', `u:${this.user.uid}`, dir]);
          admin('chmod', [mode.toString(8), dir]);
        });
      const hidden = this.hidden;
      if (hidden)
        step("putting back the checkout's credential include", () =>
          restoreIncludes(hidden, this.actionEnv)
        );
      // Its processes are gone and it owns nothing left: the uid may be given to another user.
      // Nothing then left for the post step (a hand-back that failed is left for it to try again).
      if (handedBack) {
        this.remember?.(undefined);
        removeAgentUser(this.user.name, admin);
      }
      if (failed.length > 0)
        this.warn(
          `After Hermes ran as ${this.user.name}, the action could not finish undoing the isolation (${failed.join('; ')})${handedBack ? '' : `; the user ${this.user.name} is kept, since files of its uid may be left`}.`
        );
    }
    return {
      user: this.user.name,
      uid: this.user.uid,
      via: this.user.via,
      ended: this.ended,
      ...(this.egress && { egress: this.egress })
    };
  }
}

/** The lent tree: the whole workspace (git needs .git, wherever the working directory is in it). */
export function lentTree(workspace: string, workingDirectory: string): string {
  return inside(workingDirectory, workspace) ? workspace : workingDirectory;
}

/** Every directory above p, from the root down (p itself excluded). */
function ancestors(p: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (dir === path.dirname(dir)) return dirs;
  }
}

/**
 * What confining the agent asks of the machine, as a port (THIS_HOST is the real one; tests pass a
 * stand-in), and the plan made from it before anything runs: its own user, or none and why.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { messageOf } from '../text/errors.js';
import { childEnv } from '../process/environment.js';
import { privileged, commandSync } from '../process/spawn.js';
import type { IsolationMode } from '../config/settings.js';

/** What `isolation` comes to on this runner, decided before anything runs. */
export type IsolationPlan =
  | { kind: 'user'; via: 'root' | 'sudo'; setpriv: string; sudo?: string }
  | { kind: 'none'; why: string; chosen: boolean };

export type UserPlan = Extract<IsolationPlan, { kind: 'user' }>;

/** A command run as root (itself, or behind sudo -n): its stdout; throws naming the command when it fails. */
export type Admin = (file: string, args: string[]) => string;

/** Where the system's own tools are (useradd is in sbin), whatever PATH the workflow gives. */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * The environment for the action's own commands (chown, userdel, git, kill…): the scrubbed one, with
 * the system's directories alone on PATH. The workflow's PATH may hold a folder the agent can write
 * (the workspace's node_modules/.bin, say): a `chown` planted there would run as root after the turn.
 */
export function systemEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...childEnv(env), PATH: SYSTEM_PATH };
}

/** The full path of a system tool, on PATH or in the system's directories. */
export function systemTool(name: string): string | undefined {
  for (const dir of SYSTEM_PATH.split(path.delimiter)) {
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

/** What deciding on isolation and setting it up ask of the machine; THIS_HOST is the real one. */
export interface IsolationHost {
  uid: number | undefined;
  username(): string;
  /** A system tool's full path, or undefined when it is not installed. */
  tool(name: string): string | undefined;
  /** Whether `sudo -n true` succeeds. */
  passwordlessSudo(sudo: string): boolean;
  /** How root's commands run under this plan (useradd, chown, userdel…). */
  admin(plan: UserPlan, env: NodeJS.ProcessEnv): Admin;
  /** A user's ids from the user database, or undefined when it has none. */
  userIds(name: string): { uid: number; gid: number } | undefined;
}

export const THIS_HOST: IsolationHost = {
  uid: process.getuid?.(),
  username: () => os.userInfo().username,
  tool: systemTool,
  passwordlessSudo: sudo =>
    commandSync(sudo, ['-n', 'true'], { env: systemEnv(), timeoutMs: 10_000 }).status === 0,
  admin: (plan, env) => (file, args) => {
    const [command, argv] = privileged(file, args, plan.via, plan.sudo);
    const done = commandSync(command, argv, { env: systemEnv(env) });
    if (done.status !== 0)
      throw new Error(
        `\`${[file, ...args].join(' ')}\` failed (${done.error ? messageOf(done.error) : `exit ${done.status}`}): ${done.stderr.trim().split('\n').at(-1) ?? ''}`
      );
    return done.stdout;
  },
  userIds: name => {
    const found = commandSync('getent', ['passwd', name], { env: systemEnv() });
    const fields = found.status === 0 ? found.stdout.trim().split(':') : [];
    if (fields.length < 4) return undefined;
    return { uid: Number(fields[2]), gid: Number(fields[3]) };
  }
};

/** Whether the runner allows isolation: Linux, and root or passwordless sudo, and setpriv. */
export function planIsolation(
  mode: IsolationMode,
  platform: NodeJS.Platform = process.platform,
  host: Pick<IsolationHost, 'uid' | 'username' | 'tool' | 'passwordlessSudo'> = THIS_HOST
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

/**
 * What the isolation leaves on the machine while the agent runs, written down as the step's state
 * (GITHUB_STATE) once it is all set up, and cleared once release() has undone it: its user, the
 * tree lent to it, its HOME, its fence. Should the action's process die between (killed, crashed),
 * the post step (src/post/) reads it and undoes what it can, so that on a runner that is kept
 * between jobs no process of the agent's goes on running, no tree stays its own and no fence stays.
 * What only the dead process held (the snapshots of the checkout's git control and of the runner's
 * file commands) cannot be put back: the post step says so.
 */
import * as path from 'node:path';
import { messageOf } from '../text/errors.js';
import { parseJson } from '../text/json.js';
import { isObject } from '../text/text.js';
import type { AgentUser } from '../process/spawn.js';
import { signalAll } from './processes.js';
import { fenceName } from '../fence/fence.js';
import { iptablesLower } from '../fence/rules.js';
import { removeAgentUser } from './agent-user.js';
import { systemTool, type Admin } from './host.js';
import { breakLinks, sweepShared } from './hand-back.js';

/** The name of the step's state that holds it. */
export const LEFT_BEHIND_STATE = 'hermes_isolation';

/** Only names, ids and paths: how to run as root or as the agent is found again by the post step. */
export interface LeftBehind {
  user: { name: string; uid: number; gid: number };
  home?: string;
  lent?: string;
  /** The kernel tool the fence was raised with, when one was. */
  fence?: 'nft' | 'iptables';
}

/**
 * The state as written, or undefined when it does not read as one the isolation writes (then nothing
 * is done): the post step runs as root what it says, so each part is checked for the shape only the
 * isolation gives it (an agent's name and id, its HOME in the temp folder, an absolute tree).
 */
export function readLeftBehind(
  text: string | undefined,
  runnerUid: number
): LeftBehind | undefined {
  if (!text) return undefined;
  const parsed = parseJson(text).value;
  if (!isObject(parsed)) return undefined;
  const { user, home, lent, fence } = parsed;
  const plain = (p: unknown): p is string =>
    typeof p === 'string' && path.isAbsolute(p) && path.normalize(p) === p && p !== '/';
  if (!isObject(user)) return undefined;
  const { name, uid, gid } = user;
  const id = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 100;
  if (typeof name !== 'string' || !/^hermes-agent-[0-9a-f]{6}$/.test(name)) return undefined;
  if (!id(uid) || !id(gid) || uid === runnerUid) return undefined;
  const ownHome = new RegExp(`^${name}-home-[A-Za-z0-9]{6}$`);
  if (home !== undefined && !(plain(home) && ownHome.test(path.basename(home)))) return undefined;
  if (lent !== undefined && !plain(lent)) return undefined;
  if (fence !== undefined && fence !== 'nft' && fence !== 'iptables') return undefined;
  return {
    user: { name, uid, gid },
    ...(home !== undefined && { home }),
    ...(lent !== undefined && { lent }),
    ...(fence !== undefined && { fence })
  };
}

/**
 * Undoes what is left, each step whatever the one before did: what was done, and what failed. `as`
 * runs a command as the agent (found again: setpriv, sudo), `runner` is whom the lent tree goes back to.
 */
export function undoLeftBehind(
  left: LeftBehind,
  { admin, as, runner }: { admin: Admin; as: AgentUser; runner: { uid: number; gid: number } }
): { done: string[]; failed: string[] } {
  const done: string[] = [];
  const failed: string[] = [];
  const step = (what: string, work: () => void): boolean => {
    try {
      work();
      done.push(what);
      return true;
    } catch (error) {
      failed.push(`${what}: ${messageOf(error)}`);
      return false;
    }
  };
  const { user } = left;
  // As the agent's own user, `kill -1` reaches every process it has, one that forks away included.
  step(`ended the processes of ${user.name}`, () => signalAll(as, 'SIGKILL'));
  const name = fenceName(user.name);
  if (left.fence === 'nft')
    step('took its egress fence down', () => admin('nft', ['delete', 'table', 'inet', name]));
  if (left.fence === 'iptables')
    step('took its egress fence down', () => {
      for (const tool of ['iptables', 'ip6tables'])
        for (const args of iptablesLower({ uid: user.uid, name, ports: [] }))
          try {
            admin(tool, args);
          } catch {
            // A chain already gone, or a family it was never raised in.
          }
    });
  // In release()'s order, as far as what the state holds allows (isolation.ts).
  let handedBack = true;
  const { home, lent } = left;
  if (home) handedBack = step('removed its HOME', () => admin('rm', ['-rf', '--', home]));
  if (lent) {
    step('separated the hard links it made', () => breakLinks(lent, user.uid, admin));
    handedBack &&= step(`handed ${lent} back`, () =>
      admin('chown', ['-R', '-h', `--from=${user.uid}`, `${runner.uid}:${runner.gid}`, lent])
    );
    // The modes before the lend died with the main step: every write bit of group and others goes.
    step('dropped the write bits of group and others there', () =>
      admin('chmod', ['-R', 'go-w', lent])
    );
    if (systemTool('setfacl'))
      step('dropped the ACLs there', () => admin('setfacl', ['-R', '-P', '-b', lent]));
  }
  step('swept its files from the shared temp folders', () => sweepShared(user.uid, admin));
  // Only once it owns nothing: its uid may be given to the next user.
  if (handedBack) step(`removed the user ${user.name}`, () => removeAgentUser(user.name, admin));
  return { done, failed };
}

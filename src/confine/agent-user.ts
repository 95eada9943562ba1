/**
 * The agent's own user: made for one run (`useradd --system`, no login shell, no home on disk, no
 * group but its own) and deleted after it.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { retry } from '../run/retry.js';
import { messageOf } from '../text/errors.js';
import type { Admin } from './host.js';

/**
 * The agent users' names: `hermes-agent-` and six hex digits, one user per run, deleted after it.
 * One per run, not one for all: two runs at once on one machine (several runners, a job and its
 * tests) must not end each other's processes, nor reach each other's workspaces.
 */
export const AGENT_USER_PREFIX = 'hermes-agent-';
/** useradd gives up when another one holds /etc/passwd's lock: the tries, and the first wait. */
const USERADD_TRIES = 5;
const USERADD_BACKOFF_MS = 200;

/** Makes a user of a new name, retried while another useradd holds the lock; its name. */
export async function makeAgentUser(admin: Admin): Promise<string> {
  const name = AGENT_USER_PREFIX + randomBytes(3).toString('hex');
  await retry(
    async () => {
      try {
        useradd(name, admin);
        return { value: undefined };
      } catch (error) {
        // useradd exits 10 when /etc/passwd is locked by another useradd: worth another try.
        if (!/exit 10\b/.test(messageOf(error))) throw error;
        return { value: undefined, retry: messageOf(error) };
      }
    },
    { tries: USERADD_TRIES, backoffMs: USERADD_BACKOFF_MS, jitter: 0.5 }
  );
  return name;
}

/** Deletes the agent user; one left behind owns nothing and runs nothing, the next run makes its own. */
export function removeAgentUser(name: string, admin: Admin): void {
  try {
    admin('userdel', [name]);
  } catch {
    // Left behind: see above.
  }
}

function useradd(name: string, admin: Admin): void {
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

/**
 * Who may serve an upstream of the model gateway's on this machine (gateway/loopback-owner.ts):
 * anyone but an agent's user, this run's or another run's on the same machine. A local model
 * server of its own user (Ollama's `ollama`, a `vllm` service, a sidecar's uid) is the runner's
 * set-up; root and this process's user are trusted without a look at /etc/passwd, where useradd
 * writes the agents' users.
 */
export function notAgentOwned(uid: number): boolean {
  if (uid === 0 || uid === process.getuid?.()) return true;
  let passwd: string;
  try {
    passwd = fs.readFileSync('/etc/passwd', 'utf8');
  } catch {
    return false;
  }
  return !passwd
    .split('\n')
    .map(line => line.split(':'))
    .some(([name, , id]) => name?.startsWith(AGENT_USER_PREFIX) && Number(id) === uid);
}

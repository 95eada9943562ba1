/**
 * The agent's own user: made for one run (`useradd --system`, no login shell, no home on disk, no
 * group but its own) and deleted after it, with a uid (and gid) no earlier run on this machine was
 * given. What an agent leaves in a folder anyone may write (`/var/lock`, `/var/crash`, a deep
 * world-writable folder of some package's) stays its uid's, and no later agent is that uid: a 0600
 * file left there is unreadable to the next one, wherever it lies.
 */
import { randomBytes, randomInt } from 'node:crypto';
import * as fs from 'node:fs';
import { retry } from '../http/retry.js';
import { messageOf } from '../text/errors.js';
import type { Admin } from './host.js';

/**
 * The agent users' names: `hermes-agent-` and six hex digits, one user per run, deleted after it.
 * One per run, not one for all: two runs at once on one machine (several runners, a job and its
 * tests) must not end each other's processes, nor reach each other's workspaces.
 */
export const AGENT_USER_PREFIX = 'hermes-agent-';
/** Every uid given to an agent on this machine, one a line, appended as root before it is used. */
export const UID_LEDGER = '/var/lib/hermes-action/agent-uids';
/** A range of ids: first to last, both included. */
export interface IdRange {
  first: number;
  last: number;
}
/**
 * Where agents' ids are drawn from when the user namespace maps them: a range no distribution
 * allocates (systemd's UID ranges leave it unused: above its container range, below 2^31 and its
 * foreign range), so that no user made later (a package's) inherits an agent's files either.
 */
export const AGENT_IDS: Readonly<IdRange> = Object.freeze({
  first: 1_879_048_192,
  last: 2_147_352_575
});
/** Else (a container whose user namespace maps 65536 ids): the system range, as useradd has it. */
const SYSTEM_IDS: Readonly<IdRange> = Object.freeze({ first: 100, last: 999 });
/** groupadd and useradd give up when another holds /etc/passwd's lock (exit 10), or find the id taken (exit 4). */
const USERADD_TRIES = 5;
const USERADD_BACKOFF_MS = 200;

/** Makes a user of a new name and a new id, retried while the lock is held or the id was taken; its name. */
export async function makeAgentUser(admin: Admin): Promise<string> {
  const name = AGENT_USER_PREFIX + randomBytes(3).toString('hex');
  let last: unknown;
  const made = await retry(
    async () => {
      const id = pickAgentId(mappedIds(), usedIds());
      try {
        // Recorded first: an id tried once is never given again, whatever happens next.
        admin('sh', ['-c', RECORD, 'sh', UID_LEDGER, String(id)]);
        addUser(name, id, admin);
        return { value: true };
      } catch (error) {
        last = error;
        // 10: /etc/passwd or /etc/group locked by another useradd; 4: the id is taken. Worth another try.
        if (!/exit (10|4)\b/.test(messageOf(error))) throw error;
        return { value: false, retry: messageOf(error) };
      }
    },
    { tries: USERADD_TRIES, backoffMs: USERADD_BACKOFF_MS, jitter: 0.5 }
  );
  if (!made) throw last instanceof Error ? last : new Error(messageOf(last));
  return name;
}

/** Appends $2 to the ledger $1, making its folder (root's, 0755) first. */
const RECORD = 'mkdir -p -m 755 "${1%/*}" && printf \'%s\\n\' "$2" >> "$1"';

/** Its own group with the same id, then the user in it alone; the group taken out again when the user cannot be made. */
function addUser(name: string, id: number, admin: Admin): void {
  admin('groupadd', ['--system', '--gid', String(id), name]);
  try {
    admin('useradd', [
      '--system',
      '--uid',
      String(id),
      '--gid',
      String(id),
      '--no-user-group',
      '--no-log-init',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      name
    ]);
  } catch (error) {
    removeGroup(name, admin);
    throw error;
  }
}

/**
 * An id for the next agent: at random in AGENT_IDS where the user namespace maps it (uid and gid
 * alike), else in the system range; never one in `used`. Throws when none is left.
 */
export function pickAgentId(
  mapped: readonly IdRange[],
  used: ReadonlySet<number>,
  random: (below: number) => number = below => randomInt(below)
): number {
  for (const range of [AGENT_IDS, SYSTEM_IDS]) {
    const free = mapped
      .map(m => ({ first: Math.max(m.first, range.first), last: Math.min(m.last, range.last) }))
      .filter(r => r.first <= r.last);
    const size = free.reduce((n, r) => n + r.last - r.first + 1, 0);
    const usedHere = [...used].filter(id => free.some(r => id >= r.first && id <= r.last)).length;
    if (size - usedHere <= 0) continue;
    // A large range: a few draws find a free id; a small one is walked from a random start.
    for (let draw = 0, at = random(size); draw < size; draw++, at = (at + 1) % size) {
      const id = nth(free, at);
      if (!used.has(id)) return id;
    }
  }
  throw new Error(
    `every id the agent's user could be given here was given to an earlier run's (${UID_LEDGER} lists them; the user namespace maps ${mapped.map(r => `${r.first}-${r.last}`).join(', ') || 'none'}): a uid is never given twice, so that no agent reads what an earlier one left`
  );
}

function nth(ranges: readonly IdRange[], at: number): number {
  let left = at;
  for (const r of ranges) {
    const size = r.last - r.first + 1;
    if (left < size) return r.first + left;
    left -= size;
  }
  throw new RangeError(`no id at ${at}`);
}

/** The ids both this user namespace's uid_map and gid_map map (the whole 32-bit space outside one). */
export function mappedIds(
  read: (file: string) => string = file => fs.readFileSync(file, 'utf8')
): IdRange[] {
  const ranges = (file: string): IdRange[] => {
    let text: string;
    try {
      text = read(file);
    } catch {
      return [{ first: 0, last: 4_294_967_294 }];
    }
    return text
      .split('\n')
      .map(line => line.trim().split(/\s+/).map(Number))
      .filter(([inside, , count]) => Number.isInteger(inside) && Number.isInteger(count))
      .map(([inside = 0, , count = 0]) => ({ first: inside, last: inside + count - 1 }));
  };
  const gids = ranges('/proc/self/gid_map');
  return ranges('/proc/self/uid_map').flatMap(u =>
    gids
      .map(g => ({ first: Math.max(u.first, g.first), last: Math.min(u.last, g.last) }))
      .filter(r => r.first <= r.last)
  );
}

/** The ids not to give: the ledger's, and those /etc/passwd and /etc/group hold now. */
function usedIds(): Set<number> {
  const used = new Set<number>();
  const add = (file: string, field: number): void => {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return; // no ledger yet
    }
    for (const line of text.split('\n')) {
      const id = Number(field < 0 ? line.trim() : line.split(':')[field]);
      if (line.trim() !== '' && Number.isInteger(id)) used.add(id);
    }
  };
  add(UID_LEDGER, -1);
  add('/etc/passwd', 2);
  add('/etc/group', 2);
  return used;
}

/** Deletes the agent user (and its group); one left behind owns nothing and runs nothing, the next run makes its own. */
export function removeAgentUser(name: string, admin: Admin): void {
  try {
    admin('userdel', [name]);
  } catch {
    // Left behind: see above.
  }
  removeGroup(name, admin);
}

/** userdel takes the group too where USERGROUPS_ENAB is yes; elsewhere (still in /etc/group) it is taken here. */
function removeGroup(name: string, admin: Admin): void {
  let groups = '';
  try {
    groups = fs.readFileSync('/etc/group', 'utf8');
  } catch {
    return;
  }
  if (!groups.split('\n').some(line => line.startsWith(`${name}:`))) return;
  try {
    admin('groupdel', [name]);
  } catch {
    // Left behind: it holds no one.
  }
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

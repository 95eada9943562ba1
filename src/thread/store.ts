/**
 * A thread's Hermes session between runs, in the Actions cache (the service the install cache uses).
 * An entry is immutable, so every save is a new one under the thread's key prefix and a restore takes
 * the newest, through the action's checked extraction (never the cache client's `tar -P`, which
 * writes where an archive says). What is kept is the agent's session alone: its `state.db` as
 * thread/session-db.ts keeps it (redacted, whole) and a small record (the session's id, the turn,
 * the first run's page), sealed in one file with the `thread-key` secret (thread/sealed.ts).
 *
 * The agent owns its Hermes home and can put anything there: a link to a file of root's, a file
 * linked to one elsewhere, a file that grows while it is read. So its files are read and written as
 * the agent's own user, never as the action's (a link reads only what the agent could read itself),
 * each read bounded, into a folder of the action's.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { quietly } from '../process/quietly.js';
import { readAs, writeAs, type AgentUser } from '../process/spawn.js';
import type { Redactor } from '../text/redact.js';
import { keptCopy, unusable } from './session-db.js';
import { seal, unseal } from './sealed.js';
import { messageOf } from '../text/errors.js';

/** Where a thread is restored to and saved from: one fixed path (an entry's paths are part of its version). */
export const threadDir = (env: NodeJS.ProcessEnv): string =>
  path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-thread');

/** What a thread entry says of itself. */
export interface ThreadRecord {
  sessionId: string;
  turn: number;
  /** The page of the run that started the thread. */
  firstRun?: string;
  /** Set where the thread was not kept (it grew past its bound): the next run starts anew, saying why. */
  reset?: string;
}

/** What a restore found: the record and the store to give Hermes; or why there is none. */
export type Restored =
  | { found: true; record: ThreadRecord; db: string }
  | { found: false; why?: string; record?: ThreadRecord };

/** The one file an entry holds: the record and the store, sealed (thread/sealed.ts). */
const SEALED = 'thread.sealed';
const DB = 'state.db';

/** How a thread's newest entry is restored into its folder: checked extraction (install/cache.ts). */
export type RestoreEntry = (
  prefix: string,
  dir: string
) => Promise<{ key?: string; problem?: string; refused?: string }>;

/** What opens and seals a thread's entries: the `thread-key` secret, for this repository. */
export interface ThreadSeal {
  secret: string;
  repository: string;
}

/** The newest entry of the thread, opened and checked: whole, of the session it names. */
export async function restoreThread(
  keyPrefix: string,
  env: NodeJS.ProcessEnv,
  maxBytes: number,
  lock: ThreadSeal,
  restore: RestoreEntry
): Promise<Restored> {
  const dir = threadDir(env);
  fs.rmSync(dir, { recursive: true, force: true });
  const got = await restore(keyPrefix, dir);
  if (got.problem) return { found: false, why: `the cache could not be read (${got.problem})` };
  if (got.refused) return { found: false, why: `the saved thread was refused (${got.refused})` };
  if (got.key === undefined) return { found: false };
  const file = path.join(dir, SEALED);
  // Only a regular file, bounded: never followed to another.
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile() || stat.size > maxBytes + 64 * 1024)
    return { found: false, why: `the saved thread has no ${SEALED} of a bounded size` };
  const opened = unseal(lock.secret, lock.repository, keyPrefix, fs.readFileSync(file));
  fs.rmSync(file, { force: true });
  if (!opened)
    return {
      found: false,
      why: 'the saved thread does not open with this thread-key (written with another, or changed since)'
    };
  let record: ThreadRecord;
  try {
    record = recordOf(JSON.parse(opened.record));
  } catch (error) {
    return { found: false, why: `the saved thread's record is not one (${messageOf(error)})` };
  }
  if (record.reset) return { found: false, why: record.reset, record };
  const db = path.join(dir, DB);
  fs.writeFileSync(db, opened.store, { mode: 0o600 });
  const why = unusable(db, record.sessionId);
  return why ? { found: false, why, record } : { found: true, record, db };
}

function recordOf(value: unknown): ThreadRecord {
  const r = value as Record<string, unknown>;
  // An id Hermes could take as an option, or a word of more than one, is not one.
  if (typeof r.sessionId !== 'string' || !/^[A-Za-z0-9][\w.:-]{0,199}$/.test(r.sessionId))
    throw new Error('no session id of the expected form');
  if (typeof r.turn !== 'number' || !Number.isSafeInteger(r.turn) || r.turn < 1)
    throw new Error('no turn number');
  return {
    sessionId: r.sessionId,
    turn: r.turn,
    ...(typeof r.firstRun === 'string' && { firstRun: r.firstRun }),
    ...(typeof r.reset === 'string' && { reset: r.reset })
  };
}

/** Gives the agent its thread's store: `home/state.db`, written as the agent, its own alone. */
export async function lendStore(
  db: string,
  hermesHome: string,
  as: AgentUser,
  env: NodeJS.ProcessEnv
): Promise<string | undefined> {
  return writeAs(as, path.join(hermesHome, DB), fs.readFileSync(db), env);
}

/**
 * Copies the agent's `state.db` (and its `-wal`, `-shm`) into a folder of the action's, read as the
 * agent (processes/spawn.ts readAs: a link it planted reads only what it could read itself), all
 * within maxBytes; or why not.
 */
export async function takeStore(
  hermesHome: string,
  into: string,
  maxBytes: number,
  as: AgentUser,
  env: NodeJS.ProcessEnv
): Promise<string | undefined> {
  let total = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    const name = DB + suffix;
    const read = await readAs(as, path.join(hermesHome, name), maxBytes - total, env);
    if (!read.bytes) {
      if (suffix !== '' && /No such file/i.test(read.why ?? '')) continue;
      return `${name} could not be read (${read.why ?? 'unknown'})`;
    }
    total += read.bytes.length;
    if (total > maxBytes) return 'the session store is larger than thread-max-mb';
    fs.writeFileSync(path.join(into, name), read.bytes, { mode: 0o600, flag: 'wx' });
  }
  return undefined;
}

/**
 * Saves the thread: the agent's store taken (takeStore), kept redacted (keptCopy), with its record,
 * as a new entry under the thread's prefix. Where it cannot be kept (too large, not the agent's
 * own file), an entry that says so, so that the next run starts anew, saying why, rather than
 * resuming an older turn. Returns what to say, or undefined when it was saved.
 */
export async function saveThread(
  options: {
    keyPrefix: string;
    key: string;
    hermesHome: string;
    as: AgentUser;
    record: ThreadRecord;
    maxBytes: number;
    redact: Redactor;
    /** The agent's own environment, for what runs as the agent. */
    agentEnv: NodeJS.ProcessEnv;
    lock: ThreadSeal;
  },
  env: NodeJS.ProcessEnv
): Promise<{ saved: boolean; why?: string }> {
  const dir = threadDir(env);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const work = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-thread-work-'));
  let record = options.record;
  try {
    let store = Buffer.alloc(0);
    const problem = await takeStore(
      options.hermesHome,
      work,
      options.maxBytes,
      options.as,
      options.agentEnv
    );
    if (!problem) {
      const kept = path.join(work, 'kept.db');
      keptCopy(path.join(work, DB), kept, options.redact);
      store = fs.readFileSync(kept);
      if (store.length > options.maxBytes)
        record = { ...record, reset: 'the thread grew past thread-max-mb' };
    } else record = { ...record, reset: `the last run's session could not be kept: ${problem}` };
    if (record.reset) store = Buffer.alloc(0);
    const { secret, repository } = options.lock;
    fs.writeFileSync(
      path.join(dir, SEALED),
      seal(secret, repository, options.keyPrefix, JSON.stringify(record), store),
      { mode: 0o600 }
    );
    const cache = await import('@actions/cache');
    const { value, problems } = await quietly(() => cache.saveCache([dir], options.key));
    if (problems.length > 0)
      return { saved: false, why: `the cache could not be written (${problems[0]})` };
    if (value === undefined || value === -1)
      return { saved: false, why: 'the cache entry was not created' };
    return record.reset ? { saved: false, why: record.reset } : { saved: true };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `thread: auto`: a run on an issue or pull request continues the Hermes session of the run before
 * it. Before the turn, the thread's newest entry is restored and checked (thread/store.ts) and lent
 * to the agent's Hermes home, and Hermes is asked to `--resume` it; after the turn, the id Hermes
 * answered with says whether it did (never silently: a new thread is a warning), and the session is
 * saved for the next run where this run may save (thread/place.ts). Only where Hermes runs as its own
 * user: its home is then a throw-away one, never the runner's own store.
 */
import type { CliSettings } from '../config/settings.js';
import type { ThreadFact } from '../turn/facts.js';
import type { Redactor } from '../text/redact.js';
import { messageOf } from '../text/errors.js';
import { threadPlace, type ThreadPlace } from '../thread/place.js';
import {
  lendStore,
  restoreThread,
  saveThread,
  type RestoreEntry,
  type Restored,
  type ThreadSeal
} from '../thread/store.js';
import { restoreChecked } from '../install/cache.js';
import { Input } from '../config/inputs.js';
import type { Spawning } from '../process/spawn.js';
import type { AdmitResult } from './admit.js';

export interface OpenThread {
  place: ThreadPlace;
  restored: Restored;
  lock: ThreadSeal;
}

/** The run's thread, restored; or a line saying why there is none here; or nothing to say. */
export async function openThread(
  settings: CliSettings,
  admitted: Extract<AdmitResult, { allowed: true }>,
  env: NodeJS.ProcessEnv,
  isolated: boolean
): Promise<OpenThread | { off: string } | undefined> {
  if (settings.thread.mode === 'off') return undefined;
  const place = threadPlace(env, admitted.payload, {
    trusted: admitted.trigger?.writer === true,
    fork: admitted.fork !== undefined
  });
  if (!place) return undefined;
  if ('off' in place) return { off: `thread: none is kept here: ${place.off}.` };
  if (!isolated)
    return {
      off: "thread: none is kept here: Hermes runs as the runner's user, whose Hermes home is not a throw-away one to restore a session into."
    };
  if (settings.thread.key === '')
    return {
      off: `thread: none is kept here: "${Input.ThreadKey}" is not set. A saved session is readable by every workflow run of the repository, a fork's pull request's among them, so it is kept only sealed with a secret of yours (thread-key: \${{ secrets.HERMES_THREAD_KEY }}).`
    };
  const lock = { secret: settings.thread.key, repository: env.GITHUB_REPOSITORY ?? '' };
  // A run that may not save (a stranger's, a fork's) does not read the writers' thread either.
  if (!place.saves) return { place, restored: { found: false }, lock };
  const restore: RestoreEntry = (prefix, dir) =>
    restoreChecked(
      { cacheKey: `${prefix}latest`, cachePaths: [dir], restorePrefix: prefix },
      { env }
    );
  try {
    const restored = await restoreThread(
      place.keyPrefix,
      env,
      settings.thread.maxBytes,
      lock,
      restore
    );
    return { place, restored, lock };
  } catch (error) {
    return {
      place,
      restored: { found: false, why: `the restore failed (${messageOf(error)})` },
      lock
    };
  }
}

/**
 * The restored session lent to the agent's Hermes home: its id, for Hermes to `--resume`; undefined
 * when there is none to resume (or it could not be lent: said in the thread's note).
 */
export async function lendThread(
  open: OpenThread | undefined,
  spawning: Spawning
): Promise<string | undefined> {
  const home = spawning.env.HERMES_HOME;
  if (!open?.restored.found || !home || !spawning.as) return undefined;
  const why = await lendStore(open.restored.db, home, spawning.as, spawning.env);
  if (why) {
    open.restored = {
      found: false,
      why: `the saved session could not be given to Hermes (${why})`
    };
    return undefined;
  }
  return open.restored.record.sessionId;
}

/** After the turn: whether Hermes continued the thread, and the session saved for the next run. */
export async function closeThread(
  open: OpenThread,
  {
    sessionId,
    spawning,
    cancelled,
    maxBytes,
    redact,
    env
  }: {
    sessionId: string | undefined;
    spawning: Spawning;
    cancelled: boolean;
    maxBytes: number;
    redact: Redactor;
    env: NodeJS.ProcessEnv;
  }
): Promise<ThreadFact> {
  const { place, restored } = open;
  const earlier = restored.found ? restored.record : undefined;
  const continued = earlier !== undefined && sessionId === earlier.sessionId;
  let note: string | undefined;
  if (earlier && !continued)
    note = `Hermes was asked to resume session ${earlier.sessionId} and answered with ${sessionId ?? 'no session'}`;
  else if (!restored.found && restored.why) note = restored.why;
  // Said once the stream's block is closed (publish), where the runner reads a warning as one.
  const warnings: string[] = [];
  if (note) warnings.push(`A new thread was started for ${place.id}: ${note}.`);
  const turn = continued ? earlier.turn + 1 : 1;
  const firstRun = continued ? earlier.firstRun : place.runUrl;
  const fact: ThreadFact = {
    id: place.id,
    turn,
    resumed: continued,
    ...(continued && earlier.firstRun && { firstRun: earlier.firstRun }),
    ...(note && { note }),
    warnings
  };
  const hermesHome = spawning.env.HERMES_HOME;
  const as = spawning.as;
  const unsaved = !place.saves
    ? place.notSaved
    : cancelled
      ? 'the job was cancelled'
      : !sessionId || !hermesHome || !as
        ? 'Hermes named no session'
        : undefined;
  if (unsaved || !sessionId || !hermesHome || !as) {
    return {
      ...fact,
      note: [note, `not kept for the next run: ${unsaved}`].filter(Boolean).join('; ')
    };
  }
  const key = `${place.keyPrefix}${env.GITHUB_RUN_ID ?? 'local'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}-${Date.now()}`;
  try {
    const saved = await saveThread(
      {
        keyPrefix: place.keyPrefix,
        key,
        hermesHome,
        as,
        agentEnv: spawning.env,
        lock: open.lock,
        record: { sessionId, turn, ...(firstRun && { firstRun }) },
        maxBytes,
        redact
      },
      env
    );
    if (saved.saved) return fact;
    warnings.push(
      `The thread ${place.id} was not kept for the next run: ${saved.why ?? 'unknown'}.`
    );
    return { ...fact, note: [note, `not kept: ${saved.why}`].filter(Boolean).join('; ') };
  } catch (error) {
    warnings.push(`The thread ${place.id} was not kept for the next run: ${messageOf(error)}.`);
    return { ...fact, note: [note, `not kept: ${messageOf(error)}`].filter(Boolean).join('; ') };
  }
}

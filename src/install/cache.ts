/**
 * The install in the Actions cache. Saving goes through @actions/cache (loaded only when needed).
 * Restoring does not: that client extracts with `tar -P`, so an archive could write anywhere. Here
 * the exact key is looked up (no prefix) and the archive streamed through a check of every entry
 * into staging directories (install-restore.ts), moved into place only when all of it passed.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { retry } from '../http/retry.js';
import { request } from '../http/fetch.js';
import { messageOf } from '../text/errors.js';
import { clip } from '../text/text.js';
import { fetchInto } from './download.js';
import { WRITERS_ONLY_EVENTS } from '../config/events.js';
import { childEnv } from '../process/environment.js';
import { quietly } from '../process/quietly.js';
import type { InstallLayout } from './layout.js';
import { Refused, restoreStaged } from './restore.js';
import { commandAsync } from '../process/spawn.js';

export interface CacheResult {
  /** The key of the entry restored or saved; absent on a miss or a failure. */
  key?: string;
  /** Why the cache could not be used, in the cache client's words; absent when it worked (hit or miss). */
  problem?: string;
  /** Why a found entry was not extracted: a path outside the cached folders, or a link through which one is written. */
  refused?: string;
}

/** Whether this run may write the cache: never on an event a stranger can cause (comments, PRs, workflow_run). */
export const savesOn = (event: string | undefined): boolean =>
  event !== undefined && WRITERS_ONLY_EVENTS.has(event);

/** Whether the runner gave this step a cache service at all (outside GitHub Actions it does not). */
export async function cacheAvailable(): Promise<boolean> {
  const cache = await import('@actions/cache');
  return cache.isFeatureAvailable();
}

/** @actions/cache's choice of compression (zstd when it runs, else gzip): part of an entry's version. */
async function compression(env: NodeJS.ProcessEnv): Promise<'zstd-without-long' | 'gzip'> {
  const zstd = await commandAsync('zstd', ['--quiet', '--version'], { env, timeoutMs: 10_000 });
  return !zstd.error && zstd.stdout.trim() !== '' ? 'zstd-without-long' : 'gzip';
}

/** @actions/cache's version of an entry: its paths, its compression, the client's salt ("1.0"). */
export const cacheVersion = (paths: string[], method: string): string =>
  createHash('sha256')
    .update([...paths, method, '1.0'].join('|'))
    .digest('hex');

const TWIRP = 'twirp/github.actions.results.api.v1.CacheService/';
const MAX_ARCHIVE_BYTES = 10 * 1024 ** 3;
/** From the request to the tree in place, per attempt. */
const RESTORE_TIMEOUT_MS = 10 * 60_000;

export interface RestoreLimits {
  /** Tries of the exact-key look-up on a 5xx or a network error, the first included. */
  lookupAttempts: number;
  /** The wait before the look-up's second try; doubled before each later one. */
  lookupBackoffMs: number;
}

export const RESTORE_LIMITS: Readonly<RestoreLimits> = Object.freeze({
  lookupAttempts: 3,
  lookupBackoffMs: 1000
});

export interface RestoreOptions {
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  limits?: RestoreLimits;
  onRetry?(message: string): void;
  /** Each stage of a hit, said to a person (and timed by the bench). */
  onStep?(message: string): void;
}

/** Restores the entry saved under this layout's exact key, if there is one and it stays in its folders. */
export function restoreInstall(
  layout: InstallLayout,
  options: RestoreOptions = {}
): Promise<CacheResult> {
  return restoreChecked(layout, options);
}

/**
 * Restores the entry saved under `cacheKey` (or, with `restorePrefix`, the newest whose key begins
 * with it) into `cachePaths`, every archive entry checked to stay inside them: never through the
 * cache client's own `tar -P`. The thread's sessions come back this way too (steps/thread.ts).
 */
export async function restoreChecked(
  layout: { cacheKey: string; cachePaths: readonly string[]; restorePrefix?: string },
  { env = process.env, signal, onRetry, onStep, limits = RESTORE_LIMITS }: RestoreOptions = {}
): Promise<CacheResult> {
  // The commands run get the scrubbed environment: no runner token, no file commands.
  const spawnEnv = childEnv(env);
  const method = await compression(spawnEnv);
  let found: { url: string; key: string } | undefined;
  try {
    const version = cacheVersion([...layout.cachePaths], method);
    const restoreKeys = layout.restorePrefix === undefined ? [] : [layout.restorePrefix];
    found = await lookUp(layout.cacheKey, restoreKeys, version, env, limits, signal);
  } catch (error) {
    return { problem: messageOf(error) };
  }
  if (!found) return {};
  const prefix = layout.restorePrefix;
  if (found.key !== layout.cacheKey && !(prefix !== undefined && found.key.startsWith(prefix)))
    return { refused: `the cache answered with another key (${clip(found.key, 200)})` };
  onStep?.(`Found ${found.key} in the Actions cache`);
  let bytes = 0;
  let entries = 0;
  try {
    await fetchInto(
      found.url,
      async body => {
        bytes = 0;
        body.on('data', (chunk: Buffer) => (bytes += chunk.length));
        ({ entries } = await restoreStaged({
          body,
          method,
          workspace: env.GITHUB_WORKSPACE || process.cwd(),
          folders: [...layout.cachePaths],
          env: spawnEnv,
          timeoutMs: RESTORE_TIMEOUT_MS,
          signal
        }));
      },
      {
        maxBytes: MAX_ARCHIVE_BYTES,
        timeoutMs: RESTORE_TIMEOUT_MS,
        what: 'a cached install',
        shown: found.url.split('?')[0],
        signal,
        onRetry
      }
    );
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    return { problem: messageOf(error) };
  }
  onStep?.(
    `Restored ${entries} entries (${(bytes / 1e6).toFixed(1)} MB downloaded), all inside the cached folders`
  );
  return { key: found.key };
}

/** GetCacheEntryDownloadURL for a key (and the restore keys given); retried on 5xx and network errors. */
async function lookUp(
  key: string,
  restoreKeys: string[],
  version: string,
  env: NodeJS.ProcessEnv,
  limits: RestoreLimits,
  signal?: AbortSignal
): Promise<{ url: string; key: string } | undefined> {
  const base = env.ACTIONS_RESULTS_URL ?? '';
  const url = new URL(`${TWIRP}GetCacheEntryDownloadURL`, base.endsWith('/') ? base : `${base}/`);
  type Answer = { ok?: boolean; signed_download_url?: string; matched_key?: string };
  const result = await retry<{ answer?: Answer; error?: string }>(
    async () => {
      try {
        const response = await request(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${env.ACTIONS_RUNTIME_TOKEN ?? ''}`,
            'content-type': 'application/json'
          },
          body: JSON.stringify({ key, restore_keys: restoreKeys, version }),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(30_000)]) : undefined
        });
        const text = await response.text();
        if (response.ok) return { value: { answer: JSON.parse(text) as Answer } };
        const error = `the cache service answered HTTP ${response.status}: ${clip(text, 300)}`;
        return response.status >= 500 ? { value: { error }, retry: error } : { value: { error } };
      } catch (error) {
        const why = `the cache service could not be reached: ${messageOf(error)}`;
        return { value: { error: why }, retry: why };
      }
    },
    { tries: limits.lookupAttempts, backoffMs: limits.lookupBackoffMs, signal }
  );
  if (result.error !== undefined) throw new Error(result.error);
  const answer = result.answer ?? {};
  if (!answer.ok || !answer.signed_download_url) return undefined;
  return { url: answer.signed_download_url, key: answer.matched_key ?? key };
}

/**
 * A fresh install's tree readable and executable by everyone (an isolated agent user runs it) and
 * writable by the runner user alone (a restored one gets these modes as it is extracted). chmod, not
 * a walk in Node: tens of thousands of files.
 */
export async function lockDown(paths: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const present = paths.filter(p => fs.existsSync(p));
  if (present.length === 0) return;
  const chmod = await commandAsync('chmod', ['-R', 'u+rwX,go-w,go+rX', ...present], {
    env,
    timeoutMs: 5 * 60_000
  });
  if (chmod.error)
    throw new Error(
      `chmod -R of the install failed: ${clip(chmod.stderr.trim() || chmod.error.message, 2000)}`
    );
}

/** Saves the install under its exact key; an entry already there (immutable) is left as it is. */
export async function saveInstall(layout: InstallLayout): Promise<CacheResult> {
  const cache = await import('@actions/cache');
  const { value, problems } = await quietly(() =>
    cache.saveCache([...layout.cachePaths], layout.cacheKey)
  );
  if (problems.length > 0) return { problem: problems[0] };
  // -1 without a problem: the entry was not created (it exists already, or another job saved it first).
  return value !== undefined && value !== -1 ? { key: layout.cacheKey } : {};
}

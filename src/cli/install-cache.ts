/**
 * The install in the Actions cache. Saving goes through @actions/cache (loaded only when needed).
 * Restoring does not: that client extracts with `tar -P`, so an archive could write anywhere. Here
 * the exact key is looked up (no prefix), the archive downloaded, listed, and extracted only when
 * every entry lies inside the cached folders.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { retry } from '../run/retry.js';
import { request } from '../http/fetch.js';
import { messageOf } from '../text/errors.js';
import { clip } from '../text/text.js';
import { download, DownloadError } from './download.js';
import type { InstallLayout } from './install-layout.js';

export interface CacheResult {
  /** The key of the entry restored or saved; absent on a miss or a failure. */
  key?: string;
  /** Why the cache could not be used, in the cache client's words; absent when it worked (hit or miss). */
  problem?: string;
  /** Why a found entry was not extracted: a path outside the cached folders, or a link through which one is written. */
  refused?: string;
}

/** The events the trigger gate does not check: only people with write access cause them. */
const SAVING_EVENTS = new Set([
  'push',
  'schedule',
  'workflow_dispatch',
  'repository_dispatch',
  'merge_group'
]);

/** Whether this run may write the cache: never on an event a stranger can cause (comments, PRs, workflow_run). */
export const savesOn = (event: string | undefined): boolean =>
  event !== undefined && SAVING_EVENTS.has(event);

/** Whether the runner gave this step a cache service at all (outside GitHub Actions it does not). */
export async function cacheAvailable(): Promise<boolean> {
  const cache = await import('@actions/cache');
  return cache.isFeatureAvailable();
}

/** @actions/cache's choice of compression (zstd when it runs, else gzip): part of an entry's version. */
function compression(): 'zstd-without-long' | 'gzip' {
  const zstd = spawnSync('zstd', ['--quiet', '--version'], { encoding: 'utf8' });
  return zstd.status === 0 && zstd.stdout.trim() !== '' ? 'zstd-without-long' : 'gzip';
}

/** @actions/cache's version of an entry: its paths, its compression, the client's salt ("1.0"). */
export const cacheVersion = (paths: string[], method: string): string =>
  createHash('sha256')
    .update([...paths, method, '1.0'].join('|'))
    .digest('hex');

const TWIRP = 'twirp/github.actions.results.api.v1.CacheService/';
const MAX_ARCHIVE_BYTES = 10 * 1024 ** 3;

export interface RestoreOptions {
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  onRetry?(message: string): void;
  /** Each stage of a hit, said to a person (and timed by the bench). */
  onStep?(message: string): void;
}

/** Restores the entry saved under this layout's exact key, if there is one and it stays in its folders. */
export async function restoreInstall(
  layout: InstallLayout,
  { env = process.env, signal, onRetry, onStep }: RestoreOptions = {}
): Promise<CacheResult> {
  const method = compression();
  let found: { url: string; key: string } | undefined;
  try {
    found = await lookUp(layout.cacheKey, cacheVersion(layout.cachePaths, method), env, signal);
  } catch (error) {
    return { problem: messageOf(error) };
  }
  if (!found) return {};
  if (found.key !== layout.cacheKey)
    return { refused: `the cache answered with another key (${clip(found.key, 200)})` };
  onStep?.(`Found ${found.key} in the Actions cache`);
  const work = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-cache-'));
  try {
    const archive = path.join(work, method === 'gzip' ? 'cache.tgz' : 'cache.tzst');
    const shown = found.url.split('?')[0];
    try {
      await download(found.url, archive, {
        maxBytes: MAX_ARCHIVE_BYTES,
        timeoutMs: 10 * 60_000,
        what: 'a cached install',
        shown,
        signal,
        onRetry
      });
    } catch (error) {
      if (error instanceof DownloadError) return { problem: error.message };
      throw error;
    }
    onStep?.(`Downloaded the cached install (${(fs.statSync(archive).size / 1e6).toFixed(1)} MB)`);
    const workspace = env.GITHUB_WORKSPACE || process.cwd();
    // Decompressed once, then listed and extracted: the listing costs a read, not a second unzstd.
    const plain = path.join(work, 'cache.tar');
    await run(method === 'gzip' ? 'gzip' : 'zstd', ['-d', '-q', '-c', archive], plain);
    const listing = await listArchive(plain);
    const refused = outsideFolders(listing, workspace, layout.cachePaths);
    if (refused) return { refused };
    onStep?.(`Listed ${listing.length} entries: all inside the cached folders`);
    for (const dir of layout.cachePaths) fs.rmSync(dir, { recursive: true, force: true });
    await run('tar', ['-xf', plain, '-P', '-C', workspace]);
    return { key: found.key };
  } catch (error) {
    return { problem: messageOf(error) };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** GetCacheEntryDownloadURL for one exact key (no restore keys); retried on 5xx and network errors. */
async function lookUp(
  key: string,
  version: string,
  env: NodeJS.ProcessEnv,
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
          body: JSON.stringify({ key, restore_keys: [], version }),
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
    { attempts: 3, backoffMs: 1000, signal }
  );
  if (result.error !== undefined) throw new Error(result.error);
  const answer = result.answer ?? {};
  if (!answer.ok || !answer.signed_download_url) return undefined;
  return { url: answer.signed_download_url, key: answer.matched_key ?? key };
}

/** `tar -tv` of the archive, one line per entry. */
async function listArchive(archive: string): Promise<string[]> {
  const child = spawn('tar', ['-tvf', archive], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = clip(stderr + text, 2000);
  });
  const lines: string[] = [];
  const done = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  for await (const line of createInterface({ input: child.stdout })) lines.push(line);
  const code = await done;
  if (code !== 0) throw new Error(`tar could not list the cached archive: ${stderr.trim()}`);
  return lines;
}

// `tar -tv`: type and mode, owner, size, date, time, then the name (GNU tar; C locale).
const ENTRY = /^(\S)\S*\s+\S+\s+\S+\s+\S+\s+\S+\s(.*)$/;

/**
 * Why the listed archive may not be extracted, or undefined when it may: every entry (and every hard
 * link's target) resolves, from the tar working directory, into one of the folders, no entry is
 * written through a symbolic link of the archive, and there is nothing but files, directories and links.
 */
export function outsideFolders(
  listing: string[],
  workspace: string,
  folders: string[]
): string | undefined {
  const inside = (target: string): string | undefined =>
    folders.find(f => target === f || target.startsWith(f.endsWith('/') ? f : `${f}/`));
  const symlinks = new Set<string>();
  const entries: { at: string; root: string }[] = [];
  for (const line of listing) {
    const match = ENTRY.exec(line);
    if (!match) return `an entry the action cannot read: ${clip(line, 300)}`;
    const [, type, rest] = match;
    let name = rest;
    if (type === 'l') name = rest.split(' -> ')[0];
    if (type === 'h') name = rest.split(' link to ')[0];
    const at = path.resolve(workspace, name);
    const root = inside(at);
    if (!root) return `${clip(name, 300)} lies outside the cached folders`;
    if (!'-dlh'.includes(type)) return `${clip(name, 300)} is not a file, directory or link`;
    if (type === 'h') {
      const target = path.resolve(workspace, rest.slice(name.length + ' link to '.length));
      if (!inside(target))
        return `${clip(name, 300)} is a hard link to a file outside the cached folders`;
    }
    if (type === 'l') symlinks.add(at);
    entries.push({ at, root });
  }
  for (const { at, root } of entries) {
    for (let dir = path.dirname(at); dir.length >= root.length; dir = path.dirname(dir)) {
      if (symlinks.has(dir)) return `${clip(at, 300)} would be written through the link ${dir}`;
      if (dir === root) break;
    }
  }
  return undefined;
}

/** Runs command to its end (its stdout into the file `into`, if given); rejects with its stderr. */
function run(command: string, args: string[], into?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = into ? fs.openSync(into, 'w', 0o600) : 'ignore';
    const child = spawn(command, args, { stdio: ['ignore', out, 'pipe'] });
    if (typeof out === 'number') fs.closeSync(out);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr = clip(stderr + text, 2000);
    });
    child.once('error', reject);
    child.once('close', code =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args[0]} failed (exit ${code}): ${stderr.trim()}`))
    );
  });
}

/**
 * The tree readable and executable by everyone (an isolated agent user runs it) and writable by the
 * runner user alone. chmod, not a walk in Node: tens of thousands of files.
 */
export async function lockDown(paths: string[]): Promise<void> {
  const present = paths.filter(p => fs.existsSync(p));
  if (present.length > 0) await run('chmod', ['-R', 'u+rwX,go-w,go+rX', ...present]);
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

/**
 * Runs fn with the cache client's `::warning::` and `::error::` lines taken out of the log and
 * returned: it reports a cache service answering 5xx as an error annotation, and a cache outage
 * must cost the step one warning (the action's own), not an error that reads as a failed job.
 */
async function quietly<T>(fn: () => Promise<T>): Promise<{ value?: T; problems: string[] }> {
  const problems: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = function (chunk: unknown, ...rest: unknown[]): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : '';
    const command = /^::(?:warning|error)(?: [^:]*)?::([^\n]*)/.exec(text);
    if (!command) return write.apply(process.stdout, [chunk, ...rest] as never);
    problems.push(unescapeData(command[1].trim()));
    const callback = rest.find(r => typeof r === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  } as typeof process.stdout.write;
  try {
    return { value: await fn(), problems };
  } catch (error) {
    problems.push(messageOf(error));
    return { problems };
  } finally {
    process.stdout.write = write;
  }
}

/** @actions/core's escaping of a command's message, undone. */
function unescapeData(text: string): string {
  return text.replace(/%0D/gi, '\r').replace(/%0A/gi, '\n').replace(/%25/g, '%');
}

/** The install in the Actions cache (@actions/cache, loaded only when an install needs it). */
import { messageOf } from '../text/errors.js';
import type { InstallLayout } from './install-layout.js';

export interface CacheResult {
  /** The key of the entry restored or saved; absent on a miss or a failure. */
  key?: string;
  /** Why the cache could not be used, in the cache client's words; absent when it worked (hit or miss). */
  problem?: string;
}

/** Whether the runner gave this step a cache service at all (outside GitHub Actions it does not). */
export async function cacheAvailable(): Promise<boolean> {
  const cache = await import('@actions/cache');
  return cache.isFeatureAvailable();
}

/** Restores the newest entry saved for this version and layout, if there is one. */
export async function restoreInstall(layout: InstallLayout): Promise<CacheResult> {
  const cache = await import('@actions/cache');
  const { value, problems } = await quietly(() =>
    cache.restoreCache([...layout.cachePaths], layout.cacheKey, [layout.restoreKey])
  );
  return { key: value, problem: problems[0] };
}

/** Saves the install under this run's key. */
export async function saveInstall(layout: InstallLayout): Promise<CacheResult> {
  const cache = await import('@actions/cache');
  const { value, problems } = await quietly(() =>
    cache.saveCache([...layout.cachePaths], layout.cacheKey)
  );
  if (problems.length > 0) return { problem: problems[0] };
  // -1 without a problem: the entry was not created (another job of the run saved it first).
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

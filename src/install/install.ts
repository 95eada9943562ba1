/**
 * Installing Hermes in the step: reuse an install of this job, else restore it from the Actions cache
 * (one exact key), else download the pinned ref's own install script, check its SHA-256 and run it
 * into a fresh directory; save it right away when the event allows; then put it on PATH.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findHermes } from '../hermes/cli.js';
import type { InstallSettings } from '../config/install.js';
import { openTranscript } from '../config/paths.js';
import type { CliSettings } from '../config/settings.js';
import { childEnv } from '../process/environment.js';
import type { Attempt, RunLog, Signals } from '../turn/attempt.js';
import type { InstallFact, InstallSource } from '../turn/facts.js';
import { StreamReader } from '../turn/stream-reader.js';
import { messageOf } from '../text/errors.js';
import { clip } from '../text/text.js';
import { cacheAvailable, lockDown, restoreInstall, saveInstall, savesOn } from './cache.js';
import { runInstaller } from './installer.js';
import {
  INSTALL_LIMITS,
  tried,
  working,
  type InstallIo,
  type InstallJob,
  type InstallLimits,
  type Runs
} from './job.js';
import {
  cacheable,
  installLayout,
  thisMachine,
  type InstallLayout,
  type Machine
} from './layout.js';
import { mkdirReadable } from './restore.js';

export interface Provided {
  /** The Hermes to run; absent when none was found and none installed. */
  executable?: string;
  /** `hermes --version`, when the install already asked it. */
  version?: string;
  install?: InstallFact;
  /** Why installing failed: what was tried, and the installer's last lines. */
  failure?: string;
}

/**
 * The Hermes to run. `install: false` (or no install settings): `hermes-path` as it is. `auto`: that,
 * unless `hermes` is not on PATH (a `hermes-path` you set is never replaced). `true`: the action's install.
 * The install goes into machine's HOME (the runner user's: a parameter for the tests).
 */
export async function provideHermes(
  settings: Pick<CliSettings, 'hermesPath' | 'install'>,
  io: InstallIo,
  signals: Signals,
  env: NodeJS.ProcessEnv = process.env,
  limits: InstallLimits = INSTALL_LIMITS,
  machine: Machine = thisMachine()
): Promise<Provided> {
  const install = settings.install;
  if (install.mode !== 'true') {
    const found = await findHermes(settings.hermesPath);
    if (found || install.mode === 'false' || settings.hermesPath !== 'hermes')
      return { executable: found };
    io.info(`hermes is not on PATH: installing Hermes ${install.version}`);
  }
  return installHermes(install, io, signals, env, limits, machine);
}

async function installHermes(
  install: InstallSettings,
  io: InstallIo,
  signals: Signals,
  env: NodeJS.ProcessEnv,
  limits: InstallLimits,
  machine: Machine
): Promise<Provided> {
  const started = Date.now();
  const layout = installLayout(install, env, machine);
  const job: InstallJob = { install, layout, io, signals, env, spawnEnv: childEnv(env), limits };
  const report = (source?: InstallSource, unverified = false): InstallFact => ({
    ref: install.version,
    source,
    ms: Date.now() - started,
    ...(unverified ? { unverified } : {})
  });
  const ready = (found: Runs, source: InstallSource, unverified = false): Provided => {
    mkdirReadable(layout.binDir);
    const link = path.join(layout.binDir, 'hermes');
    fs.rmSync(link, { force: true });
    fs.symlinkSync(found.executable, link);
    io.addPath(layout.binDir);
    const done = report(source, unverified);
    io.info(`Hermes ${done.ref} is ready (${describeSource(source)})`);
    return { executable: link, version: found.version, install: done };
  };

  // Another step of this job installed the same thing: nothing to fetch.
  const earlier =
    readMarker(layout) === layout.cacheKey && (await working(layout, job.spawnEnv, limits));
  if (earlier && !('why' in earlier)) return ready(earlier, 'reused');
  const cache = await fromCache(job);
  if (cache.found) return ready(cache.found, 'cache');

  const failed = (why: string): Provided => ({ failure: why, install: report() });
  let temp: string | undefined;
  try {
    removeInstall(layout);
    const work = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-install-'));
    temp = work;
    const ran = await runInstaller(job, work);
    if ('failure' in ran) return failed(ran.failure);
    fs.writeFileSync(layout.marker, JSON.stringify({ key: layout.cacheKey }) + '\n');
    await lockDown(layout.cachePaths, job.spawnEnv);
    // Saved now, before Hermes runs: what the agent does next can no longer reach the entry.
    if (cache.usable) await saveToCache(job);
    return ready(ran.found, 'installer', !ran.verified);
  } catch (error) {
    // No bash in a job container, a file system that refuses: still an outcome, not a crash.
    return failed(`${tried(install)} failed: ${messageOf(error)}`);
  } finally {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * The install restored from the Actions cache (one exact key) when it runs; and whether the cache can
 * be used at all (not for a ref that moves, nor without the service, nor when it could not be read).
 */
async function fromCache({
  install,
  layout,
  io,
  signals,
  env,
  spawnEnv,
  limits
}: InstallJob): Promise<{ found?: Runs; usable: boolean }> {
  if (!cacheable(install)) {
    io.info(
      `"${install.version}" is not a release tag or a commit: installed without the cache (a branch moves).`
    );
    return { usable: false };
  }
  if (!(await cacheAvailable())) {
    io.info('No Actions cache service for this step: installing without the cache.');
    return { usable: false };
  }
  // The job's cancellation stops the restore too (its download, its tar).
  const cancel = new AbortController();
  const unsubscribe = signals.subscribe(() => cancel.abort());
  const restored = await restoreInstall(layout, {
    env,
    signal: cancel.signal,
    limits: limits.restore,
    onRetry: line => io.info(line),
    onStep: line => io.info(line)
  }).finally(unsubscribe);
  if (restored.problem) {
    io.warning(
      `The Actions cache could not be read (${clip(restored.problem, 500)}); installing Hermes without it.`
    );
    return { usable: false };
  }
  if (restored.refused)
    io.warning(
      `The cache entry ${layout.cacheKey} was not restored: ${restored.refused}. Installing Hermes afresh; see "A cache nobody can poison" in docs/INSTALL.md.`
    );
  else if (restored.key) {
    const found = await working(layout, spawnEnv, limits);
    if (!('why' in found)) return { found, usable: true };
    io.info(
      `The cached install (${restored.key}) does not run (${found.why}): installing it again.`
    );
  }
  return { usable: true };
}

/** The fresh install saved to the Actions cache, where the event allows (only writers cause it). */
async function saveToCache({ layout, io, env }: InstallJob): Promise<void> {
  if (!savesOn(env.GITHUB_EVENT_NAME)) {
    io.info(
      `Not saved to the Actions cache: ${env.GITHUB_EVENT_NAME ?? 'this'} events can be caused by people without write access.`
    );
    return;
  }
  const saved = await saveInstall(layout);
  if (saved.problem)
    io.warning(
      `Hermes was installed, but the Actions cache could not be saved (${clip(saved.problem, 500)}).`
    );
  else if (saved.key) io.info(`Saved to the Actions cache as ${saved.key}`);
  else io.info(`Not saved: the Actions cache already holds an entry ${layout.cacheKey}.`);
}

function describeSource(source: InstallSource): string {
  if (source === 'reused') return 'installed by an earlier step of this job';
  return source === 'cache' ? 'from the Actions cache' : 'installed';
}

function readMarker(layout: InstallLayout): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(layout.marker, 'utf8')) as { key?: string }).key;
  } catch {
    return undefined;
  }
}

/** Everything an install leaves where the cache would restore it: the installer never runs over a tree. */
function removeInstall(layout: InstallLayout): void {
  for (const dir of layout.cachePaths) fs.rmSync(dir, { recursive: true, force: true });
}

/** The attempt of a run whose Hermes could not be installed: nothing ran, an empty transcript. */
export function notInstalled(
  jsonlPath: string,
  hermesPath: string,
  why: string,
  log: RunLog
): Attempt {
  fs.closeSync(openTranscript(jsonlPath, 'write'));
  return {
    turn: new StreamReader(log).finish(),
    durationMs: 0,
    end: {
      kind: 'not_found',
      hermesPath,
      detail: why
    }
  };
}

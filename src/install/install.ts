/**
 * Installing Hermes in the step: reuse an install of this job, else restore it from the Actions cache
 * (one exact key), else download the pinned ref's own install script, check its SHA-256 and run it
 * into a fresh directory; save it right away when the event allows; then put it on PATH.
 */
import { messageOf } from '../text/errors.js';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { InstallSettings } from '../config/install.js';
import type { InstallFact, InstallSource } from '../run/facts.js';
import type { CliSettings } from '../config/settings.js';
import type { Attempt, RunLog, Signals } from '../run/attempt.js';
import { StreamReader } from '../run/stream-reader.js';
import { clip, formatMs } from '../text/text.js';
import { download, DownloadError } from './download.js';
import { childEnv } from '../process/environment.js';
import { openTranscript } from '../config/paths.js';
import { askVersion, findHermes } from '../cli/hermes.js';
import {
  cacheAvailable,
  lockDown,
  RESTORE_LIMITS,
  restoreInstall,
  saveInstall,
  savesOn,
  type RestoreLimits
} from './cache.js';
import { mkdirReadable } from './restore.js';
import { groupCommand } from '../process/group.js';
import { PROCESS_LIMITS } from '../process/spawn.js';
import {
  cacheable,
  installerArgs,
  installerEnv,
  installLayout,
  thisMachine,
  type InstallLayout,
  type Machine
} from './layout.js';

/** How the install talks to a person and to the runner; the execute step (src/steps/execute.ts) gives it the log and the output sink. */
export interface InstallIo {
  /** The action's own words. */
  info(line: string): void;
  /** A line the installer printed (untrusted: printed inert). */
  output(line: string): void;
  warning(message: string): void;
  /** Runs fn with its lines in a collapsed group of the log. */
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
  /** For this step and the later ones of the job. */
  addPath(dir: string): void;
}

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

/** How many of the installer's last lines a failure shows, and how long each may be. */
const TAIL_LINES = 15;
const TAIL_LINE_CHARS = 300;

export interface InstallLimits {
  /** How long the installed `hermes --version` may take. */
  versionTimeoutMs: number;
  /** The installer's group, stopped (limit or cancellation): from SIGTERM to SIGKILL. */
  killGraceMs: number;
  /** The cache look-up's retries. */
  restore: RestoreLimits;
}

export const INSTALL_LIMITS: Readonly<InstallLimits> = Object.freeze({
  versionTimeoutMs: 30_000,
  killGraceMs: PROCESS_LIMITS.groupGraceMs,
  restore: RESTORE_LIMITS
});

/** What one install works with, from the look-up of an earlier one to the save. */
interface InstallJob {
  install: InstallSettings;
  layout: InstallLayout;
  io: InstallIo;
  signals: Signals;
  env: NodeJS.ProcessEnv;
  /** The installer's and the probes' environment (scrubbed). */
  spawnEnv: NodeJS.ProcessEnv;
  limits: InstallLimits;
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

/** What the log says an install does. */
const tried = (install: InstallSettings): string =>
  `Installing Hermes ${install.version} from ${install.installerUrl}`;

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

/**
 * The pinned ref's install script downloaded into `work`, its SHA-256 checked, run in a group of its
 * own, and what it installed checked: the Hermes that runs (and whether the script was verified), or
 * why there is none.
 */
async function runInstaller(
  { install, layout, io, signals, spawnEnv, limits }: InstallJob,
  work: string
): Promise<{ found: Runs; verified: boolean } | { failure: string }> {
  const what = tried(install);
  const script = path.join(work, 'install.sh');
  try {
    await download(install.installerUrl, script, { onRetry: line => io.info(line) });
  } catch (error) {
    if (!(error instanceof DownloadError)) throw error;
    return { failure: `${what} failed: the install script ${error.message}` };
  }
  const bytes = fs.readFileSync(script);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  io.info(`The install script's SHA-256: ${sha256}`);
  const expected = install.installerSha256;
  if (expected && expected !== sha256)
    return {
      failure: `${what} refused: the script's SHA-256 is ${sha256}, but ${expected} was expected (installer-sha256, or the pin of ${install.version}). Nothing was run.`
    };
  if (!expected)
    io.warning(
      `The install script of Hermes ${install.version} is not checksum-verified: no SHA-256 is pinned for it; set installer-sha256 to check it.`
    );
  const call = installerArgs(layout, install, bytes.toString('utf8'));
  if (call.unsupported.length > 0)
    io.info(`This install script takes no ${call.unsupported.join(', ')}: not passed.`);
  const tail: string[] = [];
  const installed = await io.group(what, () =>
    groupCommand({
      // stderr joins stdout in bash itself, so that the lines keep the order the installer wrote them in.
      argv: ['bash', '-c', 'exec bash "$0" "$@" 2>&1', script, ...call.args],
      env: installerEnv(layout, spawnEnv),
      cwd: work,
      limit: AbortSignal.timeout(install.timeoutMs),
      graceMs: limits.killGraceMs,
      signals,
      onLine: line => {
        const clean = line.replace(ANSI, '').replace(/\r$/, '');
        io.output(clean);
        tail.push(clip(clean, TAIL_LINE_CHARS));
        if (tail.length > TAIL_LINES * 4) tail.splice(0, tail.length - TAIL_LINES * 4);
      }
    })
  );
  if (installed.cancelled)
    return { failure: `${what} was cancelled with the job.${lastLines(tail)}` };
  if (installed.timedOut)
    return {
      failure: `${what} did not finish within ${formatMs(install.timeoutMs)} (install-timeout-minutes): it was stopped.${lastLines(tail)}`
    };
  if (installed.code !== 0) {
    const how =
      installed.code === null
        ? `was killed by ${installed.signal}`
        : `exited with code ${installed.code}`;
    return { failure: `${what} failed: the installer ${how}.${lastLines(tail)}` };
  }
  const found = await working(layout, spawnEnv, limits);
  if ('why' in found)
    return { failure: `${what}: the installer finished, but ${found.why}.${lastLines(tail)}` };
  const wanted = install.expectedVersion;
  if (wanted && !printsVersion(found.version, wanted))
    return {
      failure: `${what}: the installer finished, but \`hermes --version\` prints "${found.version}", not the pinned ${wanted}. Nothing was run.`
    };
  return { found, verified: Boolean(expected) };
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

/** Whether a `--version` line names the version (v0.23.4 and 0.23.4 alike), not one it is a prefix of. */
function printsVersion(line: string, version: string): boolean {
  const bare = version.replace(/^v/, '').replace(/\./g, '\\.');
  return new RegExp(`(^|[^\\w.])v?${bare}(?![\\w.]*\\d)`).test(line);
}

function describeSource(source: InstallSource): string {
  if (source === 'reused') return 'installed by an earlier step of this job';
  return source === 'cache' ? 'from the Actions cache' : 'installed';
}

function lastLines(tail: string[]): string {
  const lines = tail.filter(l => l.trim() !== '').slice(-TAIL_LINES);
  return lines.length ? ` Its last lines:\n${lines.join('\n')}` : '';
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

interface Runs {
  executable: string;
  version: string;
}
type Working = Runs | { why: string };

/** The installed `hermes` and its `--version`, or why there is none that runs. */
async function working(
  layout: InstallLayout,
  env: NodeJS.ProcessEnv,
  limits: InstallLimits
): Promise<Working> {
  const executable = layout.candidates.find(isExecutable);
  if (!executable) return { why: `no hermes executable at ${layout.candidates.join(' or ')}` };
  const asked = await askVersion(executable, {
    env: { ...env, HERMES_HOME: layout.hermesHome },
    timeoutMs: limits.versionTimeoutMs
  });
  if ('version' in asked) return { executable, version: asked.version };
  return { why: `\`${executable} --version\` failed: ${clip(asked.why, 300)}` };
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

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

/**
 * What one install of Hermes works with (src/install/install.ts decides, src/install/installer.ts runs
 * the script): how it talks to the log, its limits, and the check that an installed `hermes` runs.
 */
import * as fs from 'node:fs';
import { askVersion } from '../hermes/cli.js';
import type { InstallSettings } from '../config/install.js';
import type { Signals } from '../turn/attempt.js';
import { PROCESS_LIMITS } from '../process/spawn.js';
import { clip } from '../text/text.js';
import { RESTORE_LIMITS, type RestoreLimits } from './cache.js';
import type { InstallLayout } from './layout.js';

/** How the install talks to a person and to the runner; installIo (src/steps/other-turns.ts) gives it the log and the output sink. */
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
export interface InstallJob {
  install: InstallSettings;
  layout: InstallLayout;
  io: InstallIo;
  signals: Signals;
  env: NodeJS.ProcessEnv;
  /** The installer's and the probes' environment (scrubbed). */
  spawnEnv: NodeJS.ProcessEnv;
  limits: InstallLimits;
}

/** What the log says an install does. */
export const tried = (install: InstallSettings): string =>
  `Installing Hermes ${install.version} from ${install.installerUrl}`;

export interface Runs {
  executable: string;
  version: string;
}
type Working = Runs | { why: string };

/** The installed `hermes` and its `--version`, or why there is none that runs. */
export async function working(
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

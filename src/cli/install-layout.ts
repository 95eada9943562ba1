/** Where an install of Hermes goes, what of it is cached under which key, and how the installer is called. */
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { isPinnedRef, type InstallSettings } from '../config/install.js';

/** Bumped when the layout or the installer's flags change: older cache entries are then left alone. */
const LAYOUT_VERSION = 1;

export interface InstallLayout {
  /** Hermes' data directory (config, sessions, `.env`): `HERMES_HOME`, else `~/.hermes`. */
  hermesHome: string;
  /** The code and its virtual environment (`--dir`), upstream's default for a user install. */
  installDir: string;
  /** Where uv puts the Python it downloads for the venv, so that the cache holds it too. */
  pythonDir: string;
  /** Holds only the `hermes` link the action puts on PATH (the venv's bin would shadow `python`). */
  binDir: string;
  /** Where the installer may leave the executable, in the order they are tried. */
  candidates: string[];
  /** The install's own record: which ref, under which cache key prefix. */
  marker: string;
  /** What is cached: the code and venv, the managed uv and Node, the downloaded Python. */
  cachePaths: string[];
  /** The cache key of this run's save, and the prefix that restores the newest matching entry. */
  cacheKey: string;
  restoreKey: string;
}

export interface Machine {
  home: string;
  platform: NodeJS.Platform;
  arch: string;
}

export const thisMachine = (): Machine => ({
  home: os.homedir(),
  platform: process.platform,
  arch: process.arch
});

/**
 * The directories are upstream's defaults, given explicitly: as root on Linux (a job container),
 * the installer would otherwise pick /usr/local, outside what the action caches.
 */
export function installLayout(
  settings: InstallSettings,
  env: NodeJS.ProcessEnv,
  machine: Machine = thisMachine()
): InstallLayout {
  const hermesHome = path.resolve(env.HERMES_HOME || path.join(machine.home, '.hermes'));
  const installDir = path.join(hermesHome, 'hermes-agent');
  const pythonDir = path.join(hermesHome, 'python');
  const cachePaths = [
    installDir,
    pythonDir,
    path.join(hermesHome, 'bin'),
    path.join(hermesHome, 'node')
  ];
  const layoutHash = createHash('sha256')
    .update(JSON.stringify({ LAYOUT_VERSION, cachePaths, installer: settings.installerUrl }))
    .digest('hex')
    .slice(0, 12);
  // ImageOS (hosted runners: ubuntu24, …) tells apart systems whose libraries a venv links against.
  const system = [machine.platform, env.ImageOS].filter(Boolean).join('-');
  const restoreKey = `hermes-agent-${settings.version}-${system}-${machine.arch}-${layoutHash}-`;
  // Unique per run attempt: an entry cannot be overwritten, so a repaired install is saved anew.
  const run = `${env.GITHUB_RUN_ID ?? 'local'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}`;
  return {
    hermesHome,
    installDir,
    pythonDir,
    binDir: path.join(hermesHome, 'action', 'bin'),
    candidates: [
      path.join(installDir, 'venv', 'bin', 'hermes'),
      path.join(machine.home, '.local', 'bin', 'hermes')
    ],
    marker: path.join(installDir, '.hermes-action.json'),
    cachePaths,
    cacheKey: `${restoreKey}${run}`,
    restoreKey
  };
}

/** Only a release tag or a commit is cached: a branch moves, and its install would go stale. */
export const cacheable = (settings: InstallSettings): boolean => isPinnedRef(settings.version);

/**
 * The installer's arguments (each checked against upstream's scripts/install.sh): no prompts, no
 * setup wizard, the ref (`--commit` for a full SHA, which `--branch` cannot check out), the directories.
 */
export function installerArgs(layout: InstallLayout, ref: string): string[] {
  const pin = /^[0-9a-f]{40}$/.test(ref) ? ['--commit', ref] : ['--branch', ref];
  return [
    '--non-interactive',
    '--skip-setup',
    ...pin,
    '--dir',
    layout.installDir,
    '--hermes-home',
    layout.hermesHome
  ];
}

/**
 * uv's own settings, so that the venv's interpreter is one uv downloads into the cached tree rather
 * than a system Python the next runner may not have.
 */
export function installerEnv(layout: InstallLayout, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...base,
    UV_PYTHON_INSTALL_DIR: layout.pythonDir,
    UV_PYTHON_PREFERENCE: 'only-managed'
  };
}

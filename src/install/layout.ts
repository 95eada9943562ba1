/** Where an install of Hermes goes, what of it is cached under which key, and how the installer is called. */
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { isPinnedRef, type InstallSettings } from '../config/install.js';

/** Bumped when the layout or the installer's flags change: older cache entries are then left alone. */
const LAYOUT_REVISION = 2;

export interface InstallLayout {
  /** Hermes' data directory (`HERMES_HOME`, else `~/.hermes`): config, `.env`, sessions stay uncached. */
  hermesHome: string;
  /** The code checkout (`--dir`): a directory of the action's own, made afresh for each install. */
  installDir: string;
  /** PM's tool store (`HERMES_RUNTIME_DIR`, else `$HERMES_HOME/tools`): the pinned uv, Python, Node. */
  storeDir: string;
  /** PM's Python environments, `$HERMES_HOME/installs/<key>/environments`. */
  installsDir: string;
  /** Where uv puts the bootstrap Python it downloads, so that the cache holds it too. */
  pythonDir: string;
  /** The `~/.local/bin/hermes` wrapper the installer writes. */
  wrapper: string;
  /** Holds only the `hermes` link the action puts on PATH (`~/.local/bin` holds more than Hermes). */
  binDir: string;
  /** Where the installer leaves the executable, in the order they are tried: the shim, the wrapper. */
  candidates: string[];
  /** The install's own record: which cache key it was made for. */
  marker: string;
  /** Exactly what a run needs: code and shim, wrapper, PM's store and environments, bootstrap Python. */
  cachePaths: string[];
  /** The one exact key of this install: no run id, no prefix. */
  cacheKey: string;
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

export function installLayout(
  settings: InstallSettings,
  env: NodeJS.ProcessEnv,
  machine: Machine = thisMachine()
): InstallLayout {
  const hermesHome = path.resolve(env.HERMES_HOME || path.join(machine.home, '.hermes'));
  const own = path.join(hermesHome, 'hermes-action');
  const installDir = path.join(own, 'hermes-agent');
  const storeDir = path.resolve(env.HERMES_RUNTIME_DIR || path.join(hermesHome, 'tools'));
  const installsDir = path.join(hermesHome, 'installs');
  const pythonDir = path.join(own, 'python');
  const wrapper = path.join(machine.home, '.local', 'bin', 'hermes');
  const cachePaths = [installDir, storeDir, installsDir, pythonDir, wrapper];
  // What makes two installs of one version differ: where they live, the tools asked for, the script.
  const variant = createHash('sha256')
    .update(
      JSON.stringify({
        cachePaths,
        browser: settings.installBrowser,
        script: settings.installerSha256 ?? settings.installerUrl
      })
    )
    .digest('hex')
    .slice(0, 12);
  // The runner image (ImageOS ubuntu24, ImageVersion 20261124.1) fixes the system libraries PM's
  // binaries link against: an entry of another image is never restored.
  const image = `${env.ImageOS || 'noimage'}-${env.ImageVersion || 'noversion'}`;
  return {
    hermesHome,
    installDir,
    storeDir,
    installsDir,
    pythonDir,
    wrapper,
    binDir: path.join(own, 'bin'),
    candidates: [path.join(installDir, '.hermes', 'bin', 'hermes'), wrapper],
    marker: path.join(installDir, '.hermes-action.json'),
    cachePaths,
    cacheKey: [
      'hermes-agent',
      settings.version,
      machine.platform,
      machine.arch,
      image,
      `r${LAYOUT_REVISION}`,
      variant
    ].join('-')
  };
}

/** Only a release tag or a commit is cached: a branch moves, and its install would go stale. */
export const cacheable = (settings: InstallSettings): boolean => isPinnedRef(settings.version);

/**
 * Whether the script's option parser has a case label for flag (`--flag)` or `--flag|…`): the flags
 * are read from the script that will run, so a version without one is never handed it (exit 1).
 */
export function acceptsFlag(script: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s|(])${escaped}(?=[|)])`, 'm').test(script);
}

export interface InstallerCall {
  args: string[];
  /** Flags the action wanted that this script does not take, said in the log. */
  unsupported: string[];
}

/**
 * The installer's arguments: no prompts (`--non-interactive`, `--skip-setup` in older scripts), the
 * ref (`--commit` for a full SHA, which `--branch` cannot check out), the directories, and no browser
 * or computer-use tools unless asked for.
 */
export function installerArgs(
  layout: InstallLayout,
  settings: Pick<InstallSettings, 'version' | 'installBrowser' | 'commit'>,
  script: string
): InstallerCall {
  const accepts = (flag: string): boolean => acceptsFlag(script, flag);
  const args: string[] = [];
  const unsupported: string[] = [];
  const want = (flag: string, ...value: string[]): void => {
    if (accepts(flag)) args.push(flag, ...value);
    else unsupported.push(flag);
  };
  if (accepts('--non-interactive')) args.push('--non-interactive');
  else want('--skip-setup');
  const commit =
    settings.commit ?? (/^[0-9a-f]{40}$/.test(settings.version) ? settings.version : undefined);
  if (commit) want('--commit', commit);
  else want('--branch', settings.version);
  // The environment names both directories too (installerEnv), for a script without the flags.
  if (accepts('--dir')) args.push('--dir', layout.installDir);
  if (accepts('--hermes-home')) args.push('--hermes-home', layout.hermesHome);
  if (!settings.installBrowser) {
    want('--skip-browser');
    want('--skip-computer-use');
  }
  return { args, unsupported };
}

/**
 * The directories as upstream's variables, and uv's own settings, so that the bootstrap Python is
 * one uv downloads into the cached tree rather than a system Python the next runner may not have.
 */
export function installerEnv(layout: InstallLayout, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...base,
    HERMES_HOME: layout.hermesHome,
    HERMES_INSTALL_DIR: layout.installDir,
    UV_PYTHON_INSTALL_DIR: layout.pythonDir,
    UV_PYTHON_PREFERENCE: 'only-managed'
  };
}

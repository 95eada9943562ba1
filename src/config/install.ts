/** The install inputs (`install`, `hermes-version`, `installer-url`) as settings, and the pinned defaults. */
import { isSecureUrl } from '../text/url.js';

/**
 * The Hermes release the action installs by default: the one place it is pinned. A release tag of
 * upstream's repository that has `hermes chat --format stream-json` (it shipped in v0.21.4).
 */
export const PINNED_HERMES_VERSION = 'v0.22.2';

/** Upstream's install script (the same file as `scripts/install.sh` in its repository). */
export const DEFAULT_INSTALLER_URL = 'https://hermes-agent.nousresearch.com/install.sh';

/** `auto`: install when `hermes` is not on PATH; `true`: always use the action's install; `false`: never. */
export type InstallMode = 'auto' | 'true' | 'false';

export interface InstallSettings {
  mode: InstallMode;
  /** The upstream git ref to install: a tag, a branch or a full commit SHA. */
  version: string;
  installerUrl: string;
}

/** The input names this file reads, spelled as in action.yml (the Input enum includes them). */
export const InstallInput = {
  Install: 'install',
  HermesVersion: 'hermes-version',
  InstallerUrl: 'installer-url'
} as const;

type InstallInputName = (typeof InstallInput)[keyof typeof InstallInput];

/** Thrown for a bad install input; parseSettings turns it into its own InputError. */
export class InstallInputError extends Error {}

const MODES: InstallMode[] = ['auto', 'true', 'false'];
// A git ref as git accepts it, restricted to what is safe in a cache key and a log line.
const REF = /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

export function parseInstall(getInput: (name: InstallInputName) => string): InstallSettings {
  const raw = (name: InstallInputName): string => getInput(name).trim();
  const mode = raw(InstallInput.Install) || 'auto';
  if (!MODES.includes(mode as InstallMode)) {
    throw new InstallInputError(
      `Input "${InstallInput.Install}" is ${JSON.stringify(mode)}; allowed: auto, true or false.`
    );
  }
  const version = raw(InstallInput.HermesVersion) || PINNED_HERMES_VERSION;
  if (!REF.test(version) || version.endsWith('.lock') || version.endsWith('/')) {
    throw new InstallInputError(
      `Input "${InstallInput.HermesVersion}" is ${JSON.stringify(version)}; give an upstream git ref: a release tag such as ${PINNED_HERMES_VERSION}, a branch, or a full commit SHA.`
    );
  }
  return {
    mode: mode as InstallMode,
    version,
    installerUrl: parseUrl(raw(InstallInput.InstallerUrl))
  };
}

/** HTTPS only: the script runs with the job's rights. Plain HTTP is let through on loopback alone. */
function parseUrl(given: string): string {
  if (given === '') return DEFAULT_INSTALLER_URL;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    url = new URL('invalid:');
  }
  if (!isSecureUrl(url)) {
    throw new InstallInputError(
      `Input "${InstallInput.InstallerUrl}" is ${JSON.stringify(given)}; give an https:// URL of the install script (such as ${DEFAULT_INSTALLER_URL}).`
    );
  }
  if (url.username || url.password) {
    throw new InstallInputError(
      `Input "${InstallInput.InstallerUrl}" holds credentials (user:password@); use a URL that needs none.`
    );
  }
  return url.href;
}

/** A ref whose content cannot change (a release tag or a commit), so an install of it can be cached. */
export function isPinnedRef(ref: string): boolean {
  return /^[0-9a-f]{40}$/.test(ref) || /^v?\d+(\.\d+)+([-+.][0-9A-Za-z.-]+)?$/.test(ref);
}

/** Where a working `hermes` came from. */
export type InstallSource = 'reused' | 'cache' | 'installer';

/** What installing came to, for the log, the summary and the outputs. */
export interface InstallReport {
  /** The upstream ref asked for (`hermes-version`). */
  ref: string;
  /** Absent when the install failed. */
  source?: InstallSource;
  /** From deciding to install to a working `hermes` (or the failure). */
  ms: number;
}

/**
 * The install inputs (`install`, `hermes-version`, `installer-url`, `installer-sha256`,
 * `install-browser`, `install-timeout-minutes`) as settings, and the pinned defaults.
 */
import { isSecureUrl } from '../text/url.js';
import { InputError, reader } from './input-reader.js';
import { PIN } from './pin.js';

/**
 * The Hermes release the action installs by default, pinned in src/config/pin.ts. Its installer's
 * flags, layout and variables are in docs/INSTALL.md.
 */
export const PINNED_HERMES_VERSION = PIN.tag;

/**
 * The SHA-256 of `scripts/install.sh` at PINNED_HERMES_VERSION, once the pin workflow recorded it
 * from the tag's exact bytes (docs/INSTALL.md, "The pin"). Until then the default install is reported
 * as not checksum-verified, and every install logs the hash it ran.
 */
export const PINNED_INSTALLER_SHA256: string | undefined = PIN.installerSha256 || undefined;

/** Upstream's own install script at a ref: the repository's raw file, never the website's latest. */
export const upstreamInstallerUrl = (ref: string): string =>
  `https://raw.githubusercontent.com/NousResearch/hermes-agent/${ref}/scripts/install.sh`;

export const DEFAULT_INSTALL_TIMEOUT_MINUTES = 15;

/** `auto`: install when `hermes` is not on PATH; `true`: always use the action's install; `false`: never. */
export type InstallMode = 'auto' | 'true' | 'false';

export interface InstallSettings {
  mode: InstallMode;
  /** The upstream git ref to install: a tag, a branch or a full commit SHA. */
  version: string;
  installerUrl: string;
  /** The commit the version's tag names (the pin): the script is fetched at it and run with `--commit`. */
  commit?: string;
  /** What `hermes --version` must print after the install (the pinned tag's version), else not_found. */
  expectedVersion?: string;
  /** The SHA-256 the script must have before it runs; absent: run unverified (and say so). */
  installerSha256?: string;
  /** Also install the browser tools and the computer-use driver (minutes of CI time). */
  installBrowser: boolean;
  /** The installer's own limit, past which its process group is stopped. */
  timeoutMs: number;
}

/** The input names this file reads, spelled as in action.yml (the Input enum includes them). */
export const InstallInput = {
  Install: 'install',
  HermesVersion: 'hermes-version',
  InstallerUrl: 'installer-url',
  InstallerSha256: 'installer-sha256',
  InstallBrowser: 'install-browser',
  InstallTimeoutMinutes: 'install-timeout-minutes'
} as const;

type InstallInputName = (typeof InstallInput)[keyof typeof InstallInput];

const MODES: InstallMode[] = ['auto', 'true', 'false'];
// A git ref as git accepts it, restricted to what is safe in a cache key, a URL path and a log line.
const REF = /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

export function parseInstall(getInput: (name: InstallInputName) => string): InstallSettings {
  const raw = (name: InstallInputName): string => getInput(name).trim();
  const mode = raw(InstallInput.Install) || 'auto';
  if (!MODES.includes(mode as InstallMode)) {
    throw new InputError(
      `Input "${InstallInput.Install}" is ${JSON.stringify(mode)}; allowed: auto, true or false.`
    );
  }
  const version = raw(InstallInput.HermesVersion) || PINNED_HERMES_VERSION;
  if (!REF.test(version) || version.endsWith('.lock') || version.endsWith('/')) {
    throw new InputError(
      `Input "${InstallInput.HermesVersion}" is ${JSON.stringify(version)}; give an upstream git ref: a release tag such as ${PINNED_HERMES_VERSION}, a branch, or a full commit SHA.`
    );
  }
  // A tag can be moved: the pinned release is fetched and installed by the commit it named when pinned.
  const commit =
    version === PINNED_HERMES_VERSION && /^[0-9a-f]{40}$/.test(PIN.commit) ? PIN.commit : undefined;
  const installerSha256 =
    parseSha256(raw(InstallInput.InstallerSha256)) ??
    (version === PINNED_HERMES_VERSION ? PINNED_INSTALLER_SHA256 : undefined);
  return {
    mode: mode as InstallMode,
    version,
    installerUrl: parseUrl(raw(InstallInput.InstallerUrl), commit ?? version),
    ...(commit ? { commit, expectedVersion: version } : {}),
    ...(installerSha256 ? { installerSha256 } : {}),
    installBrowser: reader(getInput).bool(InstallInput.InstallBrowser, false),
    timeoutMs: parseTimeout(raw(InstallInput.InstallTimeoutMinutes))
  };
}

function parseSha256(given: string): string | undefined {
  if (given === '') return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(given)) {
    throw new InputError(
      `Input "${InstallInput.InstallerSha256}" is ${JSON.stringify(given)}; give the install script's SHA-256 as 64 hex digits (\`sha256sum install.sh\`).`
    );
  }
  return given.toLowerCase();
}

function parseTimeout(given: string): number {
  if (given === '') return DEFAULT_INSTALL_TIMEOUT_MINUTES * 60_000;
  const minutes = Number(given);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 360) {
    throw new InputError(
      `Input "${InstallInput.InstallTimeoutMinutes}" is ${JSON.stringify(given)}; give minutes above 0 and at most 360 (decimals allowed), such as ${DEFAULT_INSTALL_TIMEOUT_MINUTES}.`
    );
  }
  return Math.round(minutes * 60_000);
}

/** HTTPS only: the script runs with the job's rights. Plain HTTP is let through on loopback alone. */
function parseUrl(given: string, version: string): string {
  if (given === '') return upstreamInstallerUrl(version);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    url = new URL('invalid:');
  }
  if (!isSecureUrl(url)) {
    throw new InputError(
      `Input "${InstallInput.InstallerUrl}" is ${JSON.stringify(given)}; give an https:// URL of the install script (such as ${upstreamInstallerUrl(version)}).`
    );
  }
  if (url.username || url.password) {
    throw new InputError(
      `Input "${InstallInput.InstallerUrl}" holds credentials (user:password@); use a URL that needs none.`
    );
  }
  return url.href;
}

/** A ref whose content cannot change (a release tag or a commit), so an install of it can be cached. */
export function isPinnedRef(ref: string): boolean {
  return /^[0-9a-f]{40}$/.test(ref) || /^v?\d+(\.\d+)+([-+.][0-9A-Za-z.-]+)?$/.test(ref);
}

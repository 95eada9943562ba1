/** The runners the action works on. */

/**
 * Why the action cannot run on this runner's platform, or undefined when it can. It installs Hermes
 * with upstream's POSIX install script and captures stdout through a FIFO: a Windows runner stops at
 * once, in one sentence, rather than half-way through an install.
 */
export function unsupportedRunner(platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return undefined;
  return 'hermes-action runs on Linux and macOS runners, not on Windows: run this job on ubuntu-latest or macos-latest (runs-on).';
}

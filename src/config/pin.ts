/**
 * The Hermes release the action installs by default, in one place: its tag, the commit the tag
 * pointed to, and the SHA-256 of `scripts/install.sh` at that commit. `.github/workflows/pin-hermes.yml`
 * (`scripts/pin-hermes.mjs`) rewrites these three lines, one value each, where GitHub is reachable;
 * the release workflow refuses to publish while `installerSha256` is empty.
 */
export const PIN = {
  tag: 'v0.23.4',
  commit: '',
  installerSha256: ''
};

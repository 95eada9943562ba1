// Jest's globalSetup: what this machine skips or runs differently, said first; then dist/ rebuilt
// when src/ changed since it was built (the end-to-end tests run dist/).
import ensureFreshDist from '../../scripts/dist-stamp.mjs';
import notice from './platform-notice.mjs';

export default function globalSetup() {
  notice();
  ensureFreshDist();
}

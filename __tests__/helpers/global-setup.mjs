// Jest's globalSetup: what this machine skips or runs differently, said first; then dist/ rebuilt
// when src/ changed since it was built (the end-to-end tests run dist/); then one Azurite for every
// test file that needs a blob store (they find it through SHARED_AZURITE; global-teardown stops it).
import ensureFreshDist from '../../scripts/dist-stamp.mjs';
import { SHARED_AZURITE, startOwnAzurite } from '../../scripts/azurite.mjs';
import notice from './platform-notice.mjs';

export default async function globalSetup() {
  notice();
  ensureFreshDist();
  const azurite = await startOwnAzurite();
  globalThis.__sharedAzurite = azurite;
  const { endpoint, account, key } = azurite;
  process.env[SHARED_AZURITE] = JSON.stringify({ endpoint, account, key });
}

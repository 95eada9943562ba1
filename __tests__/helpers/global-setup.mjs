// Jest's globalSetup: what this machine skips or runs differently, said first; then dist/ rebuilt
// when src/ changed since it was built (the end-to-end tests run dist/); then one Azurite for every
// test file that needs a blob store (they find it through SHARED_AZURITE; global-teardown stops it).
// Under `npm run test:unit` neither: none of its files runs dist/ or needs a blob store.
// Every temporary folder of the run goes in one (TMPDIR), which global-teardown removes: each run of
// the action leaves its step's folder for the test to read, and thousands piled up in /tmp.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ensureFreshDist from '../../scripts/dist-stamp.mjs';
import { SHARED_AZURITE, startOwnAzurite } from '../../scripts/azurite.mjs';
import notice from './platform-notice.mjs';

export default async function globalSetup() {
  notice();
  // `npm run test:unit` (jest.unit.config.js) runs no file that needs dist/ or a blob store.
  const unit = process.env.HERMES_TEST_UNIT === '1';
  if (!unit) ensureFreshDist();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-tests-'));
  // Traversable by the agent users the isolated runs make (their folders are agentDir()'s).
  fs.chmodSync(tmp, 0o755);
  globalThis.__testsTmp = tmp;
  process.env.TMPDIR = tmp;
  if (unit) return;
  const azurite = await startOwnAzurite();
  globalThis.__sharedAzurite = azurite;
  const { endpoint, account, key } = azurite;
  process.env[SHARED_AZURITE] = JSON.stringify({ endpoint, account, key });
}

// Jest's globalTeardown: the Azurite global-setup started for the suite is stopped.
import { SHARED_AZURITE } from '../../scripts/azurite.mjs';

export default async function globalTeardown() {
  delete process.env[SHARED_AZURITE];
  await globalThis.__sharedAzurite?.stop();
}

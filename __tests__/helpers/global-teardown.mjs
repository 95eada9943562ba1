// Jest's globalTeardown: the Azurite global-setup started for the suite is stopped, and the run's
// temporary folders removed.
import * as fs from 'node:fs';
import { AGENT_DIRS } from '../../scripts/agent-dirs.mjs';
import { SHARED_AZURITE } from '../../scripts/azurite.mjs';

export default async function globalTeardown() {
  delete process.env[SHARED_AZURITE];
  await globalThis.__sharedAzurite?.stop();
  // agentDir()'s folders, outside the shared temp folders (see helpers/agent-dir.ts).
  fs.rmSync(AGENT_DIRS, { recursive: true, force: true });
  if (globalThis.__testsTmp) fs.rmSync(globalThis.__testsTmp, { recursive: true, force: true });
}

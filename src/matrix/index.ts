import * as core from '@actions/core';
import { run } from './main.js';

// The last resort: whatever escaped run() still fails the step with a message, not a stack trace.
await run().catch((error: unknown) =>
  core.setFailed(error instanceof Error ? error.message : String(error))
);

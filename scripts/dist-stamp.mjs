// dist/ is what the end-to-end tests run, so it must never be older than src/. The build writes
// dist/.src-hash, a hash of everything the bundles are made from; jest's global setup (this file's
// default export) compares it with the tree as it is and rebuilds first when they differ. A fresh
// clone whose committed dist/ matches its src/ (which .ci/run checks) is not rebuilt.
// `node scripts/dist-stamp.mjs` writes the stamp (the last step of `npm run build`).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(ROOT, 'dist', '.src-hash');
const INPUTS = ['src', 'package-lock.json', 'tsconfig.json'];

function files(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap(name => files(path.join(entry, name)));
}

/** The hash of the build's inputs: each file's path and bytes, in a fixed order. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export default function ensureFreshDist() {
  const built = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
  if (built === sourceHash()) return;
  console.log('\ndist/ is older than src/: running npm run build before the tests');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  fs.writeFileSync(STAMP, `${sourceHash()}\n`);

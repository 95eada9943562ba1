/**
 * The pin, made as .github/workflows/pin-hermes.yml makes it (scripts/pin-hermes.mjs), against a
 * loopback upstream: a local repository served as file://, with annotated release tags whose
 * scripts/install.sh is the install stand-in, which installs the simulator.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { newestRelease, readPin, writePin } from '../../scripts/pin-hermes.mjs';
import { ROOT } from '../../scripts/local-runner.mjs';
import { PIN } from '../../src/config/pin.js';
import { must } from '../helpers/must.js';

const SCRIPT = path.join(ROOT, 'scripts', 'pin-hermes.mjs');
const STANDIN = fs.readFileSync(path.join(ROOT, 'simulator', 'install.sh'));
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'tag.gpgSign=false', ...args],
    { cwd, encoding: 'utf8' }
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** An upstream with one commit per tag given (each with the stand-in installer), tagged annotated. */
function upstream(tags: string[]): { url: string; commits: Record<string, string>; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pin-upstream-'));
  git(dir, 'init', '--quiet', '--initial-branch=main');
  fs.mkdirSync(path.join(dir, 'scripts'));
  const commits: Record<string, string> = {};
  for (const tag of tags) {
    // Each commit's installer differs by a comment, so that the hash says which one was read.
    fs.writeFileSync(path.join(dir, 'scripts', 'install.sh'), `${STANDIN}\n# ${tag}\n`);
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', tag);
    git(dir, 'tag', '--annotate', tag, '-m', `Release ${tag}`);
    commits[tag] = git(dir, 'rev-parse', 'HEAD');
  }
  return { url: `file://${dir}`, commits, dir };
}

function pinFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pin-file-')), 'pin.ts');
  fs.copyFileSync(path.join(ROOT, 'src', 'config', 'pin.ts'), file);
  return file;
}

const run = (...args: string[]) =>
  spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { ...process.env, HERMES_STANDIN_SIMULATOR: path.join(ROOT, 'simulator', 'hermes.mjs') }
  });

describe('the newest release tag of a remote', () => {
  test("an annotated tag's commit is its peeled line; pre-releases and other refs are not releases", () => {
    const listing = [
      'aaaa\trefs/tags/v0.9.0',
      'bbbb\trefs/tags/v0.10.0',
      'cccc\trefs/tags/v0.10.0^{}',
      'dddd\trefs/tags/v0.11.0-rc1',
      'eeee\trefs/tags/nightly'
    ].join('\n');
    expect(newestRelease(listing)).toEqual({ tag: 'v0.10.0', commit: 'cccc' });
    expect(() => newestRelease('eeee\trefs/tags/nightly')).toThrow('no release tag');
  });
});

describe('the pin file', () => {
  test('src/config/pin.ts reads back as the action imports it', () => {
    expect(readPin(fs.readFileSync(path.join(ROOT, 'src', 'config', 'pin.ts'), 'utf8'))).toEqual(
      PIN
    );
  });
});

describe('scripts/pin-hermes.mjs against a loopback upstream', () => {
  test('pins the newest annotated tag: its commit, its installer hash, after installing with it', () => {
    const { url, commits, dir } = upstream(['v0.9.0', 'v0.21.4']);
    const file = pinFile();
    const before = fs.readFileSync(file, 'utf8');
    const r = run('pin', url, file);
    expect(r.stderr).not.toContain('pin-hermes:');
    expect(r.status).toBe(0);
    const installer = spawnSync('git', ['-C', dir, 'show', 'v0.21.4:scripts/install.sh']).stdout;
    const pin = {
      tag: 'v0.21.4',
      commit: must(commits['v0.21.4']),
      installerSha256: sha256(installer)
    };
    expect(r.stdout).toContain(`tag=v0.21.4\ncommit=${pin.commit}\nsha256=${pin.installerSha256}`);
    // The tag object is not the commit: the commit is what the action passes as --commit.
    expect(git(dir, 'rev-parse', 'v0.21.4')).not.toBe(pin.commit);
    const after = fs.readFileSync(file, 'utf8');
    expect(readPin(after)).toEqual(pin);
    expect(after).toBe(writePin(before, pin));
    // The one file's three lines, nothing else.
    const changed = after.split('\n').filter((l, i) => l !== before.split('\n')[i]);
    expect(changed).toHaveLength(3);
    // Now the release check passes.
    expect(run('check', file).status).toBe(0);
  });

  test('a tag whose Hermes reports another version is not pinned: both versions named', () => {
    const { url } = upstream(['v0.22.0']);
    const file = pinFile();
    const before = fs.readFileSync(file, 'utf8');
    const r = run('pin', url, file);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Hermes Agent v0.21.4');
    expect(r.stderr).toContain('not 0.22.0');
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  test('check fails while the pin has no installer hash, saying what to do', () => {
    const r = run('check', pinFile());
    expect(r.status).toBe(PIN.installerSha256 ? 0 : 1);
    if (!PIN.installerSha256) expect(r.stderr).toContain('run the "Pin Hermes" workflow');
  });
});

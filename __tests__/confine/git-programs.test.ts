/**
 * What the checkout's git config names in the worktree is kept like the git control files (issue 45,
 * point 3): a `core.hooksPath` an earlier step set (husky), a `core.fsmonitor` or `core.sshCommand`
 * program, an included config file, a hook linking into the tree. Snapshotted before the lend, put
 * back after it, named in the warning; a later `git commit` then runs the workflow's hook, not the
 * agent's. In-process, on real repositories made by `git init`.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { gitControlWarning, snapshotGitControl } from '../../src/confine/git-guard.js';

const HOOK = '#!/bin/sh\nexit 0\n';
const EVIL = (marker: string): string => `#!/bin/sh\necho ran >> '${marker}'\n`;

/** A repository with one commit; `files` (relative path → text) written executable and committed. */
function repo(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-programs-'));
  expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text, { mode: 0o755 });
  }
  expect(git(dir, 'add', '-A').status).toBe(0);
  expect(git(dir, 'commit', '-q', '--no-verify', '-m', 'init').status).toBe(0);
  return dir;
}
const git = (dir: string, ...args: string[]) =>
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e.test', '-C', dir, ...args], {
    encoding: 'utf8'
  });
const marker = (): string =>
  path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'git-programs-marker-')), 'ran');
const write = (dir: string, rel: string, text: string): void =>
  fs.writeFileSync(path.join(dir, rel), text, { mode: 0o755 });
const read = (dir: string, rel: string): string => fs.readFileSync(path.join(dir, rel), 'utf8');

describe('a hooks folder the config names in the worktree', () => {
  test('was a hole: a core.hooksPath an earlier step set (husky’s .husky/) ran a hook the agent wrote, as the runner’s user, in the next git commit, with no warning', () => {
    const dir = repo({ '.husky/pre-commit': HOOK });
    expect(git(dir, 'config', 'core.hooksPath', '.husky').status).toBe(0);
    const guard = snapshotGitControl(dir);
    expect(guard.partial).toBeUndefined();
    const ran = marker();
    // The agent's turn: its hook in the folder, and a new one beside it.
    write(dir, '.husky/pre-commit', EVIL(ran));
    write(dir, '.husky/post-commit', EVIL(ran));
    const changed = guard.restore();
    expect(changed).toEqual(['.husky/post-commit', '.husky/pre-commit']);
    expect(gitControlWarning(dir, changed)).toContain(path.join(dir, '.husky/pre-commit'));
    expect(read(dir, '.husky/pre-commit')).toBe(HOOK);
    expect(fs.statSync(path.join(dir, '.husky/pre-commit')).mode & 0o777).toBe(0o755);
    // The next step's commit runs the workflow's hook.
    expect(git(dir, 'commit', '-q', '--allow-empty', '-m', 'next').status).toBe(0);
    expect(fs.existsSync(ran)).toBe(false);
  });

  test('husky 9 (.husky/_): its shims and the hooks they run in .husky/ are kept', () => {
    const shim = '#!/bin/sh\nsh -e "$(dirname "$(dirname "$0")")/$(basename "$0")"\n';
    const dir = repo({ '.husky/_/pre-commit': shim, '.husky/pre-commit': HOOK });
    expect(git(dir, 'config', 'core.hooksPath', '.husky/_').status).toBe(0);
    const guard = snapshotGitControl(dir);
    const ran = marker();
    write(dir, '.husky/pre-commit', EVIL(ran));
    expect(guard.restore()).toEqual(['.husky/pre-commit']);
    expect(git(dir, 'commit', '-q', '--allow-empty', '-m', 'next').status).toBe(0);
    expect(fs.existsSync(ran)).toBe(false);
  });

  test('a link the agent put on the way is removed, never followed, and the folder written back', () => {
    const dir = repo({ 'tools/hooks/pre-commit': HOOK });
    expect(git(dir, 'config', 'core.hooksPath', 'tools/hooks').status).toBe(0);
    const guard = snapshotGitControl(dir);
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'git-programs-outside-'));
    const ran = marker();
    fs.mkdirSync(path.join(outside, 'hooks'));
    write(outside, 'hooks/pre-commit', EVIL(ran));
    fs.rmSync(path.join(dir, 'tools'), { recursive: true });
    fs.symlinkSync(outside, path.join(dir, 'tools'));
    expect(guard.restore()).toEqual(['tools/hooks']);
    expect(fs.lstatSync(path.join(dir, 'tools')).isDirectory()).toBe(true);
    expect(read(dir, 'tools/hooks/pre-commit')).toBe(HOOK);
    expect(read(outside, 'hooks/pre-commit')).toBe(EVIL(ran));
    expect(git(dir, 'commit', '-q', '--allow-empty', '-m', 'next').status).toBe(0);
    expect(fs.existsSync(ran)).toBe(false);
  });

  test('a hooksPath outside the worktree, and the files the agent made elsewhere: nothing to keep', () => {
    const dir = repo({ 'src/a.txt': 'a\n' });
    expect(git(dir, 'config', 'core.hooksPath', '/usr/share/no-such-hooks').status).toBe(0);
    const guard = snapshotGitControl(dir);
    write(dir, 'src/a.txt', 'changed by the agent\n');
    expect(guard.restore()).toEqual([]);
    expect(read(dir, 'src/a.txt')).toBe('changed by the agent\n');
  });

  test('one too large to keep is said before the turn, and not put back', () => {
    const files = Object.fromEntries(
      Array.from({ length: 2001 }, (_, i) => [`hooks/h${i}`, HOOK] as const)
    );
    const dir = repo(files);
    expect(git(dir, 'config', 'core.hooksPath', 'hooks').status).toBe(0);
    const guard = snapshotGitControl(dir);
    expect(guard.partial).toContain(
      `git runs what ${path.join(dir, 'hooks')} (core.hookspath = hooks) holds`
    );
    expect(guard.partial).toContain('is not put back after the turn');
    write(dir, 'hooks/h0', 'agent\n');
    expect(guard.restore()).toEqual([]);
  });
});

describe('programs and config files the config names in the worktree', () => {
  test('core.fsmonitor and core.sshCommand programs: changed ones put back, new ones removed', () => {
    const dir = repo({ 'tools/fsmonitor.sh': HOOK });
    expect(git(dir, 'config', 'core.fsmonitor', './tools/fsmonitor.sh').status).toBe(0);
    expect(
      git(dir, 'config', 'core.sshCommand', "ssh -F 'tools/ssh config' -i keys/id").status
    ).toBe(0);
    const guard = snapshotGitControl(dir);
    write(dir, 'tools/fsmonitor.sh', 'agent\n');
    write(dir, 'tools/ssh config', 'ProxyCommand agent\n');
    const changed = guard.restore();
    expect(changed).toEqual(['tools/fsmonitor.sh', 'tools/ssh config']);
    expect(read(dir, 'tools/fsmonitor.sh')).toBe(HOOK);
    expect(fs.existsSync(path.join(dir, 'tools/ssh config'))).toBe(false);
  });

  test('core.fsmonitor = true names git’s own daemon, no file', () => {
    const dir = repo({ 'true/x': HOOK });
    expect(git(dir, 'config', 'core.fsmonitor', 'true').status).toBe(0);
    const guard = snapshotGitControl(dir);
    write(dir, 'true/x', 'agent\n');
    expect(guard.restore()).toEqual([]);
  });

  test('an alias program and a config file an include reads in the worktree', () => {
    const dir = repo({
      'scripts/st.sh': HOOK,
      'shared.gitconfig': '[alias]\n\tst = !scripts/st.sh\n'
    });
    expect(git(dir, 'config', 'include.path', '../shared.gitconfig').status).toBe(0);
    const guard = snapshotGitControl(dir);
    write(dir, 'scripts/st.sh', 'agent\n');
    write(dir, 'shared.gitconfig', '[core]\n\tfsmonitor = ./evil\n');
    const changed = guard.restore();
    expect(changed).toEqual(['shared.gitconfig', 'scripts/st.sh']);
    expect(git(dir, 'config', '--get', 'core.fsmonitor').stdout).toBe('');
    expect(read(dir, 'scripts/st.sh')).toBe(HOOK);
  });

  test('a hook linking into the worktree: its target is kept', () => {
    const dir = repo({ 'tools/pre-push.sh': HOOK });
    fs.symlinkSync('../../tools/pre-push.sh', path.join(dir, '.git', 'hooks', 'pre-push'));
    const guard = snapshotGitControl(dir);
    write(dir, 'tools/pre-push.sh', 'agent\n');
    expect(guard.restore()).toEqual(['tools/pre-push.sh']);
    expect(read(dir, 'tools/pre-push.sh')).toBe(HOOK);
  });

  test('the runner’s global config (its HOME) is read too: a hooksPath there into the worktree is kept', () => {
    const dir = repo({ 'githooks/pre-commit': HOOK });
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'git-programs-home-'));
    fs.writeFileSync(
      path.join(home, '.gitconfig'),
      `[core]\n\thooksPath = ${path.join(dir, 'githooks')}\n`
    );
    const guard = snapshotGitControl(dir, { PATH: process.env.PATH, HOME: home });
    write(dir, 'githooks/pre-commit', 'agent\n');
    expect(guard.restore()).toEqual(['githooks/pre-commit']);
  });
});

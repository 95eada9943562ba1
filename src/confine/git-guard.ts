/**
 * The checkout's git control files belong to the workflow, not to the agent. A hook planted in
 * `.git/hooks`, or a `core.hooksPath`, `core.fsmonitor`, alias, filter or `include.path` added to
 * `.git/config`, runs in the next step's `git commit` or `git push`, as the runner's user and with that
 * step's secrets: the agent's code would outlive its turn. So the control files of the workspace's
 * repository (and of its submodules), and what its git config names in the worktree (a hooks folder
 * such as husky's, a program, an included config file: git-programs.ts), are read before the agent
 * runs and, once its last process is gone, put back as they were, each change named in a warning.
 * Everything else the agent did to the checkout (files, commits, branches) is its work and stays.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inside } from './credential.js';
import { gitEntries, restoreGitEntries } from './git-entries.js';
import { programsInWorktree } from './git-programs.js';

/**
 * Per git directory: the files that make git run a program, and the ones that send git to another
 * directory for them (`commondir`, `gitdir`: a planted one names a config of the agent's).
 */
const CONTROL = ['config', 'config.worktree', 'hooks', 'commondir', 'gitdir'];
/** Bounds on what is read (a real hooks folder holds ~15 samples of a few KB). */
const MAX_ENTRIES = 2000;
const MAX_BYTES = 16 * 1024 * 1024;
/** How many changed paths a warning names. */
const NAMED = 10;

type Entry =
  | { kind: 'file'; content: Buffer; mode: number }
  | { kind: 'dir'; mode: number }
  | { kind: 'link'; target: string }
  | { kind: 'other' };

/** What each control path held, by its path relative to the workspace. */
type Tree = Map<string, Entry>;

export interface GitControl {
  /**
   * Puts every control file back as it was at the snapshot (a file, folder or link planted in its
   * place removed, not followed). Returns the paths that had changed, relative to the workspace;
   * empty when the agent left them alone.
   */
  restore(): string[];
  /** Why the snapshot is incomplete (too many files), when it is: the warning says so. */
  readonly partial?: string;
}

/**
 * Reads the control files of `<workspace>/.git` and of every submodule's git directory in it, and
 * what their config (as git reads it with `env`) names in the worktree.
 */
export function snapshotGitControl(
  workspace: string,
  env: NodeJS.ProcessEnv = process.env
): GitControl {
  const budget = { entries: MAX_ENTRIES, bytes: MAX_BYTES };
  const nested = gitEntries(workspace);
  const modules = findGitDirs(workspace);
  // A nested repository's own control files are guarded like the checkout's.
  const gitDirs = [
    ...modules,
    ...[...nested.entries].filter(([, entry]) => entry.kind === 'dir').map(([rel]) => rel)
  ];
  const before: Tree = new Map();
  for (const dir of gitDirs)
    for (const name of CONTROL) read(workspace, path.join(dir, name), before, budget);
  const control = (rel: string): boolean =>
    gitDirs.some(dir => CONTROL.some(name => inside(rel, path.join(dir, name))));
  // Each with a budget of its own: one too large to keep is not put back, and said before the turn.
  const named = programsInWorktree(workspace, gitDirs, control, env).map(n => {
    const own = { entries: MAX_ENTRIES, bytes: MAX_BYTES };
    read(workspace, n.rel, before, own);
    return { ...n, kept: own.entries >= 0 && own.bytes >= 0 };
  });
  const unkept = named.filter(n => !n.kept);
  const partial =
    budget.entries < 0 || budget.bytes < 0
      ? `the control files of ${path.join(workspace, '.git')} exceed ${MAX_ENTRIES} entries or ${MAX_BYTES / 1024 ** 2} MB; only the first were kept`
      : nested.partial
        ? `${workspace} holds too many entries to find every .git in it: only those found before the turn are checked after it`
        : unkept.length > 0
          ? `git runs what ${unkept
              .slice(0, NAMED)
              .map(n => `${path.join(workspace, n.rel)} (${n.why})`)
              .join(
                ', '
              )} holds, which exceeds ${MAX_ENTRIES} entries or ${MAX_BYTES / 1024 ** 2} MB: it is not put back after the turn, so a later step's git commit or push would run what the agent leaves there as the runner's user`
          : undefined;
  return {
    partial,
    restore() {
      const changed: string[] = [];
      for (const dir of gitDirs) {
        // A git directory the agent replaced by a link or a file (a gitfile can name any folder) is
        // removed, not followed: a later git step then finds no repository rather than the agent's.
        // A folder on the way made a link (`.git/modules` → elsewhere): nothing is written there.
        if (linkOnTheWay(workspace, path.dirname(dir))) {
          changed.push(dir);
          continue;
        }
        const stat = fs.lstatSync(path.join(workspace, dir), { throwIfNoEntry: false });
        if (!stat?.isDirectory()) {
          if (stat) fs.rmSync(path.join(workspace, dir), { force: true });
          changed.push(dir);
          continue;
        }
        for (const name of CONTROL) {
          // A folder read only in part is not put back: that would delete what was not read.
          if (partial && name === 'hooks') continue;
          const top = path.join(dir, name);
          const now: Tree = new Map();
          read(workspace, top, now, { entries: MAX_ENTRIES, bytes: MAX_BYTES });
          const was = subtree(before, top);
          const differs = diff(was, now);
          if (differs.length === 0) continue;
          changed.push(...differs);
          fs.rmSync(path.join(workspace, top), { recursive: true, force: true });
          write(workspace, was);
        }
      }
      // What the config names in the worktree: a link the agent made on the way is removed, not
      // followed, and the path written back as it was (a new one removed).
      for (const n of named) {
        if (!n.kept) continue;
        const link = linkOnTheWay(workspace, path.dirname(n.rel));
        if (link) fs.rmSync(link, { force: true });
        const now: Tree = new Map();
        if (!link) read(workspace, n.rel, now, { entries: MAX_ENTRIES, bytes: MAX_BYTES });
        const was = subtree(before, n.rel);
        const differs = link ? [n.rel] : diff(was, now);
        if (differs.length === 0) continue;
        changed.push(...differs);
        fs.rmSync(path.join(workspace, n.rel), { recursive: true, force: true });
        fs.mkdirSync(path.dirname(path.join(workspace, n.rel)), { recursive: true });
        write(workspace, was);
      }
      // A git directory the agent added under .git/modules is one a gitfile could send git to.
      for (const dir of findGitDirs(workspace)) {
        if (modules.includes(dir) || linkOnTheWay(workspace, dir)) continue;
        fs.rmSync(path.join(workspace, dir), { recursive: true, force: true });
        changed.push(dir);
      }
      changed.push(...restoreGitEntries(workspace, nested));
      return changed;
    }
  };
}

/** The warning for what restore() put back or took away, naming at most NAMED paths. */
export function gitControlWarning(workspace: string, changed: string[]): string {
  const named = changed.slice(0, NAMED).map(p => path.join(workspace, p));
  const more = changed.length > NAMED ? ` and ${changed.length - NAMED} more` : '';
  return `Hermes changed the checkout's git control files (${named.join(', ')}${more}): they were put back as they were before the turn (a git directory or .git entry it added was removed; the hooks and programs git's config names in the worktree count among them), since a later step's git command would run what they name. Commits and other files the agent made are untouched.`;
}

/** `.git` and the git directories of submodules (`.git/modules/**`, each holding a HEAD). */
function findGitDirs(workspace: string): string[] {
  const top = '.git';
  if (!fs.lstatSync(path.join(workspace, top), { throwIfNoEntry: false })?.isDirectory()) return [];
  const dirs = [top];
  const walk = (dir: string, depth: number): void => {
    if (depth > 8) return;
    let names: fs.Dirent[];
    try {
      names = fs.readdirSync(path.join(workspace, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names) {
      if (!entry.isDirectory()) continue;
      const sub = path.join(dir, entry.name);
      // A git directory: only its own submodules lie below (never its objects or refs). Any other
      // folder is a part of a submodule's path (`modules/libs/a`).
      if (fs.existsSync(path.join(workspace, sub, 'HEAD'))) {
        dirs.push(sub);
        walk(path.join(sub, 'modules'), depth + 1);
      } else walk(sub, depth + 1);
    }
  };
  walk(path.join(top, 'modules'), 0);
  return dirs;
}

/** Reads `rel` (and below it) into `tree`, never following a link, never blocking on a FIFO. */
function read(
  workspace: string,
  rel: string,
  tree: Tree,
  budget: { entries: number; bytes: number }
): void {
  const full = path.join(workspace, rel);
  const stat = fs.lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (--budget.entries < 0) return;
  if (stat.isSymbolicLink()) tree.set(rel, { kind: 'link', target: fs.readlinkSync(full) });
  else if (stat.isDirectory()) {
    tree.set(rel, { kind: 'dir', mode: stat.mode & 0o7777 });
    const names = readable(full, stat, () => fs.readdirSync(full));
    for (const name of names.sort()) read(workspace, path.join(rel, name), tree, budget);
  } else if (stat.isFile()) {
    budget.bytes -= stat.size;
    if (budget.bytes < 0) return;
    const fd = readable(full, stat, () =>
      fs.openSync(full, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
    );
    try {
      tree.set(rel, { kind: 'file', content: fs.readFileSync(fd), mode: stat.mode & 0o7777 });
    } finally {
      fs.closeSync(fd);
    }
  } else tree.set(rel, { kind: 'other' });
}

/**
 * fn(), after making the entry readable by its owner if it was not: the agent may leave a folder of
 * hooks it can run but the action cannot list (`chmod 300`), which must not stop the restore. The
 * entry is the action's user's again after the hand-back, and was lstat'ed: no link is followed.
 */
function readable<T>(full: string, stat: fs.Stats, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    fs.chmodSync(full, (stat.mode & 0o7777) | (stat.isDirectory() ? 0o700 : 0o600));
    return fn();
  }
}

/** The first folder from the workspace down to `rel` that is a link, if any. */
function linkOnTheWay(workspace: string, rel: string): string | undefined {
  let at = workspace;
  for (const part of rel === '.' ? [] : rel.split(path.sep)) {
    at = path.join(at, part);
    if (fs.lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink()) return at;
  }
  return undefined;
}

/** The entries at or below `top`. */
function subtree(tree: Tree, top: string): Tree {
  const below = top + path.sep;
  return new Map([...tree].filter(([rel]) => rel === top || rel.startsWith(below)));
}

/** The paths whose entry differs between the two trees (added, removed or changed). */
function diff(was: Tree, now: Tree): string[] {
  const paths = new Set([...was.keys(), ...now.keys()]);
  return [...paths].sort().filter(rel => !same(was.get(rel), now.get(rel)));
}

function same(a: Entry | undefined, b: Entry | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.kind === 'file' && b.kind === 'file')
    return a.mode === b.mode && a.content.equals(b.content);
  if (a.kind === 'dir' && b.kind === 'dir') return a.mode === b.mode;
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  return a.kind === 'other' && b.kind === 'other';
}

/** Makes the entries anew, parents first (the map is in reading order); nothing is overwritten. */
function write(workspace: string, tree: Tree): void {
  for (const [rel, entry] of tree) {
    const full = path.join(workspace, rel);
    if (entry.kind === 'dir') {
      fs.mkdirSync(full);
      fs.chmodSync(full, entry.mode);
    } else if (entry.kind === 'file') {
      fs.writeFileSync(full, entry.content, { flag: 'wx', mode: entry.mode });
      fs.chmodSync(full, entry.mode);
    } else if (entry.kind === 'link') fs.symlinkSync(entry.target, full);
  }
}

/**
 * The `.git` entries of a worktree below its top: a nested repository's folder, a submodule's
 * gitfile (`lib/.git`: `gitdir: ../.git/modules/lib`), or anything else the agent put there under
 * that name. Git trusts each as a repository: a new one, or a gitfile pointed elsewhere, would run
 * the agent's `core.fsmonitor` in a later step's `git status`. Read before the turn and after it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type GitEntry =
  | { kind: 'file'; content: Buffer }
  | { kind: 'dir' }
  | { kind: 'link'; target: string }
  | { kind: 'other' };

/** Bounds on the walk (a checkout with node_modules holds some 100k entries) and on a gitfile's size. */
const MAX_WALK = 500_000;
const MAX_DEPTH = 64;
const GITFILE_MAX = 64 * 1024;

export interface GitEntries {
  /** By path relative to the workspace. */
  entries: Map<string, GitEntry>;
  /** Set when the walk stopped at its bounds. */
  partial: boolean;
}

/** Every `.git` in the workspace but its own top one; links are recorded, never followed. */
export function gitEntries(workspace: string): GitEntries {
  const entries = new Map<string, GitEntry>();
  let budget = MAX_WALK;
  const walk = (rel: string, depth: number): void => {
    let names: fs.Dirent[];
    try {
      names = fs.readdirSync(path.join(workspace, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names) {
      if (--budget < 0) return;
      const sub = path.join(rel, entry.name);
      if (entry.name === '.git') {
        if (rel !== '') entries.set(sub, readEntry(path.join(workspace, sub)));
      } else if (entry.isDirectory() && depth < MAX_DEPTH) walk(sub, depth + 1);
    }
  };
  walk('', 0);
  return { entries, partial: budget < 0 };
}

function readEntry(full: string): GitEntry {
  const stat = fs.lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return { kind: 'other' };
  if (stat.isSymbolicLink()) return { kind: 'link', target: fs.readlinkSync(full) };
  if (stat.isDirectory()) return { kind: 'dir' };
  if (!stat.isFile() || stat.size > GITFILE_MAX) return { kind: 'other' };
  let fd: number | undefined;
  try {
    fd = fs.openSync(
      full,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK
    );
    return { kind: 'file', content: fs.readFileSync(fd) };
  } catch {
    return { kind: 'other' };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export function sameEntry(a: GitEntry, b: GitEntry): boolean {
  if (a.kind === 'file' && b.kind === 'file') return a.content.equals(b.content);
  if (a.kind === 'link' && b.kind === 'link') return a.target === b.target;
  return a.kind === b.kind && a.kind !== 'other';
}

/**
 * Takes the `.git` entries that were not there before, or changed, out of git's reach: a new one
 * removed, a changed gitfile written back as it was. Returns their paths.
 */
export function restoreGitEntries(workspace: string, before: GitEntries): string[] {
  const changed: string[] = [];
  for (const [rel, now] of gitEntries(workspace).entries) {
    const was = before.entries.get(rel);
    if (was && sameEntry(was, now)) continue;
    // Past the first walk's bounds, a new-looking entry may be an old one never read.
    if (!was && before.partial) continue;
    const full = path.join(workspace, rel);
    fs.rmSync(full, { recursive: true, force: true });
    if (was?.kind === 'file') fs.writeFileSync(full, was.content, { flag: 'wx', mode: 0o644 });
    changed.push(rel);
  }
  return changed;
}

/**
 * What the agent leaves is not the runner's to inherit. Its files in the shared temp folders are
 * swept (no later agent gets its uid: agent-user.ts; this keeps the disk clean); a file it hard-linked is copied apart before the lent tree
 * goes back (its other name may lie where the next agent reaches); write bits for group and others
 * it added, its set-id bits and ACLs are dropped, the modes the tree had before the lend kept.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Admin } from './host.js';

/** Where any user may leave files that outlive the run. */
export const SHARED_TEMP = ['/tmp', '/var/tmp', '/dev/shm'];
/** The mode bits no file of the agent's keeps: write for group and others, setuid, setgid. */
const LOOSE = 0o6022;

/** Removes every file of uid in the shared temp folders (a folder of its, with all in it). */
export function sweepShared(uid: number, admin: Admin): void {
  const dirs = [...new Set([...SHARED_TEMP, os.tmpdir()])].filter(dir =>
    fs.lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()
  );
  if (dirs.length === 0) return;
  try {
    admin('find', [
      ...dirs,
      '-xdev',
      '-mindepth',
      '1',
      '-uid',
      String(uid),
      '-prune',
      '-exec',
      'rm',
      '-rf',
      '--',
      '{}',
      '+'
    ]);
  } catch {
    // A file gone while find ran: what is left stays its uid's, which no later agent is given.
  }
}

/**
 * Each regular file of uid in tree with another name: copied to a file of its own (or, where that
 * fails, removed), so that its other name, maybe outside, is not handed back with it.
 *
 * Root writes here in folders the agent owned, so no name passes through this process: find runs
 * the copy in each file's own folder (`-execdir`, the file as `./name`), never resolving a path
 * through a link and never decoding one (a name that is not UTF-8 would otherwise come back as
 * another name, one the agent could have made a link). cp removes whatever stands at the copy's
 * name before writing (a link planted there is not written through), mv renames over the file
 * without following a link, chown changes the file itself (-h). A copy that cannot be made (a name
 * too long for the suffix, a folder planted at it) removes the file instead, file by file.
 */
export function breakLinks(tree: string, uid: number, admin: Admin): void {
  admin('find', [
    tree,
    '-uid',
    String(uid),
    '-type',
    'f',
    '-links',
    '+1',
    '-execdir',
    'sh',
    '-c',
    SEPARATE,
    String(uid),
    '{}',
    '+'
  ]);
}

/** For each file named (in its own folder), $0 the agent's uid. */
const SEPARATE =
  'for f do c="$f.hermes-copy"; ' +
  '{ cp --preserve=mode,timestamps --remove-destination -- "$f" "$c" && mv -f -T -- "$c" "$f" && chown -h "$0" -- "$f"; } 2>/dev/null ' +
  '|| rm -f -- "$c" "$f" 2>/dev/null; done; true';

/** The paths in tree (links not followed) whose modes have any LOOSE bit, with those modes. */
export function looseModes(tree: string): Map<string, number> {
  const found = new Map<string, number>();
  walk(tree, (full, stat) => {
    if (stat.mode & LOOSE) found.set(full, stat.mode & 0o7777);
  });
  return found;
}

/** Drops the LOOSE bits from every entry of tree but those that had the same mode before the lend. */
export function tightenModes(tree: string, before: Map<string, number>): void {
  walk(tree, (full, stat) => {
    const mode = stat.mode & 0o7777;
    if (mode & LOOSE && before.get(full) !== mode)
      try {
        fs.chmodSync(full, mode & ~LOOSE);
      } catch {
        // Gone since it was listed (the agent's processes are ended: not by it); nothing to hand back.
      }
  });
}

/** Every entry of tree, tree included, never through a link; a folder left unlistable is opened to its owner. */
function walk(tree: string, visit: (full: string, stat: fs.Stats) => void): void {
  const stat = fs.lstatSync(tree, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  visit(tree, stat);
  if (!stat.isDirectory()) return;
  let names: string[];
  try {
    names = fs.readdirSync(tree);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES' || stat.uid !== process.getuid?.())
      return;
    fs.chmodSync(tree, (stat.mode & 0o7777) | 0o700);
    names = fs.readdirSync(tree);
  }
  for (const name of names) walk(path.join(tree, name), visit);
}

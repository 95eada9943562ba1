/**
 * What the agent leaves is not the runner's to inherit. Its files in the shared temp folders are
 * swept (a later agent may get its uid); a file it hard-linked is copied apart before the lent tree
 * goes back (its other name may lie where the next agent reaches); write bits for group and others
 * it added, its set-id bits and ACLs are dropped, the modes the tree had before the lend kept.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Admin } from './host.js';

/** Where any user may leave files that outlive the run. */
export const SHARED_TEMP = ['/tmp', '/var/tmp', '/dev/shm'];
/** The mode bits no file of the agent's keeps: write for group and others, setuid, setgid. */
const LOOSE = 0o6022;
/** More hard-linked files than this are removed rather than copied apart one by one. */
const MAX_COPIED = 1000;

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
    // A file gone while find ran: what is left is swept again when this uid is next made.
  }
}

/**
 * Each regular file of uid in tree with another name: copied to a file of its own, or removed. When
 * the list cannot be read (the agent can make it outgrow the command's output cap), every such file
 * is removed by find itself, which prints nothing.
 *
 * Root writes here in folders the agent owned: the copy's name is random (a name the agent could
 * foresee, it could have planted there as a link to any file of the machine, for cp to write
 * through), cp removes whatever stands at it first, mv renames over the file without following a
 * link, and chown changes the file itself (-h).
 */
export function breakLinks(tree: string, uid: number, admin: Admin): void {
  const linked = [tree, '-uid', String(uid), '-type', 'f', '-links', '+1'];
  let listed: string;
  try {
    listed = admin('find', [...linked, '-print0']);
  } catch {
    admin('find', [...linked, '-exec', 'rm', '-f', '--', '{}', '+']);
    return;
  }
  const files = listed.split('\0').filter(Boolean);
  for (const file of files) {
    if (files.length > MAX_COPIED) admin('rm', ['-f', '--', file]);
    else {
      const copy = `${file}.hermes-copy-${randomBytes(12).toString('hex')}`;
      admin('cp', ['--preserve=mode,timestamps', '--remove-destination', '--', file, copy]);
      admin('mv', ['-f', '-T', '--', copy, file]);
      admin('chown', ['-h', String(uid), file]);
    }
  }
}

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

/**
 * A cache hit in one pass: the archive's bytes, as they download, are decompressed, parsed header by
 * header (tar-stream), each header checked and rewritten (install-archive.ts) and only then handed to
 * GNU tar, which extracts into staging directories next to the cached folders. Nothing is written to
 * disk but the tree itself. Only when the whole archive passed and tar exited 0 is each staged folder
 * moved into place; any refusal or failure removes everything staged.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import tarStream from 'tar-stream';
import { ArchiveCheck, type StagedFolder } from './archive.js';
import { startPiped } from '../process/spawn.js';

const CHUNK = 1 << 20;

/** Why the archive was not extracted: one of its entries broke a rule (the message says which). */
export class Refused extends Error {}

export interface StagedRestore {
  /** The archive's bytes, compressed as `method` says. */
  body: Readable;
  method: 'zstd-without-long' | 'gzip';
  /** The directory the archive's names are relative to. */
  workspace: string;
  /** The cached folders: each is replaced only once the whole archive passed. */
  folders: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Extracts the archive into place, or rejects (Refused, or why it failed) leaving the folders as they were. */
export async function restoreStaged(options: StagedRestore): Promise<{ entries: number }> {
  const staging: string[] = [];
  try {
    const folders: StagedFolder[] = options.folders.map(folder => {
      mkdirReadable(path.dirname(folder));
      // Next to the folder: the move into place is a rename on one file system.
      const dir = fs.mkdtempSync(
        path.join(path.dirname(folder), `.${path.basename(folder)}.restore-`)
      );
      staging.push(dir);
      return { folder, staged: path.join(dir, path.basename(folder)) };
    });
    const root = commonDir(staging);
    const entries = await extract(
      options,
      new ArchiveCheck(options.workspace, folders, root),
      root
    );
    for (const { folder, staged } of folders) {
      fs.rmSync(folder, { recursive: true, force: true });
      if (fs.lstatSync(staged, { throwIfNoEntry: false })) fs.renameSync(staged, folder);
    }
    return { entries };
  } finally {
    for (const dir of staging) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** body → decompressor → tar-stream's parser → the check → tar-stream's packer → `tar -x`. */
async function extract(
  { body, method, env, timeoutMs, signal }: StagedRestore,
  check: ArchiveCheck,
  root: string
): Promise<number> {
  const tar = startPiped(
    'tar',
    // -p: the modes the check wrote, not the umask's; the files belong to the action's user.
    ['-x', '-f', '-', '-p', '--no-same-owner', '-C', root],
    { env: { ...env, LC_ALL: 'C' }, timeoutMs, signal }
  );
  // 1 MiB pieces, not zlib's 16 KiB: fewer calls through the parser for the same bytes.
  const decompress: Transform =
    method === 'gzip' ? zlib.createGunzip({ chunkSize: CHUNK }) : zstdDecompressor();
  const parse = tarStream.extract();
  const pack = tarStream.pack();
  let entries = 0;
  let failure: Error | undefined;
  let settle: (error?: Error) => void = () => undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    settle = error => (error ? reject(error) : resolve());
  });
  // The first failure, wherever it happens, stops every stage: tar is killed before its next header.
  const fail = (error: Error): void => {
    failure ??= error;
    body.destroy();
    decompress.destroy();
    parse.destroy();
    pack.destroy();
    tar.stop();
    settle(failure);
  };
  parse.on('entry', (header, stream, next) => {
    const admitted = check.admit(header);
    if ('refused' in admitted) return fail(new Refused(admitted.refused));
    entries++;
    const sink = pack.entry(admitted.header, next);
    if (admitted.header.type === 'file') stream.pipe(sink);
    else stream.resume();
  });
  parse.once('finish', () => {
    pack.finalize();
    settle();
  });
  for (const stream of [body, decompress, parse, pack] as NodeJS.EventEmitter[])
    stream.once('error', fail);
  tar.done.catch(fail);
  body.pipe(decompress).pipe(parse);
  pack.pipe(tar.stdin);
  // Both settle before anything is removed: tar has exited, whatever happened.
  await Promise.allSettled([parsed, tar.done]);
  if (failure) throw failure;
  return entries;
}

/** Node's own zstd (Node 22.15 and later; the action runs on Node 24): no process to start. */
function zstdDecompressor(): Transform {
  const create = (zlib as { createZstdDecompress?: (o: { chunkSize: number }) => Transform })
    .createZstdDecompress;
  if (!create)
    throw new Error(
      `this Node (${process.version}) cannot decompress zstd; the action runs on Node 24 (action.yml)`
    );
  return create({ chunkSize: CHUNK });
}

/**
 * mkdir -p, each directory it makes 0755 whatever the umask: the agent user walks through them to
 * the install. Ones that exist are left as they are.
 */
export function mkdirReadable(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true });
  if (first === undefined) return;
  for (let d = dir; ; d = path.dirname(d)) {
    fs.chmodSync(d, 0o755);
    if (d === first || d === path.dirname(d)) break;
  }
}

/** The deepest directory holding all of dirs. */
function commonDir(dirs: string[]): string {
  const [first] = dirs;
  if (first === undefined) throw new Error('Internal error: no cached folder to restore');
  let common = first;
  while (
    !dirs.every(d => d === common || d.startsWith(common.endsWith('/') ? common : `${common}/`))
  )
    common = path.dirname(common);
  return common;
}

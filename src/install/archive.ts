/**
 * What a cached archive may hold, decided one tar header at a time, before the extractor sees it.
 * An entry is admitted only when it lands inside one of the cached folders, is a file, directory or
 * link, is written through no link of the archive, and (a hard link) points at a file the archive
 * wrote before it. An admitted header is rewritten: its name (and a hard link's target) into the
 * folder's staging directory, its mode to what the tree must have (readable and executable by the
 * agent user, writable only by its owner), no owner, no extended attributes.
 */
import * as path from 'node:path';
import type { Header } from 'tar-stream';
import { clip } from '../text/text.js';

/** A cached folder (or file) and where its restored copy is staged until the whole archive passed. */
export interface StagedFolder {
  folder: string;
  staged: string;
}

/** A header as the packer takes it. */
export type Staged = Partial<Header> & Pick<Header, 'name'>;

/**
 * A header as tar-stream's parser gives it: its type says a string or a number where the parser
 * gives null for a field it cannot read (an unknown type flag, no link name, a mode not a number).
 */
export type ParsedHeader = Omit<Header, 'type' | 'linkname' | 'mode'> & {
  type: Header['type'] | null;
  linkname: string | null;
  mode: number | null;
};

/** More entries than this is no install: the check's memory stays bounded. */
const MAX_ENTRIES = 2_000_000;

export class ArchiveCheck {
  /** Paths the archive made a symbolic link. */
  private readonly symlinks = new Set<string>();
  /** Paths the archive wrote a regular file to: the only targets a hard link may have. */
  private readonly files = new Set<string>();
  /** Every path the archive wrote, and their parents: a link may not replace one. */
  private readonly written = new Set<string>();
  private count = 0;

  /**
   * @param workspace the directory the archive's names are relative to (the cache client's `-C`)
   * @param folders the cached folders, each with its staging place
   * @param root the extractor's working directory: the rewritten names are relative to it
   */
  constructor(
    private readonly workspace: string,
    private readonly folders: StagedFolder[],
    private readonly root: string
  ) {}

  /** The header to hand the extractor, or why the archive may not be extracted. */
  admit(header: ParsedHeader): { header: Staged } | { refused: string } {
    const name = header.name;
    const shown = clip(name, 300);
    if (++this.count > MAX_ENTRIES)
      return { refused: `the archive holds more than ${MAX_ENTRIES} entries` };
    // GNU tar ends a name at a NUL that tar-stream keeps: the check and the extractor would then
    // mean two different paths. No install needs a control character in a name.
    // eslint-disable-next-line no-control-regex
    const control = /[\u0000-\u001f\u007f]/;
    if (control.test(name) || control.test(header.linkname ?? ''))
      return { refused: `${JSON.stringify(shown)} holds a control character in its name or link` };
    // Past the climb out of the workspace the cache client's names never go up again: one that does
    // could mean another place to the kernel (through a link) than to the check.
    if (
      name
        .replace(/^\/+/, '')
        .replace(/^(\.\.\/)+/, '')
        .split('/')
        .includes('..')
    )
      return { refused: `${shown} goes up (..) inside the cached folders` };
    const at = path.resolve(this.workspace, name);
    const folder = this.folderOf(at);
    if (!folder) return { refused: `${shown} lies outside the cached folders` };
    const type = header.type ?? 'file';
    if (!['file', 'directory', 'symlink', 'link'].includes(type))
      return { refused: `${shown} is not a file, directory or link` };
    const through = this.linkOnTheWay(at, folder.folder);
    if (through)
      return { refused: `${clip(at, 300)} would be written through the link ${through}` };
    let linkname = header.linkname ?? undefined;
    if (type === 'link') {
      const target = path.resolve(this.workspace, linkname ?? '');
      const targetFolder = this.folderOf(target);
      if (!targetFolder)
        return { refused: `${shown} is a hard link to a file outside the cached folders` };
      if (!this.files.has(target))
        return {
          refused: `${shown} is a hard link to ${clip(target, 300)}, which the archive did not write as a file before it`
        };
      linkname = this.staged(target, targetFolder);
    }
    if (type === 'symlink' && this.written.has(at))
      return { refused: `${shown} is a link where the archive already wrote ${clip(at, 300)}` };
    if (type === 'symlink') this.symlinks.add(at);
    if (type === 'file') this.files.add(at);
    for (let p = at; !this.written.has(p); p = path.dirname(p)) {
      this.written.add(p);
      if (p === folder.folder) break;
    }
    const executable = type === 'directory' || ((header.mode ?? 0) & 0o111) !== 0;
    return {
      header: {
        name: this.staged(at, folder),
        type,
        // Special bits dropped; the umask plays no part (the extractor keeps these modes).
        mode: type === 'symlink' ? 0o777 : executable ? 0o755 : 0o644,
        size: type === 'file' ? header.size : 0,
        // Kept: Python checks a .py file's mtime against its compiled .pyc.
        mtime: header.mtime,
        linkname: type === 'symlink' || type === 'link' ? linkname : undefined
      }
    };
  }

  /** The cached folder holding at, if any. */
  private folderOf(at: string): StagedFolder | undefined {
    return this.folders.find(
      f => at === f.folder || at.startsWith(f.folder.endsWith('/') ? f.folder : `${f.folder}/`)
    );
  }

  /** A symbolic link of the archive at `at` or above it (within its folder), through which it would be written. */
  private linkOnTheWay(at: string, folder: string): string | undefined {
    for (let p = at; p.length >= folder.length; p = path.dirname(p)) {
      // The folder itself may be a link (the wrapper is one): nothing may be written at or below it then.
      if (this.symlinks.has(p)) return p;
      if (p === folder) break;
    }
    return undefined;
  }

  /** at's name for the extractor: the same place under the folder's staging copy, relative to its root. */
  private staged(at: string, folder: StagedFolder): string {
    return path.relative(this.root, path.join(folder.staged, path.relative(folder.folder, at)));
  }
}

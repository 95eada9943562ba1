/**
 * Where a finding can sit on a pull request's diff. GitHub takes an inline review comment only on a line
 * the diff shows: RIGHT for an added or context line of the new file, LEFT for a removed line of the old,
 * and a range only within one hunk on one side. Everything else goes into the review's body.
 */

/** The lines one hunk shows, by side. */
export interface Hunk {
  right: Set<number>;
  left: Set<number>;
}

/** A file of `GET /repos/{o}/{r}/pulls/{n}/files`, as far as the mapping needs it. */
export interface PrFile {
  filename: string;
  status?: string;
  previous_filename?: string;
  /** Missing for a binary file or one too large to show. */
  patch?: string;
}

export type Side = 'RIGHT' | 'LEFT';

export interface Placement {
  path: string;
  line: number;
  side: Side;
  start_line?: number;
}

export type Placed =
  | { inline: true; at: Placement }
  | { inline: false; why: 'path' | 'not in the pull request' | 'not in the diff' };

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The hunks of a unified patch as GitHub gives it (no file header, `\ No newline` lines allowed). */
export function parsePatch(patch: string): Hunk[] {
  const hunks: Hunk[] = [];
  let hunk: Hunk | undefined;
  let left = 0;
  let right = 0;
  for (const line of patch.split('\n')) {
    const header = HUNK_HEADER.exec(line);
    if (header) {
      hunk = { right: new Set(), left: new Set() };
      hunks.push(hunk);
      left = Number(header[1]);
      right = Number(header[2]);
    } else if (!hunk || line.startsWith('\\')) {
      continue;
    } else if (line.startsWith('+')) {
      hunk.right.add(right++);
    } else if (line.startsWith('-')) {
      hunk.left.add(left++);
    } else if (line.startsWith(' ') || line === '') {
      // A context line; an empty line is one whose leading space was trimmed (the patch's last line).
      hunk.right.add(right++);
      left++;
    }
  }
  return hunks;
}

/** A path the agent named, if it can be a file of the repository: relative, no `..`, no backslash. */
export function cleanPath(path: string): string | undefined {
  const trimmed = path.replace(/^\.\//, '');
  if (trimmed === '' || trimmed.startsWith('/') || /[\\\0\r\n]/.test(trimmed)) return undefined;
  const parts = trimmed.split('/');
  return parts.some(p => p === '..' || p === '.' || p === '') ? undefined : trimmed;
}

/** The hunks of each file of the pull request, by its (new) path. */
export function diffOf(files: readonly PrFile[]): Map<string, Hunk[]> {
  return new Map(files.map(f => [f.filename, f.patch ? parsePatch(f.patch) : []]));
}

/** Inline where the diff shows every line of the finding on its side within one hunk, else why not. */
export function place(
  diff: Map<string, Hunk[]>,
  finding: { path: string; line: number; start_line?: number; side: Side }
): Placed {
  const path = cleanPath(finding.path);
  if (path === undefined) return { inline: false, why: 'path' };
  const hunks = diff.get(path);
  if (!hunks) return { inline: false, why: 'not in the pull request' };
  const { line, side } = finding;
  const start =
    finding.start_line !== undefined && finding.start_line !== line
      ? finding.start_line
      : undefined;
  if (start !== undefined && start > line) return { inline: false, why: 'not in the diff' };
  const shown = (h: Hunk): Set<number> => (side === 'RIGHT' ? h.right : h.left);
  const hunk = hunks.find(h => shown(h).has(line));
  if (!hunk) return { inline: false, why: 'not in the diff' };
  if (start !== undefined) {
    if (line - start >= shown(hunk).size) return { inline: false, why: 'not in the diff' };
    // Every line of the range on that side, within the same hunk (a range on LEFT is removed lines only).
    for (let n = start; n < line; n++)
      if (!shown(hunk).has(n)) return { inline: false, why: 'not in the diff' };
  }
  return {
    inline: true,
    at: { path, line, side, ...(start !== undefined ? { start_line: start } : {}) }
  };
}

/** `path` mode: the legs are local JSONL files, found by glob (after actions/download-artifact, or anywhere). */
import * as path from 'node:path';
import pLimit from 'p-limit';
import { glob } from 'tinyglobby';
import type { Redactor } from '../text/redact.js';
import { errorMessage } from '../publish/artifact.js';
import { foldTranscript, unreadableLeg, type Leg } from './leg.js';
import * as fs from 'node:fs';
import { parseSessionRecord, redactedUsage } from '../turn/session-usage.js';

/**
 * A session record beside a transcript: `<name>-session.jsonl` as downloaded from its artifact, or
 * `<name>.session.jsonl` where the main action wrote it.
 */
const SESSION_FILE = /(?:-|\.)session\.jsonl$/;
const sessionFilesOf = (file: string): string[] => {
  const stem = file.replace(/\.jsonl$/, '');
  return [`${stem}-session.jsonl`, `${stem}.session.jsonl`];
};

/** Files folded at once: folding is CPU on one thread, and each turn alive at once adds to RSS. */
const FOLD_CONCURRENCY = 1;

/** The files the patterns match (relative to the workspace; `!` excludes), in name order. */
export async function findTranscripts(patterns: string[], workspace: string): Promise<string[]> {
  const files = await glob(patterns, {
    cwd: workspace,
    absolute: true,
    onlyFiles: true,
    dot: true
  });
  // Session records are read with their transcripts, not as legs of their own.
  return files.filter(f => !SESSION_FILE.test(f)).sort((a, b) => a.localeCompare(b));
}

/** A file's leg is named by its path, relative to the workspace when it is inside. */
export function fileLegName(file: string, workspace: string): string {
  const relative = path.relative(workspace, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

export async function foldFiles(
  files: string[],
  workspace: string,
  redact: Redactor,
  onLeg?: (leg: Leg) => void
): Promise<Leg[]> {
  const limit = pLimit(FOLD_CONCURRENCY);
  return Promise.all(
    files.map(file =>
      limit(async () => {
        const name = fileLegName(file, workspace);
        const source = { kind: 'file', path: file } as const;
        const leg = await foldTranscript(file, name, source, redact).catch((error: unknown) =>
          unreadableLeg(name, source, `it cannot be read: ${errorMessage(error)}`)
        );
        const record = sessionFilesOf(file).find(f => fs.existsSync(f));
        if (record) {
          try {
            leg.usage = redactedUsage(parseSessionRecord(fs.readFileSync(record, 'utf8')), redact);
          } catch {
            // A record that does not parse is a leg without a known cost ("–"), not a failed leg.
          }
        }
        onLeg?.(leg);
        return leg;
      })
    )
  );
}

/**
 * The action's own verdict as the uploaded transcript's last line: what the step decided (outcome,
 * exit code, its `error` output), which the stream alone does not hold (a budget, a timeout, a
 * schema), for the report over a matrix to read. Bound to the bytes before it by their length and
 * SHA-256, so that a line another process wrote into Hermes' stdout, which cannot know them, does not
 * pass for it (docs/REPORT.md, "What it trusts").
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { parseJson, pythonJson } from '../text/json.js';
import { isObject } from '../text/text.js';
import { OUTCOMES, type Outcome } from './verdict.js';

/** The line's `type`: no Hermes event has it, and the stream reader passes over it. */
export const OUTCOME_RECORD_TYPE = 'action_outcome';

/** The record's `error` is the step's, cut here (the runner cuts an annotation at 4,096 too). */
const RECORD_ERROR_CHARS = 4096;

/** How much of a transcript's end is read for its record: a whole record, escapes and all. */
const TAIL_BYTES = 64 * 1024;

export interface OutcomeRecord {
  outcome: Outcome;
  exitCode?: number;
  /** The step's `error` output (redacted as it was); empty on success. */
  error: string;
}

/**
 * Ends the transcript at `file` (the copy that is uploaded) with the record, whose `bytes` and
 * `sha256` are the transcript's; where its last line has no newline, one comes between them.
 */
export async function appendOutcomeRecord(file: string, record: OutcomeRecord): Promise<void> {
  const hash = createHash('sha256');
  let size = 0;
  let last: number | undefined;
  for await (const chunk of fs.createReadStream(file)) {
    const data = chunk as Buffer;
    hash.update(data);
    size += data.length;
    last = data.at(-1);
  }
  // A last line without its newline (Hermes killed mid-line) keeps it: a separator, not counted.
  const head = last !== undefined && last !== 0x0a ? '\n' : '';
  const error =
    record.error.length > RECORD_ERROR_CHARS
      ? `${record.error.slice(0, RECORD_ERROR_CHARS - 1)}…`
      : record.error;
  const line = pythonJson({
    type: OUTCOME_RECORD_TYPE,
    outcome: record.outcome,
    exit_code: record.exitCode ?? null,
    error,
    bytes: size,
    sha256: hash.digest('hex'),
    timestamp: Date.now()
  });
  fs.appendFileSync(file, `${head}${line}\n`);
}

/**
 * The record a transcript file ends with, when it is one the bytes before it match; undefined for
 * any other last line (an older action, the `jsonl-path` file, a transcript from elsewhere), and
 * for a record whose length or SHA-256 is not that of what precedes it.
 */
export async function readOutcomeRecord(file: string): Promise<OutcomeRecord | undefined> {
  const size = fs.statSync(file).size;
  const length = Math.min(size, TAIL_BYTES);
  const tail = Buffer.alloc(length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, tail, 0, length, size - length);
  } finally {
    fs.closeSync(fd);
  }
  if (tail.at(-1) !== 0x0a) return undefined;
  const start = tail.lastIndexOf(0x0a, length - 2) + 1;
  // A last line longer than the tail is no record the action wrote.
  if (start === 0 && length < size) return undefined;
  const value = parseJson(tail.subarray(start, length - 1).toString('utf8')).value;
  const offset = size - length + start;
  if (!isObject(value) || value.type !== OUTCOME_RECORD_TYPE) return undefined;
  const { outcome, exit_code: exitCode, error, sha256, bytes } = value;
  // The record starts where the transcript ends, or a newline later where its last line had none.
  const separated = bytes === offset - 1 && start > 0 && tail[start - 2] !== 0x0a;
  if (bytes !== offset && !separated) return undefined;
  if (typeof outcome !== 'string' || !Object.hasOwn(OUTCOMES, outcome)) return undefined;
  if (exitCode !== null && !Number.isInteger(exitCode)) return undefined;
  if (typeof error !== 'string' || typeof sha256 !== 'string') return undefined;
  if ((await digest(file, bytes)) !== sha256) return undefined;
  return {
    outcome: outcome as Outcome,
    ...(typeof exitCode === 'number' && { exitCode }),
    error
  };
}

/** The SHA-256 (hex) of the file's first `bytes` bytes. */
async function digest(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  if (bytes > 0)
    for await (const chunk of fs.createReadStream(file, { start: 0, end: bytes - 1 }))
      hash.update(chunk as Buffer);
  return hash.digest('hex');
}

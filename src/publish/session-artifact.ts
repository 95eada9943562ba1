/**
 * The session record's upload: the second artifact, `<transcript artifact>-session.jsonl`, the bare
 * file, redacted inside its JSON strings so that it stays the record Hermes wrote, secrets aside.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { redactJsonNumbers, type Redactor } from '../text/redact.js';
import { readOwnFile } from '../config/paths.js';
import { RECORD_LIMIT } from '../turn/session-usage.js';
import {
  artifactUrl,
  deadline,
  errorMessage,
  uploadBudgetMs,
  UPLOAD_LIMITS,
  type UploadLimits
} from './artifact.js';

/** What a session artifact's name ends with: the report sub-action tells it from a transcript so. */
export const SESSION_SUFFIX = '-session.jsonl';

// A JSON string literal, escapes included.
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * One exported line, redacted inside its string values (and a number holding a secret becomes the
 * masked string): bytes outside them stay as they were.
 * A value whose raw form, masked, would no longer be a JSON string (a secret ending in `\`) is
 * decoded, masked and encoded again instead.
 */
export function redactRecordLine(line: string, redact: Redactor): string {
  // A \u escape can spell a secret the raw text does not show: such a string is judged decoded.
  const escaped = line.includes('\\u');
  if (!escaped && redact(line) === line) return line;
  return redactJsonNumbers(line, redact).replace(JSON_STRING, literal => {
    const inner = literal.slice(1, -1);
    if (inner.includes('\\u')) {
      const decoded = JSON.parse(literal) as string;
      const masked = redact(decoded);
      return masked === decoded ? literal : JSON.stringify(masked);
    }
    const clean = redact(inner);
    if (clean === inner) return literal;
    const masked = `"${clean}"`;
    try {
      JSON.parse(masked);
      return masked;
    } catch {
      return JSON.stringify(redact(JSON.parse(literal) as string));
    }
  });
}

export function redactRecord(text: string, redact: Redactor): string {
  return text
    .split('\n')
    .map(line => redactRecordLine(line, redact))
    .join('\n');
}

export type SessionUpload =
  | { uploaded: true; name: string; id: number; url: string }
  | { uploaded: false; reason: string; abandoned?: true };

export interface SessionUploadRequest {
  recordPath: string;
  /** The transcript artifact's name; the record's is derived from it. */
  transcriptArtifact: string;
  retentionDays?: number;
  redact?: Redactor;
  env: NodeJS.ProcessEnv;
  /** As the transcript's: aborted when a cancelled job's upload must be given up. */
  cancel?: AbortSignal;
}

/** `<name>.jsonl` → `<name>-session.jsonl`. */
export function sessionArtifactName(transcriptArtifact: string): string {
  return transcriptArtifact.replace(/\.jsonl$/, '') + SESSION_SUFFIX;
}

export async function uploadSessionRecord(
  request: SessionUploadRequest,
  limits: UploadLimits = UPLOAD_LIMITS
): Promise<SessionUpload> {
  const { env } = request;
  const name = sessionArtifactName(request.transcriptArtifact);
  let text: string;
  try {
    // Read as the action's own file: the export that wrote it ran as the agent (config/paths.ts).
    text = readOwnFile(request.recordPath, { limit: RECORD_LIMIT });
  } catch (error) {
    return { uploaded: false, reason: `the record cannot be read: ${errorMessage(error)}` };
  }
  const staging = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-session-'));
  const file = path.join(staging, name);
  fs.writeFileSync(file, request.redact ? redactRecord(text, request.redact) : text);
  // The transcript's deadline: its budget, cut short by the runner's SIGTERM on a cancelled job.
  const giveUp = deadline(
    uploadBudgetMs(Buffer.byteLength(text), env, limits),
    limits,
    request.cancel
  );
  const expired = giveUp.expired.then((reason): SessionUpload => ({
    uploaded: false,
    reason,
    abandoned: true
  }));
  const upload = async (): Promise<SessionUpload> => {
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const { id } = await new DefaultArtifactClient().uploadArtifact(name, [file], staging, {
      retentionDays: request.retentionDays,
      skipArchive: true
    });
    if (id === undefined) return { uploaded: false, reason: 'the artifact service returned no id' };
    return { uploaded: true, name, id, url: artifactUrl(id, env) };
  };
  try {
    const result = await Promise.race([upload(), expired]);
    if (!result.uploaded && result.abandoned) return result;
    fs.rmSync(staging, { recursive: true, force: true });
    return result;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    return { uploaded: false, reason: `the upload failed: ${errorMessage(error)}` };
  } finally {
    giveUp.clear();
  }
}

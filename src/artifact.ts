/** The transcript upload: a redacted copy, named uniquely, through @actions/artifact. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Redactor } from './redact.js';

export interface UploadRequest {
  transcriptPath: string;
  /** The name the user chose; otherwise one is derived from the job and step. */
  name?: string;
  archive: boolean;
  retentionDays?: number;
  redact: Redactor;
  env: NodeJS.ProcessEnv;
}

export type UploadResult =
  | { uploaded: true; name: string; id: number; url: string }
  | { uploaded: false; reason: string; warn: boolean };

const MAX_NAME_ATTEMPTS = 20;

export async function uploadTranscript(request: UploadRequest): Promise<UploadResult> {
  const { env } = request;
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    return {
      uploaded: false,
      reason: 'not on a GitHub Actions runner (no ACTIONS_RUNTIME_TOKEN), so not uploaded',
      warn: false
    };
  }
  if (!fs.existsSync(request.transcriptPath)) {
    return { uploaded: false, reason: 'there is no transcript to upload', warn: true };
  }
  const base = request.name ?? defaultName(env);
  const dir = fs.mkdtempSync(path.join(path.dirname(request.transcriptPath), 'upload-'));
  let file = path.join(dir, `${base}.jsonl`);
  await redactCopy(request.transcriptPath, file, request.redact);

  // Loaded only now: the artifact client is most of the bundle, and most of start-up.
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const client = new DefaultArtifactClient();
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (n > 1) {
      const next = path.join(dir, `${name}.jsonl`);
      fs.renameSync(file, next);
      file = next;
    }
    try {
      const artifactName = request.archive ? name : path.basename(file);
      const { id } = await client.uploadArtifact(artifactName, [file], dir, {
        retentionDays: request.retentionDays,
        skipArchive: !request.archive
      });
      if (id === undefined)
        return { uploaded: false, reason: 'the artifact service returned no id', warn: true };
      const url = `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}/artifacts/${id}`;
      return { uploaded: true, name: artifactName, id, url };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A name taken by another step (a matrix leg, a second use in the job): take the next one.
      if (!request.name && /already exists|409|Conflict/i.test(message) && n < MAX_NAME_ATTEMPTS)
        continue;
      return { uploaded: false, reason: `the upload failed: ${message}`, warn: true };
    }
  }
}

/** hermes-<job>-<step>, plus the attempt on a re-run; only characters the service accepts. */
export function defaultName(env: NodeJS.ProcessEnv): string {
  const parts = ['hermes', env.GITHUB_JOB, env.GITHUB_ACTION];
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1');
  if (attempt > 1) parts.push(`attempt${attempt}`);
  return parts
    .filter((p): p is string => !!p)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 200);
}

/**
 * Copies the transcript through the redactor a line at a time. Lines without a secret are copied
 * byte for byte (invalid UTF-8 and CRLF included), so the copy differs only where it must.
 */
async function redactCopy(from: string, to: string, redact: Redactor): Promise<void> {
  const out = fs.openSync(to, 'w');
  try {
    let pending: Buffer[] = [];
    const write = (parts: Buffer[]): void => {
      const line = parts.length === 1 ? parts[0] : Buffer.concat(parts);
      const text = line.toString('utf8');
      const clean = redact(text);
      fs.writeSync(out, clean === text ? line : Buffer.from(clean));
    };
    for await (const chunk of fs.createReadStream(from)) {
      const data = chunk as Buffer;
      let start = 0;
      for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
        write([...pending, data.subarray(start, nl + 1)]);
        pending = [];
        start = nl + 1;
      }
      if (start < data.length) pending.push(data.subarray(start));
    }
    if (pending.length > 0) write(pending);
  } finally {
    fs.closeSync(out);
  }
}

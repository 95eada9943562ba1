/** The transcript upload: a redacted copy, named uniquely, through @actions/artifact, within a deadline. */
import { messageOf } from '../text/errors.js';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as core from '@actions/core';
import type { Redactor } from '../text/redact.js';
import { copyRedacted } from './egress.js';
import { retry } from '../http/retry.js';
import { attemptTranscript } from '../turn/tempfail.js';
import { appendOutcomeRecord, type OutcomeRecord } from '../turn/outcome-record.js';

export interface UploadRequest {
  transcriptPath: string;
  /** The transcripts of attempts retried after exit 75: with any, the artifact is a zip of all. */
  earlierAttempts?: string[];
  /** The name the user chose; otherwise one is derived from the job and step. */
  name?: string;
  archive: boolean;
  retentionDays?: number;
  /** Absent with `redact: false`: the transcript goes up as Hermes wrote it. */
  redact?: Redactor;
  env: NodeJS.ProcessEnv;
  /** Aborted when a cancelled job's upload must be given up (publish: UPLOAD_LIMITS.afterCancelMs after the cancel). */
  cancel?: AbortSignal;
  /** The step's verdict, which the uploaded transcript ends with (turn/outcome-record.ts). */
  outcome?: OutcomeRecord;
}

export type UploadResult =
  | { uploaded: true; name: string; id: number; url: string; warning?: string }
  | {
      uploaded: false;
      reason: string;
      warn: boolean;
      /**
       * The upload was given up while the client still works: its retries (or a request that never
       * gets an answer) would hold the step open, so once the report is written the process must end.
       */
      abandoned?: true;
    };

/**
 * How many names are tried when they are taken: `<name>`, `<name>-2` … (a matrix of up to 256 legs
 * sharing the default name, several steps).
 */
export const MAX_NAME_ATTEMPTS = 300;
export interface UploadLimits {
  /** The upload's budget: enough for the client's own retries (about 30 s per call)… */
  baseBudgetMs: number;
  /** …plus time per MB. */
  budgetMsPerMb: number;
  /** The runner kills the process 2.5 s after its SIGTERM: leave time to write the outputs and summary. */
  afterSigtermMs: number;
  /** The runner's SIGTERM comes 7.5 s after its SIGINT: the upload is given up this long after the cancel. */
  afterCancelMs: number;
}

export const UPLOAD_LIMITS: Readonly<UploadLimits> = Object.freeze({
  baseBudgetMs: 120_000,
  budgetMsPerMb: 1000,
  afterSigtermMs: 1000,
  afterCancelMs: 4000
});

export async function uploadTranscript(
  request: UploadRequest,
  limits: UploadLimits = UPLOAD_LIMITS
): Promise<UploadResult> {
  const { env } = request;
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
    return {
      uploaded: false,
      reason:
        'not on a GitHub Actions runner (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is not set)',
      warn: false
    };
  }
  const size = fileSize(request.transcriptPath);
  if (size === undefined) {
    return { uploaded: false, reason: 'there is no transcript to upload', warn: true };
  }
  if (size === 0) return { uploaded: false, reason: 'the transcript is empty', warn: false };

  const budgetMs = uploadBudgetMs(size, env, limits);
  const state = { givenUp: false };
  const giveUp = deadline(budgetMs, limits, request.cancel);
  let staging: string | undefined;
  core.startGroup('Uploading the transcript');
  try {
    staging = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-upload-'));
    const outcome = await Promise.race([upload(request, staging, state), giveUp.expired]);
    if (typeof outcome === 'string') {
      state.givenUp = true;
      return { uploaded: false, reason: outcome, warn: true, abandoned: true };
    }
    return outcome;
  } catch (error) {
    return { uploaded: false, reason: `the upload failed: ${errorMessage(error)}`, warn: true };
  } finally {
    giveUp.clear();
    core.endGroup();
    // Left for the runner to clear with RUNNER_TEMP when the client, given up, may still read it:
    // a staged file removed under it is a read error nobody listens to, and the process crashes.
    if (staging && !state.givenUp) fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function upload(
  request: UploadRequest,
  staging: string,
  state: { givenUp: boolean }
): Promise<UploadResult> {
  const { env } = request;
  const base = (request.name ?? defaultName(env)).replace(/\.jsonl$/, '');
  const tag = rerunTag(env);
  let file = path.join(staging, `${base}${tag}.jsonl`);
  await copyRedacted(request.transcriptPath, file, request.redact);
  if (request.outcome) await appendOutcomeRecord(file, request.outcome);
  // Several attempts go up together, as a zip: <name>.attempt-N.jsonl beside <name>.jsonl.
  const earlier = request.earlierAttempts ?? [];
  const archive = request.archive || earlier.length > 0;
  const others: string[] = [];
  for (const [i, transcript] of earlier.entries()) {
    const copy = attemptTranscript(path.join(staging, `${base}.jsonl`), i + 1);
    if (fileSize(transcript) === undefined) continue;
    await copyRedacted(transcript, copy, request.redact);
    others.push(copy);
  }

  // Loaded only now: the artifact client is most of the bundle, and most of start-up.
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const client = new DefaultArtifactClient();
  const givenUp: UploadResult = { uploaded: false, reason: 'the upload was given up', warn: true };
  // A taken name is no fault to wait out: the next name is tried at once.
  return retry<UploadResult>(
    async n => {
      if (state.givenUp) return { value: givenUp };
      // A taken name gets a number before the re-run's tag, which must stay last.
      const stem = `${n === 1 ? base : `${base}-${n}`}${tag}`;
      if (n > 1 && !archive) {
        const next = path.join(staging, `${stem}.jsonl`);
        fs.renameSync(file, next);
        file = next;
      }
      // Every transcript artifact is named <stem>.jsonl, so that the report sub-action can tell them
      // from other artifacts: the bare file is named after the file, and a zip gets the same name.
      const name = archive ? `${stem}.jsonl` : path.basename(file);
      try {
        const { id } = await client.uploadArtifact(name, [...others, file], staging, {
          retentionDays: request.retentionDays,
          skipArchive: !archive
        });
        if (id === undefined)
          return {
            value: { uploaded: false, reason: 'the artifact service returned no id', warn: true }
          };
        const url = artifactUrl(id, env);
        // A name the user chose may be looked up by a later step: say it was not the one used.
        const warning =
          n > 1 && request.name
            ? `The artifact name "${request.name}" is taken on this run, so the transcript was uploaded as "${name}".`
            : undefined;
        return { value: { uploaded: true, name, id, url, ...(warning && { warning }) } };
      } catch (error) {
        const message = errorMessage(error);
        const failed: UploadResult = {
          uploaded: false,
          reason: `the upload failed: ${message}`,
          warn: true
        };
        if (!isNameTaken(message)) return { value: failed };
        return { value: failed, retry: `The artifact name ${name} is taken on this run` };
      }
    },
    {
      tries: MAX_NAME_ATTEMPTS,
      backoffMs: 0,
      onRetry: why => core.info(`${why}; trying the next one.`)
    }
  );
}

/** hermes-<job>-<step>; only characters the service accepts. */
export function defaultName(env: NodeJS.ProcessEnv): string {
  return ['hermes', env.GITHUB_JOB, env.GITHUB_ACTION]
    .filter((p): p is string => !!p)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 200);
}

/**
 * What a re-run adds to the artifact's name, last before `.jsonl`: the matrix report counts each leg's
 * newest attempt by it (src/report-action/reruns.ts).
 */
export const RUN_ATTEMPT_TAG = '.run-attempt-';

/** `GITHUB_RUN_ATTEMPT` as that tag; empty on a first attempt. */
export function rerunTag(env: NodeJS.ProcessEnv): string {
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1');
  return Number.isSafeInteger(attempt) && attempt > 1 ? `${RUN_ATTEMPT_TAG}${attempt}` : '';
}

/** The service's answer to a taken name: 409 "an artifact with this name already exists on the workflow run". */
export function isNameTaken(message: string): boolean {
  return /\(409\)|already exists/i.test(message);
}

/** HERMES_UPLOAD_TIMEOUT_SECONDS when set, else two minutes plus a second per MB. */
export function uploadBudgetMs(
  size: number,
  env: NodeJS.ProcessEnv,
  limits: UploadLimits = UPLOAD_LIMITS
): number {
  const seconds = Number(env.HERMES_UPLOAD_TIMEOUT_SECONDS);
  if (seconds > 0) return seconds * 1000;
  return limits.baseBudgetMs + Math.ceil(size / 1_000_000) * limits.budgetMsPerMb;
}

/**
 * Resolves with a reason when the upload must be given up: its budget spent, the runner's SIGTERM
 * (the kill follows 2.5 s later, and the outputs and summary are still to be written), or `cancel`.
 */
export function deadline(
  budgetMs: number,
  limits: Pick<UploadLimits, 'afterSigtermMs'> = UPLOAD_LIMITS,
  cancel?: AbortSignal
): {
  expired: Promise<string>;
  clear(): void;
} {
  let timer: NodeJS.Timeout | undefined;
  let onTerm = (): void => {};
  let onCancel = (): void => {};
  const expired = new Promise<string>(resolve => {
    const expire = (why: string): void => resolve(why);
    timer = setTimeout(
      () => expire(`the upload did not finish within ${budgetMs / 1000} s`),
      budgetMs
    );
    onTerm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => expire('the job was cancelled before the upload finished'),
        limits.afterSigtermMs
      );
    };
    process.once('SIGTERM', onTerm);
    onCancel = () => {
      clearTimeout(timer);
      expire('the job was cancelled before the upload finished');
    };
    if (cancel?.aborted) onCancel();
    else cancel?.addEventListener('abort', onCancel, { once: true });
  });
  return {
    expired,
    clear() {
      clearTimeout(timer);
      process.off('SIGTERM', onTerm);
      cancel?.removeEventListener('abort', onCancel);
    }
  };
}

function fileSize(file: string): number | undefined {
  try {
    return fs.statSync(file).size;
  } catch {
    return undefined;
  }
}

/** Where the run page shows an artifact. */
export function artifactUrl(id: number, env: NodeJS.ProcessEnv): string {
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  return `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}/artifacts/${id}`;
}

/** Signed URLs carry their credential in the query: error messages keep only the address. */
export function errorMessage(error: unknown): string {
  const message = messageOf(error);
  return message.replace(/(https?:\/\/[^\s?#]+)\?[^\s]*/g, '$1');
}

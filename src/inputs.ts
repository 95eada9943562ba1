import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { split as shellSplit } from 'shlex';

/** Input names, spelled exactly as in action.yml. */
export const Input = {
  Query: 'query',
  QueryFile: 'query-file',
  Model: 'model',
  IgnoreUserConfig: 'ignore-user-config',
  IgnoreRules: 'ignore-rules',
  Worktree: 'worktree',
  Checkpoints: 'checkpoints',
  PassSessionId: 'pass-session-id',
  Args: 'args',
  HermesPath: 'hermes-path',
  WorkingDirectory: 'working-directory',
  TimeoutMinutes: 'timeout-minutes',
  TempfailRetries: 'tempfail-retries',
  TempfailBackoffSeconds: 'tempfail-backoff-seconds',
  FailOnError: 'fail-on-error',
  Summary: 'summary',
  UploadArtifact: 'upload-artifact',
  ArtifactName: 'artifact-name',
  ArtifactArchive: 'artifact-archive',
  RetentionDays: 'retention-days',
  Redact: 'redact',
  JsonlPath: 'jsonl-path',
  Transcript: 'transcript',
  ApiUrl: 'api-url',
  ApiKey: 'api-key',
  ShowReasoning: 'show-reasoning'
} as const;

export type InputName = (typeof Input)[keyof typeof Input];

export type Query = { kind: 'text'; text: string } | { kind: 'file'; path: string };

export interface Settings {
  /** Absent only in transcript mode. */
  query?: Query;
  model?: string;
  ignoreUserConfig: boolean;
  ignoreRules: boolean;
  worktree: boolean;
  checkpoints: boolean;
  passSessionId: boolean;
  /** `args`, split like a shell would. */
  args: string[];
  hermesPath: string;
  workingDirectory: string;
  /** 0 means no timeout. */
  timeoutMs: number;
  tempfailRetries: number;
  tempfailBackoffMs: number;
  failOnError: boolean;
  summary: boolean;
  uploadArtifact: boolean;
  artifactName?: string;
  artifactArchive: boolean;
  retentionDays?: number;
  /** Values to replace by `***` (one per `redact` line), besides well-known token formats. */
  redact: string[];
  /** `redact: false`: the transcript is uploaded as Hermes wrote it (the log and summary stay redacted). */
  uploadUnredacted?: boolean;
  jsonlPath: string;
  transcript?: string;
}

export class InputError extends Error {}

/** What the runner gives the action: inputs by name, and its environment. */
export interface Environment {
  getInput(name: InputName): string;
  env: NodeJS.ProcessEnv;
}

// GitHub Actions' own boolean spelling (YAML 1.2 core schema), as core.getBooleanInput accepts.
const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

// Characters the artifact service rejects in a name.
const ARTIFACT_NAME_FORBIDDEN = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

/** Reads every input once; the first bad value throws an InputError naming it. */
export function parseSettings({ getInput, env }: Environment): Settings {
  const text = (name: InputName): string | undefined => getInput(name).trim() || undefined;

  const bool = (name: InputName, fallback: boolean): boolean => {
    const raw = getInput(name).trim();
    if (raw === '') return fallback;
    if (TRUE.includes(raw)) return true;
    if (FALSE.includes(raw)) return false;
    throw new InputError(`Input "${name}" is ${JSON.stringify(raw)}; allowed: true or false.`);
  };

  const number = (
    name: InputName,
    fallback: number,
    { integer, min }: { integer: boolean; min: number }
  ): number => {
    const raw = getInput(name).trim();
    if (raw === '') return fallback;
    const value = Number(raw);
    const kind = integer ? 'a whole number' : 'a number';
    if (
      !/^[+]?\d*\.?\d+$/.test(raw) ||
      !Number.isFinite(value) ||
      (integer && !Number.isInteger(value)) ||
      value < min
    ) {
      throw new InputError(
        `Input "${name}" is ${JSON.stringify(raw)}; allowed: ${kind} of at least ${min}.`
      );
    }
    return value;
  };

  const transcript = text(Input.Transcript);
  const queryText = getInput(Input.Query);
  const queryFile = text(Input.QueryFile);
  if (text(Input.ApiUrl) || text(Input.ApiKey)) {
    throw new InputError(
      `Input "${Input.ApiUrl}" (API server mode) is not supported by this version of the action; ` +
        `remove "${Input.ApiUrl}" and "${Input.ApiKey}" to run the Hermes CLI.`
    );
  }
  let query: Query | undefined;
  if (queryText.trim() !== '' && queryFile) {
    throw new InputError(
      `Inputs "${Input.Query}" and "${Input.QueryFile}" are both set; give exactly one.`
    );
  } else if (queryText.trim() !== '') {
    query = { kind: 'text', text: queryText };
  } else if (queryFile) {
    query = { kind: 'file', path: queryFile };
  } else if (!transcript) {
    throw new InputError(
      `Neither "${Input.Query}" nor "${Input.QueryFile}" is set; give exactly one (or "${Input.Transcript}" to report on an existing run).`
    );
  }

  const artifactName = text(Input.ArtifactName);
  const bad = artifactName && ARTIFACT_NAME_FORBIDDEN.find(c => artifactName.includes(c));
  if (artifactName && bad) {
    throw new InputError(
      `Input "${Input.ArtifactName}" is ${JSON.stringify(artifactName)}; it may not contain ${JSON.stringify(bad)} ` +
        `(the artifact service rejects any of ${ARTIFACT_NAME_FORBIDDEN.map(c => JSON.stringify(c)).join(' ')}).`
    );
  }

  const timeoutMinutes = number(Input.TimeoutMinutes, 0, { integer: false, min: 0 });
  const retention = number(Input.RetentionDays, 0, { integer: true, min: 1 });
  const workingDirectory = path.resolve(
    env.GITHUB_WORKSPACE ?? process.cwd(),
    text(Input.WorkingDirectory) ?? '.'
  );

  return {
    query,
    model: text(Input.Model),
    ignoreUserConfig: bool(Input.IgnoreUserConfig, false),
    ignoreRules: bool(Input.IgnoreRules, false),
    worktree: bool(Input.Worktree, false),
    checkpoints: bool(Input.Checkpoints, false),
    passSessionId: bool(Input.PassSessionId, false),
    args: splitArgs(getInput(Input.Args)),
    hermesPath: text(Input.HermesPath) ?? 'hermes',
    workingDirectory,
    timeoutMs: Math.round(timeoutMinutes * 60_000),
    tempfailRetries: number(Input.TempfailRetries, 0, { integer: true, min: 0 }),
    tempfailBackoffMs: number(Input.TempfailBackoffSeconds, 30, { integer: false, min: 0 }) * 1000,
    failOnError: bool(Input.FailOnError, true),
    summary: bool(Input.Summary, true),
    uploadArtifact: bool(Input.UploadArtifact, true),
    artifactName,
    artifactArchive: bool(Input.ArtifactArchive, false),
    retentionDays: retention === 0 ? undefined : retention,
    ...parseRedact(getInput(Input.Redact)),
    jsonlPath: resolveJsonlPath(text(Input.JsonlPath), workingDirectory, env),
    transcript: transcript && path.resolve(workingDirectory, transcript)
  };
}

/**
 * `redact` is values to hide, one per line; or `false` alone, to upload the transcript unredacted
 * (`true` alone is the default). A boolean among values is refused: hiding every `false` in the
 * transcript is never what was meant.
 */
function parseRedact(raw: string): Pick<Settings, 'redact' | 'uploadUnredacted'> {
  const values = raw
    .split(/\r?\n/)
    .map(v => v.trim())
    .filter(v => v !== '');
  const word = values.find(v => TRUE.includes(v) || FALSE.includes(v));
  if (word === undefined) return { redact: values };
  if (values.length > 1) {
    throw new InputError(
      `Input "${Input.Redact}" lists ${JSON.stringify(word)} among its values; ` +
        'give "false" alone to upload the transcript unredacted, or only the values to hide.'
    );
  }
  return FALSE.includes(word) ? { redact: [], uploadUnredacted: true } : { redact: [] };
}

function resolveJsonlPath(given: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  if (given) return path.resolve(cwd, given);
  // Unique per step: two steps of one job must not share (or overwrite) a transcript.
  const dir = env.RUNNER_TEMP || path.join(cwd, '.hermes');
  return path.join(dir, `hermes-${randomUUID().slice(0, 8)}`, 'run.jsonl');
}

/**
 * Splits `args` into words as a POSIX shell would (quotes, backslash escapes), and does nothing else:
 * no shell runs them, so `$VAR`, `*`, `|` and `#` are passed on literally.
 */
export function splitArgs(raw: string): string[] {
  try {
    return shellSplit(raw);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new InputError(
      `Input "${Input.Args}" is ${JSON.stringify(raw)}; it cannot be split into arguments (${why}). ` +
        'Close every quote, or escape a lone quote with a backslash.'
    );
  }
}

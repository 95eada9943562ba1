import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { split as shellSplit } from 'shlex';
import { InstallInput, InstallInputError, parseInstall, type InstallSettings } from './install.js';

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
  ShowReasoning: 'show-reasoning',
  GithubToken: 'github-token',
  AllowedUsers: 'allowed-users',
  AllowedBots: 'allowed-bots',
  JsonSchema: 'json-schema',
  ...InstallInput
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
  /** API server mode (`api-url`): the turn goes to a Hermes API server; no CLI runs. */
  api?: { url: string; key: string };
  /** Show streamed reasoning in the log and summary; in API server mode, `false` also asks the server not to send it. */
  showReasoning: boolean;
  /** Who may start the agent (see access/gate.ts). */
  gate: { token: string; allowedUsers: string[]; allowedBots: string[] };
  /** Whether and what to install when the CLI runs; parseSettings always sets it (absent: never install). */
  install?: InstallSettings;
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
  const api = parseApi(text(Input.ApiUrl), text(Input.ApiKey));
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
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const workingDirectory = path.resolve(workspace, text(Input.WorkingDirectory) ?? '.');
  const cli = {
    ignoreUserConfig: bool(Input.IgnoreUserConfig, false),
    ignoreRules: bool(Input.IgnoreRules, false),
    worktree: bool(Input.Worktree, false),
    checkpoints: bool(Input.Checkpoints, false),
    passSessionId: bool(Input.PassSessionId, false),
    args: splitArgs(getInput(Input.Args)),
    hermesPath: text(Input.HermesPath) ?? 'hermes'
  };
  const install = parseInstallInputs(getInput, cli.hermesPath);

  if (api) {
    // Given with api-url, a CLI option would be silently ignored: say so instead.
    const cliOnly = [
      cli.ignoreUserConfig && Input.IgnoreUserConfig,
      cli.ignoreRules && Input.IgnoreRules,
      cli.worktree && Input.Worktree,
      cli.checkpoints && Input.Checkpoints,
      cli.passSessionId && Input.PassSessionId,
      cli.args.length > 0 && Input.Args,
      cli.hermesPath !== 'hermes' && Input.HermesPath,
      install.mode === 'true' && Input.Install,
      !!text(Input.HermesVersion) && Input.HermesVersion,
      !!text(Input.InstallerUrl) && Input.InstallerUrl,
      workingDirectory !== path.resolve(workspace) && Input.WorkingDirectory
    ].filter(name => name !== false);
    if (cliOnly.length > 0) {
      const names = cliOnly.map(n => `"${n}"`).join(', ');
      const one = cliOnly.length === 1;
      throw new InputError(
        `${one ? 'Input' : 'Inputs'} ${names} only ${one ? 'applies' : 'apply'} to the Hermes CLI, which API server mode ("${Input.ApiUrl}") does not run; ` +
          `remove ${one ? 'it' : 'them'}, or remove "${Input.ApiUrl}" to run the CLI.`
      );
    }
    if (transcript) {
      throw new InputError(
        `Inputs "${Input.ApiUrl}" and "${Input.Transcript}" are both set; give "${Input.ApiUrl}" to run a turn on the server, or "${Input.Transcript}" to report on an existing run.`
      );
    }
  }
  // The action gives Hermes no standard input (a runner has none to pass on).
  if (query?.kind === 'file' && query.path === '-') {
    throw new InputError(
      `Input "${Input.QueryFile}" is "-" (standard input), which the action cannot pass on; give a file, or "${Input.Query}".`
    );
  }
  const transcriptPath = transcript && path.resolve(workingDirectory, transcript);
  return {
    query,
    model: text(Input.Model),
    ...cli,
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
    transcript: transcriptPath,
    ...(api && { api }),
    showReasoning: bool(Input.ShowReasoning, true),
    gate: {
      token: getInput(Input.GithubToken).trim(),
      allowedUsers: parseLogins(getInput(Input.AllowedUsers)),
      allowedBots: parseLogins(getInput(Input.AllowedBots))
    },
    install
  };
}

/** The install inputs; an executable named in `hermes-path` is never replaced by an install. */
function parseInstallInputs(
  getInput: Environment['getInput'],
  hermesPath: string
): InstallSettings {
  let install: InstallSettings;
  try {
    install = parseInstall(getInput);
  } catch (error) {
    if (error instanceof InstallInputError) throw new InputError(error.message);
    throw error;
  }
  if (install.mode === 'true' && hermesPath !== 'hermes') {
    throw new InputError(
      `Inputs "${Input.Install}" (true) and "${Input.HermesPath}" (${JSON.stringify(hermesPath)}) are both set; ` +
        `give "${Input.HermesPath}" to run your own Hermes, or "${Input.Install}: true" to run the one the action installs.`
    );
  }
  return install;
}

const API_URL_EXAMPLE = 'http://127.0.0.1:8642/v1';

/**
 * `api-url` and `api-key` go together: the key is required in every deployment, loopback included.
 * The URL is kept without a trailing slash; one holding credentials is refused without being quoted.
 */
function parseApi(url: string | undefined, key: string | undefined): Settings['api'] | undefined {
  if (!url && !key) return undefined;
  if (!url) {
    throw new InputError(
      `Input "${Input.ApiKey}" is set without "${Input.ApiUrl}"; give both for API server mode, or neither to run the Hermes CLI.`
    );
  }
  if (!key) {
    throw new InputError(
      `Input "${Input.ApiUrl}" is set without "${Input.ApiKey}"; give the server's API_SERVER_KEY (from a secret) in "${Input.ApiKey}": the server requires it.`
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(
      `Input "${Input.ApiUrl}" is ${JSON.stringify(url)}; allowed: an http:// or https:// URL such as ${API_URL_EXAMPLE}.`
    );
  }
  if (parsed.username || parsed.password) {
    throw new InputError(
      `Input "${Input.ApiUrl}" holds credentials (user:password@); remove them, and give the key in "${Input.ApiKey}".`
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError(
      `Input "${Input.ApiUrl}" is ${JSON.stringify(url)}; allowed: an http:// or https:// URL such as ${API_URL_EXAMPLE}.`
    );
  }
  if (parsed.search || parsed.hash) {
    throw new InputError(
      `Input "${Input.ApiUrl}" is ${JSON.stringify(url)}; it may not have a query or a fragment (give the base URL, such as ${API_URL_EXAMPLE}).`
    );
  }
  // The key goes in an HTTP header: only characters a header value can carry as they are.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new InputError(
      `Input "${Input.ApiKey}" holds a space, a line break or a non-ASCII character; an API_SERVER_KEY is sent in an HTTP header, so it can hold none.`
    );
  }
  return { url: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`, key };
}

/** The prompt's text: `query`, or the content of `query-file` (read here in API server mode). */
export function readQuery(query: Query, cwd: string): string {
  if (query.kind === 'text') return query.text;
  const file = path.resolve(cwd, query.path);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new InputError(
      `Input "${Input.QueryFile}" is ${JSON.stringify(query.path)}; it cannot be read (${why}).`
    );
  }
  if (text.trim() === '')
    throw new InputError(
      `Input "${Input.QueryFile}" is ${JSON.stringify(query.path)}, an empty file.`
    );
  return text;
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

/**
 * What parseSettings cannot see without the file system: the working directory and the transcript
 * must exist (a missing directory would otherwise read as a missing Hermes: spawn says ENOENT).
 */
export function checkPaths(settings: Settings, given: (name: InputName) => string): void {
  if (!settings.transcript && !isDirectory(settings.workingDirectory)) {
    throw new InputError(
      `Input "${Input.WorkingDirectory}" is ${JSON.stringify(given(Input.WorkingDirectory) || '.')}, and ${settings.workingDirectory} is not a directory; give a directory in the workspace.`
    );
  }
  if (settings.transcript && !isFile(settings.transcript)) {
    throw new InputError(
      `Input "${Input.Transcript}" is ${JSON.stringify(given(Input.Transcript))}, and ${settings.transcript} is not a file; give the path of an existing JSONL transcript.`
    );
  }
}

function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function isFile(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
}

function resolveJsonlPath(given: string | undefined, cwd: string, env: NodeJS.ProcessEnv): string {
  if (given) return path.resolve(cwd, given);
  // Unique per step: two steps of one job must not share (or overwrite) a transcript.
  // Outside a runner, the system's temporary directory: nothing in the working tree to ignore.
  const dir = env.RUNNER_TEMP || os.tmpdir();
  return path.join(dir, `hermes-${randomUUID().slice(0, 8)}`, 'run.jsonl');
}

/** `allowed-users` / `allowed-bots`: logins one per line or comma-separated, compared without case. */
export function parseLogins(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map(v => v.trim().replace(/^@/, '').toLowerCase())
    .filter(v => v !== '');
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

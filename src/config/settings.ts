/**
 * Inputs → settings: one typed value per mode. The mode is chosen first (a transcript to read, a
 * Hermes API server to call, or the Hermes CLI to run), and each mode reads only its own inputs.
 */
import * as path from 'node:path';
import { parseAllowedHosts, type Egress } from './allowed-hosts.js';
import { parseGateway, type GatewaySettings } from './gateway.js';
import { Input, InputError, type Environment, type InputName } from './inputs.js';
import { parseInstall, type InstallSettings } from './install.js';
import { parsePhrase, parseThreadMode, THREAD_MAX_MB, type ThreadMode } from './thread.js';
import { reader } from './input-reader.js';
import { confine, refuseLendingRunnersOwn } from './paths.js';
import {
  isDirectory,
  isFile,
  parseApi,
  parseArtifactName,
  parseBots,
  parseLabels,
  parseLogins,
  parseRedact,
  readQuery,
  resolveJsonlPath,
  splitArgs,
  type GetInput,
  type Query
} from './values.js';

/** What every mode shares: where it runs, how long it may take, what it writes and hides. */
export interface CommonSettings {
  model?: string;
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
  /** Show streamed reasoning in the log and summary; in API server mode, `false` also asks the server not to send it. */
  showReasoning: boolean;
  /** CLI mode: export the session after the turn (`hermes sessions export`) for its cost and whole tool outputs. */
  sessionRecord: boolean;
  /** Who may start the agent (see access/gate.ts). */
  gate: { token: string; allowedUsers: string[]; allowedBots: string[] };
  /** The sticky comment (see github/): off unless `comment: true`. */
  comment: { enabled: boolean; number?: number; key?: string };
  /** What the action writes for the agent from its checked answer: a review, labels from a list. */
  write: { review: boolean; labels: string[] };
  /** `trigger-phrase`: on comments and reviews, the phrase a run needs (thread/phrase.ts); empty: none. */
  triggerPhrase: string;
}

/** What only a spawned Hermes CLI uses. */
export interface CliOptions {
  ignoreUserConfig: boolean;
  ignoreRules: boolean;
  /** `pr-rules`: whether Hermes reads rules and skills from a checkout someone else may have written. */
  prRules: PrRules;
  /** `fork-prs`: whether a stranger's fork pull request is reviewed (see steps/fork.ts) or refused. */
  forkPrs: ForkPrs;
  worktree: boolean;
  checkpoints: boolean;
  passSessionId: boolean;
  /** `args`, split like a shell would. */
  args: string[];
  hermesPath: string;
  /** Whether and what to install when Hermes is not found. */
  install: InstallSettings;
  workingDirectory: string;
  /** `isolation`: run Hermes as its own unprivileged user (see confine/isolation.ts). */
  isolation: IsolationMode;
  /** `allowed-hosts`: where the agent's user may connect besides the gateway (see fence/). */
  egress: Egress;
  /** The model gateway and the turn's budgets (see gateway/). */
  gateway: GatewaySettings;
  /** `thread`: keep the Hermes session of an issue or pull request between runs (see thread/). */
  thread: { mode: ThreadMode; maxBytes: number; key: string };
}

export type PrRules = 'ignore' | 'trust';
const PR_RULES: PrRules[] = ['ignore', 'trust'];

export type ForkPrs = 'refuse' | 'review';

export type IsolationMode = 'auto' | 'user' | 'none';
const ISOLATION_MODES: IsolationMode[] = ['auto', 'user', 'none'];

/** The Hermes CLI runs the turn. */
export interface CliSettings extends CommonSettings, CliOptions {
  mode: 'cli';
  query: Query;
}

/** API server mode (`api-url`): the turn goes to a Hermes API server; no CLI runs. */
export interface ApiModeSettings extends CommonSettings {
  mode: 'api';
  query: Query;
  api: { url: string; key: string };
}

/** `transcript`: an existing run is reported on; nothing runs. */
export interface TranscriptSettings extends CommonSettings {
  mode: 'transcript';
  transcript: string;
}

export type Settings = CliSettings | ApiModeSettings | TranscriptSettings;

const MAX_TIMEOUT_MINUTES = Math.floor((2 ** 31 - 1) / 60_000);

/** Reads every input once; the first bad value throws an InputError naming it. */
export function parseSettings({ getInput, env }: Environment): Settings {
  const { text } = reader(getInput);
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const transcript = text(Input.Transcript);
  const api = parseApi(text(Input.ApiUrl), text(Input.ApiKey));
  if (api && transcript) {
    throw new InputError(
      `Inputs "${Input.ApiUrl}" and "${Input.Transcript}" are both set; give "${Input.ApiUrl}" to run a turn on the server, or "${Input.Transcript}" to report on an existing run.`
    );
  }
  if (transcript) {
    const common = parseCommon(getInput, env, workingDirectoryOf(getInput, workspace));
    return {
      mode: 'transcript',
      ...common,
      transcript: confine(
        Input.Transcript,
        transcript,
        path.resolve(common.workingDirectory, transcript),
        env
      )
    };
  }
  const query = parseQuery(getInput);
  if (api) {
    // Given with api-url, a CLI option would be silently ignored: say so instead.
    refuseCliInputs(getInput, workspace);
    confineQuery(query, workspace, env);
    return { mode: 'api', ...parseCommon(getInput, env, workspace), query, api };
  }
  const cli = parseCli(getInput, workspace, env);
  confineQuery(query, cli.workingDirectory, env);
  const workingDirectory = reader(getInput).text(Input.WorkingDirectory);
  if (workingDirectory !== undefined && cli.isolation !== 'none')
    refuseLendingRunnersOwn(workingDirectory, cli.workingDirectory, env);
  return { mode: 'cli', ...parseCommon(getInput, env, cli.workingDirectory), ...cli, query };
}

/** query-file must resolve inside the workspace or RUNNER_TEMP; Hermes still gets the path as given. */
function confineQuery(query: Query, cwd: string, env: NodeJS.ProcessEnv): void {
  if (query.kind === 'file')
    confine(Input.QueryFile, query.path, path.resolve(cwd, query.path), env);
}

function workingDirectoryOf(getInput: GetInput, workspace: string): string {
  return path.resolve(workspace, reader(getInput).text(Input.WorkingDirectory) ?? '.');
}

function parseQuery(getInput: GetInput): Query {
  const queryText = getInput(Input.Query);
  const queryFile = reader(getInput).text(Input.QueryFile);
  if (queryText.trim() !== '' && queryFile) {
    throw new InputError(
      `Inputs "${Input.Query}" and "${Input.QueryFile}" are both set; give exactly one.`
    );
  }
  if (queryText.trim() !== '') return { kind: 'text', text: queryText };
  if (!queryFile) {
    throw new InputError(
      `Neither "${Input.Query}" nor "${Input.QueryFile}" is set; give exactly one (or "${Input.Transcript}" to report on an existing run).`
    );
  }
  // The action gives Hermes no standard input (a runner has none to pass on).
  if (queryFile === '-') {
    throw new InputError(
      `Input "${Input.QueryFile}" is "-" (standard input), which the action cannot pass on; give a file, or "${Input.Query}".`
    );
  }
  return { kind: 'file', path: queryFile };
}

function parseCommon(
  getInput: GetInput,
  env: NodeJS.ProcessEnv,
  workingDirectory: string
): CommonSettings {
  const { text, bool, number } = reader(getInput);
  const artifactName = parseArtifactName(text(Input.ArtifactName));
  const timeoutMinutes = number(Input.TimeoutMinutes, 0, { integer: false, min: 0 });
  // A timer holds at most 2^31 - 1 ms; a longer one would fire at once.
  if (timeoutMinutes > MAX_TIMEOUT_MINUTES)
    throw new InputError(
      `Input "${Input.TimeoutMinutes}" is ${JSON.stringify(getInput(Input.TimeoutMinutes).trim())}; allowed: at most ${MAX_TIMEOUT_MINUTES} (about 24 days; a job stops long before).`
    );
  const retention = number(Input.RetentionDays, 0, { integer: true, min: 1 });
  return {
    model: text(Input.Model),
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
    showReasoning: bool(Input.ShowReasoning, true),
    sessionRecord: bool(Input.SessionRecord, true),
    gate: {
      token: getInput(Input.GithubToken).trim(),
      allowedUsers: parseLogins(getInput(Input.AllowedUsers)),
      allowedBots: parseBots(getInput(Input.AllowedBots))
    },
    comment: {
      enabled: bool(Input.Comment, false),
      number: number(Input.CommentNumber, 0, { integer: true, min: 1 }) || undefined,
      key: text(Input.CommentKey)
    },
    triggerPhrase: parsePhrase(getInput(Input.TriggerPhrase)),
    write: {
      review: bool(Input.Review, false),
      labels: parseLabels(getInput(Input.AllowedLabels))
    }
  };
}

/** The CLI's own options. Every input read here is, by that fact, one API server mode refuses. */
function parseCli(getInput: GetInput, workspace: string, env: NodeJS.ProcessEnv = {}): CliOptions {
  const { text, bool, number } = reader(getInput);
  const hermesPath = text(Input.HermesPath) ?? 'hermes';
  return {
    ignoreUserConfig: bool(Input.IgnoreUserConfig, false),
    ignoreRules: bool(Input.IgnoreRules, false),
    prRules: parsePrRules(text(Input.PrRules)),
    forkPrs: parseForkPrs(text(Input.ForkPrs)),
    worktree: bool(Input.Worktree, false),
    checkpoints: bool(Input.Checkpoints, false),
    passSessionId: bool(Input.PassSessionId, false),
    args: splitArgs(getInput(Input.Args)),
    hermesPath,
    install: parseInstallInputs(getInput, hermesPath),
    workingDirectory: workingDirectoryOf(getInput, workspace),
    isolation: parseIsolation(text(Input.Isolation)),
    egress: parseAllowedHosts(getInput(Input.AllowedHosts), env),
    gateway: parseGateway(getInput),
    thread: {
      mode: parseThreadMode(getInput(Input.Thread)),
      maxBytes: number(Input.ThreadMaxMb, THREAD_MAX_MB, { integer: true, min: 1 }) * 1024 * 1024,
      key: getInput(Input.ThreadKey).trim()
    }
  };
}

/**
 * API server mode runs no CLI: the inputs parseCli reads that, given alone, change what it makes
 * (a runner passes every default, so being set is not enough) are refused, all named at once.
 */
function refuseCliInputs(getInput: GetInput, workspace: string): void {
  const read = new Set<InputName>();
  const none = JSON.stringify(
    parseCli(name => {
      read.add(name);
      return '';
    }, workspace)
  );
  const alone = (given: InputName): boolean => {
    try {
      const only = parseCli(name => (name === given ? getInput(name) : ''), workspace);
      return JSON.stringify(only) !== none;
    } catch {
      return true; // a bad value is a value given
    }
  };
  const given = [...read].filter(alone);
  if (given.length === 0) return;
  const names = given.map(n => `"${n}"`).join(', ');
  const one = given.length === 1;
  throw new InputError(
    `${one ? 'Input' : 'Inputs'} ${names} only ${one ? 'applies' : 'apply'} to the Hermes CLI, which API server mode ("${Input.ApiUrl}") does not run; ` +
      `remove ${one ? 'it' : 'them'}, or remove "${Input.ApiUrl}" to run the CLI.`
  );
}

function parsePrRules(raw: string | undefined): PrRules {
  if (raw === undefined) return 'ignore';
  const mode = PR_RULES.find(m => m === raw);
  if (!mode)
    throw new InputError(
      `Input "${Input.PrRules}" is ${JSON.stringify(raw)}; allowed: ignore (Hermes reads no rules or skills from a pull request someone else wrote) or trust.`
    );
  return mode;
}

function parseForkPrs(raw: string | undefined): ForkPrs {
  if (raw === undefined || raw === 'refuse') return 'refuse';
  if (raw === 'review') return 'review';
  throw new InputError(
    `Input "${Input.ForkPrs}" is ${JSON.stringify(raw)}; allowed: refuse (a pull request from a fork is refused, unless its actor may start the agent) or review (it is reviewed as a stranger's, on the safe defaults only).`
  );
}

function parseIsolation(raw: string | undefined): IsolationMode {
  if (raw === undefined) return 'auto';
  const mode = ISOLATION_MODES.find(m => m === raw);
  if (!mode)
    throw new InputError(
      `Input "${Input.Isolation}" is ${JSON.stringify(raw)}; allowed: auto, user or none.`
    );
  return mode;
}

function parseInstallInputs(getInput: GetInput, hermesPath: string): InstallSettings {
  const install = parseInstall(getInput);
  if (install.mode === 'true' && hermesPath !== 'hermes') {
    throw new InputError(
      `Inputs "${Input.Install}" (true) and "${Input.HermesPath}" (${JSON.stringify(hermesPath)}) are both set; ` +
        `give "${Input.HermesPath}" to run your own Hermes, or "${Input.Install}: true" to run the one the action installs.`
    );
  }
  return install;
}

/**
 * What parseSettings cannot see without the file system: the working directory and the transcript
 * must exist (a missing directory would otherwise read as a missing Hermes: spawn says ENOENT).
 */
export function checkPaths(settings: Settings, given: GetInput): void {
  if (settings.mode === 'transcript') {
    if (!isFile(settings.transcript))
      throw new InputError(
        `Input "${Input.Transcript}" is ${JSON.stringify(given(Input.Transcript))}, and ${settings.transcript} is not a file; give the path of an existing JSONL transcript.`
      );
    return;
  }
  if (!isDirectory(settings.workingDirectory)) {
    throw new InputError(
      `Input "${Input.WorkingDirectory}" is ${JSON.stringify(given(Input.WorkingDirectory) || '.')}, and ${settings.workingDirectory} is not a directory; give a directory in the workspace.`
    );
  }
  // Hermes reads query-file itself, after the install: a missing or unreadable one is said here.
  if (settings.mode === 'cli') readQuery(settings.query, settings.workingDirectory);
}

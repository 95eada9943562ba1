/** The orchestration: settings → attempts → verdict → log, outputs, artifact, summary. */
import { messageOf } from './text/errors.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as core from '@actions/core';
import { admit, gated, triggerOf, type Admission } from './access/gate.js';
import { ApiServer, cleartextWarning } from './api/server.js';
import { uploadTranscript } from './publish/artifact.js';
import { uploadSessionRecord } from './publish/session-artifact.js';
import { childEnv } from './cli/environment.js';
import {
  exportTimeoutMs,
  readSessionRecord,
  recordPathFor,
  type SessionRecord
} from './cli/session-record.js';
import { followFile } from './run/stream-reader.js';
import { probeVersion, runAttempt } from './cli/hermes.js';
import { snapshotFileCommands } from './cli/file-commands.js';
import { gitControlWarning, snapshotGitControl } from './cli/git-guard.js';
import { notInstalled, provideHermes, type InstallIo } from './cli/install.js';
import {
  exposedCredential,
  Isolation,
  planIsolation,
  type IsolationPlan
} from './cli/isolation.js';
import type { IsolationFact } from './run/facts.js';
import type { InstallFact } from './run/facts.js';
import type { Attempt, Signals } from './run/attempt.js';
import { Input } from './config/inputs.js';
import {
  checkPaths,
  parseSettings,
  type ApiModeSettings,
  type CliSettings,
  type Settings
} from './config/settings.js';
import { readQuery } from './config/values.js';
import { inert, LiveLog } from './publish/log.js';
import { formatMs } from './text/text.js';
import { outputsOf } from './publish/outputs.js';
import { environmentSecrets, makeRedactor, redactStrings, type Redactor } from './text/redact.js';
import type { SessionUsage } from './run/session-usage.js';
import { shown, type RunReport } from './publish/run-report.js';
import { invalidInputSummary, renderSummary } from './publish/summary.js';
import { unsupportedRunner } from './config/platform.js';
import { TurnBuilder } from './run/turn.js';
import { decide, type Verdict } from './run/verdict.js';
import { readSchema, type AnswerSchema } from './schema/load.js';
import { askForJson, withSchema } from './schema/prompt.js';
import { checkAnswer, judge } from './schema/check.js';
import { StickyComment } from './comment/sticky.js';
import { viewOf } from './comment/view.js';

export async function run(): Promise<void> {
  const unsupported = unsupportedRunner(process.platform);
  if (unsupported) return core.setFailed(unsupported);
  // Masked before anything else is read or printed, so that no later line can show them.
  const secrets = [core.getInput(Input.ApiKey), core.getInput(Input.GithubToken)]
    .map(s => s.trim())
    .filter(s => s !== '');
  secrets.forEach(secret => core.setSecret(secret));
  let settings: Settings;
  let query: string | undefined;
  let schema: AnswerSchema | undefined;
  let userQuery: CliSettings['query'] | undefined;
  try {
    settings = parseSettings({ getInput: name => core.getInput(name), env: process.env });
    checkPaths(settings, name => core.getInput(name));
    if (settings.mode !== 'transcript') userQuery = settings.query;
    // The server cannot read the runner's files: in API server mode query-file is read here.
    if (settings.mode === 'api') query = readQuery(settings.query, settings.workingDirectory);
    // json-schema: compiled before anything runs; the prompt asks for JSON that matches it.
    schema = readSchema({ getInput: name => core.getInput(name), env: process.env });
    if (schema && query !== undefined) query = withSchema(query, schema);
    else if (schema && settings.mode === 'cli')
      settings = askForJson(settings, schema, process.env);
  } catch (error) {
    return invalidInput(messageOf(error), makeRedactor(secrets));
  }
  settings.redact.forEach(value => core.setSecret(value));
  const warning = settings.mode === 'api' && cleartextWarning(settings.api.url);
  if (warning) core.warning(warning);
  // Provider keys the workflow passes through `env:` are secrets whatever their format.
  const redact = makeRedactor([
    ...settings.redact,
    ...secrets,
    ...environmentSecrets(childEnv(process.env))
  ]);
  const admission =
    settings.mode === 'transcript' ? undefined : await admit(triggerOf(process.env), settings.gate);
  const comment = stickyComment(settings, redact);
  if (admission && !admission.allowed) return refuse(settings, admission, redact, comment);
  // Decided before anything runs: under auto, a runner that cannot isolate refuses gated events.
  const plan = settings.mode === 'cli' ? planIsolation(settings.isolation) : undefined;
  if (settings.mode === 'cli' && plan?.kind === 'none' && !plan.chosen) {
    const trigger = triggerOf(process.env);
    const remedy = `run the job where the action is root or has passwordless sudo on Linux, or set "${Input.Isolation}: none" to run Hermes as the runner's user.`;
    const why =
      settings.isolation === 'user'
        ? `Input "${Input.Isolation}" is "user", but Hermes cannot run as its own user here: ${plan.why}`
        : gated(trigger)
          ? `Hermes cannot run as its own user here (${plan.why}), and content from people without write access can reach the prompt on ${trigger.event ? `${trigger.event} events` : 'this event'}, so the agent does not start`
          : undefined;
    if (why) {
      const refusal = {
        allowed: false as const,
        actor: admission?.actor,
        event: admission?.event,
        message: `${why}; ${remedy}`
      };
      return refuse(settings, refusal, redact, comment, { why: plan.why });
    }
    core.warning(
      `Hermes runs as the runner's user, not as its own: ${plan.why}. It can read what the action's process holds (see docs/security.md); set "${Input.Isolation}: none" to say this is intended.`
    );
  }
  const trigger = admission && {
    actor: admission.actor,
    event: admission.event,
    why: admission.why
  };
  const signals = listenForCancellation();
  await comment?.start();
  const log = new LiveLog(redact);
  if (!settings.showReasoning) log.hideReasoning();
  if (schema?.warnings.length)
    core.warning(`json-schema: ${schema.warnings.slice(0, 5).join('; ')}`);

  let executed: RunResult;
  try {
    executed =
      settings.mode === 'transcript'
        ? { attempt: await readTranscript(settings.transcript, log), history: [] }
        : settings.mode === 'api'
          ? await runApi(settings, query ?? '', log, signals)
          : await runHermes(settings, log, signals, plan);
  } catch (error) {
    // The stop-commands block is closed first, or the failure index.ts reports would not be seen.
    log.end();
    throw error;
  }
  const { attempt, history, agent, install, isolation, record } = executed;
  const decided = history.at(-1)?.verdict ?? decide(attempt.turn, attempt.end);
  // json-schema: the answer of a turn that otherwise succeeded must match; the last attempt says so.
  const answer =
    schema && decided.outcome === 'success'
      ? checkAnswer(attempt.turn.answer, schema, redact)
      : undefined;
  const verdict = judge(decided, answer);
  if (history.length > 0) history[history.length - 1].verdict = verdict;
  if (answer) log.note(answer.ok ? 'json-schema: the answer matches' : answer.message);
  log.note(closingLine(verdict, attempt));
  log.end();

  const report: RunReport = {
    verdict: shown(verdict, redact),
    query:
      userQuery?.kind === 'text'
        ? { kind: 'text', text: redact(userQuery.text) }
        : userQuery && { kind: 'file', path: redact(userQuery.path) },
    turn: attempt.turn,
    durationMs: attempt.turn.result?.duration_ms ?? attempt.durationMs,
    agent: agent === undefined ? undefined : redact(agent),
    stderrTail: attempt.end.kind === 'process' ? attempt.end.stderrTail : [],
    jsonlPath: settings.mode === 'transcript' ? settings.transcript : settings.jsonlPath,
    trigger: trigger && { ...trigger, why: redact(trigger.why) },
    attempts: history.map(({ verdict: { outcome, exitCode } }) => ({ outcome, exitCode })),
    answer,
    install,
    isolation:
      isolation ??
      (settings.mode === 'api'
        ? { why: 'API server mode: no Hermes process runs on this runner' }
        : settings.mode === 'transcript'
          ? { why: 'transcript mode: nothing runs' }
          : undefined),
    // API server mode: only what the server's response reported; no export is attempted.
    // Strings from the server or the record are redacted here, once, like every string of a turn.
    ...(attempt.usage && { usage: redactedUsage(attempt.usage, redact) }),
    ...(record && {
      usage: record.ok ? redactedUsage(record.usage, redact) : undefined,
      session: record.ok ? { path: record.path } : { note: redact(record.note) }
    })
  };
  if (record && !record.ok) core.notice(redact(record.note));
  // Outputs first: the upload can take long, and a cancelled job may be killed during it.
  const setOutputs = (): void => {
    for (const [name, value] of outputsOf(report, history.length)) core.setOutput(name, value);
  };
  setOutputs();
  // Cancelled: the comment is rewritten before the upload, within the runner's grace period.
  if (signals.cancelled) await comment?.finish(viewOf(report, true), graceLeft(signals));
  // `redact: false` still hides the secrets given as inputs.
  const redactUpload = !settings.uploadUnredacted
    ? redact
    : secrets.length
      ? makeRedactor(secrets, { tokens: false })
      : undefined;
  const abandoned = await upload(
    settings,
    report,
    history.slice(0, -1).map(a => a.transcript),
    redactUpload,
    redact
  );
  const abandonedRecord = await uploadRecord(settings, report, redactUpload);
  if (report.artifact) setOutputs();
  if (!signals.cancelled) await comment?.finish(viewOf(report, false));
  await writeSummary(settings, report, redact);

  conclude(settings, report);
  // Everything is written: a given-up upload's client must not hold the step open.
  if (abandoned || abandonedRecord) process.exit();
}

/** The usage fields with their strings (billing provider, end reason…) redacted. */
function redactedUsage(usage: SessionUsage, redact: Redactor): SessionUsage {
  return { ...usage, fields: redactStrings(usage.fields, redact) as SessionUsage['fields'] };
}

/** The step's colour: red unless the turn completed, or fail-on-error is false. */
function conclude(settings: Settings, { verdict }: RunReport): void {
  if (verdict.outcome === 'success') return;
  if (settings.failOnError) core.setFailed(verdict.message);
  else core.warning(`${verdict.message} (fail-on-error is false, so the step passes)`);
}

/** The gate said no: Hermes never runs; the outputs and the summary say who and why. */
async function refuse(
  settings: Settings,
  admission: Extract<Admission, { allowed: false }>,
  redact: Redactor,
  comment: StickyComment | undefined,
  isolation?: IsolationFact
): Promise<void> {
  const verdict = shown({ outcome: 'not_allowed', message: admission.message }, redact);
  const report: RunReport = {
    verdict,
    turn: new TurnBuilder(redact).finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: '',
    trigger: { actor: admission.actor, event: admission.event, why: verdict.message },
    isolation
  };
  for (const [name, value] of outputsOf(report, 0)) core.setOutput(name, value);
  // The person who asked learns why the agent did not start.
  await comment?.finish(viewOf(report, false));
  await writeSummary(settings, report, redact);
  conclude(settings, report);
}

/** `comment: true`: the sticky comment, or none (after a warning) when the event has no issue. */
function stickyComment(settings: Settings, redact: Redactor): StickyComment | undefined {
  if (!settings.comment.enabled) return undefined;
  return StickyComment.for({
    token: settings.gate.token,
    number: settings.comment.number,
    key: settings.comment.key,
    env: process.env,
    redact,
    warn: message => core.warning(redact(message))
  });
}

/** The runner kills the job 10 s after its SIGINT (SIGTERM at 7.5 s): what is left, less a margin. */
function graceLeft(signals: Signals & { cancelledAt?: number }): AbortSignal {
  const since = Date.now() - (signals.cancelledAt ?? Date.now());
  return AbortSignal.timeout(Math.max(1000, 9000 - since));
}

/** An input was refused: nothing ran; outcome, error and a one-line summary say which and why. */
async function invalidInput(message: string, redact: Redactor): Promise<void> {
  const report: RunReport = {
    verdict: { outcome: 'invalid_input', message: redact(message) },
    turn: new TurnBuilder().finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: ''
  };
  for (const [name, value] of outputsOf(report, 0)) core.setOutput(name, value);
  // The summary input itself may be the invalid one: only a plain "false" keeps the line out.
  if (core.getInput(Input.Summary).trim() === 'false') return core.setFailed(redact(message));
  try {
    await core.summary.addRaw(invalidInputSummary(redact(message))).write({ overwrite: true });
  } catch (error) {
    core.warning(`The job summary could not be written: ${redact(messageOf(error))}`);
  }
  core.setFailed(redact(message));
}

/** What one attempt came to, for the report of a run that was retried. */
export interface AttemptRecord {
  verdict: Verdict;
  transcript: string;
}

/** What running the turn came to: the attempts, and the facts of how Hermes was provided and run. */
interface RunResult {
  attempt: Attempt;
  /** Every attempt, the last one included; empty in transcript mode. */
  history: AttemptRecord[];
  agent?: string;
  /** When the action installed Hermes, or tried to. */
  install?: InstallFact;
  isolation?: IsolationFact;
  /** The session record of the last attempt, when one was asked for. */
  record?: SessionRecord;
}

/** Runs Hermes (installed first when it has to be), retried on exit 75, as its own user when it can. */
async function runHermes(
  settings: CliSettings,
  log: LiveLog,
  signals: Signals,
  plan: IsolationPlan | undefined
): Promise<RunResult> {
  fs.mkdirSync(path.dirname(settings.jsonlPath), { recursive: true });
  const provided = await provideHermes(settings, installIo(log), signals);
  const { executable, install } = provided;
  if (provided.failure !== undefined) {
    const attempt = notInstalled(settings.jsonlPath, settings.hermesPath, provided.failure, log);
    const verdict = decide(attempt.turn, attempt.end);
    return { attempt, history: [{ verdict, transcript: settings.jsonlPath }], install };
  }
  const workspace = process.env.GITHUB_WORKSPACE ?? settings.workingDirectory;
  // Read before the workspace is lent: what the checkout's git config and hooks were the workflow's.
  const gitControl = snapshotGitControl(workspace);
  if (gitControl.partial) core.warning(gitControl.partial);
  const isolation =
    plan?.kind === 'user' && executable
      ? await Isolation.isolate(plan, {
          workspace,
          workingDirectory: settings.workingDirectory,
          executable,
          queryFile:
            settings.query.kind === 'file'
              ? path.resolve(settings.workingDirectory, settings.query.path)
              : undefined,
          ignoreUserConfig: settings.ignoreUserConfig,
          env: process.env
        }).catch((error: unknown) => {
          throw new Error(
            `Hermes could not be set up to run as its own user: ${messageOf(error)}; fix that, or set "${Input.Isolation}: none" to run it as the runner's user.`
          );
        })
      : undefined;
  const run: CliSettings = isolation?.queryFile
    ? { ...settings, query: { kind: 'file', path: isolation.queryFile } }
    : settings;
  let fact: IsolationFact = { why: plan?.kind === 'none' ? plan.why : 'Hermes was not found' };
  // From here on the agent runs: whatever it writes into the runner's file commands is undone.
  const fileCommands = snapshotFileCommands();
  try {
    // Asked alongside the run, not before it: a CLI can take a while to print its version.
    const version =
      provided.version !== undefined
        ? Promise.resolve(provided.version)
        : executable
          ? probeVersion(executable, settings.workingDirectory, isolation?.spawning)
          : Promise.resolve(undefined);
    // The probe is the agent's too: it may end on its own before the agent's processes are ended.
    isolation?.waitFor(version);
    log.begin();
    const attempts = await retried(settings, log, signals, 'temporary provider failure', () =>
      runAttempt(
        run,
        executable ?? settings.hermesPath,
        settings.jsonlPath,
        log,
        signals,
        isolation?.spawning
      )
    );
    const agent = await version;
    if (agent) log.note(agent);
    // Every outcome that got as far as a session id: the same executable, user, HOME and environment,
    // before the agent's processes are ended (the export is one of them).
    const sessionId = attempts.attempt.turn.sessionId;
    const record =
      settings.sessionRecord && sessionId && attempts.attempt.end.kind !== 'not_found'
        ? await readSessionRecord({
            executable: executable ?? settings.hermesPath,
            sessionId,
            output: recordPathFor(settings.jsonlPath),
            cwd: settings.workingDirectory,
            env: isolation?.spawning.env ?? childEnv(),
            as: isolation?.spawning.as,
            timeoutMs: exportTimeoutMs(process.env),
            cancelled: signals.cancelled
          })
        : undefined;
    return { ...attempts, agent, install, isolation: fact, record };
  } finally {
    // Every process of the agent ended and the workspace handed back before anything else is done.
    if (isolation) fact = Object.assign(fact, { why: undefined }, await isolation.release());
    const credential = exposedCredential(workspace, isolation !== undefined, isolation?.closedTemp);
    if (credential) {
      // A path the agent may have chosen: redacted like everything else it wrote.
      fact.credential = log.redact(credential);
      log.note(
        `The checkout's git credential (${fact.credential}) was readable by the agent: set persist-credentials: false on actions/checkout`
      );
    }
    // After the agent's last process is gone: nothing it wrote into them stands.
    fileCommands.restore();
    const changed = gitControl.restore();
    if (changed.length > 0) core.warning(log.redact(gitControlWarning(workspace, changed)));
  }
}

/** The install's lines go to the log before the stream's block opens; the installer's are untrusted. */
function installIo(log: LiveLog): InstallIo {
  const line = (text: string): void => core.info(inert(log.redact(text)));
  return {
    info: line,
    output: line,
    warning: message => core.warning(log.redact(message)),
    group: (title, fn) => core.group(inert(log.redact(title)), fn),
    addPath: dir => core.addPath(dir)
  };
}

/** Sends the turn to a Hermes API server, retried on what maps to exit 75 (429, 5xx, no connection). */
async function runApi(
  settings: ApiModeSettings,
  query: string,
  log: LiveLog,
  signals: Signals
): Promise<RunResult> {
  fs.mkdirSync(path.dirname(settings.jsonlPath), { recursive: true });
  const server = new ApiServer({
    ...settings.api,
    model: settings.model,
    showReasoning: settings.showReasoning,
    timeoutMs: settings.timeoutMs
  });
  log.begin();
  const attempts = await retried(
    settings,
    log,
    signals,
    'the API server could not take the turn',
    () => server.attempt(query, settings.jsonlPath, log, signals)
  );
  return { ...attempts, agent: server.description };
}

/** Exit 75 is retried up to tempfail-retries times, with a growing, jittered backoff. */
async function retried(
  settings: Settings,
  log: LiveLog,
  signals: Signals,
  why: string,
  once: () => Promise<Attempt>
): Promise<Omit<RunResult, 'agent'>> {
  const history: AttemptRecord[] = [];
  for (let n = 1; ; n++) {
    if (n > 1) {
      // Each attempt keeps its transcript; the last one is always at jsonl-path.
      const previous = history[history.length - 1];
      previous.transcript = settings.jsonlPath.replace(/(\.jsonl)?$/, `.attempt-${n - 1}$1`);
      fs.renameSync(settings.jsonlPath, previous.transcript);
    }
    const attempt = await once();
    const verdict = decide(attempt.turn, attempt.end);
    history.push({ verdict, transcript: settings.jsonlPath });
    if (verdict.outcome !== 'tempfail' || n > settings.tempfailRetries || signals.cancelled) {
      return { attempt, history };
    }
    const waitMs = settings.tempfailBackoffMs * 2 ** (n - 1) * (1 + Math.random() / 4);
    log.note(
      `Exit 75 (${why}): attempt ${n + 1} of ${settings.tempfailRetries + 1} in ${formatMs(waitMs)}`
    );
    await sleep(waitMs, signals);
    // Cancelled while waiting: the last attempt's transcript stays where the outputs point.
    if (signals.cancelled) return { attempt, history };
  }
}

/** Waits, unless the job is cancelled first. */
function sleep(ms: number, signals: Signals): Promise<void> {
  return new Promise(resolve => {
    const timer = setTimeout(done, ms);
    const unsubscribe = signals.subscribe(done);
    function done(): void {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

async function readTranscript(transcript: string, log: LiveLog): Promise<Attempt> {
  const started = Date.now();
  log.begin();
  const turn = await followFile(transcript, log);
  return {
    turn,
    durationMs: Date.now() - started,
    end: { kind: 'transcript' }
  };
}

/**
 * Uploads the transcript (through `egress`), with those of earlier attempts when exit 75 was
 * retried. True when the upload was given up with the client still at work.
 */
async function upload(
  settings: Settings,
  report: RunReport,
  earlier: string[],
  egress: Redactor | undefined,
  redact: Redactor
): Promise<boolean> {
  if (!settings.uploadArtifact) return false;
  // A transcript replaced by a link while the agent ran would upload the link's target.
  const link = [report.jsonlPath, ...earlier].find(file =>
    fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()
  );
  if (link) {
    report.artifactNote = redact(
      `${link} became a link while Hermes ran, and a link is never uploaded`
    );
    core.warning(`The transcript was not uploaded: ${report.artifactNote}`);
    return false;
  }
  const result = await uploadTranscript({
    transcriptPath: report.jsonlPath,
    earlierAttempts: earlier,
    name: settings.artifactName,
    archive: settings.artifactArchive,
    retentionDays: settings.retentionDays,
    redact: egress,
    env: process.env
  });
  if (result.uploaded) {
    report.artifact = result;
    core.info(`Transcript uploaded as artifact ${result.name}: ${result.url}`);
    if (result.warning) core.warning(result.warning);
    return false;
  }
  report.artifactNote = redact(result.reason);
  if (result.warn) core.warning(`The transcript was not uploaded: ${result.reason}`);
  else core.notice(`The transcript was not uploaded: ${result.reason}`);
  return result.abandoned === true;
}

/**
 * The session record goes up beside the transcript, through the same redactor, when the transcript
 * did. True when the upload was given up with the client still at work.
 */
async function uploadRecord(
  settings: Settings,
  report: RunReport,
  redact: Redactor | undefined
): Promise<boolean> {
  const session = report.session;
  if (!session?.path || !report.artifact) return false;
  const result = await uploadSessionRecord({
    recordPath: session.path,
    transcriptArtifact: report.artifact.name,
    retentionDays: settings.retentionDays,
    redact,
    env: process.env
  });
  if (result.uploaded) {
    session.artifact = result;
    core.info(`Session record uploaded as artifact ${result.name}: ${result.url}`);
    return false;
  }
  session.note = `The session record was not uploaded: ${result.reason}`;
  core.warning(session.note);
  return result.abandoned === true;
}

/** A summary that cannot be written is a warning: it must not fail a turn, nor hide why one failed. */
async function writeSummary(
  settings: Settings,
  report: RunReport,
  redact: Redactor
): Promise<void> {
  if (!settings.summary) return;
  try {
    await core.summary
      .addRaw(renderSummary(report, { showReasoning: settings.showReasoning }))
      // Overwritten, not appended to: the step's summary holds only what the action wrote.
      .write({ overwrite: true });
  } catch (error) {
    core.warning(`The job summary could not be written: ${redact(messageOf(error))}`);
  }
}

function closingLine(verdict: Verdict, attempt: Attempt): string {
  const tokens = attempt.turn.result?.tokens;
  const parts = [
    `■ ${verdict.outcome}`,
    verdict.exitCode !== undefined ? `exit ${verdict.exitCode}` : undefined,
    tokens ? `${tokens.total} tokens (${tokens.input} in, ${tokens.output} out)` : undefined,
    formatMs(attempt.turn.result?.duration_ms ?? attempt.durationMs),
    `${attempt.turn.toolCalls} tool call${attempt.turn.toolCalls === 1 ? '' : 's'} (${attempt.turn.toolErrors} failed)`
  ];
  return parts.filter(Boolean).join(' · ');
}

/** SIGINT (the runner's cancel) and SIGTERM no longer end the action: they are passed on to Hermes. */
function listenForCancellation(): Signals {
  const listeners = new Set<(signal: 'SIGINT' | 'SIGTERM') => void>();
  const state = {
    cancelled: false,
    cancelledAt: undefined as number | undefined,
    subscribe(fn: (signal: 'SIGINT' | 'SIGTERM') => void) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      state.cancelledAt ??= Date.now();
      state.cancelled = true;
      listeners.forEach(fn => fn(signal));
    });
  }
  return state;
}

/** The orchestration: settings → attempts → verdict → log, outputs, artifact, summary. */
import { messageOf } from './text/errors.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as core from '@actions/core';
import { admit, triggerOf, type Admission } from './access/gate.js';
import { ApiServer, cleartextWarning } from './api/server.js';
import { uploadTranscript } from './report/artifact.js';
import { followFile } from './core/follow.js';
import { probeVersion, runAttempt } from './cli/hermes.js';
import { notInstalled, provideHermes, type InstallIo } from './cli/install.js';
import type { InstallReport } from './config/install.js';
import type { Attempt, Signals } from './core/attempt.js';
import { Input } from './config/inputs.js';
import {
  checkPaths,
  parseSettings,
  type ApiModeSettings,
  type CliSettings,
  type Settings
} from './config/settings.js';
import { readQuery } from './config/values.js';
import { inert, LiveLog } from './report/log.js';
import { formatMs } from './text/text.js';
import { Output, outputsOf } from './report/outputs.js';
import { makeRedactor, type Redactor } from './text/redact.js';
import type { Report } from './report/report.js';
import { invalidInputSummary, renderSummary } from './report/summary.js';
import { unsupportedRunner } from './config/platform.js';
import { TurnBuilder } from './core/turn.js';
import { decide, type Verdict } from './core/verdict.js';
import { readSchema, type AnswerSchema } from './schema/load.js';
import { askForJson, withSchema } from './schema/prompt.js';
import { checkAnswer, judge } from './schema/check.js';

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
  let userQuery: Report['query'];
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
  const redact = makeRedactor([...settings.redact, ...secrets]);
  const admission =
    settings.mode === 'transcript' ? undefined : await admit(triggerOf(process.env), settings.gate);
  if (admission && !admission.allowed) return refuse(settings, admission, redact);
  const trigger = admission && {
    actor: admission.actor,
    event: admission.event,
    why: admission.why
  };
  const signals = listenForCancellation();
  const log = new LiveLog(redact);
  if (!settings.showReasoning) log.hideReasoning();
  if (schema?.warnings.length)
    core.warning(`json-schema: ${schema.warnings.slice(0, 5).join('; ')}`);

  let session: Session;
  try {
    session =
      settings.mode === 'transcript'
        ? { attempt: await readTranscript(settings.transcript, log), history: [] }
        : settings.mode === 'api'
          ? await runApi(settings, query ?? '', log, signals)
          : await runHermes(settings, log, signals);
  } catch (error) {
    // The stop-commands block is closed first, or the failure index.ts reports would not be seen.
    log.end();
    throw error;
  }
  const { attempt, history, hermesVersion, install } = session;
  const decided = history.at(-1)?.verdict ?? decide(attempt.turn, attempt.end);
  // json-schema: the answer of a turn that otherwise succeeded must match; the last attempt says so.
  const answer =
    schema && decided.outcome === 'success'
      ? checkAnswer(attempt.turn.result?.text, schema, redact)
      : undefined;
  const verdict = judge(decided, answer);
  if (history.length > 0) history[history.length - 1].verdict = verdict;
  if (answer) log.note(answer.ok ? 'json-schema: the answer matches' : redact(answer.message));
  log.note(closingLine(verdict, attempt));
  log.end();

  const report: Report = {
    verdict,
    query: settings.mode === 'transcript' ? undefined : userQuery,
    turn: attempt.turn,
    durationMs: attempt.turn.result?.duration_ms ?? attempt.durationMs,
    hermesVersion,
    stderrTail: attempt.end.kind === 'process' ? attempt.end.stderrTail : [],
    jsonlPath: settings.mode === 'transcript' ? settings.transcript : settings.jsonlPath,
    trigger,
    attempts: history.map(({ verdict: { outcome, exitCode } }) => ({ outcome, exitCode })),
    answer,
    install
  };
  // Outputs first: the upload can take long, and a cancelled job may be killed during it.
  const setOutputs = (): void => {
    for (const [name, value] of outputsOf(report, history.length, redact))
      core.setOutput(name, value);
  };
  setOutputs();
  const abandoned = await upload(
    settings,
    report,
    history.slice(0, -1).map(a => a.transcript),
    // `redact: false` still hides the secrets given as inputs.
    !settings.uploadUnredacted
      ? redact
      : secrets.length
        ? makeRedactor(secrets, { tokens: false })
        : undefined
  );
  if (report.artifact) setOutputs();
  await writeSummary(settings, report, redact);

  conclude(settings, verdict, redact);
  // Everything is written: a given-up upload's client must not hold the step open.
  if (abandoned) process.exit();
}

/** The step's colour: red unless the turn completed, or fail-on-error is false. */
function conclude(settings: Settings, verdict: Verdict, redact: Redactor): void {
  if (verdict.outcome === 'success') return;
  if (settings.failOnError) core.setFailed(redact(verdict.message));
  else core.warning(`${redact(verdict.message)} (fail-on-error is false, so the step passes)`);
}

/** The gate said no: Hermes never runs; the outputs and the summary say who and why. */
async function refuse(
  settings: Settings,
  admission: Extract<Admission, { allowed: false }>,
  redact: Redactor
): Promise<void> {
  const verdict: Verdict = { outcome: 'not_allowed', message: admission.message };
  const report: Report = {
    verdict,
    turn: new TurnBuilder().finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: '',
    trigger: { actor: admission.actor, event: admission.event, why: admission.message }
  };
  for (const [name, value] of outputsOf(report, 0, redact))
    if (name !== Output.Jsonl) core.setOutput(name, value);
  await writeSummary(settings, report, redact);
  conclude(settings, verdict, redact);
}

/** An input was refused: nothing ran; outcome, error and a one-line summary say which and why. */
async function invalidInput(message: string, redact: Redactor): Promise<void> {
  const report: Report = {
    verdict: { outcome: 'invalid_input', message },
    turn: new TurnBuilder().finish(),
    durationMs: 0,
    stderrTail: [],
    jsonlPath: ''
  };
  for (const [name, value] of outputsOf(report, 0, redact))
    if (name !== Output.Jsonl) core.setOutput(name, value);
  // The summary input itself may be the invalid one: only a plain "false" keeps the line out.
  if (core.getInput(Input.Summary).trim() === 'false') return core.setFailed(redact(message));
  try {
    await core.summary.addRaw(invalidInputSummary(message, redact)).write();
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

interface Session {
  attempt: Attempt;
  /** Every attempt, the last one included; empty in transcript mode. */
  history: AttemptRecord[];
  hermesVersion?: string;
  /** When the action installed Hermes, or tried to. */
  install?: InstallReport;
}

/** Runs Hermes (installed first when it has to be), retried on exit 75. */
async function runHermes(settings: CliSettings, log: LiveLog, signals: Signals): Promise<Session> {
  fs.mkdirSync(path.dirname(settings.jsonlPath), { recursive: true });
  const provided = await provideHermes(settings, installIo(log), signals);
  const { executable, install } = provided;
  if (provided.failure !== undefined) {
    const attempt = notInstalled(settings.jsonlPath, settings.hermesPath, provided.failure, log);
    const verdict = decide(attempt.turn, attempt.end);
    return { attempt, history: [{ verdict, transcript: settings.jsonlPath }], install };
  }
  // Asked alongside the run, not before it: a CLI can take a while to print its version.
  const version =
    provided.version !== undefined
      ? Promise.resolve(provided.version)
      : executable
        ? probeVersion(executable, settings.workingDirectory)
        : Promise.resolve(undefined);
  log.begin();
  const attempts = await retried(settings, log, signals, 'temporary provider failure', () =>
    runAttempt(settings, executable ?? settings.hermesPath, settings.jsonlPath, log, signals)
  );
  const hermesVersion = await version;
  if (hermesVersion) log.note(hermesVersion);
  return { ...attempts, hermesVersion, install };
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
): Promise<Session> {
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
  return { ...attempts, hermesVersion: server.description };
}

/** Exit 75 is retried up to tempfail-retries times, with a growing, jittered backoff. */
async function retried(
  settings: Settings,
  log: LiveLog,
  signals: Signals,
  why: string,
  once: () => Promise<Attempt>
): Promise<Omit<Session, 'hermesVersion'>> {
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
 * Uploads the transcript (through `redact`), with those of earlier attempts when exit 75 was
 * retried. True when the upload was given up with the client still at work.
 */
async function upload(
  settings: Settings,
  report: Report,
  earlier: string[],
  redact: Redactor | undefined
): Promise<boolean> {
  if (!settings.uploadArtifact) return false;
  const result = await uploadTranscript({
    transcriptPath: report.jsonlPath,
    earlierAttempts: earlier,
    name: settings.artifactName,
    archive: settings.artifactArchive,
    retentionDays: settings.retentionDays,
    redact,
    env: process.env
  });
  if (result.uploaded) {
    report.artifact = result;
    core.info(`Transcript uploaded as artifact ${result.name}: ${result.url}`);
    if (result.warning) core.warning(result.warning);
    return false;
  }
  report.artifactNote = result.reason;
  if (result.warn) core.warning(`The transcript was not uploaded: ${result.reason}`);
  else core.notice(`The transcript was not uploaded: ${result.reason}`);
  return result.abandoned === true;
}

/** A summary that cannot be written is a warning: it must not fail a turn, nor hide why one failed. */
async function writeSummary(settings: Settings, report: Report, redact: Redactor): Promise<void> {
  if (!settings.summary) return;
  try {
    await core.summary
      .addRaw(renderSummary(report, redact, { showReasoning: settings.showReasoning }))
      .write();
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
    subscribe(fn: (signal: 'SIGINT' | 'SIGTERM') => void) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      state.cancelled = true;
      listeners.forEach(fn => fn(signal));
    });
  }
  return state;
}

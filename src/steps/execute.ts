/**
 * Step 3, execution: the turn runs (Hermes installed first when it has to be, as its own user when
 * it can, retried on exit 75), or goes to an API server, or an existing transcript is read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ApiServer } from '../api/server.js';
import { childEnv } from '../process/environment.js';
import { snapshotFileCommands } from '../confine/file-commands.js';
import { gitControlWarning, snapshotGitControl } from '../confine/git-guard.js';
import { notInstalled, type InstallIo } from '../install/install.js';
import { exposedCredential, Isolation } from '../confine/isolation.js';
import { exportTimeoutMs, recordPathFor, type SessionRecord } from '../cli/session-record.js';
import { Input } from '../config/inputs.js';
import type { ApiModeSettings, CliSettings } from '../config/settings.js';
import { inert, LiveLog } from '../publish/log.js';
import type { Attempt } from '../run/attempt.js';
import type { Cancellation } from '../run/cancellation.js';
import type { GatewayFact, InstallFact, IsolationFact } from '../run/facts.js';
import { unlistedChatFlags } from '../cli/hermes.js';
import { followFile } from '../run/stream-reader.js';
import { retryTempfail, type Attempts } from '../run/tempfail.js';
import { messageOf } from '../text/errors.js';
import type { AdmitResult } from './admit.js';
import {
  agentEnvironment,
  askedFlags,
  gatewayFact,
  refusedFlags,
  startTurnGateway
} from './gateway.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';

/** What running the turn came to: the attempts, and the facts of how Hermes was provided and run. */
export interface Executed extends Attempts {
  /** How many attempts ran: 0 in transcript mode. */
  attempts: number;
  agent?: string;
  /** When the action installed Hermes, or tried to. */
  install?: InstallFact;
  isolation?: IsolationFact;
  /** The session record of the last attempt, when one was asked for. */
  record?: SessionRecord;
  cancellation: Cancellation;
  /** What the model gateway counted, when one fronted the turn's provider. */
  gateway?: GatewayFact;
  /** CLI mode: the credentials the agent still held (not fronted by the gateway). */
  held?: string[];
  /** Still open: the verdict's lines close it. */
  log: LiveLog;
}

type Result = Omit<Executed, 'cancellation' | 'log'>;

export async function execute(
  plan: Plan,
  admitted: Extract<AdmitResult, { allowed: true }>,
  ports: Ports,
  // Heard since run()'s first line; its own when called alone.
  cancellation: Cancellation = ports.listenForCancellation()
): Promise<Executed> {
  // pr-rules: a checkout someone else may have written gives Hermes no rules or skills.
  const settings =
    admitted.rules?.ignored && plan.settings.mode === 'cli'
      ? { ...plan.settings, ignoreRules: true }
      : plan.settings;
  await untilCancelled(admitted.comment?.start(cancellation.signal), cancellation);
  if (cancellation.cancelled)
    throw new Cancelled('while the comment saying Hermes is working was written');
  const log = new LiveLog(plan.redact, ports.out.log);
  if (!settings.showReasoning) log.hideReasoning();
  if (plan.schema?.warnings.length)
    ports.out.warning(`json-schema: ${plan.schema.warnings.slice(0, 5).join('; ')}`);
  const run = { log, cancellation, ports, plan };
  try {
    const result =
      settings.mode === 'transcript'
        ? await readTranscript(settings.transcript, run)
        : settings.mode === 'api'
          ? await runApi(settings, plan.apiQuery ?? '', run)
          : await runHermes(settings, admitted, run);
    return { ...result, cancellation, log };
  } catch (error) {
    // The stop-commands block is closed first, or the failure index.ts reports would not be seen.
    log.end();
    throw error;
  }
}

/** A cancel before Hermes ran: run() reports it as `interrupted`, saying how far the run got. */
export class Cancelled extends Error {
  constructor(readonly when: string) {
    super(`The job was cancelled ${when}, before Hermes started`);
  }
}

/** What a step awaits, or less: the wait ends at the first cancel (the step itself is left to end). */
export async function untilCancelled<T>(
  step: Promise<T> | undefined,
  cancellation: Cancellation
): Promise<T | undefined> {
  if (cancellation.cancelled) return undefined;
  const { signal } = cancellation;
  let stop: () => void = () => undefined;
  const cancelled = new Promise<undefined>(resolve => {
    stop = () => resolve(undefined);
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([step, cancelled]);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

interface Running {
  log: LiveLog;
  cancellation: Cancellation;
  ports: Ports;
  plan: Plan;
}

/** Runs Hermes (installed first when it has to be), retried on exit 75, as its own user when it can. */
async function runHermes(
  settings: CliSettings,
  { isolation: plan }: Extract<AdmitResult, { allowed: true }>,
  { log, cancellation, ports, plan: turnPlan }: Running
): Promise<Result> {
  const { env, hermes } = ports;
  fs.mkdirSync(path.dirname(settings.jsonlPath), { recursive: true });
  const provided = await hermes.provide(settings, installIo(log, ports), cancellation, env);
  const { executable, install } = provided;
  if (provided.failure !== undefined) {
    const attempt = notInstalled(settings.jsonlPath, settings.hermesPath, provided.failure, log);
    return { attempt, earlier: [], attempts: 1, install };
  }
  const workspace = env.GITHUB_WORKSPACE ?? settings.workingDirectory;
  // Read before the workspace is lent: what the checkout's git config and hooks were the workflow's.
  const gitControl = snapshotGitControl(workspace);
  if (gitControl.partial) ports.out.warning(gitControl.partial);
  // Before the agent's environment is built: the keys it fronts are replaced by its capability.
  const gateway = await startTurnGateway(settings, turnPlan, log, cancellation, ports);
  const agentEnv = agentEnvironment(env, gateway);
  const spent = (): Pick<Result, 'gateway' | 'held'> => ({
    gateway: gateway && gatewayFact(gateway, log.redact),
    held: ports.gateway.held(env, gateway?.fronted ?? [])
  });
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
          env: agentEnv
        }).catch(async (error: unknown) => {
          await gateway?.close();
          throw new Error(
            `Hermes could not be set up to run as its own user: ${messageOf(error)}; fix that, or set "${Input.Isolation}: none" to run it as the runner's user.`
          );
        })
      : undefined;
  const spawning = isolation?.spawning ?? { env: childEnv(agentEnv) };
  const run: CliSettings = isolation?.queryFile
    ? { ...settings, query: { kind: 'file', path: isolation.queryFile } }
    : settings;
  let fact: IsolationFact = { why: plan?.kind === 'none' ? plan.why : 'Hermes was not found' };
  // From here on the agent runs: whatever it writes into the runner's file commands is undone.
  const fileCommands = snapshotFileCommands(env);
  try {
    // Asked alongside the run, not before it: a CLI can take a while to print its version.
    const version =
      provided.version !== undefined
        ? Promise.resolve(provided.version)
        : executable
          ? hermes.version(executable, settings.workingDirectory, spawning)
          : Promise.resolve(undefined);
    // The probe is the agent's too: it may end on its own before the agent's processes are ended.
    isolation?.waitFor(version);
    const asked = askedFlags(settings);
    const notListed = await unlistedChatFlags(
      executable ?? settings.hermesPath,
      asked.map(a => a.flag),
      settings.workingDirectory,
      spawning
    );
    const unlisted = asked.filter(a => notListed.includes(a.flag));
    if (unlisted.length > 0) {
      const attempt = refusedFlags(unlisted, settings.jsonlPath, log);
      return { attempt, earlier: [], attempts: 1, install, isolation: fact, ...spent() };
    }
    log.begin();
    const attempts = await retryTempfail(
      () =>
        hermes.attempt(
          run,
          executable ?? settings.hermesPath,
          settings.jsonlPath,
          log,
          cancellation,
          spawning
        ),
      tempfailPolicy(settings, 'temporary provider failure', log, cancellation, ports)
    );
    const agent = await version;
    if (agent) log.note(agent);
    // Every outcome that got as far as a session id: the same executable, user, HOME and environment,
    // before the agent's processes are ended (the export is one of them).
    const sessionId = attempts.attempt.turn.sessionId;
    const record =
      settings.sessionRecord && sessionId && attempts.attempt.end.kind !== 'not_found'
        ? await hermes.record({
            executable: executable ?? settings.hermesPath,
            sessionId,
            output: recordPathFor(settings.jsonlPath),
            cwd: settings.workingDirectory,
            env: spawning.env,
            as: spawning.as,
            timeoutMs: exportTimeoutMs(env),
            cancelled: cancellation.cancelled
          })
        : undefined;
    const count = attempts.earlier.length + 1;
    return { ...attempts, attempts: count, agent, install, isolation: fact, record, ...spent() };
  } finally {
    await gateway?.close();
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
    if (changed.length > 0) ports.out.warning(log.redact(gitControlWarning(workspace, changed)));
  }
}

/** The install's lines go to the log before the stream's block opens; the installer's are untrusted. */
function installIo(log: LiveLog, { out }: Ports): InstallIo {
  const line = (text: string): void => out.info(inert(log.redact(text)));
  return {
    info: line,
    output: line,
    warning: message => out.warning(log.redact(message)),
    group: (title, fn) => out.group(inert(log.redact(title)), fn),
    addPath: dir => out.addPath(dir)
  };
}

/** Sends the turn to a Hermes API server, retried on what maps to exit 75 (429, 5xx, no connection). */
async function runApi(
  settings: ApiModeSettings,
  query: string,
  { log, cancellation, ports }: Running
): Promise<Result> {
  fs.mkdirSync(path.dirname(settings.jsonlPath), { recursive: true });
  const server = new ApiServer({
    ...settings.api,
    model: settings.model,
    showReasoning: settings.showReasoning,
    timeoutMs: settings.timeoutMs
  });
  log.begin();
  const attempts = await retryTempfail(
    () => server.attempt(query, settings.jsonlPath, log, cancellation),
    tempfailPolicy(settings, 'the API server could not take the turn', log, cancellation, ports)
  );
  return { ...attempts, attempts: attempts.earlier.length + 1, agent: server.description };
}

function tempfailPolicy(
  settings: CliSettings | ApiModeSettings,
  why: string,
  log: LiveLog,
  cancellation: Cancellation,
  { clock, limits }: Ports
): Parameters<typeof retryTempfail>[1] {
  return {
    jsonlPath: settings.jsonlPath,
    retries: settings.tempfailRetries,
    backoffMs: settings.tempfailBackoffMs,
    jitter: limits.tempfailJitter,
    why,
    cancellation,
    sleep: clock.sleep,
    note: line => log.note(line)
  };
}

async function readTranscript(transcript: string, { log, ports }: Running): Promise<Result> {
  const started = ports.clock.now();
  log.begin();
  const turn = await followFile(transcript, log);
  const attempt: Attempt = {
    turn,
    durationMs: ports.clock.now() - started,
    end: { kind: 'transcript' }
  };
  return { attempt, earlier: [], attempts: 0 };
}

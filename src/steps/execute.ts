/**
 * Step 3, execution: the turn runs (Hermes installed first when it has to be, as its own user when
 * it can, retried on exit 75), or goes to an API server, or an existing transcript is read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { notInstalled, type Provided } from '../install/install.js';
import { exportTimeoutMs, recordPathFor, type SessionRecord } from '../hermes/session-record.js';
import type { CliSettings } from '../config/settings.js';
import type { Query } from '../config/values.js';
import { gatewayFact } from '../gateway/gateway.js';
import { LiveLog } from '../publish/log.js';
import { Cancelled, untilCancelled, type Cancellation } from '../turn/cancellation.js';
import type { GatewayFact, InstallFact, IsolationFact, ThreadFact } from '../turn/facts.js';
import { refusedChatFlags } from '../hermes/cli.js';
import { retryTempfail, type Attempts } from '../turn/tempfail.js';
import {
  apiServerTurn,
  installIo,
  readTranscript,
  tempfailPolicy,
  type Running
} from './other-turns.js';
import type { AdmitResult, Refusal } from './admit.js';
import { prepareAgent, type PreparedAgent } from './agent.js';
import { forkTurn } from './fork.js';
import { askedTurn } from './asked.js';
import { closeThread, lendThread, openThread } from './thread.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';

/** What running the turn came to: the attempts, and the facts of how Hermes was provided and run. */
export interface Executed extends Attempts {
  allowed: true;
  /** How many attempts ran: 0 in transcript mode. */
  attemptCount: number;
  agent?: string;
  /** When the action installed Hermes, or tried to. */
  install?: InstallFact;
  isolation?: IsolationFact;
  /** The session record of the last attempt, when one was asked for. */
  record?: SessionRecord;
  /** The job was cancelled after the last attempt had ended: how far the run had got then. */
  cancelledLate?: string;
  cancellation: Cancellation;
  /** Still open: the verdict's lines close it. */
  log: LiveLog;
  /** What the model gateway counted, when one fronted the turn's provider. */
  gateway?: GatewayFact;
  /** CLI mode: the credentials the agent still held (not fronted by the gateway). */
  held?: string[];
  /** `thread: auto`: what the run's thread came to. */
  thread?: ThreadFact;
}

/** The agent could not be confined: published like admission's refusals, Hermes never started. */
export interface Unconfined {
  allowed: false;
  refusal: Refusal;
  isolation: IsolationFact;
  install?: InstallFact;
  cancellation: Cancellation;
  log: LiveLog;
}

type Result = Omit<Executed, 'cancellation' | 'log'> | Omit<Unconfined, 'cancellation' | 'log'>;
type Admitted = Extract<AdmitResult, { allowed: true }>;

export async function execute(
  plan: Plan,
  admitted: Admitted,
  ports: Ports,
  // Heard since run()'s first line; its own when called alone.
  cancellation: Cancellation = ports.listenForCancellation()
): Promise<Executed | Unconfined> {
  // trigger-phrase: what the comment asked goes after the workflow's prompt, as data.
  const asked = admitted.request
    ? askedTurn(plan.settings, plan, admitted.request, ports.env)
    : undefined;
  try {
    return await executeAs(asked?.query, asked?.apiQuery ?? plan.apiQuery, admitted, {
      plan,
      ports,
      cancellation
    });
  } finally {
    asked?.remove();
  }
}

async function executeAs(
  askedQuery: Query | undefined,
  apiQuery: string | undefined,
  admitted: Admitted,
  { plan, ports, cancellation }: Omit<Running, 'log'>
): Promise<Executed | Unconfined> {
  const { settings } = plan;
  await untilCancelled(admitted.comment?.start(cancellation.signal), cancellation);
  if (cancellation.cancelled)
    throw new Cancelled('while the comment saying Hermes is working was written');
  const log = new LiveLog(plan.redact, ports.out.log);
  if (!settings.showReasoning) log.hideReasoning();
  if (plan.schema?.warnings.length)
    ports.out.warning(`json-schema: ${plan.schema.warnings.slice(0, 5).join('; ')}`);
  const running = { log, cancellation, ports, plan };
  try {
    const result =
      settings.mode === 'transcript'
        ? await readTranscript(settings.transcript, running)
        : settings.mode === 'api'
          ? await apiServerTurn(settings, apiQuery ?? '', running)
          : await hermesTurn(settings, admitted, askedQuery ?? settings.query, running);
    if (!result.allowed) log.end();
    return { ...result, cancellation, log };
  } catch (error) {
    // The stop-commands block is closed first, or the failure index.ts reports would not be seen.
    log.end();
    throw error;
  }
}

/**
 * Runs Hermes (installed first when it has to be), retried on exit 75, as its own user when it can:
 * the agent prepared (prepareAgent) and released in one `finally`.
 */
async function hermesTurn(
  given: CliSettings,
  admitted: Admitted,
  query: Query,
  running: Running
): Promise<Result> {
  const { log, cancellation, ports } = running;
  const { env, hermes } = ports;
  fs.mkdirSync(path.dirname(given.jsonlPath), { recursive: true });
  const provided = await hermes.provide(given, installIo(log, ports), cancellation, env);
  const { executable, install } = provided;
  // Cancelled while Hermes was looked for or installed (the installer's group is gone by now).
  if (cancellation.cancelled)
    throw new Cancelled(install ? 'while Hermes was installed' : 'while Hermes was looked for');
  if (provided.failure !== undefined) {
    const attempt = notInstalled(given.jsonlPath, given.hermesPath, provided.failure, log);
    return { allowed: true, attempt, earlier: [], attemptCount: 1, install };
  }
  // fork-prs: review: the head fetched into a folder of its own, lent instead of the workspace.
  const { fork } = admitted;
  const forked = fork && (await forkTurn(fork, given, query, ports, cancellation.signal));
  // Read anew after the wait (a property read would stay narrowed across the awaits).
  const cancelledNow = (): boolean => cancellation.cancelled;
  if (forked?.ok && cancelledNow()) forked.tree.remove();
  if (cancelledNow()) throw new Cancelled("while the pull request's head was fetched");
  if (forked && !forked.ok) throw new Error(`"fork-prs: review": ${forked.why}`);
  const workingDirectory = forked ? forked.tree.dir : given.workingDirectory;
  const prompt = forked ? forked.query : query;
  const prepared = await prepareAgent(
    {
      settings: given,
      workingDirectory,
      queryFile: prompt.kind === 'file' ? path.resolve(workingDirectory, prompt.path) : undefined,
      isolation: admitted.isolation,
      executable,
      strangers: admitted.strangers,
      fork: fork !== undefined,
      lent: forked?.tree
    },
    running
  );
  if (!prepared.ok) {
    const { actor, event } = admitted.trigger ?? {};
    const refusal: Refusal = { allowed: false, actor, event, message: prepared.why };
    return { allowed: false, refusal, isolation: prepared.fact, install };
  }
  const { agent } = prepared;
  let ran: Ran | undefined;
  let isolation: IsolationFact | undefined;
  try {
    ran = await agentTurn(agent, admitted, running, {
      given,
      provided,
      workingDirectory,
      query: agent.queryFile ? { kind: 'file', path: agent.queryFile } : prompt
    });
  } finally {
    // On a throw, the throw is the news; after the turn, a fence that does not come down is.
    const released = agent.release();
    isolation = ran ? await released : await released.catch(() => undefined);
  }
  const spent = {
    gateway: agent.gateway && gatewayFact(agent.gateway, log.redact),
    held: agent.held
  };
  const { cancelledInTurn, ...turn } = ran;
  return {
    ...turn,
    install,
    isolation,
    ...spent,
    ...lateCancel(cancelledInTurn, turn.record, cancellation)
  };
}

/** What the prepared agent's turn came to, before its fence comes down. */
type Ran = Omit<Executed, 'allowed' | 'cancellation' | 'log' | 'install' | 'isolation'> & {
  allowed: true;
  /** Hermes ran: whether the job's cancel came during its turn (else after it, or not at all). */
  cancelledInTurn?: boolean;
};

/**
 * The settings Hermes runs with, planned once from the workflow's and what the turn adds:
 * `--ignore-rules` where the checkout may hold a stranger's rules (pr-rules), the prompt where the
 * agent reads it (the comment's request and the pull request's data in it), the pull request's head as
 * the folder, and the thread's session to `--resume`.
 */
function turnSettings(
  given: CliSettings,
  turn: { ignoreRules: boolean; query: Query; workingDirectory: string; resume?: string }
): CliSettings {
  return {
    ...given,
    ...(turn.ignoreRules && { ignoreRules: true }),
    query: turn.query,
    workingDirectory: turn.workingDirectory,
    ...(turn.resume !== undefined && {
      args: [`--resume=${turn.resume}`, '--no-restore-cwd', ...given.args]
    })
  };
}

/**
 * The turn of the prepared agent: its thread restored, its flags checked, its attempts (retried on
 * exit 75), its version, its session record, its thread saved. The fence is the caller's to take down.
 */
async function agentTurn(
  agent: PreparedAgent,
  admitted: Admitted,
  { log, cancellation, ports, plan }: Running,
  turn: { given: CliSettings; provided: Provided; workingDirectory: string; query: Query }
): Promise<Ran> {
  const { env, hermes } = ports;
  const { spawning } = agent;
  const { given, provided } = turn;
  // thread: the or pull request's Hermes session, restored and resumed.
  const thread = await openThread(given, admitted, env, agent.isolated);
  if (thread && 'off' in thread) log.note(thread.off);
  const open = thread && !('off' in thread) ? thread : undefined;
  const settings = turnSettings(given, {
    ignoreRules: admitted.rules?.ignored === true,
    query: turn.query,
    workingDirectory: turn.workingDirectory,
    resume: await lendThread(open, spawning)
  });
  const executable = provided.executable ?? settings.hermesPath;
  // Asked alongside the run, not before it: a CLI can take a while to print its version.
  const version =
    provided.version !== undefined
      ? Promise.resolve(provided.version)
      : provided.executable
        ? hermes.version(provided.executable, settings.workingDirectory, spawning)
        : Promise.resolve(undefined);
  // The probe is the agent's too: it may end on its own before the agent's processes are ended.
  agent.waitFor(version);
  const refused = await refusedChatFlags(settings, executable, spawning, log);
  if (refused) return { allowed: true, attempt: refused, earlier: [], attemptCount: 1 };
  log.begin();
  const attempts = await retryTempfail(
    () => hermes.attempt(settings, executable, settings.jsonlPath, log, cancellation, spawning),
    tempfailPolicy(settings, 'temporary provider failure', log, cancellation, ports)
  );
  // A cancel from here on (the export) came after the turn: the attempt's verdict does not say it.
  const cancelledInTurn = cancellation.cancelled;
  const agentVersion = await version;
  if (agentVersion) log.note(agentVersion);
  // Every outcome that got as far as a session id: the same executable, user, HOME and environment,
  // before the agent's processes are ended (the export is one of them).
  const sessionId = attempts.attempt.turn.sessionId;
  const record =
    settings.sessionRecord && sessionId && attempts.attempt.end.kind !== 'not_found'
      ? await hermes.record({
          executable,
          sessionId,
          output: recordPathFor(settings.jsonlPath),
          cwd: settings.workingDirectory,
          env: spawning.env,
          as: spawning.as,
          timeoutMs: exportTimeoutMs(env),
          cancelled: cancellation.cancelled,
          signal: cancellation.signal
        })
      : undefined;
  const threadFact =
    open &&
    (await closeThread(open, {
      sessionId,
      spawning,
      cancelled: cancellation.cancelled,
      maxBytes: settings.thread.maxBytes,
      redact: plan.redact,
      env
    }));
  return {
    allowed: true,
    ...attempts,
    attemptCount: attempts.earlier.length + 1,
    agent: agentVersion,
    record,
    cancelledInTurn,
    ...(threadFact && { thread: threadFact })
  };
}

/** A cancel after Hermes' turn had ended (its fence taken down since): how far the run had got. */
function lateCancel(
  cancelledInTurn: boolean | undefined,
  record: SessionRecord | undefined,
  cancellation: Cancellation
): Pick<Executed, 'cancelledLate'> {
  if (cancelledInTurn === undefined || cancelledInTurn || cancellation.cancelledAt === undefined)
    return {};
  return {
    cancelledLate: record
      ? 'after Hermes’ turn ended, while its session record was exported'
      : 'after Hermes’ turn ended'
  };
}

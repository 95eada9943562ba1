/**
 * Step 3, execution: the turn runs (Hermes installed first when it has to be, as its own user when
 * it can, retried on exit 75), or goes to an API server, or an existing transcript is read.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gated, triggerOf } from '../access/gate.js';
import { confine, runsAsOwnUser, type Confinement } from '../confine/confine.js';
import { notInstalled } from '../install/install.js';
import { exportTimeoutMs, recordPathFor, type SessionRecord } from '../cli/session-record.js';
import type { CliSettings } from '../config/settings.js';
import { LiveLog } from '../publish/log.js';
import { Cancelled, untilCancelled, type Cancellation } from '../run/cancellation.js';
import type { GatewayFact, InstallFact, IsolationFact, ThreadFact } from '../run/facts.js';
import { refusedChatFlags } from '../cli/hermes.js';
import { agentEnvironment, agentOverrides, heldByAgent } from '../fronting/agent-reach.js';
import { gatewayFact } from '../gateway/gateway.js';
import { retryTempfail, type Attempts } from '../run/tempfail.js';
import {
  apiServerTurn,
  installIo,
  readTranscript,
  tempfailPolicy,
  type Running
} from './other-turns.js';
import type { AdmitResult, Refusal } from './admit.js';
import { startTurnGateway, type TurnGateway } from './gateway.js';
import { messageOf } from '../text/errors.js';
import { forkHeld, forkTurn } from './fork.js';
import { askedTurn } from './asked.js';
import { closeThread, openThread, resumed } from './thread.js';
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

export async function execute(
  plan: Plan,
  admitted: Extract<AdmitResult, { allowed: true }>,
  ports: Ports,
  // Heard since run()'s first line; its own when called alone.
  cancellation: Cancellation = ports.listenForCancellation()
): Promise<Executed | Unconfined> {
  // pr-rules: a checkout someone else may have written gives Hermes no rules or skills.
  const ruled =
    admitted.rules?.ignored && plan.settings.mode === 'cli'
      ? { ...plan.settings, ignoreRules: true }
      : plan.settings;
  // trigger-phrase: what the comment asked goes after the workflow's prompt, as data.
  const asked = admitted.request ? askedTurn(ruled, plan, admitted.request, ports.env) : undefined;
  const settings = asked?.settings ?? ruled;
  try {
    return await executeAs(
      settings,
      asked?.apiQuery ?? plan.apiQuery,
      plan,
      admitted,
      ports,
      cancellation
    );
  } finally {
    asked?.remove();
  }
}

async function executeAs(
  settings: Plan['settings'],
  apiQuery: string | undefined,
  plan: Plan,
  admitted: Extract<AdmitResult, { allowed: true }>,
  ports: Ports,
  cancellation: Cancellation
): Promise<Executed | Unconfined> {
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
          : await hermesTurn(settings, admitted, running);
    if (!result.allowed) log.end();
    return { ...result, cancellation, log };
  } catch (error) {
    // The stop-commands block is closed first, or the failure index.ts reports would not be seen.
    log.end();
    throw error;
  }
}

/** Runs Hermes (installed first when it has to be), retried on exit 75, as its own user when it can. */
async function hermesTurn(
  given: CliSettings,
  admitted: Extract<AdmitResult, { allowed: true }>,
  { log, cancellation, ports, plan: turnPlan }: Running
): Promise<Result> {
  const { isolation: plan, trigger, fork } = admitted;
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
  // Read anew after each wait (a property read would stay narrowed across the awaits).
  const cancelledNow = (): boolean => cancellation.cancelled;
  // fork-prs: review: the head fetched into a folder of its own, lent instead of the workspace.
  const forked = fork && (await forkTurn(fork, given, ports, cancellation.signal));
  if (forked?.ok && cancelledNow()) forked.tree.remove();
  if (cancelledNow()) throw new Cancelled("while the pull request's head was fetched");
  if (forked && !forked.ok) throw new Error(`"fork-prs: review": ${forked.why}`);
  const settings = forked ? forked.settings : given;
  const confining = {
    plan,
    workspace: env.GITHUB_WORKSPACE ?? settings.workingDirectory,
    workingDirectory: settings.workingDirectory,
    executable
  };
  const isolated = runsAsOwnUser({ ...confining, env });
  // Whether people without write access can cause this event (the payload read once).
  const strangers = gated(triggerOf(env));
  let turnGateway: TurnGateway = {};
  let confinement: Confinement | undefined;
  // Whatever happens from here, the gateway closes and the fence comes down, once, in that order: a
  // gateway that fails to close is said, and does not keep the agent's user in place.
  let tornDown: Promise<IsolationFact | undefined> | undefined;
  const tearDown = (): Promise<IsolationFact | undefined> =>
    (tornDown ??= (async () => {
      await turnGateway.gateway
        ?.close()
        .catch((error: unknown) =>
          ports.out.warning(`The model gateway did not close cleanly: ${messageOf(error)}`)
        );
      try {
        return await confinement?.release();
      } finally {
        // The stranger's head goes once the agent's last process has: nothing of the runner's reads it.
        forked?.tree.remove();
      }
    })());
  try {
    // Before the agent's environment is built: the keys it fronts are replaced by its capability.
    turnGateway = await startTurnGateway(settings, turnPlan, log, cancellation, ports, isolated);
    const { gateway } = turnGateway;
    const agentEnv = agentEnvironment(env, turnGateway, message =>
      ports.out.warning(log.redact(message))
    );
    const confined = await confine({
      ...confining,
      queryFile:
        settings.query.kind === 'file'
          ? path.resolve(settings.workingDirectory, settings.query.path)
          : undefined,
      ignoreUserConfig: settings.ignoreUserConfig,
      env: agentEnv,
      overrides: agentOverrides(turnGateway, env),
      mayFallBack: settings.isolation === 'auto' && !strangers,
      fence: {
        egress: settings.egress,
        gatewayPort: gateway?.port,
        required: settings.egress.kind === 'fenced' && strangers
      },
      host: ports.isolationHost,
      redact: text => log.redact(text),
      warn: message => ports.out.warning(log.redact(message)),
      note: line => log.note(line)
    });
    if (!confined.ok) {
      await tearDown();
      const refusal: Refusal = {
        allowed: false,
        actor: trigger?.actor,
        event: trigger?.event,
        message: confined.why
      };
      return { allowed: false, refusal, isolation: confined.fact, install };
    }
    confinement = confined.confinement;
    // Cancelled while the agent's user (or the gateway) was set up: the fence comes down below.
    if (cancelledNow())
      throw new Cancelled(
        isolated ? 'while Hermes’ own user was set up' : 'while the turn was prepared'
      );
    const { spawning, queryFile } = confinement;
    // A stranger's pull request: Hermes starts only with the key fronted and no credential in reach.
    const unsafe =
      fork &&
      forkHeld(
        gateway !== undefined,
        heldByAgent(ports.gateway.held, spawning.env, turnGateway, isolated)
      );
    if (unsafe) {
      const isolation = await tearDown();
      const refusal: Refusal = {
        allowed: false,
        actor: trigger?.actor,
        event: trigger?.event,
        message: log.redact(unsafe)
      };
      return { allowed: false, refusal, isolation: isolation ?? { why: unsafe }, install };
    }
    const spent = (): Pick<Executed, 'gateway' | 'held'> => ({
      gateway: gateway && gatewayFact(gateway, log.redact),
      // Under none, all of this process's environment: the agent reads it in /proc/<pid>/environ.
      // Redacted: a config.yaml path is the user's text (names of variables are not secrets).
      held: heldByAgent(
        ports.gateway.held,
        isolated ? spawning.env : env,
        turnGateway,
        isolated
      ).map(name => log.redact(name))
    });
    // thread: the or pull request's Hermes session, restored and resumed.
    const thread = await openThread(settings, admitted, env, isolated);
    if (thread && 'off' in thread) log.note(thread.off);
    const open = thread && !('off' in thread) ? thread : undefined;
    const turnSettings: CliSettings = await resumed(
      queryFile ? { ...settings, query: { kind: 'file', path: queryFile } } : settings,
      open,
      spawning
    );
    // Asked alongside the run, not before it: a CLI can take a while to print its version.
    const version =
      provided.version !== undefined
        ? Promise.resolve(provided.version)
        : executable
          ? hermes.version(executable, settings.workingDirectory, spawning)
          : Promise.resolve(undefined);
    // The probe is the agent's too: it may end on its own before the agent's processes are ended.
    confinement.waitFor(version);
    const attempt = await refusedChatFlags(
      settings,
      executable ?? settings.hermesPath,
      spawning,
      log
    );
    if (attempt) {
      const isolation = await tearDown();
      return {
        allowed: true,
        attempt,
        earlier: [],
        attemptCount: 1,
        install,
        isolation,
        ...spent()
      };
    }
    log.begin();
    const attempts = await retryTempfail(
      () =>
        hermes.attempt(
          turnSettings,
          executable ?? settings.hermesPath,
          settings.jsonlPath,
          log,
          cancellation,
          spawning
        ),
      tempfailPolicy(settings, 'temporary provider failure', log, cancellation, ports)
    );
    // A cancel from here on (the export) came after the turn: the attempt's verdict does not say it.
    const cancelledInTurn = cancelledNow();
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
        redact: turnPlan.redact,
        env
      }));
    const isolation = await tearDown();
    const cancelledLate =
      cancellation.cancelledAt !== undefined && !cancelledInTurn
        ? record
          ? 'after Hermes’ turn ended, while its session record was exported'
          : 'after Hermes’ turn ended'
        : undefined;
    return {
      allowed: true,
      ...attempts,
      attemptCount: attempts.earlier.length + 1,
      agent,
      install,
      isolation,
      record,
      cancelledLate,
      ...(threadFact && { thread: threadFact }),
      ...spent()
    };
  } catch (error) {
    // The fence comes down on a throw too; the throw is the news.
    await tearDown().catch(() => undefined);
    throw error;
  }
}

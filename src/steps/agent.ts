/**
 * The agent made ready for its turn (CLI mode), as one stage: the model gateway started on the keys it
 * fronts, Hermes' environment built with the gateway's variables, the agent fenced in (confine/) with
 * the gateway's overrides, and what it still holds worked out. One release() gives it all back, in
 * the manner of actions/checkout's configure-auth and remove-auth; a failure half-way is undone here.
 */
import { LEFT_BEHIND_STATE } from '../confine/left-behind.js';
import type { Confinement } from '../confine/confine.js';
import { confine, runsAsOwnUser } from '../confine/confine.js';
import type { IsolationPlan } from '../confine/host.js';
import type { CliSettings } from '../config/settings.js';
import { agentEnvironment, agentOverrides, heldByAgent } from '../fronting/agent-reach.js';
import type { Gateway } from '../gateway/types.js';
import type { Spawning } from '../process/spawn.js';
import { Cancelled } from '../turn/cancellation.js';
import type { IsolationFact } from '../turn/facts.js';
import { messageOf } from '../text/errors.js';
import { forkHeld } from './fork.js';
import { startTurnGateway, type TurnGateway } from './gateway.js';
import type { Running } from './other-turns.js';

export interface AgentOptions {
  /** The workflow's settings: isolation, egress, the gateway's, ignore-user-config. */
  settings: CliSettings;
  /** The folder Hermes runs in (a stranger's pull request's head, or working-directory). */
  workingDirectory: string;
  /** A query file Hermes reads itself, resolved. */
  queryFile?: string;
  /** Admission's plan: its own user, or none and why. */
  isolation: IsolationPlan | undefined;
  executable: string | undefined;
  /** Content from people without write access can reach the prompt on this event. */
  strangers: boolean;
  /** A stranger's pull request: Hermes starts only with the key fronted and no credential in reach. */
  fork: boolean;
  /** Lent for the turn (the pull request's head): removed once the agent's last process is gone. */
  lent?: { remove(): void };
}

/** The agent, ready: who Hermes runs as, the gateway of its model calls, and the one way back. */
export interface PreparedAgent {
  spawning: Spawning;
  /** Where Hermes reads the query file, when it had to be copied to reach the agent. */
  queryFile?: string;
  /** Hermes runs as its own user. */
  isolated: boolean;
  gateway?: Gateway;
  /** The credentials the agent still holds (not fronted by the gateway), redacted. */
  held: string[];
  /** Something of the agent's that may finish on its own before its processes are ended. */
  waitFor(work: Promise<unknown>): void;
  /** Closes the gateway, takes the fence down, removes what was lent; once. */
  release(): Promise<IsolationFact | undefined>;
}

export type Prepared =
  { ok: true; agent: PreparedAgent } | { ok: false; why: string; fact: IsolationFact };

export async function prepareAgent(options: AgentOptions, running: Running): Promise<Prepared> {
  const { settings, workingDirectory, executable } = options;
  const { log, cancellation, ports, plan } = running;
  const { env, out } = ports;
  const warn = (message: string): void => out.warning(log.redact(message));
  const confining = {
    plan: options.isolation,
    workspace: env.GITHUB_WORKSPACE ?? workingDirectory,
    workingDirectory,
    executable
  };
  const isolated = runsAsOwnUser({ ...confining, env });
  let turn: TurnGateway = {};
  let confinement: Confinement | undefined;
  // The gateway closes and the fence comes down, once, in that order: a gateway that fails to close
  // is said, and does not keep the agent's user in place.
  let released: Promise<IsolationFact | undefined> | undefined;
  const release = (): Promise<IsolationFact | undefined> =>
    (released ??= (async () => {
      await turn.gateway
        ?.close()
        .catch((error: unknown) =>
          out.warning(`The model gateway did not close cleanly: ${messageOf(error)}`)
        );
      try {
        return await confinement?.release();
      } finally {
        // What was lent goes once the agent's last process has: nothing of the runner's reads it.
        options.lent?.remove();
      }
    })());
  try {
    // Before the agent's environment is built: the keys it fronts are replaced by its capability.
    turn = await startTurnGateway(settings, plan, log, cancellation, ports, isolated);
    const { gateway } = turn;
    const confined = await confine({
      ...confining,
      queryFile: options.queryFile,
      ignoreUserConfig: settings.ignoreUserConfig,
      env: agentEnvironment(env, turn, warn),
      overrides: agentOverrides(turn, env),
      fence: {
        egress: settings.egress,
        gatewayPort: gateway?.port,
        required: settings.egress.kind === 'fenced' && options.strangers
      },
      host: ports.isolationHost,
      redact: text => log.redact(text),
      warn,
      note: line => log.note(line),
      // For the post step, should this process die before release() (src/post/).
      remember: left => ports.out.saveState?.(LEFT_BEHIND_STATE, left ? JSON.stringify(left) : '')
    });
    if (!confined.ok) {
      await release();
      return { ok: false, why: confined.why, fact: confined.fact };
    }
    confinement = confined.confinement;
    // Cancelled while the agent's user (or the gateway) was set up: the fence comes down below.
    if (cancellation.cancelled)
      throw new Cancelled(
        isolated ? 'while Hermes’ own user was set up' : 'while the turn was prepared'
      );
    const { spawning } = confinement;
    const agentHeld = heldByAgent(ports.gateway.held, spawning.env, turn, isolated);
    const unsafe = options.fork && forkHeld(gateway !== undefined, agentHeld);
    if (unsafe) {
      const fact = await release();
      // Redacted in both: the summary shows the fact.
      const why = log.redact(unsafe);
      return { ok: false, why, fact: fact ?? { why } };
    }
    // As the runner's user, the agent reads all of this process's environment (/proc/<pid>/environ).
    // Redacted: a config.yaml path is the user's text (names of variables are not secrets).
    const held = isolated ? agentHeld : heldByAgent(ports.gateway.held, env, turn, false);
    const fence = confinement;
    return {
      ok: true,
      agent: {
        spawning,
        queryFile: confinement.queryFile,
        isolated,
        gateway,
        held: held.map(name => log.redact(name)),
        waitFor: work => fence.waitFor(work),
        release
      }
    };
  } catch (error) {
    // The fence comes down on a throw too; the throw is the news.
    await release().catch(() => undefined);
    throw error;
  }
}

/**
 * Confinement as one stage: confine() snapshots what the agent must not keep (the checkout's git
 * control, the runner's file commands), makes its user and lends it the workspace, and returns either
 * why it could not, or a handle. The handle's release() ends the agent's processes, hands the
 * workspace back, puts the snapshots back and gives the whole isolation fact. Who takes gives back: a
 * failure half-way is undone here, never by a caller's `finally`.
 */
import type { AgentOverrides } from './agent-home.js';
import type { LeftBehind } from './left-behind.js';
import { Input } from '../config/inputs.js';
import { runnersOwnIn } from '../config/paths.js';
import { childEnv } from '../process/environment.js';
import type { Spawning } from '../process/spawn.js';
import type { IsolationFact } from '../turn/facts.js';
import { messageOf } from '../text/errors.js';
import { exposedCredential } from './credential.js';
import { snapshotFileCommands } from './file-commands.js';
import { gitControlWarning, snapshotGitControl } from './git-guard.js';
import type { IsolationHost, IsolationPlan } from './host.js';
import { FenceError } from '../fence/fence.js';
import { Isolation, lentTree } from './isolation.js';
import type { SweepLimits } from './processes.js';
import { OPEN_NETWORK, unfenced, type FenceOptions } from './network.js';

export interface ConfineOptions {
  /** Admission's plan: its own user, or none and why; undefined when Hermes was not found. */
  plan: IsolationPlan | undefined;
  workspace: string;
  workingDirectory: string;
  /** Hermes' executable (found or installed): the agent must reach it. */
  executable: string | undefined;
  /** A query file Hermes reads itself (`--query-file`), resolved. */
  queryFile?: string;
  /** `ignore-user-config`: only `.env` is copied (Hermes still loads its credentials). */
  ignoreUserConfig: boolean;
  env: NodeJS.ProcessEnv;
  /**
   * Variables the action sets for Hermes (the model gateway's) that the copy of Hermes' `.env` must
   * not override, and which of them are keys (their values must be in no copy); and the text of the
   * agent's config.yaml when the gateway fronts Anthropic (its base URL in model.base_url).
   */
  overrides?: AgentOverrides;
  /** The egress fence for the agent's uid (`allowed-hosts`). */
  fence: FenceOptions;
  host: IsolationHost;
  /** Paths and messages the agent may have chosen pass through it before they are shown. */
  redact: (text: string) => string;
  warn(message: string): void;
  /** A line for the live log. */
  note(line: string): void;
  sweep?: SweepLimits;
  /** Writes down what the isolation leaves on the machine for the post step, or clears it (left-behind.ts). */
  remember?: (left: LeftBehind | undefined) => void;
}

/** The agent's fence, up: who Hermes runs as, and the one way to take the fence down. */
export interface Confinement {
  spawning: Spawning;
  /** Where Hermes reads the query file, when it had to be copied to reach the agent. */
  queryFile?: string;
  /** Something of the agent's that may finish on its own before its processes are ended. */
  waitFor(work: Promise<unknown>): void;
  /** Ends the agent's processes, hands everything back; once. */
  release(): Promise<IsolationFact>;
}

export type Confined =
  { ok: true; confinement: Confinement } | { ok: false; why: string; fact: IsolationFact };

/** Why the network was open when Hermes did not run as its own user. */
const AS_THE_RUNNER =
  "Hermes runs as the runner's user, whose traffic a fence cannot tell from the action's";

export async function confine(options: ConfineOptions): Promise<Confined> {
  const { plan, workspace, executable, env } = options;
  // Read before the workspace is lent: what the checkout's git config and hooks were the workflow's,
  // and what the runner's file commands held (whatever the agent writes into them is undone).
  const gitControl = snapshotGitControl(workspace, env);
  if (gitControl.partial) options.warn(gitControl.partial);
  const fileCommands = snapshotFileCommands(env);
  let isolation: Isolation | undefined;
  // Refused when the inputs were read; here for a tree that came to hold the runner's own since
  // (a link), or was never an input (the fork's). Never run unisolated instead: that user would reach it all.
  const unlent = unlentWhy(options);
  if (unlent)
    return {
      ok: false,
      why: `Hermes cannot run as its own user: ${unlent}; set ${Input.WorkingDirectory} (and the checkout's path) to a folder that holds none of them, or "${Input.Isolation}: none" to run it as the runner's user.`,
      fact: { why: unlent }
    };
  if (plan?.kind === 'user' && executable) {
    try {
      isolation = await Isolation.isolate(plan, { ...options, executable }, options.host);
    } catch (error) {
      if (error instanceof FenceError) {
        const why = `The agent's egress fence could not be raised (${error.message}), and content from people without write access can reach the prompt on this event, so the agent does not start; install nftables (or iptables) on the runner, or set "${Input.AllowedHosts}: *" to run it with an open network.`;
        return {
          ok: false,
          why,
          fact: { why: `no egress fence: ${error.message}`, egress: unfenced(error.message) }
        };
      }
      const why = `Hermes could not be set up to run as its own user: ${messageOf(error)}; fix that, or set "${Input.Isolation}: none" to run it as the runner's user.`;
      return { ok: false, why, fact: { why: messageOf(error) } };
    }
  }
  // Fenced with no gateway to reach (model-proxy: off, or a key it does not front): Hermes' own calls
  // to its provider go nowhere unless allowed-hosts names the provider's host.
  if (isolation?.fenced && options.fence.gatewayPort === undefined)
    options.note(
      `The egress fence lets the agent reach only the model gateway, which fronts no provider key here: if Hermes calls its provider itself, list the provider's host in "${Input.AllowedHosts}" (openrouter.ai, api.openai.com, api.anthropic.com…).`
    );
  // From here on the agent runs.
  let released: Promise<IsolationFact> | undefined;
  const release = async (): Promise<IsolationFact> => {
    // Every process of the agent ended and the workspace handed back before anything else is done.
    const ran: IsolationFact = isolation
      ? await isolation.release()
      : {
          why: plan?.kind === 'none' ? plan.why : 'Hermes was not found',
          // No uid to fence; no warning of its own: running as the runner's user was chosen, or
          // warned of (admission refused the events where a fence was required).
          egress: options.fence.egress.kind === 'open' ? OPEN_NETWORK : unfenced(AS_THE_RUNNER)
        };
    const found = exposedCredential(workspace, isolation !== undefined, isolation?.closedTemp);
    // A path the agent may have chosen: redacted like everything else it wrote.
    const credential = found === undefined ? undefined : options.redact(found);
    if (credential)
      options.note(
        `The checkout's git credential (${credential}) was readable by the agent: set persist-credentials: false on actions/checkout`
      );
    // After the agent's last process is gone: nothing it wrote into them stands.
    fileCommands.restore();
    const changed = gitControl.restore();
    if (changed.length > 0) options.warn(options.redact(gitControlWarning(workspace, changed)));
    // The names the proxy refused are the agent's words (a token as a host name, say): redacted.
    const egress = ran.egress && {
      ...ran.egress,
      proxyRefused: ran.egress.proxyRefused.map(r => ({ ...r, name: options.redact(r.name) }))
    };
    const fact = egress ? { ...ran, egress } : ran;
    return credential ? { ...fact, credential } : fact;
  };
  return {
    ok: true,
    confinement: {
      spawning: isolation?.spawning ?? { env: childEnv(env) },
      queryFile: isolation?.queryFile,
      waitFor: work => isolation?.waitFor(work),
      release: () => (released ??= release())
    }
  };
}

/** Whether confine() will try to run the agent as its own user (decided before anything is made). */
export function runsAsOwnUser(
  options: Pick<ConfineOptions, 'plan' | 'executable' | 'workspace' | 'workingDirectory' | 'env'>
): boolean {
  return options.plan?.kind === 'user' && !!options.executable && !unlentWhy(options);
}

/** Why the tree may not be lent to an agent of its own (what of the runner's it holds), or undefined. */
function unlentWhy(
  options: Pick<ConfineOptions, 'plan' | 'executable' | 'workspace' | 'workingDirectory' | 'env'>
): string | undefined {
  if (options.plan?.kind !== 'user' || !options.executable) return undefined;
  const lent = lentTree(options.workspace, options.workingDirectory);
  const held = runnersOwnIn(lent, options.env);
  return held && `${lent} holds ${held}, which the agent must not own`;
}

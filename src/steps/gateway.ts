/**
 * The model gateway in the run (CLI mode): what Hermes will read is read (its `.env`, its
 * config.yaml), the fronting decision made on it (src/fronting/), the gateway started on the keys it
 * fronts, its capability hidden like every secret, and the decision's warnings said (and, where it
 * fronts nothing, that no budget is live).
 */
import type { CliSettings } from '../config/settings.js';
import { readHermesDotenv } from '../config/hermes-dotenv.js';
import { readModelSection } from '../config/hermes-config.js';
import { notAgentOwned } from '../confine/agent-user.js';
import type { TurnFronting } from '../fronting/agent-reach.js';
import { frontingOf, readsConfig, whileFronted } from '../fronting/fronting.js';
import { PROVIDERS } from '../gateway/providers.js';
import type { Gateway } from '../gateway/types.js';
import { inert, type LiveLog } from '../publish/log.js';
import { unenforcedWarning } from '../turn/budget.js';
import type { Cancellation } from '../turn/cancellation.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';

/** The turn's gateway (undefined: `model-proxy: off`, or no key it can front) and what the agent gets. */
export interface TurnGateway extends TurnFronting {
  gateway?: Gateway;
}

/**
 * Starts the turn's gateway on the keys Hermes will really use; where the agent runs as the runner's
 * user, a fronted key stays in this process's environment, which that user can read: said in a
 * warning (and the key is listed as held).
 */
export async function startTurnGateway(
  settings: CliSettings,
  plan: Plan,
  log: LiveLog,
  cancellation: Cancellation,
  { env, gateway, limits, clock, out }: Ports,
  isolated: boolean
): Promise<TurnGateway> {
  const warning = (message: string): void => out.warning(log.redact(message));
  const read = {
    env,
    dotenv: readHermesDotenv(env),
    isolated,
    ignoreUserConfig: settings.ignoreUserConfig
  };
  const facts = {
    ...read,
    model: readsConfig(read) ? readModelSection(env) : undefined,
    modelProxy: settings.gateway.modelProxy
  };
  const fronting = frontingOf(facts);
  fronting.warnings.forEach(warning);
  const retry = limits.modelRetry;
  const started = await gateway.start({
    env: fronting.env,
    mode: settings.gateway.modelProxy,
    budgets: settings.gateway.budgets,
    prices: settings.gateway.prices,
    // No retry may outlast the step's own limit.
    retry:
      settings.timeoutMs > 0
        ? { ...retry, totalMs: Math.min(retry.totalMs, settings.timeoutMs) }
        : retry,
    signal: cancellation.signal,
    note: line => log.note(inert(log.redact(line))),
    warning,
    sleep: clock.sleep,
    // The agent, as its own user, could bind a loopback upstream's port before its server does.
    ...(isolated && { loopbackTrusted: notAgentOwned }),
    // Fenced, the provider may be asked to fetch from the listed hosts only (gateway/reach.ts).
    ...(settings.egress.kind === 'fenced' && { fencedHosts: settings.egress.hosts })
  });
  const { dotenv } = read;
  const configHeld = fronting.configHeld.length > 0 ? { configHeld: fronting.configHeld } : {};
  if (!started) {
    const unenforced = unenforcedWarning(
      settings.gateway.budgets,
      settings.gateway.modelProxy === 'off'
        ? '"model-proxy" is off'
        : `no key the model gateway fronts is in Hermes' reach (it fronts ${PROVIDERS.map(p => p.keyVariable).join(', ')}; a key it leaves to the agent is said above)`,
      settings.sessionRecord
    );
    if (unenforced) warning(unenforced);
    return { dotenv, ...configHeld };
  }
  plan.hide(started.capability);
  const agent = whileFronted(facts, started);
  agent.warnings.forEach(warning);
  return {
    gateway: started,
    dotenv,
    ...(agent.agentConfig !== undefined && { agentConfig: agent.agentConfig }),
    ...configHeld
  };
}

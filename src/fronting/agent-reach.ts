/**
 * What the agent still reaches once the gateway fronts keys, pure: its environment (the gateway's
 * variables over the step's, no copy of a fronted key), what its copy of Hermes' home must do without,
 * and the credentials it holds all the same.
 */
import type { AgentOverrides } from '../confine/agent-home.js';
import { withDotenv, type HermesDotenv } from '../config/hermes-dotenv.js';
import type { heldCredentials } from '../gateway/providers.js';
import type { Gateway } from '../gateway/types.js';
import { searchable } from './fronting.js';

/**
 * The turn's gateway as the agent's side sees it (none: `model-proxy: off`, or no key it can front),
 * Hermes' `.env`, and the text of the isolated agent's own config.yaml while the gateway fronts a key.
 */
export interface TurnFronting {
  gateway?: Pick<Gateway, 'env' | 'fronted'>;
  dotenv?: HermesDotenv;
  agentConfig?: string;
  /** Where the config.yaml the agent reads sets a credential (`auxiliary.vision.api_key`). */
  configHeld?: readonly string[];
}

/**
 * What the agent's copy of Hermes' home must do without: the gateway's variables (the .env copy loses
 * them), the agent's config.yaml, and the fronted keys' real values, the step's and .env's (a copied
 * file holding one is left out). Undefined: no gateway.
 */
export function agentOverrides(
  { gateway, dotenv, agentConfig }: TurnFronting,
  env: NodeJS.ProcessEnv
): AgentOverrides | undefined {
  if (!gateway) return undefined;
  return {
    names: Object.keys(gateway.env),
    keys: gateway.fronted.map(f => f.keyVariable),
    values: frontedValues({ gateway, dotenv }, env),
    ...(agentConfig !== undefined && { config: agentConfig })
  };
}

/**
 * The credentials the agent holds: those of its environment and of Hermes' `.env` that are not the
 * gateway's capability; and, when it runs as the runner's user, the fronted keys too.
 */
export function heldByAgent(
  held: typeof heldCredentials,
  agentEnv: NodeJS.ProcessEnv,
  { gateway, dotenv, configHeld = [] }: TurnFronting,
  isolated: boolean
): string[] {
  return [
    ...held(withDotenv(agentEnv, dotenv), isolated ? (gateway?.fronted ?? []) : []),
    ...configHeld.map(at => `config.yaml: ${at}`)
  ];
}

/**
 * Hermes' environment with the gateway's variables laid over it: the keys replaced, not added to;
 * and any other variable that holds a fronted key's value (the workflow's `LLM_KEY: ${{ secrets.… }}`
 * beside the provider's own name) left out, said in a warning by name.
 */
export function agentEnvironment(
  env: NodeJS.ProcessEnv,
  turn: TurnFronting,
  warning: (message: string) => void = () => undefined
): NodeJS.ProcessEnv {
  const { gateway } = turn;
  if (!gateway) return env;
  const values = frontedValues(turn, env);
  const out: NodeJS.ProcessEnv = { ...env, ...gateway.env };
  const holds = (text: string | undefined): boolean => values.some(v => text?.includes(v));
  const others = Object.keys(out).filter(name => !(name in gateway.env));
  // A name that holds the key is left out unnamed: naming it would print the key.
  const named = others.filter(name => holds(name));
  const copies = others.filter(name => !holds(name) && holds(out[name]));
  for (const name of [...named, ...copies]) delete out[name];
  const said = [...copies, ...(named.length > 0 ? [`${named.length} whose name holds it`] : [])];
  if (said.length > 0)
    warning(
      `${said.join(', ')} ${copies.length + named.length > 1 ? 'hold' : 'holds'} the value of a key the model gateway fronts: left out of Hermes' environment, which would otherwise hold the key.`
    );
  return out;
}

/**
 * The fronted keys' real values, the step's and those of Hermes' .env, to look for elsewhere: of 8
 * characters at least, as the redaction's (shorter, it would be found in ordinary text).
 */
function frontedValues({ gateway, dotenv }: TurnFronting, env: NodeJS.ProcessEnv): string[] {
  return (gateway?.fronted ?? [])
    .flatMap(f => [env[f.keyVariable], dotenv?.values[f.keyVariable]])
    .map(v => v?.trim() ?? '')
    .filter(searchable);
}

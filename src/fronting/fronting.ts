/**
 * The fronting decision, pure: which provider keys the model gateway fronts for the turn and which
 * it leaves with the agent, each said why, from what Hermes will read (the step's environment, its
 * `.env` over it, its config.yaml) and whether the agent runs as its own user; and, once the gateway
 * fronts keys, the agent's own config.yaml and what to say of an agent that runs as the runner's user.
 */
import type { ModelProxyMode } from '../config/gateway.js';
import {
  agentConfigText,
  configCredentials,
  configHolding,
  type ModelSection
} from '../config/hermes-config.js';
import { withDotenv, type HermesDotenv } from '../config/hermes-dotenv.js';
import { PROVIDERS, type ProviderSpec } from '../gateway/providers.js';
import type { Gateway, Provider } from '../gateway/types.js';
import { MIN_ENV_SECRET_CHARS } from '../text/redact.js';
import { anthropicRoute, type RouteFacts } from './anthropic-route.js';

/** What the decision reads; nothing else (no file, no socket). */
export interface FrontingFacts {
  /** The step's environment. */
  env: NodeJS.ProcessEnv;
  /** Hermes' `.env`, which it reads over its environment. */
  dotenv?: HermesDotenv;
  /** config.yaml's model section, when the decision needs it (readsConfig). */
  model?: ModelSection;
  /** The agent runs as its own user, with its own copy of Hermes' home. */
  isolated: boolean;
  /** `ignore-user-config`: Hermes reads no config.yaml. */
  ignoreUserConfig: boolean;
  modelProxy: ModelProxyMode;
}

export interface Fronting {
  /**
   * What the gateway starts on: the step's environment with `.env` over it, the keys left to the
   * agent taken out, Anthropic's upstream the one Hermes would have called.
   */
  env: NodeJS.ProcessEnv;
  /** Why each key present is not fronted, in the order to say it. */
  warnings: string[];
  /** Where the config.yaml the agent reads sets a credential (`auxiliary.vision.api_key`). */
  configHeld: string[];
}

/**
 * Whether the decision needs config.yaml's model section: Hermes takes Anthropic's base URL from it,
 * and the agent reads the file (its own copy, or, as the runner's user, the runner's own; not with
 * ignore-user-config, when it is isolated).
 */
export function readsConfig({
  env,
  dotenv,
  isolated,
  ignoreUserConfig
}: Omit<FrontingFacts, 'model' | 'modelProxy'>): boolean {
  const anthropicKey = Boolean(withDotenv(env, dotenv).ANTHROPIC_API_KEY?.trim());
  return !isolated || !ignoreUserConfig || anthropicKey;
}

/**
 * The keys the gateway is to front: those Hermes will really use (its `.env` beats the step's `env:`).
 * An agent of its own gets a copy of that file without the gateway's variables; one that runs as the
 * runner's user reads the file itself, so a provider named there is not fronted (it would bypass the
 * gateway, or send the real key to it).
 */
export function frontingOf(facts: FrontingFacts): Fronting {
  const { env, dotenv, model, isolated, ignoreUserConfig } = facts;
  const seen = withDotenv(env, dotenv);
  const anthropicKey = Boolean(seen.ANTHROPIC_API_KEY?.trim());
  const copied = isolated && !ignoreUserConfig;
  const agentReads = !isolated || !ignoreUserConfig;
  const route = model && anthropicKey ? { seen, model, isolated, ignoreUserConfig } : undefined;
  const config = copied && model && 'text' in model ? model : undefined;
  const left =
    facts.modelProxy !== 'off'
      ? notFronted(seen, dotenv, isolated, route, config)
      : { providers: new Set<Provider>(), warnings: [] };
  const fronting = { ...seen };
  for (const p of PROVIDERS) if (left.providers.has(p.provider)) delete fronting[p.keyVariable];
  // The upstream Hermes would have called: config.yaml's model.base_url first (see anthropic-route.ts).
  if (left.anthropicUpstream) fronting.ANTHROPIC_BASE_URL = left.anthropicUpstream;
  const configHeld =
    agentReads && model && 'text' in model && model.text ? configCredentials(model.text) : [];
  return { env: fronting, warnings: left.warnings, configHeld };
}

/**
 * What follows from the keys the gateway fronts: the isolated agent's own config.yaml (Hermes' own
 * API retries off, Anthropic's base URL the gateway's when it is fronted; the runner's file is never
 * written), and the warnings of an agent that runs as the runner's user: a fronted key stays in this
 * process's environment, which that user can read.
 */
export function whileFronted(
  { model, isolated, ignoreUserConfig, dotenv }: FrontingFacts,
  gateway: Pick<Gateway, 'env' | 'fronted'>
): { agentConfig?: string; warnings: string[] } {
  const warnings: string[] = [];
  const anthropicBase = gateway.fronted.some(f => f.provider === 'anthropic')
    ? gateway.env.ANTHROPIC_BASE_URL
    : undefined;
  const copied = isolated && !ignoreUserConfig;
  // Only the gateway retries: the agent's own copy says so.
  const agentConfig = isolated ? agentConfigText(copied ? model : undefined, anthropicBase) : {};
  if (agentConfig.kept)
    warnings.push(
      `Hermes' config.yaml cannot be edited for certain (${agentConfig.kept}): Hermes' own API retries (agent.api_max_retries) stay on top of the model gateway's.`
    );
  const fileNoProxy = dotenv?.values.NO_PROXY ?? dotenv?.values.no_proxy;
  if (!isolated && fileNoProxy !== undefined && !fileNoProxy.includes('127.0.0.1'))
    warnings.push(
      `${dotenv?.path ?? '.env'} sets NO_PROXY without 127.0.0.1, and Hermes reads it over its environment: behind a proxy, its calls to the model gateway go to the proxy. Add 127.0.0.1 there.`
    );
  if (!isolated)
    warnings.push(
      `Hermes runs as the runner's user: the key${gateway.fronted.length > 1 ? 's' : ''} the model gateway fronts ` +
        `(${gateway.fronted.map(f => f.keyVariable).join(', ')}) stay readable by the agent in this ` +
        `action's own environment (/proc/<pid>/environ). The gateway still counts, caps and retries the ` +
        `model calls; run Hermes as its own user to keep the key from it (see docs/gateway.md). The step's ` +
        `inputs (github-token, api-key) and the runner's own tokens are as readable.`
    );
  return { ...(agentConfig.text !== undefined && { agentConfig: agentConfig.text }), warnings };
}

/** The providers whose key is not to be fronted though present, each said why. */
function notFronted(
  seen: NodeJS.ProcessEnv,
  dotenv: HermesDotenv | undefined,
  isolated: boolean,
  anthropic: RouteFacts | undefined,
  config: { path: string; text?: string } | undefined
): { providers: Set<Provider>; warnings: string[]; anthropicUpstream?: string } {
  const providers = new Set<Provider>();
  const warnings: string[] = [];
  const leave = (specs: readonly ProviderSpec[], why: string): void => {
    if (specs.length === 0) return;
    warnings.push(why);
    for (const p of specs) providers.add(p.provider);
  };
  const values = dotenv?.values ?? {};
  if (dotenv && !isolated) {
    // Hermes reads the runner's own file over its environment: the key would bypass the gateway.
    const named = PROVIDERS.filter(p => p.keyVariable in values || p.baseVariable in values);
    leave(
      named,
      `${dotenv.path} sets ${named.map(p => p.keyVariable).join(', ')}: Hermes reads that file over its ` +
        `environment, so while it runs as the runner's user the model gateway does not front ` +
        `${named.map(p => p.provider).join(', ')}; give the key in the step's env instead.`
    );
  }
  // The agent reads its own copy of config.yaml: a key's value anywhere in it (a comment, a flow
  // mapping, another name) is held by the agent whatever the gateway does.
  const key = (p: ProviderSpec): string => seen[p.keyVariable]?.trim() ?? '';
  const keys = PROVIDERS.filter(p => !providers.has(p.provider))
    .map(key)
    .filter(searchable);
  const inConfig = config?.text !== undefined ? configHolding(config.text, keys) : undefined;
  const holdsKey = (p: ProviderSpec, why: string): void =>
    leave(
      [p],
      `${config?.path ?? 'config.yaml'} ${why} the value of ${p.keyVariable}, and the agent reads its own copy of that file: the model gateway does not front ${p.provider}, and the agent holds the key. Take the key out of config.yaml.`
    );
  for (const p of PROVIDERS)
    if (inConfig?.holding.has(key(p)) && !providers.has(p.provider)) holdsKey(p, 'holds');
  // Hermes' loader expands ${…} in a value (python-dotenv's interpolation); this reading does not.
  for (const p of PROVIDERS)
    if (
      !providers.has(p.provider) &&
      [p.keyVariable, p.baseVariable].some(n => values[n]?.includes('$'))
    )
      leave(
        [p],
        `${dotenv?.path ?? '.env'} sets ${p.keyVariable} or ${p.baseVariable} with a $ in it, which Hermes expands and the action does not: the model gateway does not front ${p.provider}.`
      );
  // OpenAI-compatible: Hermes reads OPENAI_BASE_URL only when asked for `openai-api` (hermes_cli/auth.py,
  // hermes_cli/runtime_provider.py; docs/gateway.md). OpenRouter's calls always go to the gateway (it
  // asks for it by name); Anthropic's are decided in anthropic-route.ts.
  const openai = PROVIDERS.find(p => p.provider === 'openai');
  if (
    openai &&
    !providers.has('openai') &&
    seen[openai.keyVariable]?.trim() &&
    seen.HERMES_INFERENCE_PROVIDER?.trim() !== 'openai-api'
  )
    leave([openai], OPENAI_UNROUTED);
  const spec = PROVIDERS.find(p => p.provider === 'anthropic');
  const route =
    spec && anthropic && !providers.has('anthropic') ? anthropicRoute(anthropic) : undefined;
  if (spec && route && !route.routed) leave([spec], route.why);
  // Last, so that a reason of its own comes first: a config.yaml the action cannot read as YAML may
  // hold, escaped past the error, a key still to be fronted.
  if (inConfig?.unsure)
    for (const p of PROVIDERS)
      if (searchable(key(p)) && !providers.has(p.provider))
        holdsKey(p, 'is not YAML the action can read, so it may hold');
  return route?.routed && !providers.has('anthropic')
    ? { providers, warnings, anthropicUpstream: route.upstream }
    : { providers, warnings };
}

/** Why an OpenAI-compatible key is not fronted. */
const OPENAI_UNROUTED =
  'OPENAI_API_KEY is not fronted by the model gateway: Hermes reads OPENAI_BASE_URL only when asked for the openai-api provider (HERMES_INFERENCE_PROVIDER: openai-api), so the agent holds the key. Set that, or use OpenRouter, to keep the key from the agent.';

/** A value long enough to look for elsewhere: the redaction's 8 characters (shorter, it is in ordinary text). */
export const searchable = (value: string): boolean => value.length >= MIN_ENV_SECRET_CHARS;

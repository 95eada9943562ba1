/**
 * The model gateway in the run (CLI mode): started before Hermes' environment is built, its
 * capability hidden like every secret, what it counted turned into a fact; and the budgets and
 * Hermes' own limits as the verdict and argv see them.
 */
import * as fs from 'node:fs';
import { openTranscript } from '../config/paths.js';
import type { CliSettings, Settings } from '../config/settings.js';
import { readHermesDotenv, withDotenv, type HermesDotenv } from '../config/hermes-dotenv.js';
import {
  agentConfigText,
  configCredentials,
  configHolding,
  readModelSection
} from '../config/hermes-config.js';
import type { AgentOverrides } from '../confine/agent-home.js';
import { notAgentOwned } from '../confine/agent-user.js';
import { PROVIDERS, type ProviderSpec } from '../gateway/providers.js';
import { afterTurn, uncountedWarning, unenforcedWarning } from '../gateway/unenforced.js';
import { Input } from '../config/inputs.js';
import type { Gateway, Provider } from '../gateway/types.js';
import { inert, type LiveLog } from '../publish/log.js';
import type { Attempt } from '../run/attempt.js';
import type { Cancellation } from '../run/cancellation.js';
import type { BudgetFact, GatewayFact } from '../run/facts.js';
import type { SessionRecord } from '../cli/session-record.js';
import type { Verdict } from '../run/verdict.js';
import { StreamReader } from '../run/stream-reader.js';
import { MIN_ENV_SECRET_CHARS, type Redacted, type Redactor } from '../text/redact.js';
import { anthropicRoute, type RouteFacts } from './anthropic-route.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';

/**
 * The turn's gateway (undefined: `model-proxy: off`, or no key it can front), Hermes' `.env`, and
 * the text of the isolated agent's own config.yaml while the gateway fronts a key: Hermes' own API
 * retries off, Anthropic's base URL the gateway's when it is fronted (config/hermes-config.ts).
 */
export interface TurnGateway {
  gateway?: Gateway;
  dotenv?: HermesDotenv;
  agentConfig?: string;
  /** Where the config.yaml the agent reads sets a credential (`auxiliary.vision.api_key`). */
  configHeld?: readonly string[];
}

/**
 * Starts the turn's gateway on the keys Hermes will really use: its `.env` beats the step's `env:`.
 * An agent of its own gets a copy of that file without the gateway's variables; one that runs as the
 * runner's user reads the file itself, so a provider named there is not fronted (it would bypass the
 * gateway, or send the real key to it), and a fronted key stays in this process's environment, which
 * the runner's user can read: both said in a warning, and the key listed as held.
 */
export async function startTurnGateway(
  settings: CliSettings,
  plan: Plan,
  log: LiveLog,
  cancellation: Cancellation,
  { env, gateway, limits, clock, out }: Ports,
  isolated: boolean
): Promise<TurnGateway> {
  const dotenv = readHermesDotenv(env);
  const warning = (message: string): void => out.warning(log.redact(message));
  const seen = withDotenv(env, dotenv);
  // Hermes takes Anthropic's base URL from config.yaml; and the agent reads the file: its own copy,
  // or, as the runner's user, the runner's own (not with ignore-user-config, when it is isolated).
  const anthropicKey = Boolean(seen.ANTHROPIC_API_KEY?.trim());
  const ignoreUserConfig = settings.ignoreUserConfig;
  const copied = isolated && !ignoreUserConfig;
  const agentReads = !isolated || !ignoreUserConfig;
  const model = agentReads || anthropicKey ? readModelSection(env) : undefined;
  const facts = model && anthropicKey ? { seen, model, isolated, ignoreUserConfig } : undefined;
  const config = copied && model && 'text' in model ? model : undefined;
  const left =
    settings.gateway.modelProxy !== 'off'
      ? notFronted(seen, dotenv, isolated, facts, config)
      : { providers: new Set<Provider>(), warnings: [] };
  left.warnings.forEach(warning);
  const fronting = { ...seen };
  for (const p of PROVIDERS) if (left.providers.has(p.provider)) delete fronting[p.keyVariable];
  // The upstream Hermes would have called: config.yaml's model.base_url first (see anthropic-route.ts).
  if (left.anthropicUpstream) fronting.ANTHROPIC_BASE_URL = left.anthropicUpstream;
  const retry = limits.modelRetry;
  const started = await gateway.start({
    env: fronting,
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
    ...(isolated && { loopbackTrusted: notAgentOwned })
  });
  const found =
    agentReads && model && 'text' in model && model.text ? configCredentials(model.text) : [];
  const configHeld = found.length > 0 ? { configHeld: found } : {};
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
  const anthropicBase = started.fronted.some(f => f.provider === 'anthropic')
    ? started.env.ANTHROPIC_BASE_URL
    : undefined;
  // Only the gateway retries: the agent's own copy says so (the runner's file is never written).
  const agentConfig = isolated ? agentConfigText(copied ? model : undefined, anthropicBase) : {};
  if (agentConfig.kept)
    warning(
      `Hermes' config.yaml cannot be edited for certain (${agentConfig.kept}): Hermes' own API retries (agent.api_max_retries) stay on top of the model gateway's.`
    );
  const fileNoProxy = dotenv?.values.NO_PROXY ?? dotenv?.values.no_proxy;
  if (!isolated && fileNoProxy !== undefined && !fileNoProxy.includes('127.0.0.1'))
    warning(
      `${dotenv?.path ?? '.env'} sets NO_PROXY without 127.0.0.1, and Hermes reads it over its environment: behind a proxy, its calls to the model gateway go to the proxy. Add 127.0.0.1 there.`
    );
  if (!isolated)
    warning(
      `Hermes runs as the runner's user: the key${started.fronted.length > 1 ? 's' : ''} the model gateway fronts ` +
        `(${started.fronted.map(f => f.keyVariable).join(', ')}) stay readable by the agent in this ` +
        `action's own environment (/proc/<pid>/environ). The gateway still counts, caps and retries the ` +
        `model calls; run Hermes as its own user to keep the key from it (see docs/gateway.md). The step's ` +
        `inputs (github-token, api-key) and the runner's own tokens are as readable.`
    );
  return {
    gateway: started,
    dotenv,
    ...(agentConfig.text !== undefined && { agentConfig: agentConfig.text }),
    ...configHeld
  };
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

/**
 * What the agent's copy of Hermes' home must do without: the gateway's variables (the .env copy loses
 * them), the agent's config.yaml, and the fronted keys' real values, the step's and .env's (a copied
 * file holding one is left out). Undefined: no gateway.
 */
export function agentOverrides(
  { gateway, dotenv, agentConfig }: TurnGateway,
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
  held: Ports['gateway']['held'],
  agentEnv: NodeJS.ProcessEnv,
  { gateway, dotenv, configHeld = [] }: TurnGateway,
  isolated: boolean
): string[] {
  return [
    ...held(withDotenv(agentEnv, dotenv), isolated ? (gateway?.fronted ?? []) : []),
    ...configHeld.map(at => `config.yaml: ${at}`)
  ];
}

/**
 * The fronted keys' real values, the step's and those of Hermes' .env, to look for elsewhere: of 8
 * characters at least, as the redaction's (shorter, it would be found in ordinary text).
 */
function frontedValues({ gateway, dotenv }: TurnGateway, env: NodeJS.ProcessEnv): string[] {
  return (gateway?.fronted ?? [])
    .flatMap(f => [env[f.keyVariable], dotenv?.values[f.keyVariable]])
    .map(v => v?.trim() ?? '')
    .filter(searchable);
}

const searchable = (value: string): boolean => value.length >= MIN_ENV_SECRET_CHARS;

/**
 * Hermes' environment with the gateway's variables laid over it: the keys replaced, not added to;
 * and any other variable that holds a fronted key's value (the workflow's `LLM_KEY: ${{ secrets.… }}`
 * beside the provider's own name) left out, said in a warning by name.
 */
export function agentEnvironment(
  env: NodeJS.ProcessEnv,
  turn: TurnGateway,
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

/** What the gateway counted, its strings redacted (the model is the agent's choice). */
export function gatewayFact(gateway: Gateway, redact: Redactor): GatewayFact {
  const stats = gateway.stats();
  return {
    calls: stats.calls.map(({ streamed: _streamed, model, ...call }) => ({
      ...call,
      ...(model !== undefined && { model: redact(model) })
    })),
    retries: stats.retries,
    tokens: stats.tokens,
    ...(stats.costUsd !== undefined && { costUsd: stats.costUsd }),
    costLive: stats.costLive,
    ...(stats.stopped && { stopped: stats.stopped })
  };
}

/**
 * The budget the turn went past: the one the gateway enforced, else one counted after the turn on the
 * session record (gateway/unenforced.ts).
 */
export function budgetStop(
  settings: CliSettings,
  fact: GatewayFact | undefined,
  record: SessionRecord | undefined
): BudgetFact | undefined {
  if (fact?.stopped) return fact.stopped;
  return afterTurn(settings.gateway.budgets, fact, record?.ok ? record.usage : undefined).stop;
}

/**
 * The warning for budgets the turn could not be held to at all: not live, and not counted after it.
 * Undefined when there are none, or when the warning before the turn said so already.
 */
export function uncountedBudgets(
  settings: Settings,
  { gateway, record }: { gateway?: GatewayFact; record?: SessionRecord }
): string | undefined {
  if (settings.mode !== 'cli' || gateway?.stopped) return undefined;
  if (!gateway && !settings.sessionRecord) return undefined;
  const usage = record?.ok ? record.usage : undefined;
  const { uncounted } = afterTurn(settings.gateway.budgets, gateway, usage);
  return uncountedWarning(uncounted, usage !== undefined);
}

/** The verdict a budget gives: budget_exceeded, naming the budget, the figure and the limit. */
export function budgetVerdict(stop: BudgetFact, exitCode: number | undefined): Verdict {
  const how = stop.estimated
    ? 'estimated after the turn on the session record'
    : 'the gateway refused the next model call';
  return {
    outcome: 'budget_exceeded',
    ...(exitCode !== undefined && { exitCode }),
    message: `The turn reached ${stop.budget}: ${stop.figure} against a limit of ${stop.limit} (${how}).`
  };
}

/** Outcomes a budget does not replace: what ended the turn was not the budget. */
const NOT_BUDGET = new Set(['interrupted', 'timeout', 'not_found', 'usage_error']);

/** The decision, replaced by budget_exceeded when a budget stopped the turn (CLI mode). */
export function withBudget<D extends { verdict: Verdict }>(
  decision: D,
  settings: Settings,
  { gateway, record }: { gateway?: GatewayFact; record?: SessionRecord }
): D {
  if (settings.mode !== 'cli' || NOT_BUDGET.has(decision.verdict.outcome)) return decision;
  const stop = budgetStop(settings, gateway, record);
  return stop ? { ...decision, verdict: budgetVerdict(stop, decision.verdict.exitCode) } : decision;
}

/** The flags asked for by input, for `hermes chat --help` to confirm. */
export function askedFlags(
  settings: CliSettings
): { flag: string; input: string; value: number }[] {
  const { maxTurns, runBudgetSeconds } = settings.gateway;
  return [
    ...(maxTurns !== undefined
      ? [{ flag: '--max-turns', input: Input.MaxTurns, value: maxTurns }]
      : []),
    ...(runBudgetSeconds !== undefined
      ? [{ flag: '--run-budget', input: Input.RunBudget, value: runBudgetSeconds }]
      : [])
  ];
}

/** A Hermes that does not list a flag asked for: refused as usage_error before it runs. */
export function refusedFlags(
  unlisted: { flag: string; input: string; value: number }[],
  jsonlPath: string,
  log: LiveLog
): Attempt {
  fs.closeSync(openTranscript(jsonlPath, 'write'));
  const line = (`Input ${unlisted.map(u => `"${u.input}" (${u.value})`).join(' and ')} asks for ` +
    `${unlisted.map(u => u.flag).join(' and ')}, which this Hermes' "hermes chat --help" does not list; ` +
    'remove the input, or run a Hermes that has it.') as Redacted;
  return {
    turn: new StreamReader(log).finish(),
    durationMs: 0,
    end: {
      kind: 'process',
      exitCode: 2,
      signal: null,
      stderrTail: [line],
      timedOut: false,
      cancelled: false,
      timeoutMs: 0
    }
  };
}

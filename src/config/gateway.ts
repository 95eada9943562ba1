/**
 * The model gateway's inputs (`model-proxy`, `max-tokens`, `max-cost-usd`, `max-model-calls`) and
 * Hermes' own limits passed on (`max-turns`, `run-budget`), as settings.
 */
import { InputError, reader } from './input-reader.js';

/** The input names this file reads, spelled as in action.yml (the Input enum includes them). */
export const GatewayInput = {
  ModelProxy: 'model-proxy',
  MaxTokens: 'max-tokens',
  MaxCostUsd: 'max-cost-usd',
  MaxModelCalls: 'max-model-calls',
  MaxTurns: 'max-turns',
  RunBudget: 'run-budget',
  ModelPrices: 'model-prices'
} as const;

type GatewayInputName = (typeof GatewayInput)[keyof typeof GatewayInput];

/** `auto`: every supported provider key is fronted by the gateway; `off`: Hermes holds the keys. */
export type ModelProxyMode = 'auto' | 'off';
const MODES: ModelProxyMode[] = ['auto', 'off'];

export interface GatewaySettings {
  modelProxy: ModelProxyMode;
  /** The turn's budgets, enforced between calls; absent: no limit. */
  budgets: { maxTokens?: number; maxCostUsd?: number; maxModelCalls?: number };
  /** Hermes' `--max-turns`, when given. */
  maxTurns?: number;
  /** Hermes' `--run-budget` in seconds, when given. */
  runBudgetSeconds?: number;
  /** `model-prices`: USD per million tokens by model, for reservations and streams (gateway/meter.ts). */
  prices: Readonly<Record<string, { input: number; output: number }>>;
}

export function parseGateway(getInput: (name: GatewayInputName) => string): GatewaySettings {
  const { text, number } = reader(getInput);
  const mode = text(GatewayInput.ModelProxy) ?? 'auto';
  if (!MODES.includes(mode as ModelProxyMode))
    throw new InputError(
      `Input "${GatewayInput.ModelProxy}" is ${JSON.stringify(mode)}; allowed: auto or off.`
    );
  // 0 stands for "not given": a limit of 0 would stop the turn before its first call.
  const given = (name: GatewayInputName, integer: boolean): number | undefined =>
    number(name, 0, { integer, min: integer ? 1 : 0 }) || undefined;
  const maxCostUsd = text(GatewayInput.MaxCostUsd)
    ? number(GatewayInput.MaxCostUsd, 0, { integer: false, min: 0 })
    : undefined;
  const budgets = {
    ...optional('maxTokens', given(GatewayInput.MaxTokens, true)),
    ...optional('maxCostUsd', maxCostUsd),
    ...optional('maxModelCalls', given(GatewayInput.MaxModelCalls, true))
  };
  return {
    modelProxy: mode as ModelProxyMode,
    budgets,
    prices: parsePrices(text(GatewayInput.ModelPrices)),
    ...optional('maxTurns', given(GatewayInput.MaxTurns, true)),
    ...optional('runBudgetSeconds', given(GatewayInput.RunBudget, false))
  };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}

/**
 * `model-prices`: a JSON object of model name to `{"input": …, "output": …}`, USD per million tokens,
 * as the provider's price list gives them. Anything else is refused, naming what is wrong.
 */
function parsePrices(raw: string | undefined): GatewaySettings['prices'] {
  if (raw === undefined) return {};
  const bad = (why: string): InputError =>
    new InputError(
      `Input "${GatewayInput.ModelPrices}" is ${JSON.stringify(raw.length > 200 ? `${raw.slice(0, 199)}…` : raw)}, which ${why}; give a JSON object such as {"nousresearch/hermes-4-70b": {"input": 0.13, "output": 0.40}} (USD per million tokens).`
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad('is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw bad('is not a JSON object');
  const prices: Record<string, { input: number; output: number }> = {};
  for (const [model, price] of Object.entries(parsed as Record<string, unknown>)) {
    const p = price as Record<string, unknown> | null;
    const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    if (typeof p !== 'object' || p === null || !ok(p.input) || !ok(p.output))
      throw bad(`gives ${JSON.stringify(model)} no "input" and "output" price of 0 or more`);
    prices[model] = { input: p.input, output: p.output };
  }
  return Object.freeze(prices);
}

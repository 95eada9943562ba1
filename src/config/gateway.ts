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
  RunBudget: 'run-budget'
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
    ...optional('maxTurns', given(GatewayInput.MaxTurns, true)),
    ...optional('runBudgetSeconds', given(GatewayInput.RunBudget, false))
  };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}

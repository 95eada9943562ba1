/**
 * The budgets' verdict (CLI mode): budget_exceeded when the gateway refused a call for a budget, or
 * when a budget it could not hold live (every `max-*` of a turn whose calls do not pass through it,
 * `model-proxy: off` or no key it can front; `max-cost-usd` where no cost arrives with the calls),
 * counted after the turn on the session record, went past its limit. What is said of those budgets,
 * before the turn and after it.
 */
import { GatewayInput, type GatewaySettings } from '../config/gateway.js';
import type { CliSettings, Settings } from '../config/settings.js';
import type { BudgetFact, GatewayFact } from './facts.js';
import type { SessionUsage } from './session-usage.js';
import type { Verdict } from './verdict.js';

/** The session record of the turn, as far as a budget reads it (hermes/session-record.ts). */
type Recorded = { ok: true; usage: SessionUsage } | { ok: false };

/** What the gateway counted of the turn, as far as the budgets go; absent: no gateway ran. */
interface Counted {
  /** Every answered call reported its cost. */
  costLive: boolean;
  costUsd?: number;
}

/** The budgets that are set, by input name, in the order the gateway checks them. */
function setBudgets(budgets: GatewaySettings['budgets']): string[] {
  return [
    ...(budgets.maxModelCalls !== undefined ? [GatewayInput.MaxModelCalls] : []),
    ...(budgets.maxTokens !== undefined ? [GatewayInput.MaxTokens] : []),
    ...(budgets.maxCostUsd !== undefined ? [GatewayInput.MaxCostUsd] : [])
  ];
}

/**
 * The one warning before a turn the gateway does not front: the budgets set, why none is live, and
 * whether anything counts them after the turn. Undefined when no budget is set.
 */
export function unenforcedWarning(
  budgets: GatewaySettings['budgets'],
  why: string,
  sessionRecord: boolean
): string | undefined {
  const names = setBudgets(budgets);
  if (names.length === 0) return undefined;
  const one = names.length === 1;
  const listed = names.map(n => `"${n}"`).join(one ? '' : ' and ');
  const after = sessionRecord
    ? `${one ? 'It is' : 'They are'} counted after the turn on Hermes' session record (estimated): a turn over ${one ? 'it' : 'one'} ends budget_exceeded, but its calls were made and paid for.`
    : `"session-record" is false, so nothing counts ${one ? 'it' : 'them'}: set it to true, or let the gateway front the key.`;
  return `${listed} cannot be enforced live: ${why}, so the model gateway sees none of the turn's calls. ${after} See docs/gateway.md.`;
}

/** What counting after the turn came to: the budget passed, and those it had no figure for. */
interface AfterTurn {
  stop?: BudgetFact;
  /** Budgets not held live whose figure the session record does not give (or there is none). */
  uncounted: string[];
}

/**
 * The budgets counted after the turn on the session record: calls and tokens where no gateway ran
 * (it counts every call it fronts), cost also where the gateway got no cost with the calls. Over
 * means past the limit, as the gateway allows calls up to it.
 */
function afterTurn(
  budgets: GatewaySettings['budgets'],
  counted: Counted | undefined,
  usage: SessionUsage | undefined
): AfterTurn {
  const costLive = counted?.costLive === true && counted.costUsd !== undefined;
  type Check = { budget: BudgetFact['budget']; figure?: number; limit?: number };
  const checks: Check[] = [
    ...(counted
      ? []
      : [
          {
            budget: GatewayInput.MaxModelCalls,
            figure: usage?.apiCalls,
            limit: budgets.maxModelCalls
          },
          {
            budget: GatewayInput.MaxTokens,
            figure: usage && recordTokens(usage),
            limit: budgets.maxTokens
          }
        ]),
    ...(costLive
      ? []
      : [{ budget: GatewayInput.MaxCostUsd, figure: usage?.costUsd, limit: budgets.maxCostUsd }])
  ];
  const result: AfterTurn = { uncounted: [] };
  for (const { budget, figure, limit } of checks) {
    if (limit === undefined) continue;
    if (figure === undefined) result.uncounted.push(budget);
    else if (figure > limit && !result.stop)
      result.stop = { budget, figure, limit, estimated: true };
  }
  return result;
}

/**
 * The tokens a session record says the turn used. Upstream's row keeps the prompt's cached part
 * apart (agent/usage_pricing.py, CanonicalUsage: prompt = input + cache read + cache write), so all
 * four count, as in a provider's usage (what the gateway counts). Undefined when it has none.
 */
function recordTokens(usage: SessionUsage): number | undefined {
  const numbers = (
    ['input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens'] as const
  )
    .map(name => usage.fields[name])
    .filter((n): n is number => typeof n === 'number');
  return numbers.length === 0 ? undefined : numbers.reduce((a, b) => a + b, 0);
}

/** The warning after the turn for budgets it could not be held to, or undefined. */
function uncountedWarning(uncounted: readonly string[], recordRead: boolean): string | undefined {
  if (uncounted.length === 0) return undefined;
  const one = uncounted.length === 1;
  const why = recordRead
    ? `the session record gives no figure for ${one ? 'it' : 'them'}`
    : 'there is no session record to count on (its row in the summary says why)';
  return `${uncounted.map(n => `"${n}"`).join(' and ')} could not be counted after the turn: ${why}, so the turn was not held to ${one ? 'it' : 'them'}.`;
}

/**
 * The budget the turn went past: the one the gateway enforced, else one counted after the turn on the
 * session record.
 */
function budgetStop(
  settings: CliSettings,
  fact: GatewayFact | undefined,
  record: Recorded | undefined
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
  { gateway, record }: { gateway?: GatewayFact; record?: Recorded }
): string | undefined {
  if (settings.mode !== 'cli' || gateway?.stopped) return undefined;
  if (!gateway && !settings.sessionRecord) return undefined;
  const usage = record?.ok ? record.usage : undefined;
  const { uncounted } = afterTurn(settings.gateway.budgets, gateway, usage);
  return uncountedWarning(uncounted, usage !== undefined);
}

/** The verdict a budget gives: budget_exceeded, naming the budget, the figure and the limit. */
function budgetVerdict(stop: BudgetFact, exitCode: number | undefined): Verdict {
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
  { gateway, record }: { gateway?: GatewayFact; record?: Recorded }
): D {
  if (settings.mode !== 'cli' || NOT_BUDGET.has(decision.verdict.outcome)) return decision;
  const stop = budgetStop(settings, gateway, record);
  return stop ? { ...decision, verdict: budgetVerdict(stop, decision.verdict.exitCode) } : decision;
}

/** What a matrix came to: counts, sums, and the tools across every leg. */
import type { ToolStats } from '../turn/turn.js';
import type { Leg, LegOutcome } from './leg.js';

export interface Totals {
  runs: number;
  succeeded: number;
  failed: number;
  /** Of all runs; 0 when there are none. */
  passRate: number;
  tokensTotal: number;
  /** The sum of the legs' durations (those that reported one). */
  durationMs: number;
  toolCalls: number;
  toolErrors: number;
  /** Outcome → how many legs, most frequent first. */
  outcomes: [LegOutcome, number][];
  /** The legs' costs summed, of those whose session record has one; absent when none has. */
  costUsd?: number;
  /** How many legs' costs are in costUsd, and how many of them are estimates. */
  costLegs: number;
  costEstimates: number;
  /** Each tool across all legs, the most time first; `legs` counts the legs that called it. */
  tools: (ToolStats & { legs: number })[];
}

export function totalsOf(legs: Leg[]): Totals {
  const outcomes = new Map<LegOutcome, number>();
  const tools = new Map<string, ToolStats & { legs: number }>();
  let tokensTotal = 0;
  let durationMs = 0;
  let toolCalls = 0;
  let toolErrors = 0;
  let costUsd: number | undefined;
  let costLegs = 0;
  let costEstimates = 0;
  for (const leg of legs) {
    const cost = leg.usage?.costUsd;
    if (cost !== undefined) {
      costUsd = (costUsd ?? 0) + cost;
      costLegs += 1;
      if (leg.usage?.costEstimated) costEstimates += 1;
    }
    outcomes.set(leg.outcome, (outcomes.get(leg.outcome) ?? 0) + 1);
    tokensTotal += leg.tokens?.total ?? 0;
    durationMs += leg.durationMs ?? 0;
    toolCalls += leg.toolCalls;
    toolErrors += leg.toolErrors;
    for (const t of leg.tools) {
      const sum = tools.get(t.name) ?? {
        name: t.name,
        calls: 0,
        errors: 0,
        totalMs: 0,
        maxMs: 0,
        legs: 0
      };
      sum.calls += t.calls;
      sum.errors += t.errors;
      sum.totalMs += t.totalMs;
      sum.maxMs = Math.max(sum.maxMs, t.maxMs);
      sum.legs += 1;
      tools.set(t.name, sum);
    }
  }
  const succeeded = outcomes.get('success') ?? 0;
  return {
    runs: legs.length,
    succeeded,
    failed: legs.length - succeeded,
    passRate: legs.length > 0 ? succeeded / legs.length : 0,
    tokensTotal,
    durationMs,
    toolCalls,
    toolErrors,
    ...(costUsd !== undefined && { costUsd }),
    costLegs,
    costEstimates,
    outcomes: [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    tools: [...tools.values()].sort(
      (a, b) => b.totalMs - a.totalMs || b.calls - a.calls || a.name.localeCompare(b.name)
    )
  };
}

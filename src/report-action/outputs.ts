/** The report sub-action's outputs (names in one place), and the report file: one object per leg. */
import type { Leg } from './leg.js';
import type { Totals } from './totals.js';

export const ReportOutput = {
  Runs: 'runs',
  Succeeded: 'succeeded',
  Failed: 'failed',
  TokensTotal: 'tokens_total',
  DurationMs: 'duration_ms',
  Outcomes: 'outcomes',
  Report: 'report',
  CostUsd: 'cost_usd'
} as const;

export type ReportOutputName = (typeof ReportOutput)[keyof typeof ReportOutput];

export function reportOutputs(totals: Totals, reportPath: string): Map<ReportOutputName, string> {
  return new Map<ReportOutputName, string>([
    [ReportOutput.Runs, String(totals.runs)],
    [ReportOutput.Succeeded, String(totals.succeeded)],
    [ReportOutput.Failed, String(totals.failed)],
    [ReportOutput.TokensTotal, String(totals.tokensTotal)],
    [ReportOutput.DurationMs, String(Math.round(totals.durationMs))],
    [ReportOutput.Outcomes, JSON.stringify(Object.fromEntries(totals.outcomes))],
    [ReportOutput.Report, reportPath],
    // The sum of the costs the legs' session records give; empty, never 0, when none gives one.
    [ReportOutput.CostUsd, totals.costUsd !== undefined ? String(roundUsd(totals.costUsd)) : '']
  ]);
}

/** Sums of binary fractions grow noise digits (0.1 + 0.2): a cost is kept to a billionth of a dollar. */
function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}

/** A leg as the report file holds it: snake_case, like the main action's outputs; null when unknown. */
export function legRecord(leg: Leg): Record<string, unknown> {
  return {
    name: leg.name,
    outcome: leg.outcome,
    // Whose word the outcome is: the step's own record, or the transcript's fold (none: unreadable).
    outcome_from: leg.byAction ? 'action' : leg.outcome === 'unreadable' ? null : 'transcript',
    exit_code: leg.exitCode ?? null,
    model: leg.model ?? null,
    tokens: leg.tokens ?? null,
    duration_ms: leg.durationMs ?? null,
    tool_calls: leg.toolCalls,
    tool_errors: leg.toolErrors,
    error: leg.error,
    attempts: leg.attempts,
    cost_usd: leg.usage?.costUsd ?? null,
    cost_estimated: leg.usage?.costEstimated ?? null,
    usage: leg.usage?.fields ?? null,
    ...(leg.source.kind === 'artifact'
      ? { artifact_id: leg.source.id, artifact_url: leg.source.url }
      : { path: leg.source.path })
  };
}

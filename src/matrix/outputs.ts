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
  Report: 'report'
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
    [ReportOutput.Report, reportPath]
  ]);
}

/** A leg as the report file holds it: snake_case, like the main action's outputs; null when unknown. */
export function legRecord(leg: Leg): Record<string, unknown> {
  return {
    name: leg.name,
    outcome: leg.outcome,
    exit_code: leg.exitCode ?? null,
    model: leg.model ?? null,
    tokens: leg.tokens ?? null,
    duration_ms: leg.durationMs ?? null,
    tool_calls: leg.toolCalls,
    tool_errors: leg.toolErrors,
    error: leg.error,
    attempts: leg.attempts,
    ...(leg.source.kind === 'artifact'
      ? { artifact_id: leg.source.id, artifact_url: leg.source.url }
      : { path: leg.source.path })
  };
}

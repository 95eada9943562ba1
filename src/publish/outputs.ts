/** Step outputs: names in one place, values from a report. */
import { NONE, type Redacted } from '../text/redact.js';
import type { RunReport } from './run-report.js';

export const Output = {
  ExitCode: 'exit_code',
  Outcome: 'outcome',
  Error: 'error',
  SessionId: 'session_id',
  Model: 'model',
  Text: 'text',
  Tokens: 'tokens',
  TokensInput: 'tokens_input',
  TokensOutput: 'tokens_output',
  TokensTotal: 'tokens_total',
  TokensCacheRead: 'tokens_cache_read',
  TokensCacheWrite: 'tokens_cache_write',
  DurationMs: 'duration_ms',
  ToolCalls: 'tool_calls',
  ToolErrors: 'tool_errors',
  Jsonl: 'jsonl',
  ArtifactId: 'artifact_id',
  ArtifactUrl: 'artifact_url',
  Attempts: 'attempts',
  StructuredOutput: 'structured_output',
  Agent: 'agent',
  /** Deprecated: `agent` under its old name, which API server mode made a misnomer. */
  HermesVersion: 'hermes_version',
  CostUsd: 'cost_usd',
  CostEstimated: 'cost_estimated',
  Usage: 'usage',
  SessionArtifactUrl: 'session_artifact_url',
  ModelCalls: 'model_calls',
  ModelRetries: 'model_retries',
  ReviewId: 'review_id',
  ReviewUrl: 'review_url',
  ReviewComments: 'review_comments',
  ReviewOutside: 'review_outside',
  LabelsAdded: 'labels_added',
  EgressBlocked: 'egress_blocked',
  ThreadId: 'thread_id',
  ThreadTurn: 'thread_turn',
  ThreadResumed: 'thread_resumed'
} as const;

export type OutputName = (typeof Output)[keyof typeof Output];

/** All outputs of a job share 1 MB: the answer gets at most this much of it. */
export const TEXT_OUTPUT_CHARS = 64 * 1024;
export const CUT_MARK = '\n[… cut: the whole answer is in the transcript]';

/**
 * Every output, unknown values empty (never invented): the runner keeps the last value written for a
 * name, so an empty one still replaces what the agent may have appended. Text from the
 * stream comes redacted (the report's types say so); numbers, the outcome and the action's own
 * paths and links are set as they are, never redacted.
 */
export function outputsOf(report: RunReport, attempts: number): Map<OutputName, string> {
  const { turn, verdict } = report;
  const out = new Map<OutputName, string>();
  const set = (name: OutputName, value: Redacted | number | undefined): void => {
    if (value !== undefined) out.set(name, String(value));
  };
  const own = (name: OutputName, value: string | undefined): void => {
    if (value !== undefined) out.set(name, value);
  };
  own(Output.Outcome, verdict.outcome);
  set(Output.ExitCode, verdict.exitCode);
  // A budget's and a timeout's own words name what stopped the turn (the budget, its figure and
  // limit; how long it ran); Hermes, stopped, only quotes the refusal or says it was interrupted.
  const ownWords = verdict.outcome === 'budget_exceeded' || verdict.outcome === 'timeout';
  const hermesError = ownWords ? undefined : turn.result?.error;
  const quiet = verdict.outcome === 'success' || verdict.outcome === 'skipped';
  set(Output.Error, quiet ? NONE : (hermesError ?? verdict.message));
  set(Output.SessionId, turn.sessionId);
  set(Output.Model, turn.model);
  const text = turn.result?.text;
  if (text !== undefined) {
    // Redacted as the turn kept it, so that the cut never leaves half a secret.
    out.set(
      Output.Text,
      text.length > TEXT_OUTPUT_CHARS ? text.slice(0, TEXT_OUTPUT_CHARS) + CUT_MARK : text
    );
  }
  const tokens = turn.result?.tokens;
  if (tokens) {
    own(Output.Tokens, JSON.stringify(tokens));
    set(Output.TokensInput, tokens.input);
    set(Output.TokensOutput, tokens.output);
    set(Output.TokensTotal, tokens.total);
    set(Output.TokensCacheRead, tokens.cache_read);
    set(Output.TokensCacheWrite, tokens.cache_write);
  }
  set(Output.DurationMs, Math.round(report.durationMs));
  set(Output.ToolCalls, turn.toolCalls);
  set(Output.ToolErrors, turn.toolErrors);
  own(Output.Jsonl, report.jsonlPath);
  set(Output.ArtifactId, report.artifact?.id);
  own(Output.ArtifactUrl, report.artifact?.url);
  set(Output.Attempts, attempts);
  // json-schema: only an answer that matched, whole (never cut: a cut JSON is worse than none),
  // as checkAnswer redacted it, inside its strings and numbers, so that it stays JSON.
  if (report.answer?.ok) out.set(Output.StructuredOutput, report.answer.json);
  set(Output.Agent, report.agent);
  set(Output.HermesVersion, report.agent);
  // Cost as Hermes knows it (the session record, or the API server's response); never priced here.
  const usage = report.usage;
  set(Output.CostUsd, usage?.costUsd);
  own(Output.CostEstimated, usage?.costEstimated?.toString());
  // The record's strings were redacted as it was read (src/steps/build-report.ts), like every string from a turn.
  if (usage && Object.keys(usage.fields).length > 0)
    set(Output.Usage, JSON.stringify(usage.fields) as Redacted);
  own(Output.SessionArtifactUrl, report.session?.artifact?.url);
  set(Output.ModelCalls, report.gateway?.calls.length);
  set(Output.ModelRetries, report.gateway?.retries);
  const egress = report.isolation?.egress;
  set(Output.EgressBlocked, egress?.state === 'fenced' ? egress.blocked : undefined);
  own(Output.ThreadId, report.thread?.id);
  set(Output.ThreadTurn, report.thread?.turn);
  own(Output.ThreadResumed, report.thread && String(report.thread.resumed));
  for (const name of Object.values(Output)) if (!out.has(name)) out.set(name, '');
  return out;
}

/** Step outputs: names in one place, values from a report. */
import type { Redactor } from '../text/redact.js';
import type { Report } from './report.js';

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
  HermesVersion: 'hermes_version',
  CostUsd: 'cost_usd',
  CostEstimated: 'cost_estimated',
  Usage: 'usage',
  SessionArtifactUrl: 'session_artifact_url'
} as const;

export type OutputName = (typeof Output)[keyof typeof Output];

/** All outputs of a job share 1 MB: the answer gets at most this much of it. */
export const TEXT_OUTPUT_CHARS = 64 * 1024;
export const CUT_MARK = '\n[… cut: the whole answer is in the transcript]';

/** Every output, unknown values empty (never invented): a value set earlier in the step does not stand. */
export function outputsOf(
  report: Report,
  attempts: number,
  redact: Redactor
): Map<OutputName, string> {
  const { turn, verdict } = report;
  const out = new Map<OutputName, string>();
  // Every value is redacted: any of them can hold what the stream said.
  const set = (name: OutputName, value: string | number | undefined): void => {
    if (value !== undefined) out.set(name, redact(String(value)));
  };
  // The enum and the numbers are the action's own: a `redact` value must not turn them into `succ***ss`.
  const plain = (name: OutputName, value: string | number | undefined): void => {
    if (value !== undefined) out.set(name, String(value));
  };
  plain(Output.Outcome, verdict.outcome);
  plain(Output.ExitCode, verdict.exitCode);
  set(Output.Error, verdict.outcome === 'success' ? '' : (turn.result?.error ?? verdict.message));
  set(Output.SessionId, turn.sessionId);
  set(Output.Model, turn.model);
  const text = turn.result?.text;
  if (text !== undefined) {
    // Redacted before it is cut, so that a cut never leaves half a secret (and not again after).
    const clean = redact(text);
    out.set(
      Output.Text,
      clean.length > TEXT_OUTPUT_CHARS ? clean.slice(0, TEXT_OUTPUT_CHARS) + CUT_MARK : clean
    );
  }
  const tokens = turn.result?.tokens;
  if (tokens) {
    set(Output.Tokens, JSON.stringify(tokens));
    plain(Output.TokensInput, tokens.input);
    plain(Output.TokensOutput, tokens.output);
    plain(Output.TokensTotal, tokens.total);
    plain(Output.TokensCacheRead, tokens.cache_read);
    plain(Output.TokensCacheWrite, tokens.cache_write);
  }
  plain(Output.DurationMs, Math.round(report.durationMs));
  plain(Output.ToolCalls, turn.toolCalls);
  plain(Output.ToolErrors, turn.toolErrors);
  set(Output.Jsonl, report.jsonlPath);
  set(Output.ArtifactId, report.artifact?.id);
  set(Output.ArtifactUrl, report.artifact?.url);
  plain(Output.Attempts, attempts);
  // json-schema: only an answer that matched, whole (never cut: a cut JSON is worse than none),
  // as checkAnswer redacted it, inside its strings and numbers, so that it stays JSON.
  if (report.answer?.ok) out.set(Output.StructuredOutput, report.answer.json);
  set(Output.HermesVersion, report.hermesVersion);
  // Cost as Hermes knows it (the session record, or the API server's response); never priced here.
  const usage = report.usage;
  set(Output.CostUsd, usage?.costUsd);
  set(Output.CostEstimated, usage?.costEstimated?.toString());
  if (usage && Object.keys(usage.fields).length > 0)
    set(Output.Usage, JSON.stringify(usage.fields));
  set(Output.SessionArtifactUrl, report.session?.artifact?.url);
  // The runner keeps the last value written for a name: an empty one still replaces the agent's.
  for (const name of Object.values(Output)) if (!out.has(name)) out.set(name, '');
  return out;
}

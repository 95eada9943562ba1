/**
 * One leg of a matrix: its transcript folded by the same stream → turn → verdict code as a live run
 * (followFile, verdictOf), kept as the few numbers the report needs.
 */
import type { RunLog } from '../turn/attempt.js';
import { followFile } from '../turn/stream-reader.js';
import type { Tokens } from '../turn/stream.js';
import type { ToolStats } from '../turn/turn.js';
import { verdictOf, type Outcome } from '../turn/verdict.js';
import type { Redactor } from '../text/redact.js';
import type { SessionUsage } from '../turn/session-usage.js';
import { readOutcomeRecord } from '../turn/outcome-record.js';

/** A leg's outcome: a live run's, or `unreadable` when its transcript could not be downloaded or read. */
export type LegOutcome = Outcome | 'unreadable';

/** Where a leg's transcript came from. */
export type LegSource =
  { kind: 'artifact'; id: number; url: string } | { kind: 'file'; path: string };

export interface Leg {
  /** The artifact's name without `.jsonl`, or the file's path relative to the workspace. */
  name: string;
  outcome: LegOutcome;
  exitCode?: number;
  model?: string;
  tokens?: Tokens;
  durationMs?: number;
  toolCalls: number;
  toolErrors: number;
  tools: ToolStats[];
  /** Why the leg did not succeed (the result's error, or what was seen); empty on success. */
  error: string;
  /** How many times Hermes ran (an artifact of a run retried after exit 75 holds each attempt). */
  attempts: number;
  /** Problems found in the transcript's lines (counted; the live run's summary lists them). */
  streamProblems: number;
  source: LegSource;
  /** What the leg's session record says about cost and usage; absent without a record. */
  usage?: SessionUsage;
  /**
   * The outcome, exit code and error are the step's own, from the record its transcript ends with;
   * absent: the transcript folded as a live run would be.
   */
  byAction?: true;
}

/** A log that keeps nothing: 256 legs' events are counted in their turns, not printed. */
export function silentLog(redact: Redactor): RunLog {
  const nothing = (): void => {};
  return {
    redact,
    note: nothing,
    stderr: nothing,
    textDelta: nothing,
    reasoningDelta: nothing,
    toolStart: nothing,
    toolEnd: nothing,
    flushText: nothing
  };
}

/** Folds one transcript file, as the main action's `transcript` input would. */
export async function foldTranscript(
  file: string,
  name: string,
  source: LegSource,
  redact: Redactor,
  attempts = 1
): Promise<Leg> {
  // The report shows counts and per-tool totals, never a leg's single calls: none are kept.
  const turn = await followFile(file, silentLog(redact), { recentCalls: 0 });
  const result = turn.result;
  // The step's own verdict where the transcript ends with it: a budget, a timeout or a schema the
  // stream does not show. Else the fold's, which is what the step said for everything else.
  const decided = await readOutcomeRecord(file);
  const folded = verdictOf(turn, { kind: 'transcript' });
  const verdict = decided
    ? { outcome: decided.outcome, exitCode: decided.exitCode, message: decided.error }
    : { ...folded, message: result?.error ?? folded.message };
  return {
    name,
    outcome: verdict.outcome,
    exitCode: verdict.exitCode,
    model: turn.model,
    tokens: result?.tokens,
    durationMs: result?.duration_ms,
    toolCalls: turn.toolCalls,
    toolErrors: turn.toolErrors,
    tools: turn.tools,
    // As the main action's `error` output: the result's error, else the verdict's message.
    error: verdict.outcome === 'success' ? '' : redact(verdict.message),
    attempts,
    streamProblems: turn.issueCount,
    source,
    ...(decided && { byAction: true as const })
  };
}

/** A leg whose transcript could not be fetched: it counts as failed, and says why. */
export function unreadableLeg(name: string, source: LegSource, why: string): Leg {
  return {
    name,
    outcome: 'unreadable',
    toolCalls: 0,
    toolErrors: 0,
    tools: [],
    error: why,
    attempts: 0,
    streamProblems: 0,
    source
  };
}

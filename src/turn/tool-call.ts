import type { Redacted } from '../text/redact.js';

/** One tool call of the turn, paired with its result (turn.ts pairs them; recent-calls.ts keeps them). */
export interface ToolCall {
  /** 1-based, in the order results arrived. */
  index: number;
  name: Redacted;
  /** One line, capped. Empty when the call had no object input or no matching tool_use. */
  inputPreview: Redacted;
  durationMs?: number;
  isError: boolean;
  /** The start of a failed call's output, capped; empty for a call that succeeded. */
  output: Redacted;
  /** Transcript line of the tool_result. */
  line: number;
  /** The stream cut the output (5000 characters and `...`); the session record has all of it. */
  cut?: boolean;
}

/** One attempt at a turn, whatever ran it (the CLI, an API server, a transcript), and what it may hear. */
import type { Redactor } from '../text/redact.js';
import type { ToolCall, Turn } from './turn.js';
import type { RunEnd } from './verdict.js';
import type { SessionUsage } from './session-usage.js';

export interface Attempt {
  turn: Turn;
  end: RunEnd;
  durationMs: number;
  /** API server mode: the cost the server's response reported, when it did. */
  usage?: SessionUsage;
}

/** The runner's cancellation, as the action process receives it. */
export interface Signals {
  readonly cancelled: boolean;
  /** Calls fn on each SIGINT / SIGTERM until the returned function is called. */
  subscribe(fn: (signal: 'SIGINT' | 'SIGTERM') => void): () => void;
}

/**
 * Where a run tells a person what is happening, as it happens (the live log implements it). The
 * core and the sources write to it; they never print.
 */
export interface RunLog {
  /** Applied to everything kept from the stream before it is cut. */
  readonly redact: Redactor;
  /** The action's own words. */
  note(line: string): void;
  /** One line of Hermes' stderr. */
  stderr(line: string): void;
  textDelta(delta: string): void;
  reasoningDelta(delta: string): void;
  toolStart(name: string, inputPreview: string): void;
  toolEnd(call: ToolCall): void;
  /** Prints assistant text still held until its line ends. */
  flushText(): void;
}

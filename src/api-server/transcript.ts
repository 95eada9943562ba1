/**
 * An API server's stream as the CLI's transcript: Responses events, or chat-completions chunks, become
 * the `system` / `text` / `tool_use` / `tool_result` / `result` lines Hermes writes in stream-json
 * mode (upstream's serialisation, `timestamp` last), plus `reasoning` lines. Pure: lines go to a sink.
 */
import type { SessionUsage } from '../turn/session-usage.js';
import type { Tokens } from '../turn/stream.js';
import { isObject, preview, slice } from '../text/text.js';
import { parseJson, pythonJson } from '../text/json.js';
import { redactHead, type Redacted, type Redactor } from '../text/redact.js';

export type TranscriptEvent = { type: string } & Record<string, unknown>;

/** Where the transcript goes: one JSONL line at a time, and what was wrong with the server's stream. */
export interface TranscriptSink {
  /** A whole line, newline included. */
  line(text: string): void;
  /** Not fatal: reported as a stream anomaly. */
  anomaly(problem: string): void;
}

export { pythonJson } from '../text/json.js';

/** One transcript line: the event's keys in order, `timestamp` (epoch milliseconds) last. */
export function transcriptLine(event: TranscriptEvent, timestamp: number): string {
  const { timestamp: _ignored, ...rest } = event;
  return `${pythonJson({ ...rest, timestamp: Math.round(timestamp) })}\n`;
}

/** Upstream caps a tool's output at 5000 characters, then adds `...`. */
export const TOOL_OUTPUT_CHARS = 5000;

export interface RecorderOptions {
  /** The model asked for, until the server names one. */
  model?: string;
  /** false: reasoning is not written (the request asked the server not to send it). */
  showReasoning: boolean;
  /** When the request was sent: a result's duration_ms counts from here. */
  startedAt: number;
  now?: () => number;
  /**
   * Applied to a tool's output before the 5000-character cut (so that the cut never leaves a
   * piece of a secret in the transcript) and to what the mappers quote of the server's events.
   */
  redact: Redactor;
}

export interface ResultFields {
  exitCode: number;
  text?: string;
  tokens?: Tokens;
  error?: string;
}

interface OpenCall {
  name: string;
  startedAt: number;
}

/** Writes the transcript events themselves, in the CLI's shapes; the mappers below say when. */
export class TranscriptRecorder {
  private readonly now: () => number;
  private initWritten = false;
  private model: string | undefined;
  private sessionId: string | undefined;
  private calls = new Map<string, OpenCall>();
  private streamed = '';
  private result?: ResultFields;
  /** The cost the server's usage reported, when it reported one (not a transcript event). */
  usage?: SessionUsage;

  constructor(
    private readonly sink: TranscriptSink,
    private readonly options: RecorderOptions
  ) {
    this.now = options.now ?? Date.now;
    this.model = options.model;
  }

  /** The result written, if any: the last line of a transcript. */
  get written(): ResultFields | undefined {
    return this.result;
  }

  /** Every text delta so far, joined. */
  get streamedText(): string {
    return this.streamed;
  }

  anomaly(problem: string): void {
    this.sink.anomaly(problem);
  }

  /** The start of something the server sent, redacted then cut: for a problem report. */
  quote(text: string): Redacted {
    return preview(redactHead(this.options.redact, text));
  }

  /** The server's `X-Hermes-Session-Id`: Hermes' own session id, preferred to a response's id. */
  serverSession(id: string): void {
    this.sessionId = id;
  }

  /** The `init` event, once; what the server says about itself wins over what was asked. */
  init(found: { model?: unknown; sessionId?: unknown } = {}): void {
    if (this.initWritten) return;
    if (typeof found.model === 'string' && found.model !== '') this.model = found.model;
    if (this.sessionId === undefined && typeof found.sessionId === 'string' && found.sessionId)
      this.sessionId = found.sessionId;
    this.initWritten = true;
    this.write({
      type: 'system',
      subtype: 'init',
      model: this.model,
      session_id: this.sessionId
    });
  }

  text(delta: string): void {
    if (delta === '') return;
    this.init();
    this.streamed += delta;
    this.write({ type: 'text', text: delta });
  }

  reasoning(delta: string): void {
    if (delta === '' || !this.options.showReasoning) return;
    this.init();
    this.write({ type: 'reasoning', text: delta });
  }

  /** A tool call starts; `input` is kept only when the arguments are an object, as upstream does. */
  toolUse(callId: string, name: string, args: unknown): void {
    this.init();
    this.calls.set(callId, { name, startedAt: this.now() });
    const input = typeof args === 'string' ? parseJson(args).value : args;
    this.write({
      type: 'tool_use',
      name,
      input: isObject(input) ? input : undefined,
      tool_call_id: callId
    });
  }

  /** A tool call ends; its duration is measured here, from its tool_use. */
  toolResult(callId: string, output: string, isError: boolean): void {
    this.init();
    const call = this.calls.get(callId);
    this.calls.delete(callId);
    // A new map when none is open: one that entries keep leaving rebuilds its table in the old generation.
    if (this.calls.size === 0) this.calls = new Map();
    this.write({
      type: 'tool_result',
      name: call?.name ?? '(unknown)',
      output: capOutput(this.options.redact(output)),
      duration_ms: call ? Math.max(0, Math.round(this.now() - call.startedAt)) : undefined,
      is_error: isError,
      tool_call_id: callId
    });
  }

  /** The result event: once; a second one is a problem with the stream, not a second result. */
  writeResult(fields: ResultFields): void {
    if (this.result) {
      this.anomaly('API stream: a second terminal event, ignored');
      return;
    }
    this.result = fields;
    this.write({
      type: 'result',
      session_id: this.sessionId,
      exit_code: fields.exitCode,
      text: fields.text ?? '',
      tokens: fields.tokens,
      duration_ms: Math.max(0, Math.round(this.now() - this.options.startedAt)),
      error: fields.error
    });
  }

  private write(event: TranscriptEvent): void {
    this.sink.line(transcriptLine(event, this.now()));
  }
}

function capOutput(output: string): string {
  return output.length <= TOOL_OUTPUT_CHARS ? output : `${slice(output, TOOL_OUTPUT_CHARS)}...`;
}

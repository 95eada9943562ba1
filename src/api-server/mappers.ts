/**
 * The server's events, mapped onto the recorder: `/v1/responses` (ResponsesMapper) and
 * `/v1/chat/completions` (ChatMapper), usage included.
 */
import { usageOf, type SessionUsage } from '../turn/session-usage.js';
import type { Tokens } from '../turn/stream.js';
import { ExitCode } from '../turn/verdict.js';
import { isObject } from '../text/text.js';
import type { SseEvent } from './sse.js';
import { parseJson } from '../text/json.js';
import type { TranscriptRecorder } from './transcript.js';

/** Maps a stream of parsed server events; `finish` is called once the stream has ended. */
export interface StreamMapper {
  push(event: SseEvent): void;
  /** After the stream: writes the result an `error` event implies, if none was written. */
  finish(): void;
  /** What the stream was expected to end with, for messages (`response.completed`, `[DONE]`). */
  readonly terminalName: string;
}

/**
 * `POST /v1/responses` with `stream: true`: reasoning items (output_item.added → reasoning_summary
 * part and text deltas → output_item.done), message text deltas, function_call items and their
 * function_call_output items, and one terminal event: response.completed, .failed or .incomplete.
 */
export class ResponsesMapper implements StreamMapper {
  readonly terminalName = 'response.completed';
  private lastSequence: number | undefined;
  /** function_call items by item id: a call is written once its arguments are known. */
  private readonly pendingCalls = new Map<string, { callId: string; name: string; args: string }>();
  private readonly startedCalls = new Set<string>();
  private readonly finishedCalls = new Set<string>();
  /** Items whose deltas were seen, so that their done event does not repeat them. */
  private readonly streamedItems = new Set<string>();
  private error: string | undefined;
  private late = false;

  constructor(private readonly recorder: TranscriptRecorder) {}

  push(sse: SseEvent): void {
    const data = parseEvent(sse, this.recorder);
    if (!data) return;
    const type = typeof data.type === 'string' ? data.type : sse.event;
    this.checkSequence(data.sequence_number, type);
    if (this.recorder.written) {
      if (!this.late)
        this.recorder.anomaly(`API stream: ${this.recorder.quote(type)} after the terminal event`);
      this.late = true;
      return;
    }
    const item = isObject(data.item) ? data.item : {};
    const itemId = str(data.item_id) ?? '';
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
        this.init(data.response);
        return;
      case 'response.reasoning_summary_text.delta':
        this.streamedItems.add(itemId);
        this.recorder.reasoning(str(data.delta) ?? '');
        return;
      case 'response.output_text.delta':
        this.streamedItems.add(itemId);
        this.recorder.text(str(data.delta) ?? '');
        return;
      case 'response.output_item.added':
        return this.itemAdded(item);
      case 'response.function_call_arguments.delta': {
        const call = this.pendingCalls.get(itemId);
        if (call) call.args += str(data.delta) ?? '';
        return;
      }
      case 'response.function_call_arguments.done': {
        const call = this.pendingCalls.get(itemId);
        if (call) call.args = str(data.arguments) ?? call.args;
        return this.startCall(itemId);
      }
      case 'response.output_item.done':
        return this.itemDone(item);
      case 'response.completed':
        return this.terminal(0, data.response);
      case 'response.failed': {
        const response = isObject(data.response) ? data.response : {};
        const error = isObject(response.error) ? str(response.error.message) : undefined;
        return this.terminal(1, response, `the response failed: ${error ?? 'no reason given'}`);
      }
      case 'response.incomplete': {
        const response = isObject(data.response) ? data.response : {};
        const details = isObject(response.incomplete_details) ? response.incomplete_details : {};
        return this.terminal(
          1,
          response,
          `the response is incomplete: ${str(details.reason) ?? 'no reason given'}`
        );
      }
      case 'error':
        this.error =
          str(data.message) ?? (isObject(data.error) ? str(data.error.message) : undefined) ?? '';
        return;
    }
    // Other events (content_part.*, output_text.done, reasoning_summary_part.*…) add nothing.
  }

  finish(): void {
    if (this.recorder.written || this.error === undefined) return;
    this.recorder.writeResult({
      exitCode: ExitCode.Failure,
      text: this.recorder.streamedText,
      error: `the server reported an error: ${this.error || 'no message'}`
    });
  }

  private init(response: unknown): void {
    const r = isObject(response) ? response : {};
    this.recorder.init({ model: r.model, sessionId: r.id });
  }

  private itemAdded(item: Record<string, unknown>): void {
    const id = str(item.id) ?? '';
    if (item.type === 'function_call') {
      const callId = str(item.call_id) ?? id;
      this.pendingCalls.set(id, {
        callId,
        name: str(item.name) ?? '(unnamed)',
        args: str(item.arguments) ?? ''
      });
      // Hermes sends the whole arguments with the item; others stream them, and say when they are done.
      if (str(item.arguments)) this.startCall(id);
    } else if (item.type === 'function_call_output') {
      this.finishCall(item);
    }
  }

  private itemDone(item: Record<string, unknown>): void {
    const id = str(item.id) ?? '';
    if (item.type === 'function_call') {
      const call = this.pendingCalls.get(id);
      const args = str(item.arguments);
      if (call && args) call.args = args;
      this.startCall(id);
    } else if (item.type === 'function_call_output') {
      this.finishCall(item);
    } else if (!this.streamedItems.has(id)) {
      // An item that came whole, without deltas: its text is still part of the stream.
      if (item.type === 'message') this.recorder.text(messageText(item));
      else if (item.type === 'reasoning') this.recorder.reasoning(summaryText(item));
    }
  }

  private startCall(itemId: string): void {
    const call = this.pendingCalls.get(itemId);
    if (!call || this.startedCalls.has(call.callId)) return;
    this.startedCalls.add(call.callId);
    this.recorder.toolUse(call.callId, call.name, call.args);
  }

  private finishCall(item: Record<string, unknown>): void {
    const callId = str(item.call_id) ?? '';
    if (this.finishedCalls.has(callId)) return;
    // A result before its call's arguments were complete: the call started anyway.
    for (const [itemId, call] of this.pendingCalls)
      if (call.callId === callId) this.startCall(itemId);
    this.finishedCalls.add(callId);
    const status = str(item.status);
    this.recorder.toolResult(
      callId,
      outputText(item.output),
      status === 'failed' || status === 'incomplete'
    );
  }

  private terminal(exitCode: number, response: unknown, error?: string): void {
    const r = isObject(response) ? response : {};
    this.init(r);
    this.recorder.writeResult({
      exitCode,
      // The answer is the response's last message; a failed one has only what was streamed.
      text: (exitCode === 0 ? lastMessage(r.output) : undefined) ?? this.recorder.streamedText,
      tokens: responsesTokens(r.usage),
      error
    });
    this.recorder.usage = reportedCost(r.usage) ?? this.recorder.usage;
  }

  /** Strictly increasing, one at a time: anything else is reported, and the stream goes on. */
  private checkSequence(value: unknown, type: string): void {
    if (typeof value !== 'number' || !Number.isInteger(value)) return;
    const last = this.lastSequence;
    this.lastSequence = last === undefined ? value : Math.max(last, value);
    if (last === undefined) return;
    const at = `at ${this.recorder.quote(type)}`;
    if (value <= last) {
      this.recorder.anomaly(
        `API stream: sequence_number ${value} after ${last} ${at} (out of order)`
      );
    } else if (value > last + 1) {
      const missing = value - last - 1;
      this.recorder.anomaly(
        `API stream: sequence_number jumped from ${last} to ${value} ${at} (${missing} event${missing === 1 ? '' : 's'} missing)`
      );
    }
  }
}

/**
 * `POST /v1/chat/completions` with `stream: true`: `choices[0].delta.reasoning_content` and
 * `delta.content`, Hermes' `hermes.tool.progress` events for tools, `usage` when the server sends
 * it, and `[DONE]` at the end.
 */
export class ChatMapper implements StreamMapper {
  readonly terminalName = '[DONE]';
  private finishReason: string | undefined;
  private tokens: Tokens | undefined;
  private error: string | undefined;

  constructor(private readonly recorder: TranscriptRecorder) {}

  push(sse: SseEvent): void {
    if (this.recorder.written) return;
    if (sse.data.trim() === '[DONE]') return this.done();
    const data = parseEvent(sse, this.recorder);
    if (!data) return;
    if (sse.event === 'hermes.tool.progress') return this.toolProgress(data);
    if (data.error !== undefined) {
      this.error = (isObject(data.error) ? str(data.error.message) : str(data.error)) ?? '';
      return;
    }
    this.recorder.init({ model: data.model, sessionId: data.id });
    const choice = Array.isArray(data.choices) && isObject(data.choices[0]) ? data.choices[0] : {};
    const delta = isObject(choice.delta) ? choice.delta : {};
    this.recorder.reasoning(str(delta.reasoning_content) ?? '');
    this.recorder.text(str(delta.content) ?? '');
    this.finishReason = str(choice.finish_reason) ?? this.finishReason;
    this.tokens = chatTokens(data.usage) ?? this.tokens;
    this.recorder.usage = reportedCost(data.usage) ?? this.recorder.usage;
  }

  finish(): void {
    if (this.recorder.written || this.error === undefined) return;
    this.recorder.writeResult({
      exitCode: ExitCode.Failure,
      text: this.recorder.streamedText,
      tokens: this.tokens,
      error: `the server reported an error: ${this.error || 'no message'}`
    });
  }

  private done(): void {
    const reason = this.finishReason;
    const failed = reason === 'error' || this.error !== undefined;
    const cut = reason === 'length' || reason === 'content_filter';
    this.recorder.init();
    this.recorder.writeResult({
      exitCode: failed || cut ? 1 : 0,
      text: this.recorder.streamedText,
      tokens: this.tokens,
      error: this.error
        ? `the server reported an error: ${this.error}`
        : failed
          ? 'the server ended the turn with finish_reason "error"'
          : cut
            ? `the response is incomplete: finish_reason "${reason}"`
            : undefined
    });
  }

  /** `{tool, toolCallId, status: running | completed}`: the output itself is not sent in this mode. */
  private toolProgress(data: Record<string, unknown>): void {
    const callId = str(data.toolCallId);
    if (!callId) return;
    if (data.status === 'running')
      this.recorder.toolUse(callId, str(data.tool) ?? '(unnamed)', undefined);
    else if (data.status === 'completed') this.recorder.toolResult(callId, '', false);
  }
}

/** The data of an event as a JSON object, or undefined (and an anomaly) when it is not one. */
function parseEvent(
  sse: SseEvent,
  recorder: TranscriptRecorder
): Record<string, unknown> | undefined {
  const value = parseJson(sse.data).value;
  if (isObject(value)) return value;
  recorder.anomaly(
    value === undefined
      ? `API stream: an event that is not JSON: ${recorder.quote(sse.data)}`
      : `API stream: an event that is JSON but not an object: ${recorder.quote(sse.data)}`
  );
  return undefined;
}

/** The usage of /v1/responses (input_tokens…) and of /v1/chat/completions (prompt_tokens…). */
const USAGE_FIELDS = {
  responses: ['input_tokens', 'output_tokens', 'input_tokens_details'],
  chat: ['prompt_tokens', 'completion_tokens', 'prompt_tokens_details']
} as const;

function usageTokens(usage: unknown, api: keyof typeof USAGE_FIELDS): Tokens | undefined {
  if (!isObject(usage)) return undefined;
  const [inputKey, outputKey, detailsKey] = USAGE_FIELDS[api];
  const input = count(usage[inputKey]);
  const output = count(usage[outputKey]);
  const details = isObject(usage[detailsKey]) ? usage[detailsKey] : {};
  return {
    input,
    output,
    total: typeof usage.total_tokens === 'number' ? count(usage.total_tokens) : input + output,
    cache_read: count(details.cached_tokens),
    cache_write: 0
  };
}

/**
 * The cost a server's usage reports: Hermes' own field names, or `cost` (the provider's charge, as
 * OpenRouter's usage accounting gives it). Undefined when it reports none: nothing is priced here.
 */
export function reportedCost(usage: unknown): SessionUsage | undefined {
  if (!isObject(usage)) return undefined;
  const row: Record<string, unknown> = {
    actual_cost_usd: usage.actual_cost_usd ?? usage.cost,
    estimated_cost_usd: usage.estimated_cost_usd,
    cost_status: usage.cost_status,
    cost_source: usage.cost_source,
    billing_provider: usage.billing_provider,
    reasoning_tokens: isObject(usage.completion_tokens_details)
      ? usage.completion_tokens_details.reasoning_tokens
      : isObject(usage.output_tokens_details)
        ? usage.output_tokens_details.reasoning_tokens
        : undefined
  };
  const found = usageOf(row);
  return found.costUsd !== undefined ? found : undefined;
}

const responsesTokens = (usage: unknown): Tokens | undefined => usageTokens(usage, 'responses');
const chatTokens = (usage: unknown): Tokens | undefined => usageTokens(usage, 'chat');

/** The text of the last message item of a response's output, when it has one. */
function lastMessage(output: unknown): string | undefined {
  if (!Array.isArray(output)) return undefined;
  for (let i = output.length - 1; i >= 0; i--) {
    const item: unknown = output[i];
    if (isObject(item) && item.type === 'message') return messageText(item);
  }
  return undefined;
}

function messageText(item: Record<string, unknown>): string {
  return partsText(item.content, ['output_text', 'text']);
}

function summaryText(item: Record<string, unknown>): string {
  return partsText(item.summary, ['summary_text']);
}

/** A function_call_output's output: a string, or content parts (Hermes sends `input_text` parts). */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  return partsText(output, ['input_text', 'output_text', 'text']);
}

function partsText(parts: unknown, types: string[]): string {
  if (!Array.isArray(parts)) return '';
  return parts
    .filter((p): p is Record<string, unknown> => isObject(p) && types.includes(str(p.type) ?? ''))
    .map(p => str(p.text) ?? '')
    .join('');
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

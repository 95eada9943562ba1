/**
 * A Hermes API server (`hermes gateway`) on loopback, for the tests: plain node:http on 127.0.0.1,
 * port 0, scripted per scenario. It checks the bearer key as Hermes does (401, OpenAI's error
 * envelope), records every request it gets, and streams server-sent events in the order of the
 * Hermes API server: Responses reasoning items, message text, function_call items and their outputs,
 * response.completed; or chat-completions chunks ending in `[DONE]`.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import { afterEach } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { must } from './must.js';

/** The key the simulated server is configured with (its API_SERVER_KEY). */
export const SERVER_KEY = 'hermes-sim-key-4f9c2a7e51';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization?: string;
  /** The JSON body, parsed. */
  body?: Record<string, unknown>;
  /** The client went away before the reply was over. */
  aborted: boolean;
}

/** One piece of an event stream. */
export type Frame =
  | { event?: string; data: unknown }
  | { comment: string }
  | { sleep: number }
  /** Ends the connection abruptly, mid-stream. */
  | { cut: true }
  /** Bytes written as they are. */
  | { raw: string };

export type Reply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | {
      stream: Frame[];
      headers?: Record<string, string>;
      /** `\r\n` to end lines as some servers do. */
      lineEnding?: string;
      /** Writes of at most this many bytes (split anywhere, inside characters too). */
      chunkBytes?: number;
    };

/** A reply, or one chosen by looking at the request (its body, say). */
export type Answer = Reply | ((request: RecordedRequest) => Reply);

export interface Script {
  /** The k-th request to a route gets the k-th answer; the last one repeats. */
  capabilities?: Answer[];
  responses?: Answer[];
  chat?: Answer[];
}

export interface ApiServer {
  /** The base URL, as `api-url` takes it: `http://127.0.0.1:PORT/v1`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const NOT_FOUND: Reply = { status: 404, json: { error: { message: 'Not Found' } } };

export async function startApiServer(script: Script): Promise<ApiServer> {
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const routes: Record<string, Answer[] | undefined> = {
    'GET /v1/capabilities': script.capabilities ?? [capabilities({ reasoning: true })],
    'POST /v1/responses': script.responses,
    'POST /v1/chat/completions': script.chat
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
        aborted: false
      };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) recorded.aborted = true;
      });
      const route = `${recorded.method} ${recorded.path}`;
      const answers = routes[route];
      if (!answers) return void send(res, NOT_FOUND);
      // As Hermes' _check_auth: "Bearer <key>", compared whole.
      if (recorded.authorization?.replace(/^Bearer /, '').trim() !== SERVER_KEY) {
        return void send(res, {
          status: 401,
          json: {
            error: {
              message: 'Invalid API key',
              type: 'invalid_request_error',
              code: 'invalid_api_key'
            }
          }
        });
      }
      const n = counts.get(route) ?? 0;
      counts.set(route, n + 1);
      const answer = answers[Math.min(n, answers.length - 1)];
      void send(res, must(typeof answer === 'function' ? answer(recorded) : answer));
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}

async function send(res: http.ServerResponse, reply: Reply): Promise<void> {
  if (!('stream' in reply)) {
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    res.writeHead(reply.status, {
      'Content-Type': reply.json !== undefined ? 'application/json' : 'text/plain',
      ...reply.headers
    });
    res.end(body);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    ...reply.headers
  });
  const eol = reply.lineEnding ?? '\n';
  const write = async (text: string): Promise<void> => {
    const bytes = Buffer.from(text, 'utf8');
    const size = reply.chunkBytes ?? bytes.length;
    for (let at = 0; at < bytes.length; at += size) {
      if (res.destroyed) return;
      res.write(bytes.subarray(at, at + size));
      // Separate writes, so that the client really gets the pieces apart.
      if (reply.chunkBytes) await sleep(1);
    }
  };
  for (const frame of reply.stream) {
    if (res.destroyed) return;
    if ('sleep' in frame) await sleep(frame.sleep);
    else if ('cut' in frame) {
      // What was written reaches the client first; then the connection dies mid-stream.
      await new Promise<void>(resolve => res.write('', () => resolve()));
      await sleep(20);
      return void res.socket?.destroy();
    } else if ('raw' in frame) await write(frame.raw);
    else if ('comment' in frame) await write(`: ${frame.comment}${eol}${eol}`);
    else {
      const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data);
      const event = frame.event ? `event: ${frame.event}${eol}` : '';
      await write(`${event}data: ${data}${eol}${eol}`);
    }
  }
  res.end();
}

/** Unref'd: a scenario's long pause must not keep the test process alive once the server closes. */
function sleep(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms).unref());
}

/** GET /v1/capabilities as Hermes answers it; `reasoning` sets features.reasoning_streaming. */
export function capabilities({ reasoning }: { reasoning: boolean }): Reply {
  return {
    status: 200,
    json: {
      object: 'hermes.api_server.capabilities',
      platform: 'hermes-agent',
      model: 'hermes-agent',
      auth: { type: 'bearer', required: true },
      features: {
        chat_completions: true,
        chat_completions_streaming: true,
        responses_api: true,
        responses_streaming: true,
        ...(reasoning && { reasoning_streaming: true })
      }
    }
  };
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cached_tokens?: number;
}

export interface ToolScript {
  name: string;
  arguments: Record<string, unknown>;
  output: string;
  /** How long the tool runs between its function_call and its output. */
  ms?: number;
  status?: string;
}

/** A part of a turn, in the order it streams. */
export type Part =
  { reasoning: string[] } | { text: string[] } | { tool: ToolScript } | { frames: Frame[] };

export interface TurnScript {
  parts: Part[];
  model?: string;
  usage?: Usage;
  /** How the stream ends: response.completed (default), .failed, .incomplete, or no terminal event. */
  end?: 'completed' | { failed: string } | { incomplete: string } | 'none';
  /** Renumbers the events (sequence_number), to make gaps or reversals. */
  renumber?: (sequence: number) => number;
}

export const SESSION_ID = '20261129_185504_a1b2c3';
export const RESPONSE_ID = 'resp_5f0c8a4e9b2d41c7a6e3f1d8b0a9';

/**
 * A Responses stream as the Hermes API server writes it: sequence_number from 0 on every event;
 * a reasoning item is added, gets its summary part and text deltas, and is done before the next item.
 */
export function responsesStream(turn: TurnScript): Reply {
  const frames: Frame[] = [];
  const output: unknown[] = [];
  let sequence = 0;
  let index = 0;
  const renumber = turn.renumber ?? (n => n);
  const emit = (type: string, data: Record<string, unknown>): void => {
    frames.push({
      event: type,
      data: { type, ...data, sequence_number: renumber(sequence++) }
    });
  };
  const envelope = (status: string): Record<string, unknown> => ({
    id: RESPONSE_ID,
    object: 'response',
    status,
    created_at: 1795978843,
    model: turn.model ?? 'hermes-agent'
  });
  emit('response.created', { response: { ...envelope('in_progress'), output: [] } });
  for (const part of turn.parts) {
    if ('frames' in part) {
      frames.push(...part.frames);
    } else if ('reasoning' in part) {
      const id = `rs_${index}`;
      const at = index++;
      const text = part.reasoning.join('');
      emit('response.output_item.added', {
        output_index: at,
        item: { id, type: 'reasoning', status: 'in_progress', summary: [] }
      });
      const where = { item_id: id, output_index: at, summary_index: 0 };
      emit('response.reasoning_summary_part.added', {
        ...where,
        part: { type: 'summary_text', text: '' }
      });
      for (const delta of part.reasoning)
        emit('response.reasoning_summary_text.delta', { ...where, delta });
      emit('response.reasoning_summary_text.done', { ...where, text });
      emit('response.reasoning_summary_part.done', {
        ...where,
        part: { type: 'summary_text', text }
      });
      const item = {
        id,
        type: 'reasoning',
        status: 'completed',
        summary: [{ type: 'summary_text', text }]
      };
      emit('response.output_item.done', { output_index: at, item });
      output.push(item);
    } else if ('text' in part) {
      const id = `msg_${index}`;
      const at = index++;
      const text = part.text.join('');
      emit('response.output_item.added', {
        output_index: at,
        item: { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] }
      });
      for (const delta of part.text)
        emit('response.output_text.delta', {
          item_id: id,
          output_index: at,
          content_index: 0,
          delta,
          logprobs: []
        });
      emit('response.output_text.done', {
        item_id: id,
        output_index: at,
        content_index: 0,
        text,
        logprobs: []
      });
      const item = {
        id,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text }]
      };
      emit('response.output_item.done', { output_index: at, item });
      output.push(item);
    } else {
      const { tool } = part;
      const callId = `call_${index}`;
      const call = {
        id: `fc_${index}`,
        type: 'function_call',
        name: tool.name,
        call_id: callId,
        arguments: JSON.stringify(tool.arguments)
      };
      const at = index++;
      emit('response.output_item.added', {
        output_index: at,
        item: { ...call, status: 'in_progress' }
      });
      if (tool.ms) frames.push({ sleep: tool.ms });
      emit('response.output_item.done', {
        output_index: at,
        item: { ...call, status: 'completed' }
      });
      const result = {
        id: `fco_${index}`,
        type: 'function_call_output',
        call_id: callId,
        output: [{ type: 'input_text', text: tool.output }],
        status: tool.status ?? 'completed'
      };
      const resultAt = index++;
      emit('response.output_item.added', { output_index: resultAt, item: result });
      emit('response.output_item.done', { output_index: resultAt, item: result });
      output.push(call, result);
    }
  }
  const usage = turn.usage && {
    input_tokens: turn.usage.input_tokens,
    output_tokens: turn.usage.output_tokens,
    total_tokens: turn.usage.input_tokens + turn.usage.output_tokens,
    input_tokens_details: { cached_tokens: turn.usage.cached_tokens ?? 0 }
  };
  const end = turn.end ?? 'completed';
  if (end === 'completed') {
    emit('response.completed', { response: { ...envelope('completed'), output, usage } });
  } else if (end !== 'none' && 'failed' in end) {
    emit('response.failed', {
      response: {
        ...envelope('failed'),
        output,
        error: { message: end.failed, type: 'server_error' },
        usage
      }
    });
  } else if (end !== 'none') {
    emit('response.incomplete', {
      response: {
        ...envelope('incomplete'),
        output,
        incomplete_details: { reason: end.incomplete },
        usage
      }
    });
  }
  return { stream: frames, headers: { 'X-Hermes-Session-Id': SESSION_ID } };
}

export interface ChatScript {
  reasoning?: string[];
  text: string[];
  /** Hermes' `hermes.tool.progress` events, between the reasoning and the text. */
  tools?: { name: string; id: string }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
  finishReason?: string;
  /** false: the stream ends without `[DONE]`. */
  done?: boolean;
}

/** A chat-completions stream: a role chunk, reasoning_content deltas, content deltas, usage, [DONE]. */
export function chatStream(script: ChatScript): Reply {
  const id = 'chatcmpl-3b1f0e9d2c8a47f6b5e4d3c2a19';
  const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}): Frame => ({
    data: {
      id,
      object: 'chat.completion.chunk',
      created: 1795978843,
      model: 'hermes-agent',
      choices: [{ index: 0, delta, finish_reason: null }],
      ...extra
    }
  });
  const frames: Frame[] = [chunk({ role: 'assistant' })];
  for (const delta of script.reasoning ?? []) frames.push(chunk({ reasoning_content: delta }));
  for (const tool of script.tools ?? []) {
    frames.push({
      event: 'hermes.tool.progress',
      data: {
        tool: tool.name,
        emoji: '💻',
        label: tool.name,
        toolCallId: tool.id,
        status: 'running'
      }
    });
    frames.push({
      event: 'hermes.tool.progress',
      data: { tool: tool.name, toolCallId: tool.id, status: 'completed' }
    });
  }
  for (const delta of script.text) frames.push(chunk({ content: delta }));
  const usage = script.usage && {
    ...script.usage,
    total_tokens: script.usage.prompt_tokens + script.usage.completion_tokens
  };
  frames.push({
    data: {
      id,
      object: 'chat.completion.chunk',
      created: 1795978843,
      model: 'hermes-agent',
      choices: [{ index: 0, delta: {}, finish_reason: script.finishReason ?? 'stop' }],
      ...(usage && { usage })
    }
  });
  if (script.done !== false) frames.push({ data: '[DONE]' });
  return { stream: frames, headers: { 'X-Hermes-Session-Id': 'api-6f1e2d3c4b5a6978' } };
}

/** One API server per test: `serve(script)` starts it, and it is closed after the test. */
export function useApiServer(): (script: Script) => Promise<ApiServer> {
  let server: ApiServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async script => (server = await startApiServer(script));
}

/** The transcript's events, parsed. */
export const transcript = (file: string): Record<string, unknown>[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(l => l !== '')
    .map(l => JSON.parse(l) as Record<string, unknown>);

/** The lines of each `::group::Reasoning` … `::endgroup::` in a log, without the stop-commands lines. */
export function reasoningGroups(log: string): string[][] {
  const groups: string[][] = [];
  let current: string[] | undefined;
  for (const line of log.split('\n')) {
    if (line === '::group::Reasoning') current = [];
    else if (line === '::endgroup::' && current) {
      groups.push(current);
      current = undefined;
    } else if (current && !/^::(stop-commands::)?[0-9a-f]{32}(::)?$/.test(line)) current.push(line);
  }
  return groups;
}

/**
 * A loopback stand-in for a model provider (OpenAI-compatible and Anthropic's Messages API): it answers
 * each request with the next scripted behaviour and answers 401 unless it received the real key, so a
 * call that succeeds through the gateway proves the key was set and the capability stripped.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'sse'; events: string[]; cutAfter?: number; holdAfter?: number }
  | { kind: 'reset' }
  | { kind: 'hold' }
  | { kind: 'redirect'; location: string };

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  /** The base URL, as a workflow would give it (`…/v1` for OpenAI-compatible ones). */
  url: string;
  received: Received[];
  /** Requests whose response the client side closed before it ended. */
  aborted: number;
  script(...behaviours: Behaviour[]): void;
  /** Lets a held request (a slow first byte, a held stream) go on. */
  release(): void;
  close(): Promise<void>;
}

export const REAL_KEY = 'sk-real-provider-key-0123456789';

function sendSse(
  res: ServerResponse,
  events: string[],
  cutAfter?: number,
  hold?: Promise<void>,
  holdAfter?: number
) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  void (async () => {
    for (const [n, event] of events.entries()) {
      if (cutAfter !== undefined && n === cutAfter) {
        res.socket?.destroy();
        return;
      }
      if (holdAfter !== undefined && n === holdAfter) await hold;
      // Written out before the next step, so that a cut comes after bytes the client has seen.
      await new Promise(resolve => res.write(event, resolve));
    }
    res.end();
  })();
}

export async function startStandIn(basePath = '/v1'): Promise<StandIn> {
  const queue: Behaviour[] = [];
  let releasing: () => void = () => undefined;
  let held = new Promise<void>(resolve => (releasing = resolve));
  const state: StandIn = {
    url: '',
    received: [],
    aborted: 0,
    script: (...behaviours) => queue.push(...behaviours),
    release: () => {
      releasing();
      held = new Promise<void>(resolve => (releasing = resolve));
    },
    close: async () => {
      releasing();
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      });
      res.on('close', () => {
        if (!res.writableFinished) state.aborted++;
      });
      const key =
        req.headers['x-api-key'] ?? /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1];
      if (key !== REAL_KEY) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'stand-in: not the real key' } }));
      }
      const behaviour = queue.shift() ?? { kind: 'json', body: { ok: true } };
      switch (behaviour.kind) {
        case 'json':
          res.writeHead(behaviour.status ?? 200, {
            'content-type': 'application/json',
            ...behaviour.headers
          });
          return res.end(JSON.stringify(behaviour.body));
        case 'sse':
          return sendSse(res, behaviour.events, behaviour.cutAfter, held, behaviour.holdAfter);
        case 'reset':
          return req.socket.destroy();
        case 'hold':
          return void held.then(() => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ ok: 'late' }));
          });
        case 'redirect':
          res.writeHead(307, { location: behaviour.location });
          return res.end();
      }
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  return state;
}

/** One SSE event line, as the providers frame them. */
export const sse = (data: unknown, event?: string): string =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** An OpenAI chat completion chunk stream: the text in pieces, then the usage chunk, then [DONE]. */
export function chatChunks(pieces: string[], usage: Record<string, number>): string[] {
  const chunk = (delta: object, finish: string | null) =>
    sse({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta, finish_reason: finish }]
    });
  return [
    ...pieces.map(content => chunk({ role: 'assistant', content }, null)),
    chunk({}, 'stop'),
    sse({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage }),
    sse('[DONE]')
  ];
}

/** An Anthropic Messages stream of one text block with the usage of message_start and message_delta. */
export function messageEvents(text: string, input: number, output: number): string[] {
  return [
    sse(
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [],
          model: 'claude-standin',
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: input, output_tokens: 1 }
        }
      },
      'message_start'
    ),
    sse(
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      'content_block_start'
    ),
    sse(
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
      'content_block_delta'
    ),
    sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
    sse(
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: output }
      },
      'message_delta'
    ),
    sse({ type: 'message_stop' }, 'message_stop')
  ];
}

/**
 * A loopback stand-in of a model provider (OpenAI-compatible chat completions): it records every
 * request (path, authorization, body) and answers from a script (JSON, or a stream of SSE events),
 * then 200 with usage.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** SSE events (each whole, with its blank line) streamed instead of a JSON body. */
  sse?: string[];
}

export interface ProviderRequest {
  path: string;
  authorization?: string;
  body: string;
}

export interface ModelProvider {
  /** The base URL, as a workflow gives it in OPENROUTER_BASE_URL / OPENAI_BASE_URL. */
  url: string;
  requests: ProviderRequest[];
  close(): Promise<void>;
}

/** Usage per answered call: 100 tokens in, 20 out (and OpenRouter's cost, when asked for). */
export const USAGE = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };

export async function startModelProvider(
  options: { script?: ProviderAnswer[]; costUsd?: number } = {}
): Promise<ModelProvider> {
  const script = [...(options.script ?? [])];
  const requests: ProviderRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = script.shift() ?? {
        status: 200,
        body: {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          model: 'stand-in/model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'The build is green.' },
              finish_reason: 'stop'
            }
          ],
          usage: {
            ...USAGE,
            ...(options.costUsd !== undefined && { cost: options.costUsd })
          }
        }
      };
      if (answer.sse) {
        res.writeHead(answer.status, { 'content-type': 'text/event-stream', ...answer.headers });
        // One write per event, as a provider streams; a cut stream's client going away ends it.
        for (const event of answer.sse) if (!res.destroyed) res.write(event);
        res.end();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? { error: { message: `status ${answer.status}` } }));
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      })
  };
}

/**
 * One model call sent upstream: to the fixed URL only, through the runner's proxy, never following a
 * redirect, tried again on a passing trouble before the first response byte, then streamed to the
 * client chunk by chunk as it arrives.
 */
import { once } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { getProxyUrl, HttpClient } from '@actions/http-client';
import { request, type Dispatcher } from 'undici';
import { UsageReader, type Usage } from './ledger.js';
import { ownerCheckedDispatcher, UNTRUSTED } from './loopback-owner.js';
import { cutEvent } from './meter.js';
import { nextWait, retriedStatus, retryAfterMs } from './retry.js';
import type { BudgetStop, RetryLimits } from './types.js';

/** Hop-by-hop (RFC 9110 §7.6.1) and what the gateway sets itself. */
const DROPPED_REQUEST = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'authorization',
  'x-api-key',
  'content-length',
  'accept-encoding',
  'expect'
]);
const DROPPED_RESPONSE = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade'
]);

type Headers = Record<string, string | string[]>;

function without(headers: IncomingHttpHeaders | Headers, dropped: Set<string>): Headers {
  const named = String(headers.connection ?? '')
    .split(',')
    .map(token => token.trim().toLowerCase())
    .filter(Boolean);
  const kept: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || dropped.has(name) || named.includes(name)) continue;
    kept[name] = value;
  }
  return kept;
}

export interface Call {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  /** The runner's proxy for the upstream (upstreamDispatcher), or undefined: connect directly. */
  dispatcher: Dispatcher | undefined;
  /** The real credential's header. */
  credential: Record<string, string>;
  body: Buffer;
  limits: RetryLimits;
  /** The client's going away, or the run's end. */
  signal: AbortSignal;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  note(line: string): void;
  /** How the retry line names the call (`openrouter POST /chat/completions`). */
  label: string;
  /**
   * A streamed answer measured as it passes (server.ts): the budget a chunk takes the turn past ends
   * the stream after that chunk, with an error event in the provider's shape (`anthropic`'s or OpenAI's).
   */
  meter?: { push(chunk: Buffer): { stop: BudgetStop; at: number } | undefined; anthropic: boolean };
}

export interface Outcome {
  status: number | 'error';
  retries: number;
  streamed: boolean;
  usage: Usage;
  /** The budget the stream was cut at. */
  cut?: BudgetStop;
  /** No answer: the client or the run ended the call while it was on its way (the provider may bill it). */
  abandoned?: boolean;
  /** The answer broke off before its end (the client hung up, the upstream failed): its usage is partial. */
  broken?: boolean;
}

/**
 * The runner's proxy for one upstream, as @actions/http-client reads HTTPS_PROXY / HTTP_PROXY /
 * NO_PROXY, kept alive and made once per upstream when the gateway starts (server.ts), so that the
 * model calls share its tunnels and the owner check runs once per connection, not per call. The
 * gateway's own, not http/fetch.ts's shared one: its close() destroys it. No proxy applies: undici's
 * pooled global dispatcher, or, given who may serve an upstream on this machine, a direct one that
 * checks (loopback-owner.ts).
 */
export function upstreamDispatcher(
  upstream: string,
  loopbackTrusted?: (uid: number) => boolean
): Dispatcher | undefined {
  if (!loopbackTrusted)
    return new HttpClient('hermes-action', [], { keepAlive: true }).getAgentDispatcher(upstream);
  // The agent could be the one listening on this machine: the peer's owner checked, the proxy's
  // when there is one (loopback-owner.ts). A loopback upstream never has one: http-client bypasses it.
  const proxy = getProxyUrl(upstream);
  // Written without a scheme (`proxy.corp:3128`, which the URL parser reads as the scheme
  // `proxy.corp:`), a proxy is an http one, as curl takes it.
  const url = proxy && (/^https?:\/\//i.test(proxy) ? proxy : `http://${proxy}`);
  return ownerCheckedDispatcher(loopbackTrusted, url ? new URL(url) : undefined);
}

/** Sends call upstream and answers res with what comes back; resolves once res is done. */
export async function forward(call: Call, res: ServerResponse): Promise<Outcome> {
  const started = Date.now();
  const { dispatcher } = call;
  const headers = {
    ...without(call.headers, DROPPED_REQUEST),
    ...call.credential,
    // Identity, so the usage in the answer can be read as it passes.
    'accept-encoding': 'identity'
  };
  for (let n = 1; ; n++) {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(call.url, {
        method: call.method as Dispatcher.HttpMethod,
        headers,
        body: call.method === 'GET' || call.method === 'HEAD' ? undefined : call.body,
        signal: call.signal,
        ...(dispatcher ? { dispatcher } : {})
      });
    } catch (error) {
      const code = error instanceof Error ? (error as { code?: string }).code : undefined;
      const wait =
        call.signal.aborted || code === UNTRUSTED
          ? undefined
          : nextWait(call.limits, n, Date.now() - started, undefined);
      // A refusal of the owner check is said in words; any other error by its code, if it has one.
      const why =
        error instanceof Error
          ? code && code !== UNTRUSTED
            ? code
            : error.message
          : String(error);
      if (wait === undefined) {
        refuseUnreached(res, why);
        const abandoned = call.signal.aborted;
        return { status: 'error', retries: n - 1, streamed: false, usage: {}, abandoned };
      }
      call.note(
        `model gateway: ${call.label}: ${why}; try ${n + 1} of ${call.limits.tries} in ${wait} ms`
      );
      await call.sleep(wait, call.signal);
      continue;
    }
    if (retriedStatus(answer.statusCode) && !call.signal.aborted) {
      const after = retryAfterMs(answer.headers['retry-after'], Date.now());
      const wait = nextWait(call.limits, n, Date.now() - started, after);
      if (wait !== undefined) {
        await answer.body.dump();
        call.note(
          `model gateway: ${call.label}: HTTP ${answer.statusCode}; try ${n + 1} of ${call.limits.tries} in ${wait} ms`
        );
        await call.sleep(wait, call.signal);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- it may abort during the sleep; TS keeps the check from before it
        if (!call.signal.aborted) continue;
        // The run or the client ended during the wait: the answer read away, nothing to pass on.
        res.destroy();
        return { status: answer.statusCode, retries: n - 1, streamed: false, usage: {} };
      }
    }
    return { ...(await relay(answer, res, call.signal, call.meter)), retries: n - 1 };
  }
}

/** Passes the upstream answer on as it arrives, reading its usage on the way. */
async function relay(
  answer: Dispatcher.ResponseData,
  res: ServerResponse,
  signal: AbortSignal,
  meter: Call['meter']
): Promise<Omit<Outcome, 'retries'>> {
  const type = String(answer.headers['content-type'] ?? '');
  const streamed = type.startsWith('text/event-stream');
  const reader = new UsageReader(streamed);
  const headers = without(answer.headers, DROPPED_RESPONSE);
  // A passing trouble reaching the client is one the gateway retried as far as it would: the SDKs
  // (openai, anthropic: 2 retries by default) read this header before the status and retry no more.
  if (retriedStatus(answer.statusCode)) headers['x-should-retry'] = 'false';
  res.writeHead(answer.statusCode, headers);
  res.flushHeaders();
  const measured = streamed && answer.statusCode < 300 ? meter : undefined;
  try {
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      reader.push(chunk);
      // Measured line by line: a chunk may hold many events, the stream is cut after the one that
      // took the turn past a budget (the answer so far stays the client's), with an error event.
      const cut = measured?.push(chunk);
      if (cut) {
        answer.body.destroy();
        res.end(
          Buffer.concat([
            chunk.subarray(0, cut.at),
            Buffer.from(`\n${cutEvent(measured?.anthropic === true, cut.stop)}`)
          ])
        );
        return { status: answer.statusCode, streamed, usage: reader.end(), cut: cut.stop };
      }
      if (!res.write(chunk)) await once(res, 'drain', { signal });
    }
    res.end();
  } catch {
    // Cut mid-answer (upstream or client): the client must see a cut, not a whole answer; no retry.
    answer.body.destroy();
    res.destroy();
    return { status: answer.statusCode, streamed, usage: reader.end(), broken: true };
  }
  return { status: answer.statusCode, streamed, usage: reader.end() };
}

/** No response came from upstream: a 502 the clients read as a provider error, not to be retried on top. */
function refuseUnreached(res: ServerResponse, why: string): void {
  if (res.headersSent || res.destroyed) return;
  const message = `model gateway: the provider could not be reached (${why})`;
  res.writeHead(502, { 'content-type': 'application/json', 'x-should-retry': 'false' });
  res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message } }));
}

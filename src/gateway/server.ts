/**
 * The loopback server Hermes talks to: it checks the capability, allows only the fronted providers'
 * API paths, reads the body within its bounds (request-body.ts), refuses what reaches past the fence
 * (reach.ts), applies the budgets (call.ts), and hands each call to forward().
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forward, upstreamDispatcher } from './forward.js';
import { OutputCounter } from './meter.js';
import { admitted, deny, recordCall, streamMeter, type Asked, type ChargeOptions } from './call.js';
import type { FrontedKey } from './providers.js';
import { fencedHeaders, MAX_NODES, reachesPastFence, reachRefusal } from './reach.js';
import { BODY_LIMITS, bodyOf, MIB, prepared, type BodyPool } from './request-body.js';
import type { AllowedHost } from '../config/allowed-hosts.js';
import type { BodyLimits, RetryLimits } from './types.js';

export interface ServerOptions extends ChargeOptions {
  fronted: readonly FrontedKey[];
  capability: string;
  retry: RetryLimits;
  signal: AbortSignal;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Who may serve an upstream on this machine (GatewayOptions.loopbackTrusted). */
  loopbackTrusted?: (uid: number) => boolean;
  bodyLimits?: BodyLimits;
  /** The hosts the egress fence lets the agent reach, when it is asked for (GatewayOptions.fencedHosts). */
  fencedHosts?: readonly AllowedHost[];
  /** A call refused for what it asked the provider to reach (counted in the stats). */
  pastFence?(): void;
}

/** How long close() waits for the listener and the upstream connections to go. */
export const CLOSE_LIMIT_MS = 5000;

export interface Listening {
  port: number;
  close(): Promise<void>;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * The credentials a request presents: a bearer token and an `x-api-key`. Either may be the capability:
 * Anthropic's SDK sends both when ANTHROPIC_AUTH_TOKEN is in its environment as well as the key.
 */
function presented(req: IncomingMessage): string[] {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const header = req.headers['x-api-key'];
  return [bearer, typeof header === 'string' ? header : undefined].filter(
    (key): key is string => key !== undefined
  );
}

/** Splits a request target into a fronted provider and an allowed path under its base, or nothing. */
export function route(
  target: string,
  fronted: readonly FrontedKey[]
): { provider: FrontedKey; path: string; query: string } | undefined {
  // Origin-form only: an absolute URL or `//host` never names where the call goes.
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  const query = mark === -1 ? '' : target.slice(mark);
  if (/[\\%]/.test(path) || /[\s#]/.test(target)) return undefined;
  const segments = path.split('/').slice(1);
  if (segments.some(segment => segment === '' || segment === '.' || segment === '..'))
    return undefined;
  const provider = fronted.find(f => f.provider === segments[0]);
  const rest = `/${segments.slice(1).join('/')}`;
  if (!provider || !Object.hasOwn(provider.spec.paths, rest)) return undefined;
  return { provider, path: rest, query };
}

/** The request checked (capability, path, size), or undefined once it is denied. */
async function asked(
  req: IncomingMessage,
  res: ServerResponse,
  options: ServerOptions,
  expected: Buffer,
  holding: { pool: BodyPool; taken: { bytes: number } }
): Promise<Asked | undefined> {
  // Every one compared (no early exit), so the time taken says nothing of which one matched.
  const matches = presented(req).map(key => timingSafeEqual(digest(key), expected));
  if (!matches.includes(true))
    return void deny(
      res,
      401,
      'authentication_error',
      'model gateway: missing or wrong capability'
    );
  const target = route(req.url ?? '', options.fronted);
  if (!target)
    return void deny(res, 404, 'not_found_error', 'model gateway: not a path of the provider API');
  const { provider, path, query } = target;
  // Every body is read (for the budgets, and for what it asks the provider to reach): none compressed.
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity')
    return void deny(
      res,
      415,
      'invalid_request_error',
      'model gateway: a compressed request body is not taken (content-encoding); send it as it is'
    );
  const raw = await bodyOf(req, holding.pool, holding.taken);
  const { limits } = holding.pool;
  if (raw === 'too large')
    return void deny(
      res,
      413,
      'request_too_large',
      `model gateway: request body over ${limits.perRequest / MIB} MiB`
    );
  if (raw === 'too nested')
    return void deny(
      res,
      413,
      'request_too_large',
      `model gateway: request body holds more than ${MAX_NODES.toLocaleString('en-US')} objects and lists`
    );
  if (raw === 'too many') {
    res.setHeader('retry-after', '1');
    return void deny(
      res,
      503,
      'overloaded_error',
      `model gateway: the calls under way hold over ${limits.inFlight / MIB} MiB of request bodies; this one is refused until one ends`
    );
  }
  const isCall = provider.spec.paths[path]?.call === true && req.method === 'POST';
  const fenced = options.fencedHosts !== undefined;
  const { model, body, reach } = prepared(provider, path, raw, { isCall, fenced });
  const base = {
    provider: provider.provider,
    ...(model !== undefined ? { model } : {}),
    tokensIn: 0,
    tokensOut: 0,
    retries: 0,
    streamed: false
  };
  return {
    provider,
    path,
    query,
    isCall,
    ...(model !== undefined && { model }),
    body,
    reach,
    base
  };
}

/**
 * Under the egress fence, a call that asks the provider to reach a host the fence keeps from the
 * agent, or gives the model a web tool of the provider's, is refused (403) before it counts against
 * any budget; false once it is.
 */
function withinFence(call: Asked, res: ServerResponse, options: ServerOptions): boolean {
  const hosts = options.fencedHosts;
  const past = hosts ? call.reach.filter(r => reachesPastFence(r, hosts)) : [];
  const first = past[0];
  if (!first) return true;
  const more = past.length > 1 ? ` (and ${past.length - 1} more in the same call)` : '';
  const message = `${reachRefusal(first)}${more}`;
  options.note(message);
  options.pastFence?.();
  deny(res, 403, 'permission_error', message);
  return false;
}

export async function listen(options: ServerOptions): Promise<Listening> {
  const expected = digest(options.capability);
  const open = new Set<AbortController>();
  const dispatchers = new Map(
    options.fronted.map(
      f => [f.provider, upstreamDispatcher(f.upstream, options.loopbackTrusted)] as const
    )
  );

  const pool: BodyPool = { limits: options.bodyLimits ?? BODY_LIMITS, held: 0 };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // The body's bytes are held from the first until the call ends, whatever ends it.
    const taken = { bytes: 0 };
    try {
      await answer(req, res, taken);
    } finally {
      pool.held -= taken.bytes;
    }
  };

  const answer = async (
    req: IncomingMessage,
    res: ServerResponse,
    taken: { bytes: number }
  ): Promise<void> => {
    const call = await asked(req, res, options, expected, { pool, taken });
    if (call && !withinFence(call, res, options)) return;
    const admission = call && admitted(call, res, options);
    if (!call || !admission) return;
    const { held, body } = admission;
    const counter = held && options.ledger.measures() ? new OutputCounter() : undefined;
    const meter = held && counter && streamMeter(call, held, counter, options);
    const controller = new AbortController();
    open.add(controller);
    const cancel = (): void => controller.abort();
    options.signal.addEventListener('abort', cancel, { once: true });
    // The client going away ends the upstream call with it.
    res.once('close', () => {
      if (!res.writableFinished) cancel();
    });
    const started = Date.now();
    const { provider, path } = call;
    try {
      const outcome = await forward(
        {
          url: `${provider.upstream}${path}${call.query}`,
          dispatcher: dispatchers.get(provider.provider),
          method: req.method ?? 'GET',
          headers: options.fencedHosts ? fencedHeaders(req.headers) : req.headers,
          credential: provider.spec.credential(provider.key),
          body,
          limits: options.retry,
          signal: controller.signal,
          sleep: options.sleep,
          note: options.note,
          label: `${provider.provider} ${req.method} ${path}`,
          ...(meter && { meter })
        },
        res
      );
      if (held) recordCall(call, held, outcome, { counter, started }, options);
    } finally {
      if (held) options.ledger.release(held);
      open.delete(controller);
      options.signal.removeEventListener('abort', cancel);
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) deny(res, 500, 'api_error', 'model gateway: internal error');
      else res.destroy();
    });
  });
  // Connections past this are closed as they come: idle ones cannot use up the action's descriptors.
  server.maxConnections = pool.limits.connections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    // Bounded: a connection or an upstream that does not go cannot hold up the step's end.
    close: async () => {
      for (const controller of open) controller.abort();
      const closed = new Promise<void>(resolve => server.close(() => resolve()));
      server.closeAllConnections();
      const gone = Promise.all([
        closed,
        ...[...dispatchers.values()].map(d => d?.destroy().catch(() => undefined))
      ]);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>(resolve => {
        timer = setTimeout(() => resolve('late'), CLOSE_LIMIT_MS);
        timer.unref();
      });
      const ended = await Promise.race([gone, late]);
      clearTimeout(timer);
      if (ended === 'late')
        throw new Error(`its connections did not close within ${CLOSE_LIMIT_MS / 1000} s`);
    }
  };
}

/**
 * A minimal stand-in of the model gateway (gw-core writes the real one): OpenAI-compatible chat
 * completions for OpenRouter and OpenAI keys, the capability checked, calls and tokens counted,
 * budgets refused with 402, retryable statuses retried. Enough to wire the action to it.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { request } from '../http/fetch.js';
import { abortableSleep } from '../run/retry.js';
import type {
  BudgetStop,
  Fronted,
  Gateway,
  GatewayOptions,
  GatewayStats,
  ModelCall,
  Provider
} from './types.js';

const PROVIDERS: { provider: Provider; key: string; base: string; upstream: string }[] = [
  {
    provider: 'openai',
    key: 'OPENAI_API_KEY',
    base: 'OPENAI_BASE_URL',
    upstream: 'https://api.openai.com/v1'
  },
  {
    provider: 'openrouter',
    key: 'OPENROUTER_API_KEY',
    base: 'OPENROUTER_BASE_URL',
    upstream: 'https://openrouter.ai/api/v1'
  }
];
const RETRYABLE = new Set([408, 429, 500, 502, 503, 504, 529]);
const KNOWN_KEYS = ['ANTHROPIC_API_KEY', 'NOUS_API_KEY', 'GOOGLE_API_KEY', 'GEMINI_API_KEY'];

export async function startGateway(options: GatewayOptions): Promise<Gateway | undefined> {
  if (options.mode === 'off') return undefined;
  const fronted: Fronted[] = [];
  for (const p of PROVIDERS) {
    const key = options.env[p.key];
    if (key === undefined) continue;
    if (key.trim() === '') {
      options.warning(`${p.key} is set but empty: no model gateway for ${p.provider}`);
      continue;
    }
    fronted.push({ provider: p.provider, keyVariable: p.key, upstream: upstreamOf(options, p) });
  }
  if (fronted.length === 0) return undefined;
  const capability = `hgw-${randomBytes(24).toString('hex')}`;
  const calls: ModelCall[] = [];
  let retries = 0;
  let stopped: BudgetStop | undefined;
  const open = new Set<AbortController>();
  const stats = (): GatewayStats => {
    const priced = calls.filter(c => c.costUsd !== undefined);
    const answered = calls.filter(c => !c.refused && c.status !== 'error');
    return {
      calls: [...calls],
      retries,
      tokens: calls.reduce((n, c) => n + c.tokensIn + c.tokensOut, 0),
      ...(priced.length > 0 && { costUsd: priced.reduce((n, c) => n + (c.costUsd ?? 0), 0) }),
      costLive: answered.length > 0 && answered.every(c => c.costUsd !== undefined),
      ...(stopped && { stopped })
    };
  };
  const overBudget = (): BudgetStop | undefined => {
    const { maxModelCalls, maxTokens, maxCostUsd } = options.budgets;
    const s = stats();
    const sent = calls.filter(c => !c.refused).length;
    if (maxModelCalls !== undefined && sent >= maxModelCalls)
      return { budget: 'max-model-calls', figure: sent, limit: maxModelCalls };
    if (maxTokens !== undefined && s.tokens >= maxTokens)
      return { budget: 'max-tokens', figure: s.tokens, limit: maxTokens };
    if (maxCostUsd !== undefined && (s.costUsd ?? 0) >= maxCostUsd)
      return { budget: 'max-cost-usd', figure: s.costUsd ?? 0, limit: maxCostUsd };
    return undefined;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void serve(req, Buffer.concat(chunks), res).catch(() => res.destroy());
    });
  });
  const serve = async (
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse
  ): Promise<void> => {
    const reply = (status: number, message: string): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, code: status } }));
    };
    if (req.headers.authorization !== `Bearer ${capability}`) return reply(401, 'unauthorized');
    const [, name, ...rest] = (req.url ?? '').split('?')[0].split('/');
    const target = fronted.find(f => f.provider === name);
    const apiPath = `/${rest.join('/')}`;
    if (!target || apiPath !== '/chat/completions') return reply(404, 'not a provider API path');
    const model = modelOf(body);
    const stop = overBudget();
    if (stop) {
      stopped = stop;
      calls.push({ ...blank(target.provider, model), status: 402, refused: true });
      options.note(`model gateway: ${stop.budget} ${stop.figure} reached its limit ${stop.limit}`);
      return reply(
        402,
        `budget exceeded: ${stop.budget} is ${stop.figure}, the limit ${stop.limit}`
      );
    }
    const call = blank(target.provider, model);
    const started = Date.now();
    const key = options.env[target.keyVariable] ?? '';
    const abort = new AbortController();
    open.add(abort);
    const onAbort = (): void => abort.abort();
    options.signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (let n = 1; ; n++) {
        let status: number | 'error';
        let text = '';
        let headers: Record<string, string> = {};
        try {
          const response = await request(`${target.upstream}${apiPath}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body,
            redirect: 'manual',
            signal: abort.signal
          });
          status = response.status;
          headers = Object.fromEntries(response.headers);
          text = await response.text();
        } catch {
          status = 'error';
        }
        const retryable = status === 'error' || RETRYABLE.has(status);
        if (retryable && n < options.retry.attempts && !abort.signal.aborted) {
          const wait = waitOf(headers['retry-after'], options.retry.backoffMs * 2 ** (n - 1));
          if (Date.now() - started + wait <= options.retry.totalMs) {
            retries++;
            call.retries++;
            options.note(`model gateway: ${target.provider} answered ${status}; retry ${n + 1}`);
            await (options.sleep ?? abortableSleep)(wait, abort.signal);
            continue;
          }
        }
        Object.assign(call, { status, latencyMs: Date.now() - started }, usageOf(text));
        calls.push(call);
        if (status === 'error') return reply(502, 'the provider could not be reached');
        res.writeHead(status, { 'content-type': headers['content-type'] ?? 'application/json' });
        res.end(text);
        return;
      }
    } finally {
      open.delete(abort);
      options.signal.removeEventListener('abort', onAbort);
    }
  };
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const env: Record<string, string> = {};
  for (const f of fronted) {
    env[f.keyVariable] = capability;
    env[PROVIDERS.find(p => p.provider === f.provider)!.base] =
      `http://127.0.0.1:${port}/${f.provider}`;
  }
  return {
    env,
    capability,
    fronted,
    stats,
    close: async () => {
      for (const a of open) a.abort();
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  };
}

/** The credentials the agent still holds: provider keys not fronted, and a login in ~/.hermes. */
export function heldCredentials(env: NodeJS.ProcessEnv, fronted: readonly Fronted[]): string[] {
  const held = [...PROVIDERS.map(p => p.key), ...KNOWN_KEYS].filter(
    name => env[name] && !fronted.some(f => f.keyVariable === name)
  );
  const home = env.HERMES_HOME ?? (env.HOME && path.join(env.HOME, '.hermes'));
  if (home && fs.existsSync(path.join(home, 'auth.json')))
    held.push('an OAuth login in ~/.hermes/auth.json');
  return held;
}

function upstreamOf(options: GatewayOptions, p: (typeof PROVIDERS)[number]): string {
  return (options.env[p.base] || p.upstream).replace(/\/+$/, '');
}

function blank(provider: Provider, model: string | undefined): ModelCall {
  return {
    provider,
    ...(model !== undefined && { model }),
    status: 'error',
    tokensIn: 0,
    tokensOut: 0,
    latencyMs: 0,
    retries: 0,
    streamed: false
  };
}

function modelOf(body: Buffer): string | undefined {
  try {
    const model = (JSON.parse(body.toString('utf8')) as { model?: unknown }).model;
    return typeof model === 'string' ? model : undefined;
  } catch {
    return undefined;
  }
}

function usageOf(text: string): Partial<ModelCall> {
  try {
    const usage = (JSON.parse(text) as { usage?: Record<string, unknown> }).usage ?? {};
    const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
    return {
      tokensIn: n(usage.prompt_tokens),
      tokensOut: n(usage.completion_tokens),
      ...(typeof usage.cost === 'number' && { costUsd: usage.cost })
    };
  } catch {
    return {};
  }
}

function waitOf(retryAfter: string | undefined, fallback: number): number {
  const seconds = Number(retryAfter);
  return retryAfter !== undefined && Number.isFinite(seconds) ? seconds * 1000 : fallback;
}

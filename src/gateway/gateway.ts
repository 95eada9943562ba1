/**
 * Starting the model gateway for one turn: which keys it fronts, the capability Hermes gets in their
 * place, the environment that points Hermes here, closing it, and what it counted as the turn's fact
 * (see docs/gateway.md).
 */
import { randomBytes } from 'node:crypto';
import { getProxyUrl } from '@actions/http-client';
import type { GatewayFact } from '../turn/facts.js';
import { abortableSleep } from '../http/retry.js';
import type { Redactor } from '../text/redact.js';
import { Ledger } from './ledger.js';
import { frontable, PROVIDERS, type FrontedKey } from './providers.js';
import { listen } from './server.js';
import type { Gateway, GatewayOptions } from './types.js';

export { heldCredentials } from './providers.js';

/** The gateway for this turn, or undefined when `model-proxy` is off or no key it fronts is present. */
export async function startGateway(options: GatewayOptions): Promise<Gateway | undefined> {
  if (options.mode === 'off') return undefined;
  const fronted = frontable(options.env, options.warning).filter(
    f => !options.loopbackTrusted || !proxiedInClear(f, options.warning)
  );
  if (fronted.length === 0) return undefined;
  // Handed out as `…_API_KEY`, a name the redaction treats as secret; the caller masks it as well.
  const capability = `hgw-${randomBytes(32).toString('base64url')}`;
  const ledger = new Ledger(options.budgets);
  let pastFence = 0;
  const listening = await listen({
    fronted,
    capability,
    ledger,
    retry: options.retry,
    signal: options.signal,
    note: options.note,
    sleep: options.sleep ?? abortableSleep,
    ...(options.loopbackTrusted && { loopbackTrusted: options.loopbackTrusted }),
    ...(options.prices && { prices: options.prices }),
    ...(options.bodyLimits && { bodyLimits: options.bodyLimits }),
    ...(options.fencedHosts && { fencedHosts: options.fencedHosts, pastFence: () => pastFence++ })
  });
  const env: Record<string, string> = {};
  for (const f of fronted) {
    const spec = PROVIDERS.find(p => p.provider === f.provider);
    if (!spec) continue;
    env[spec.keyVariable] = capability;
    env[spec.baseVariable] = `http://127.0.0.1:${listening.port}/${f.provider}`;
  }
  // Hermes asked for no provider picks openrouter on OPENROUTER_API_KEY, but then sends that key only
  // to the host openrouter.ai (a loopback base URL gets none); asked for openrouter by name, it sends it
  // to OPENROUTER_BASE_URL (upstream hermes_cli/auth.py, see docs/gateway.md). config.yaml's
  // model.provider still comes first.
  if (
    fronted.some(f => f.provider === 'openrouter') &&
    !options.env.HERMES_INFERENCE_PROVIDER?.trim()
  )
    env.HERMES_INFERENCE_PROVIDER = 'openrouter';
  // Hermes' HTTP client (httpx) sends even a loopback call to the runner's proxy unless NO_PROXY names it.
  const noProxy = withLoopback(options.env.NO_PROXY ?? options.env.no_proxy);
  env.NO_PROXY = noProxy;
  env.no_proxy = noProxy;
  return {
    env: Object.freeze(env),
    capability,
    port: listening.port,
    fronted: Object.freeze(
      fronted.map(({ provider, keyVariable, upstream }) => ({ provider, keyVariable, upstream }))
    ),
    stats: () => ({ ...ledger.stats(), ...(pastFence > 0 && { pastFence }) }),
    close: () => listening.close()
  };
}

/** What the gateway counted, its strings redacted (the model is the agent's choice). */
export function gatewayFact(gateway: Gateway, redact: Redactor): GatewayFact {
  const stats = gateway.stats();
  return {
    calls: stats.calls.map(({ streamed: _streamed, model, ...call }) => ({
      ...call,
      ...(model !== undefined && { model: redact(model) })
    })),
    retries: stats.retries,
    tokens: stats.tokens,
    ...(stats.costUsd !== undefined && { costUsd: stats.costUsd }),
    costLive: stats.costLive,
    ...(stats.stopped && { stopped: stats.stopped }),
    ...(stats.pastFence !== undefined && { pastFence: stats.pastFence })
  };
}

/**
 * A plain-http upstream the runner's proxy reaches for the gateway: where the proxy then connects
 * (this machine's own address, a port the agent bound first) the gateway cannot check, and over http
 * the key travels readable. Not fronted while Hermes runs as its own user; said why.
 */
function proxiedInClear(f: FrontedKey, warning: (message: string) => void): boolean {
  if (!f.upstream.toLowerCase().startsWith('http:') || !getProxyUrl(f.upstream)) return false;
  warning(
    `${f.spec.baseVariable} is plain http and goes through the runner's proxy, which the model gateway cannot see past to check who answers: it does not front ${f.provider}, so the agent holds ${f.keyVariable}. Use https, or name the host in NO_PROXY.`
  );
  return true;
}

/** A NO_PROXY list with the gateway's host in it. */
function withLoopback(list: string | undefined): string {
  const hosts = (list ?? '')
    .split(',')
    .map(h => h.trim())
    .filter(Boolean);
  for (const host of ['127.0.0.1', 'localhost']) if (!hosts.includes(host)) hosts.push(host);
  return hosts.join(',');
}

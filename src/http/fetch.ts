/**
 * Every HTTP request the action makes itself (the trigger gate, API server mode, downloads, comments)
 * goes through `request`, so that each honours the runner's proxy settings (`HTTPS_PROXY`,
 * `HTTP_PROXY`, `NO_PROXY`) exactly as `@actions/http-client` reads them, like the artifact and cache
 * clients do. Node's global `fetch` ignores them. This is what `@actions/github` does: undici's `fetch`
 * with http-client's proxy dispatcher for the URL (none when no proxy applies, loopback included).
 */
import { HttpClient } from '@actions/http-client';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { fetch, type Dispatcher, type RequestInit, type Response } from 'undici';

export type { RequestInit, Response };

/**
 * One kept-alive dispatcher per proxy, by its URL: made per request, each would be a new ProxyAgent
 * without keep-alive, a new tunnel (and TLS handshake) for every call. Keyed by the proxy rather
 * than held as one, since HTTPS_PROXY and HTTP_PROXY may name different ones, and a kept-alive
 * HttpClient keeps the first it made whatever the URL.
 */
const proxied = new Map<string, Dispatcher>();

/** fetch(url, init), through the proxy the runner's environment names for url, if any. */
export function request(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const dispatcher = dispatcherFor(url);
  return fetch(url, dispatcher ? { ...init, dispatcher } : init);
}

/** The proxy dispatcher the runner's environment names for url; undefined: connect directly. */
export function dispatcherFor(url: string | URL): Dispatcher | undefined {
  // Asked per URL, as the variables read now say (NO_PROXY included), as HttpClient asks itself.
  const proxy = getProxyUrl(new URL(url));
  if (!proxy?.hostname) return undefined;
  let dispatcher = proxied.get(proxy.href);
  if (!dispatcher) {
    dispatcher = new HttpClient('hermes-action', [], { keepAlive: true }).getAgentDispatcher(
      String(url)
    );
    if (!dispatcher) return undefined;
    proxied.set(proxy.href, dispatcher);
  }
  return dispatcher;
}

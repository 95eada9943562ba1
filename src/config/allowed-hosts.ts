/**
 * `allowed-hosts`: where the agent's user may connect besides the model gateway. Empty (the default):
 * nowhere. A list of names (`host`, `*.host`, `host:port`): those too, through the action's egress
 * proxy, which checks the TLS SNI (or the plain-HTTP Host) against the name. `*`: no fence at all.
 * Every entry is checked here, before anything runs: a scheme, a path, an IP literal, a port out of
 * range or a name that is not a DNS name is an InputError naming it.
 */
import { isIP } from 'node:net';
import { InputError } from './input-reader.js';

export const EgressInput = { AllowedHosts: 'allowed-hosts' } as const;

/** One name the agent may reach through the proxy: `pattern` is lower case, `*.` for any subdomain. */
export interface AllowedHost {
  pattern: string;
  port: number;
}

export type Egress =
  | {
      kind: 'fenced';
      hosts: readonly AllowedHost[];
      /** `HERMES_ACTION_RESOLVE`: names pinned to addresses (see pinnedOf). */
      pinned: ReadonlyMap<string, readonly string[]>;
    }
  /** `allowed-hosts: *`: the agent's user reaches any address (the summary says so). */
  | { kind: 'open' };

/** The port a bare name gets: TLS. */
export const DEFAULT_PORT = 443;
/** More than this many entries is not a fence a reader can check. */
const MAX_HOSTS = 256;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function parseAllowedHosts(raw: string, env: NodeJS.ProcessEnv = {}): Egress {
  const entries = raw
    .split(/[,\n]/)
    .map(e => e.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === '*') return { kind: 'open' };
  if (entries.length > MAX_HOSTS)
    throw new InputError(
      `Input "${EgressInput.AllowedHosts}" lists ${entries.length} hosts; at most ${MAX_HOSTS} are allowed.`
    );
  const hosts = new Map<string, AllowedHost>();
  for (const entry of entries) {
    const host = parseEntry(entry);
    hosts.set(`${host.pattern}:${host.port}`, host);
  }
  return {
    kind: 'fenced',
    hosts: [...hosts.values()],
    pinned: pinnedOf(env.HERMES_ACTION_RESOLVE)
  };
}

function parseEntry(entry: string): AllowedHost {
  const refuse = (why: string): never => {
    throw new InputError(
      `Input "${EgressInput.AllowedHosts}" has ${JSON.stringify(entry)}: ${why}; allowed: a host name (\`registry.npmjs.org\`), a wildcard for its subdomains (\`*.github.com\`), either with \`:port\` (1-65535, else 443), or \`*\` alone for no fence.`
    );
  };
  if (entry === '*') refuse('`*` stands alone, for no fence; it cannot be one entry of a list');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) refuse('a URL; give the host name without a scheme');
  if (/[/?#@\s]/.test(entry)) refuse('not a host name (it holds a path, a user or a space)');
  if (isIP(entry.replace(/^\[|\]$/g, '')) !== 0 || entry.startsWith('['))
    refuse('an IP address; the fence lets the agent reach names only, never an address');
  const colon = entry.lastIndexOf(':');
  const name = colon === -1 ? entry : entry.slice(0, colon);
  let port = DEFAULT_PORT;
  if (colon !== -1) {
    const given = entry.slice(colon + 1);
    port = /^\d{1,5}$/.test(given) ? Number(given) : NaN;
    if (!(port >= 1 && port <= 65535)) refuse(`the port ${JSON.stringify(given)} is not 1-65535`);
  }
  const pattern = name.toLowerCase().replace(/\.$/, '');
  const bare = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
  if (isIP(bare) !== 0 || /^[\d.]+$/.test(bare))
    refuse('an IP address; the fence lets the agent reach names only, never an address');
  const labels = bare.split('.');
  if (bare.length > 253 || labels.some(l => !LABEL.test(l)))
    refuse('not a DNS name (letters, digits and hyphens, in dot-separated labels)');
  if (pattern.startsWith('*.') && labels.length < 2)
    refuse('a wildcard over a top-level domain; name the domain (`*.example.com`)');
  return { pattern, port };
}

/** Whether a name asked for (any case, a trailing dot) on a port is one the list allows. */
export function allows(hosts: readonly AllowedHost[], name: string, port: number): boolean {
  const asked = name.toLowerCase().replace(/\.$/, '');
  return hosts.some(h =>
    h.port !== port
      ? false
      : h.pattern.startsWith('*.')
        ? asked.endsWith(h.pattern.slice(1)) && asked.length > h.pattern.length - 1
        : asked === h.pattern
  );
}

/** The list as the summary and the docs write it. */
export function hostsText(hosts: readonly AllowedHost[]): string {
  return hosts
    .map(h => (h.port === DEFAULT_PORT ? h.pattern : `${h.pattern}:${h.port}`))
    .join(', ');
}

/**
 * `HERMES_ACTION_RESOLVE` (`name=address[,address] …`, space-separated): names the workflow pins to
 * addresses, like curl's `--resolve`, for a mirror or a stand-in on this machine. The proxy takes
 * them as given, loopback and private ranges included: only the workflow sets the action's
 * environment, and only names `allowed-hosts` lists are ever looked up.
 */
export function pinnedOf(raw: string | undefined): Map<string, string[]> {
  const pinned = new Map<string, string[]>();
  for (const entry of (raw ?? '').split(/\s+/).filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at).toLowerCase().replace(/\.$/, '') : '';
    const list =
      at > 0
        ? entry
            .slice(at + 1)
            .split(',')
            .filter(Boolean)
        : [];
    if (!name || list.length === 0 || list.some(a => isIP(a) === 0))
      throw new InputError(
        `HERMES_ACTION_RESOLVE has ${JSON.stringify(entry)}; each entry is name=address[,address], the addresses IPv4 or IPv6.`
      );
    pinned.set(name, list);
  }
  return pinned;
}

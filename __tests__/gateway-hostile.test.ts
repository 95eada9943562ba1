/**
 * The gateway against a hostile client with raw HTTP: no capability, another host (absolute URL, Host
 * header), paths outside the provider's API (`..`, encodings, other paths), a redirect it must not
 * follow, a client that goes away mid-stream, and a slow first byte it must wait for.
 */
import { afterEach, expect, test } from '@jest/globals';
import { request } from 'node:http';
import { gatewayWorld, type World } from './helpers/gateway-world.js';
import { chatChunks, REAL_KEY } from './helpers/provider-standin.js';
import { until } from './helpers/until.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

function port(w: World): number {
  return Number(new URL(w.gateway.env.OPENAI_BASE_URL ?? '').port);
}

function raw(
  w: World,
  path: string,
  headers: Record<string, string> = {},
  body = '{}'
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: port(w), method: 'POST', path, headers },
      res => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString()
          })
        );
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

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

/**
 * Retries and budgets through the gateway, with the official OpenAI client (its own retries off):
 * what is retried, the wait asked (an injected sleep records it), what reaches the client once the
 * retries are spent, and the budgets refusing the next call.
 */
import { afterEach, expect, test } from '@jest/globals';
import OpenAI from 'openai';
import { CALLS_KEPT, Ledger } from '../../src/gateway/ledger.js';
import { nextWait, retryAfterMs } from '../../src/gateway/retry.js';
import { gatewayWorld, type World } from '../helpers/test-gateway.js';
import { chatChunks, type Behaviour } from '../helpers/provider-standin.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const ok = (
  usage: Record<string, number> = { prompt_tokens: 1, completion_tokens: 1 }
): Behaviour => ({
  kind: 'json',
  body: {
    id: 'c',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage
  }
});
const failing = (status: number, headers?: Record<string, string>): Behaviour => ({
  kind: 'json',
  status,
  headers,
  body: { error: { message: `stand-in says ${status}`, code: status } }
});

function client(w: World, key = 'OPENAI'): OpenAI {
  return new OpenAI({
    apiKey: w.gateway.env[`${key}_API_KEY`],
    baseURL: w.gateway.env[`${key}_BASE_URL`],
    maxRetries: 0
  });
}
const ask = (c: OpenAI) =>
  c.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });

test('429 with Retry-After: 1 waits the second asked, then succeeds', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script(failing(429, { 'retry-after': '1' }), ok());
  expect((await ask(client(world))).choices[0]?.message.content).toBe('ok');
  expect(world.waits).toEqual([1000]);
  expect(world.notes).toEqual([
    expect.stringMatching(/openai POST \/chat\/completions: HTTP 429; try 2 of 3 in 1000 ms/)
  ]);
  expect(world.gateway.stats()).toMatchObject({ retries: 1, calls: [{ status: 200, retries: 1 }] });
});

test.each([529, 500, 502, 503, 504, 408])('%i then 200: one retry, one line', async status => {
  world = await gatewayWorld('openai');
  world.standIn.script(failing(status), ok());
  await ask(client(world));
  expect(world.notes).toEqual([expect.stringContaining(`HTTP ${status}; try 2 of 3`)]);
  expect(world.waits).toHaveLength(1);
  expect(world.standIn.received).toHaveLength(2);
});

test('a reset connection before the first byte is retried', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({ kind: 'reset' }, ok());
  await ask(client(world));
  expect(world.notes).toEqual([expect.stringMatching(/ECONNRESET|socket|closed/i)]);
  expect(world.standIn.received).toHaveLength(2);
});

test('retries spent: the provider’s last error reaches the client unchanged', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script(failing(503), failing(503), failing(503));
  const error = (await ask(client(world)).catch((e: unknown) => e)) as InstanceType<
    typeof OpenAI.APIError
  >;
  expect(error.status).toBe(503);
  expect(error.error).toEqual({ message: 'stand-in says 503', code: 503 });
  expect(world.standIn.received).toHaveLength(3);
  expect(world.waits).toHaveLength(2);
  expect(world.gateway.stats().calls).toEqual([
    expect.objectContaining({ status: 503, retries: 2 })
  ]);
});

test('a 4xx that is not passing trouble is not retried', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script(failing(400));
  await expect(ask(client(world))).rejects.toMatchObject({ status: 400 });
  expect(world.standIn.received).toHaveLength(1);
});

test('a Retry-After past the total limit is not waited for: the 429 reaches the client', async () => {
  world = await gatewayWorld(
    'openai',
    {},
    { retry: { tries: 5, backoffMs: 100, totalMs: 30_000 } }
  );
  world.standIn.script(failing(429, { 'retry-after': '120' }));
  await expect(ask(client(world))).rejects.toMatchObject({ status: 429 });
  expect(world.waits).toEqual([]);
});

test('the run ending during a wait ends the retries', async () => {
  world = await gatewayWorld('openai', {}, { sleep: async () => world?.run.abort() });
  world.standIn.script(failing(503), ok());
  await expect(ask(client(world))).rejects.toThrow(/connection/i);
  expect(world.standIn.received).toHaveLength(1);
});

test('a stream cut mid-answer is not retried, and the client sees the cut', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({
    kind: 'sse',
    events: chatChunks(['a', 'b', 'c'], { prompt_tokens: 1 }),
    cutAfter: 1
  });
  const stream = await client(world).chat.completions.create({
    model: 'm',
    messages: [],
    stream: true
  });
  const read = async () => {
    for await (const chunk of stream) void chunk;
  };
  await expect(read()).rejects.toThrow();
  expect(world.standIn.received).toHaveLength(1);
  expect(world.notes).toEqual([]);
});

test('max-model-calls: the next call is refused with 402 naming the budget, figure and limit', async () => {
  world = await gatewayWorld('openai', { maxModelCalls: 1 });
  world.standIn.script(ok(), ok());
  await ask(client(world));
  const error = (await ask(client(world)).catch((e: unknown) => e)) as InstanceType<
    typeof OpenAI.APIError
  >;
  expect(error.status).toBe(402);
  expect(error.message).toContain('budget max-model-calls spent (1 of 1)');
  expect(world.standIn.received).toHaveLength(1);
  const stats = world.gateway.stats();
  expect(stats.stopped).toEqual({ budget: 'max-model-calls', figure: 1, limit: 1 });
  expect(stats.calls[1]).toMatchObject({ status: 402, refused: true });
});

test('max-tokens: a streaming call past the budget is cut there; the next is refused', async () => {
  world = await gatewayWorld('openai', { maxTokens: 12 });
  world.standIn.script({
    kind: 'sse',
    events: chatChunks(['abcd', 'efgh', 'ijkl'], { prompt_tokens: 8, completion_tokens: 12 })
  });
  let text = '';
  const stream = await client(world).chat.completions.create({
    model: 'm',
    messages: [],
    stream: true
  });
  const read = async (): Promise<void> => {
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  };
  // The request's 41 bytes reserve 11 input tokens, leaving room for one: the second delta (a token
  // per four characters) takes the turn past 12.
  await expect(read()).rejects.toMatchObject({
    message: expect.stringContaining('budget max-tokens reached mid-answer (13 of 12)')
  });
  expect(text).toBe('abcdefgh');
  await expect(ask(client(world))).rejects.toMatchObject({
    status: 402,
    message: expect.stringContaining('max-tokens spent')
  });
  expect(world.gateway.stats().stopped).toEqual({ budget: 'max-tokens', figure: 13, limit: 12 });
  expect(world.gateway.stats().calls[0]).toMatchObject({ cut: 'max-tokens', status: 200 });
});

test('max-cost-usd on OpenRouter: the reported cost stops the next call', async () => {
  world = await gatewayWorld('openrouter', { maxCostUsd: 0.01 });
  world.standIn.script(ok({ prompt_tokens: 1, completion_tokens: 1, cost: 0.0125 }));
  await ask(client(world, 'OPENROUTER'));
  await expect(ask(client(world, 'OPENROUTER'))).rejects.toMatchObject({
    status: 402,
    message: expect.stringContaining('max-cost-usd spent (0.0125 of 0.01)')
  });
  expect(world.gateway.stats()).toMatchObject({
    costLive: true,
    stopped: { budget: 'max-cost-usd' }
  });
});

test('the call log keeps the first calls and counts them all', () => {
  const ledger = new Ledger({});
  const call = {
    provider: 'openai' as const,
    status: 200,
    tokensIn: 1,
    tokensOut: 1,
    latencyMs: 1,
    retries: 0,
    streamed: false
  };
  for (let n = 0; n <= CALLS_KEPT; n++) ledger.record(call);
  expect(ledger.stats().calls).toHaveLength(CALLS_KEPT);
  expect([ledger.calls(), ledger.stats().tokens]).toEqual([CALLS_KEPT + 1, 2 * (CALLS_KEPT + 1)]);
});

test('Retry-After as seconds or a date; the backoff doubles and stops at the limits', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterMs('2', now)).toBe(2000);
  expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
  expect(retryAfterMs('soon', now)).toBeUndefined();
  const limits = { tries: 4, backoffMs: 100, totalMs: 1000 };
  expect([1, 2, 3].map(n => nextWait(limits, n, 0, undefined, () => 0))).toEqual([100, 200, 400]);
  expect(nextWait(limits, 4, 0, undefined)).toBeUndefined();
  expect(nextWait(limits, 1, 950, undefined, () => 0)).toBeUndefined();
});

/** A client that retries as the SDK does by default (2 retries on 408, 409, 429, 5xx). */
const retrying = (w: World): OpenAI =>
  new OpenAI({
    apiKey: w.gateway.env.OPENAI_API_KEY,
    baseURL: w.gateway.env.OPENAI_BASE_URL,
    maxRetries: 2
  });
const failure = (c: OpenAI) =>
  ask(c).then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as InstanceType<typeof OpenAI.APIError>
  );

test('retries spent: x-should-retry: false, so a client with its own retries does not retry on top', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script(...Array(9).fill(failing(503)));
  const error = await failure(retrying(world));
  expect(error.status).toBe(503);
  expect(error.headers?.get('x-should-retry')).toBe('false');
  // The gateway's 3 attempts, not 3 × 3.
  expect(world.standIn.received).toHaveLength(3);
});

test('the provider unreachable after the retries: a 502 the client does not retry either', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script(...Array(9).fill({ kind: 'reset' }));
  const error = await failure(retrying(world));
  expect(error.status).toBe(502);
  expect(error.headers?.get('x-should-retry')).toBe('false');
  expect(world.standIn.received).toHaveLength(3);
});

test('a Retry-After past the total limit: the 429 passes at once, marked not to be retried', async () => {
  world = await gatewayWorld(
    'openai',
    {},
    { retry: { tries: 5, backoffMs: 100, totalMs: 30_000 } }
  );
  world.standIn.script(...Array(3).fill(failing(429, { 'retry-after': '120' })));
  const error = await failure(retrying(world));
  expect(error.status).toBe(429);
  expect(error.headers?.get('retry-after')).toBe('120');
  expect(error.headers?.get('x-should-retry')).toBe('false');
  expect(world.standIn.received).toHaveLength(1);
});

test('an error the gateway does not retry passes as it was, without the header', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script(failing(400));
  const error = await failure(retrying(world));
  expect(error.status).toBe(400);
  expect(error.headers?.get('x-should-retry')).toBeNull();
});

/**
 * The gateway driven by the providers' official clients, as Hermes drives it: OpenAI-compatible chat
 * completions (OpenRouter's with cost) and Anthropic's Messages API, streaming and not; the stand-in
 * answers only the real key, so each answer proves the key was swapped in.
 */
import { afterEach, expect, test } from '@jest/globals';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { heldCredentials, startGateway } from '../../src/gateway/gateway.js';
import { gatewayOptions, gatewayWorld, type World } from '../helpers/test-gateway.js';
import { chatChunks, messageEvents, REAL_KEY } from '../helpers/provider-standin.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const completion = (usage: Record<string, number>) => ({
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
  usage
});

function openai(w: World, key = 'OPENAI'): OpenAI {
  return new OpenAI({
    apiKey: w.gateway.env[`${key}_API_KEY`],
    baseURL: w.gateway.env[`${key}_BASE_URL`],
    maxRetries: 0
  });
}

test('the environment Hermes gets holds the capability and a loopback base URL, never the key', async () => {
  world = await gatewayWorld('openai');
  const { env, capability } = world.gateway;
  expect(env.OPENAI_API_KEY).toBe(capability);
  expect(env.OPENAI_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openai$/);
  expect(JSON.stringify(env)).not.toContain(REAL_KEY);
  expect(world.gateway.fronted).toEqual([
    { provider: 'openai', keyVariable: 'OPENAI_API_KEY', upstream: world.standIn.url }
  ]);
});

test('OpenAI-compatible chat completion, not streamed: the answer, its usage, the real key upstream', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({
    kind: 'json',
    body: completion({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 })
  });
  const answer = await openai(world).chat.completions.create({
    model: 'gpt-x',
    messages: [{ role: 'user', content: 'hi' }]
  });
  expect(answer.choices[0]?.message.content).toBe('hello');
  const seen = world.standIn.received[0];
  expect(seen?.url).toBe('/v1/chat/completions');
  expect(seen?.headers.authorization).toBe(`Bearer ${REAL_KEY}`);
  expect(JSON.stringify(seen?.headers)).not.toContain(world.gateway.capability);
  const stats = world.gateway.stats();
  expect(stats.calls).toEqual([
    expect.objectContaining({
      provider: 'openai',
      model: 'gpt-x',
      status: 200,
      tokensIn: 11,
      tokensOut: 7,
      retries: 0,
      streamed: false
    })
  ]);
  expect(stats.tokens).toBe(18);
  expect(stats.costLive).toBe(false);
});

test('OpenAI-compatible chat completion, streamed: every chunk arrives and the usage chunk is counted', async () => {
  world = await gatewayWorld('openai');
  world.standIn.script({
    kind: 'sse',
    events: chatChunks(['hel', 'lo'], { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 })
  });
  const stream = await openai(world).chat.completions.create({
    model: 'gpt-x',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  expect(text).toBe('hello');
  expect(world.gateway.stats().calls[0]).toMatchObject({
    streamed: true,
    tokensIn: 5,
    tokensOut: 2,
    status: 200
  });
});

test('OpenRouter: the body asks for usage accounting and the reported cost is counted live', async () => {
  world = await gatewayWorld('openrouter');
  world.standIn.script(
    {
      kind: 'json',
      body: completion({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, cost: 0.0125 })
    },
    {
      kind: 'sse',
      events: chatChunks(['a'], {
        prompt_tokens: 1,
        completion_tokens: 1,
        total_tokens: 2,
        cost: 0.0025
      })
    }
  );
  const client = openai(world, 'OPENROUTER');
  await client.chat.completions.create({
    model: 'or/m',
    messages: [{ role: 'user', content: 'hi' }]
  });
  const stream = await client.chat.completions.create({
    model: 'or/m',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true
  });
  for await (const chunk of stream) void chunk;
  expect(JSON.parse(world.standIn.received[0]?.body ?? '{}')).toMatchObject({
    model: 'or/m',
    usage: { include: true }
  });
  const stats = world.gateway.stats();
  expect(stats.costUsd).toBeCloseTo(0.015, 10);
  expect(stats.costLive).toBe(true);
  expect(stats.calls.map(c => c.costUsd)).toEqual([0.0125, 0.0025]);
});

test('Anthropic Messages, streamed and not: x-api-key swapped, usage from message_start and message_delta', async () => {
  world = await gatewayWorld('anthropic');
  world.standIn.script(
    { kind: 'sse', events: messageEvents('hello', 25, 15) },
    {
      kind: 'json',
      body: {
        id: 'msg_2',
        type: 'message',
        role: 'assistant',
        model: 'claude-standin',
        content: [{ type: 'text', text: 'hi' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 9, output_tokens: 3, cache_read_input_tokens: 1 }
      }
    }
  );
  const client = new Anthropic({
    apiKey: world.gateway.env.ANTHROPIC_API_KEY,
    baseURL: world.gateway.env.ANTHROPIC_BASE_URL,
    maxRetries: 0
  });
  const stream = client.messages.stream({
    model: 'claude-x',
    max_tokens: 64,
    messages: [{ role: 'user', content: 'hi' }]
  });
  const message = await stream.finalMessage();
  expect(message.content[0]).toMatchObject({ type: 'text', text: 'hello' });
  const plain = await client.messages.create({
    model: 'claude-y',
    max_tokens: 64,
    messages: [{ role: 'user', content: 'hi' }]
  });
  expect(plain.content[0]).toMatchObject({ text: 'hi' });
  expect(world.standIn.received[0]?.url).toBe('/v1/messages');
  expect(world.standIn.received[0]?.headers['x-api-key']).toBe(REAL_KEY);
  expect(world.gateway.stats().calls).toEqual([
    expect.objectContaining({
      provider: 'anthropic',
      model: 'claude-x',
      streamed: true,
      tokensIn: 25,
      tokensOut: 15
    }),
    expect.objectContaining({ model: 'claude-y', streamed: false, tokensIn: 10, tokensOut: 3 })
  ]);
});

test('no gateway when model-proxy is off, when no key it fronts is present, or the key is empty', async () => {
  const warnings: string[] = [];
  const warning = (message: string) => warnings.push(message);
  expect(
    await startGateway(gatewayOptions({ OPENAI_API_KEY: REAL_KEY }, { warning, mode: 'off' }))
  ).toBeUndefined();
  expect(
    await startGateway(gatewayOptions({ DEEPSEEK_API_KEY: REAL_KEY }, { warning }))
  ).toBeUndefined();
  expect(
    await startGateway(gatewayOptions({ ANTHROPIC_API_KEY: ' ' }, { warning }))
  ).toBeUndefined();
  expect(warnings).toEqual([expect.stringContaining('ANTHROPIC_API_KEY is set but empty')]);
});

test('heldCredentials names the credential variables present that the gateway does not front', () => {
  const env = {
    OPENAI_API_KEY: 'x',
    DEEPSEEK_API_KEY: 'y',
    GITHUB_TOKEN: 'z',
    GLM_AUTH_TOKEN: 'w',
    // Names Hermes itself reads as credentials (its _CREDENTIAL_SUFFIXES), and a password.
    AZURE_CLIENT_SECRET: 'v',
    VERTEX_KEY: 'u',
    DB_PASSWORD: 't',
    EMPTY_API_KEY: '',
    PATH: '/bin',
    KEYBOARD: 'us'
  };
  expect(
    heldCredentials(env, [
      { provider: 'openai', keyVariable: 'OPENAI_API_KEY', upstream: 'https://x' }
    ])
  ).toEqual([
    'AZURE_CLIENT_SECRET',
    'DB_PASSWORD',
    'DEEPSEEK_API_KEY',
    'GITHUB_TOKEN',
    'GLM_AUTH_TOKEN',
    'VERTEX_KEY'
  ]);
});

/**
 * The gateway's upstream calls take the runner's proxy like every request the action makes
 * (`HTTP_PROXY` / `HTTPS_PROXY`, `NO_PROXY`, as @actions/http-client reads them). The stand-in
 * provider is named by a host only the loopback proxy resolves, so a call that bypassed the proxy
 * could not arrive at all; and a host NO_PROXY names is asked directly (and, unresolvable, not found).
 */
import { afterEach, expect, test } from '@jest/globals';
import OpenAI from 'openai';
import { startGateway } from '../../src/gateway/gateway.js';
import type { Gateway } from '../../src/gateway/types.js';
import { setProcessEnv } from '../helpers/process-env.js';
import { chatChunks, REAL_KEY, startStandIn, type StandIn } from '../helpers/provider-standin.js';
import { Proxy } from '../helpers/proxy.js';
import { gatewayOptions } from '../helpers/test-gateway.js';

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.reverse()) await close();
  closing = [];
});

/** A gateway fronting the stand-in as `provider.test`, started (and calling) with these variables set. */
async function world(proxyVars: (proxy: Proxy) => Record<string, string | undefined>): Promise<{
  gateway: Gateway;
  standIn: StandIn;
  proxy: Proxy;
  notes: string[];
}> {
  const standIn = await startStandIn('/v1');
  const proxy = await Proxy.start();
  closing.push(
    () => standIn.close(),
    () => proxy.stop()
  );
  const port = new URL(standIn.url).port;
  // The proxy variables live in process.env, where the action's own requests read them.
  const restore = setProcessEnv({
    HTTP_PROXY: undefined,
    HTTPS_PROXY: undefined,
    NO_PROXY: undefined,
    http_proxy: undefined,
    https_proxy: undefined,
    no_proxy: undefined,
    ...proxyVars(proxy)
  });
  closing.push(async () => restore());
  const notes: string[] = [];
  const gateway = await startGateway(
    gatewayOptions(
      { OPENAI_API_KEY: REAL_KEY, OPENAI_BASE_URL: `http://provider.test:${port}/v1` },
      { retry: { tries: 1, backoffMs: 1, totalMs: 1 }, note: line => notes.push(line) }
    )
  );
  if (!gateway) throw new Error('no gateway started');
  closing.push(() => gateway.close());
  return { gateway, standIn, proxy, notes };
}

const client = (gateway: Gateway): OpenAI =>
  new OpenAI({
    apiKey: gateway.env.OPENAI_API_KEY,
    baseURL: gateway.env.OPENAI_BASE_URL,
    maxRetries: 0
  });

test('a forwarded call, plain and streamed, goes through HTTP_PROXY to the fixed upstream', async () => {
  const { gateway, standIn, proxy } = await world(p => ({ HTTP_PROXY: p.url }));
  const port = new URL(standIn.url).port;
  standIn.script(
    {
      kind: 'json',
      body: { id: 'c', choices: [], usage: { prompt_tokens: 2, completion_tokens: 1 } }
    },
    { kind: 'sse', events: chatChunks(['a', 'b'], { prompt_tokens: 3, completion_tokens: 4 }) }
  );
  const openai = client(gateway);
  await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
  const stream = await openai.chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true
  });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  expect(text).toBe('ab');
  // Both calls reached the provider, each by way of the proxy, and nothing else was asked of it.
  expect(standIn.received.map(r => [r.url, r.headers.authorization])).toEqual([
    ['/v1/chat/completions', `Bearer ${REAL_KEY}`],
    ['/v1/chat/completions', `Bearer ${REAL_KEY}`]
  ]);
  expect(proxy.targets.length).toBeGreaterThan(0);
  expect(proxy.targets.every(t => t === `provider.test:${port}`)).toBe(true);
  expect(gateway.stats().tokens).toBe(10);
});

test('NO_PROXY naming the provider: asked directly, not found, a 502 and the proxy never asked', async () => {
  const { gateway, proxy, notes } = await world(p => ({
    HTTP_PROXY: p.url,
    NO_PROXY: 'example.org,.test'
  }));
  const failed = await client(gateway)
    .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
    .then(
      () => undefined,
      (error: unknown) => error
    );
  expect(failed).toBeInstanceOf(OpenAI.APIError);
  expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
  expect((failed as Error).message).toContain('could not be reached');
  expect(proxy.targets).toEqual([]);
  expect(notes).toEqual([]);
});

test('no proxy variable: the gateway connects directly (the made-up host is not found)', async () => {
  const { gateway, proxy } = await world(() => ({}));
  const failed = await client(gateway)
    .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
    .then(
      () => undefined,
      (error: unknown) => error
    );
  expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
  expect(proxy.targets).toEqual([]);
});

test('calls one after another share one tunnel through the proxy (kept alive, not one per call)', async () => {
  const { gateway, standIn, proxy } = await world(p => ({ HTTP_PROXY: p.url }));
  const openai = client(gateway);
  for (let n = 0; n < 3; n++)
    await openai.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }]
    });
  expect(standIn.received).toHaveLength(3);
  expect(proxy.targets).toEqual([`provider.test:${new URL(standIn.url).port}`]);
});

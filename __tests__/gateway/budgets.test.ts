/**
 * The budgets under concurrency and mid-stream, through the gateway with the official clients (their
 * own retries off) against a loopback stand-in provider: calls started side by side are admitted only
 * while their reservations leave room (max-model-calls never passed; what is reserved never passes
 * max-tokens or a priced max-cost-usd, a ceiling lowered to the room left), and a stream is cut at
 * the cap with an error event its SDK raises, the answer so far kept. The documented bounds are
 * docs/gateway.md's.
 */
import { afterEach, describe, expect, test } from '@jest/globals';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { OutputCounter, reservationOf } from '../../src/gateway/meter.js';
import { gatewayWorld, portIn, post, type World } from '../helpers/test-gateway.js';
import { must } from '../helpers/must.js';
import { chatChunks, messageEvents, sse } from '../helpers/provider-standin.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const openai = (w: World): OpenAI =>
  new OpenAI({
    apiKey: w.gateway.env.OPENAI_API_KEY,
    baseURL: w.gateway.env.OPENAI_BASE_URL,
    maxRetries: 0
  });

/** `n` calls started at once; the stand-in holds every answer until all have been admitted or refused. */
async function atOnce(w: World, n: number, body: object): Promise<(number | 'ok')[]> {
  const c = openai(w);
  const calls = Array.from({ length: n }, () =>
    c.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...body })
      .then(() => 'ok' as const)
      .catch((error: { status?: number }) => error.status ?? -1)
  );
  // Every refusal is answered at once; the admitted wait for the stand-in's release.
  await new Promise<void>(resolve => {
    const poll = (): void => {
      const refused = w.gateway.stats().calls.filter(call => call.refused).length;
      if (refused + w.standIn.received.length === n) resolve();
      else setImmediate(poll);
    };
    poll();
  });
  w.standIn.release();
  return Promise.all(calls);
}

describe('calls started side by side', () => {
  test('20 at once against max-model-calls 5: exactly 5 reach the provider, 15 are refused with 402', async () => {
    world = await gatewayWorld('openai', { maxModelCalls: 5 });
    for (let k = 0; k < 20; k++) world.standIn.script({ kind: 'hold' });
    const results = await atOnce(world, 20, {});
    expect(results.filter(r => r === 'ok')).toHaveLength(5);
    expect(results.filter(r => r === 402)).toHaveLength(15);
    expect(world.standIn.received).toHaveLength(5);
    expect(world.gateway.stats().stopped).toMatchObject({ budget: 'max-model-calls', limit: 5 });
  });

  test('20 at once against max-cost-usd, priced: the reservations held never pass the cap, the last lowered to fit', async () => {
    const prices = { m: { input: 1, output: 2 } };
    world = await gatewayWorld('openai', { maxCostUsd: 0.005 }, { prices });
    for (let k = 0; k < 20; k++) world.standIn.script({ kind: 'hold' });
    const results = await atOnce(world, 20, { max_tokens: 1000 });
    const asked = world.standIn.received.map(
      r => (JSON.parse(r.body) as { max_tokens: number }).max_tokens
    );
    const reserved = world.standIn.received.map(
      r => reservationOf(Buffer.from(r.body), 'm', prices).costUsd
    );
    const total = reserved.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(0.005);
    // Every call but the last asked for its 1,000; the last had its ceiling lowered to what was left.
    expect(asked.filter(n => n === 1000).length).toBe(asked.length - 1);
    expect(Math.min(...asked)).toBeLessThan(1000);
    expect(results.filter(r => r === 'ok')).toHaveLength(asked.length);
    expect(results.filter(r => r === 402)).toHaveLength(20 - asked.length);
    expect(world.notes.join('\n')).toMatch(
      /max_tokens lowered from 1000 to \d+, what budget max-cost-usd leaves/
    );
  });

  test('was a hole: one unstreamed call asking for 100,000 tokens against max-tokens 1000 is lowered to fit', async () => {
    world = await gatewayWorld('openai', { maxTokens: 1000 });
    // The stand-in answers with as many tokens as it was allowed: the call cannot pass the cap.
    world.standIn.script({ kind: 'hold' });
    const call = openai(world).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'write a lot' }],
      max_tokens: 100_000
    });
    await new Promise<void>(resolve => {
      const poll = (): void =>
        world?.standIn.received.length ? resolve() : void setImmediate(poll);
      poll();
    });
    const sent = world.standIn.received[0]?.body ?? '';
    const allowed = (JSON.parse(sent) as { max_tokens: number }).max_tokens;
    const input = reservationOf(Buffer.from(sent), 'm', {}).tokensIn;
    expect(allowed).toBeGreaterThan(0);
    expect(input + allowed).toBeLessThanOrEqual(1000);
    world.standIn.release();
    await call;
  });

  test('was a hole: n: 10 answers of max_tokens 500 were reserved as one, against max-tokens 1000', async () => {
    world = await gatewayWorld('openai', { maxTokens: 1000 });
    world.standIn.script({ kind: 'hold' });
    const call = openai(world).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'ten takes' }],
      max_tokens: 500,
      n: 10
    });
    await new Promise<void>(resolve => {
      const poll = (): void =>
        world?.standIn.received.length ? resolve() : void setImmediate(poll);
      poll();
    });
    const sent = must(world.standIn.received[0]).body;
    const asked = JSON.parse(sent) as { max_tokens: number; n: number };
    const input = reservationOf(Buffer.from(sent), 'm', {}).tokensIn;
    expect(asked.n).toBe(10);
    expect(asked.max_tokens).toBeGreaterThan(0);
    expect(input + asked.n * asked.max_tokens).toBeLessThanOrEqual(1000);
    expect(world.notes.join('\n')).toContain('for each of 10 answers');
    world.standIn.release();
    await call;
  });

  test('a thinking budget the room cannot hold: lowered under the ceiling, or the call refused', async () => {
    world = await gatewayWorld('anthropic', { maxTokens: 3000 });
    const client = new Anthropic({
      apiKey: world.gateway.env.ANTHROPIC_API_KEY,
      baseURL: world.gateway.env.ANTHROPIC_BASE_URL,
      maxRetries: 0
    });
    const usage = { input_tokens: 10, output_tokens: 10 };
    world.standIn.script({ kind: 'json', body: { type: 'message', content: [], usage } });
    const ask = (): Promise<unknown> =>
      client.messages.create({
        model: 'claude-x',
        max_tokens: 8000,
        thinking: { type: 'enabled', budget_tokens: 4000 },
        messages: [{ role: 'user', content: 'hi' }]
      });
    await ask();
    const first = JSON.parse(world.standIn.received[0]?.body ?? '') as {
      max_tokens: number;
      thinking: { budget_tokens: number };
    };
    expect(first.max_tokens).toBeLessThan(3000);
    expect(first.thinking.budget_tokens).toBe(first.max_tokens - 1);
    // 20 spent: room for less than Anthropic's least thinking budget once most of it is held.
    world.standIn.script({ kind: 'hold' });
    const big = client.messages.create({
      model: 'claude-x',
      max_tokens: 1950,
      messages: [{ role: 'user', content: 'hi' }]
    });
    await new Promise<void>(resolve => {
      const poll = (): void =>
        world?.standIn.received.length === 2 ? resolve() : void setImmediate(poll);
      poll();
    });
    await expect(ask()).rejects.toMatchObject({ status: 402 });
    expect(world.standIn.received).toHaveLength(2);
    expect(world.notes.join('\n')).toContain(
      'less than the call’s thinking needs'.replace('’', "'")
    );
    world.standIn.release();
    await big;
  });

  test('an answer without usage still spends the budget: its tokens estimated, marked so', async () => {
    world = await gatewayWorld('openai', { maxTokens: 100 });
    world.standIn.script({ kind: 'json', body: { choices: [] } });
    await openai(world).chat.completions.create({ model: 'm', messages: [], max_tokens: 200 });
    const [call] = world.gateway.stats().calls;
    // Its ceiling lowered to the room left (100 less its input), and that spent, as an estimate.
    const sent = JSON.parse(world.standIn.received[0]?.body ?? '') as { max_tokens: number };
    expect(sent.max_tokens).toBeLessThan(100);
    expect(call).toMatchObject({ estimated: true, tokensOut: sent.max_tokens });
    await expect(
      openai(world).chat.completions.create({ model: 'm', messages: [] })
    ).rejects.toMatchObject({ status: 402 });
  });
});

describe('a stream cut at the cap', () => {
  test('a 10,000-token stream against max-tokens 1000: cut near 1,000, the SDK raises, the text so far kept', async () => {
    world = await gatewayWorld('openai', { maxTokens: 1000 });
    // Four characters a token: 10,000 deltas of one token each.
    world.standIn.script({
      kind: 'sse',
      events: chatChunks(Array<string>(10_000).fill('abcd'), {
        prompt_tokens: 20,
        completion_tokens: 10_000
      })
    });
    const stream = await openai(world).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'write a lot' }],
      stream: true
    });
    let text = '';
    const read = async (): Promise<void> => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    };
    await expect(read()).rejects.toMatchObject({
      message: expect.stringContaining('budget max-tokens reached mid-answer')
    });
    const tokens = text.length / 4;
    expect(tokens).toBeGreaterThan(950);
    expect(tokens).toBeLessThanOrEqual(1000);
    const stats = world.gateway.stats();
    expect(stats.stopped).toMatchObject({ budget: 'max-tokens', limit: 1000 });
    expect(stats.calls[0]).toMatchObject({ cut: 'max-tokens', streamed: true });
    expect(world.notes.join('\n')).toContain('reached mid-answer');
  });

  test('Anthropic’s stream is cut with its own error event, which its SDK raises', async () => {
    world = await gatewayWorld('anthropic', { maxTokens: 50 });
    const text = 'word '.repeat(400);
    const events = messageEvents(text, 5, 400);
    // The text in many deltas, as a model streams it.
    const deltas = Array.from({ length: 100 }, (_, k) =>
      sse(
        {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'text_delta', text: text.slice(k * 20, k * 20 + 20) }
        },
        'content_block_delta'
      )
    );
    world.standIn.script({
      kind: 'sse',
      events: [events[0] ?? '', events[1] ?? '', ...deltas, ...events.slice(-3)]
    });
    const client = new Anthropic({
      apiKey: world.gateway.env.ANTHROPIC_API_KEY,
      baseURL: world.gateway.env.ANTHROPIC_BASE_URL,
      maxRetries: 0
    });
    let got = '';
    const read = async (): Promise<void> => {
      const stream = await client.messages.create({
        model: 'claude-x',
        max_tokens: 1000,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true
      });
      for await (const event of stream)
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          got += event.delta.text;
    };
    await expect(read()).rejects.toThrow(/budget max-tokens reached mid-answer/);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(text.length);
  });
});

describe('what a stream is counted as', () => {
  test('the text of OpenAI’s deltas and tool-call arguments, Anthropic’s text and running count', () => {
    const counter = new OutputCounter();
    counter.push(Buffer.from(chatChunks(['abcdefgh'], {}).join('')));
    expect(counter.tokens).toBe(2);
    const tool = {
      choices: [{ delta: { tool_calls: [{ function: { arguments: 'x'.repeat(40) } }] } }]
    };
    counter.push(Buffer.from(sse(tool)));
    expect(counter.tokens).toBe(12);
    counter.push(Buffer.from(sse({ type: 'message_delta', usage: { output_tokens: 99 } })));
    expect(counter.tokens).toBe(99);
  });

  test('a line split across chunks is counted once, whole', () => {
    const counter = new OutputCounter();
    const line = sse({ choices: [{ delta: { content: 'abcdefgh' } }] });
    for (const part of [line.slice(0, 7), line.slice(7, 30), line.slice(30)])
      counter.push(Buffer.from(part));
    expect(counter.tokens).toBe(2);
  });

  test('the reservation: the body bounded at a token per four bytes, the request’s max_tokens or 4,096', () => {
    const body = Buffer.from(JSON.stringify({ model: 'm', messages: [], max_tokens: 300 }));
    expect(reservationOf(body, 'm', {})).toEqual({
      tokensIn: Math.ceil(body.length / 4),
      tokensOut: 300,
      costUsd: 0,
      usdPerTokenOut: 0,
      ceiling: 'max_tokens',
      copies: 1
    });
    expect(reservationOf(Buffer.from('{}'), 'm', {}).tokensOut).toBe(4096);
    // n answers, or best_of generated: each its own ceiling.
    const many = Buffer.from(JSON.stringify({ max_tokens: 300, n: 3, best_of: 5 }));
    expect(reservationOf(many, 'm', {})).toMatchObject({ tokensOut: 1500, copies: 5 });
  });
});

describe('a call whose answer never comes back', () => {
  test('was a hole: the agent hanging up before the answer is charged the call’s worst case, not nothing (the provider bills it)', async () => {
    world = await gatewayWorld('openrouter', { maxTokens: 5000 });
    const w = world;
    w.standIn.script({ kind: 'hold' });
    const hangUp = new AbortController();
    const sent = fetch(`${w.gateway.env.OPENROUTER_BASE_URL}/chat/completions`, {
      method: 'POST',
      signal: hangUp.signal,
      headers: {
        authorization: `Bearer ${w.gateway.env.OPENROUTER_API_KEY}`,
        'content-type': 'application/json'
      },
      body: JSON.stringify({
        model: 'm',
        max_tokens: 4000,
        messages: [{ role: 'user', content: 'hi' }]
      })
    }).catch(() => 'hung up');
    await new Promise<void>(resolve => {
      const poll = (): void =>
        w.standIn.received.length > 0 ? resolve() : void setImmediate(poll);
      poll();
    });
    hangUp.abort();
    expect(await sent).toBe('hung up');
    const recorded = await new Promise<{
      tokensIn?: number;
      tokensOut?: number;
      estimated?: boolean;
    }>(resolve => {
      const poll = (): void => {
        const call = w.gateway.stats().calls.find(c => c.status === 'error');
        if (call) resolve(call);
        else setImmediate(poll);
      };
      poll();
    });
    w.standIn.release();
    expect((recorded.tokensIn ?? 0) + (recorded.tokensOut ?? 0)).toBeGreaterThanOrEqual(4000);
    expect(recorded.estimated).toBe(true);
    // What is left is under 1,000 tokens: the next call's ceiling is lowered to it.
    expect(w.gateway.stats().tokens).toBeGreaterThanOrEqual(4000);
  });
});

describe('a stream that never reaches its end', () => {
  test('was a hole: an Anthropic stream the agent hangs up on before message_delta is charged what streamed, not message_start’s 1 output token', async () => {
    world = await gatewayWorld('anthropic', { maxTokens: 12_000 });
    const w = world;
    // ~10,000 output tokens of text, then the stand-in holds: message_delta (the real count) never comes.
    const text = 'x'.repeat(40_000);
    w.standIn.script({ kind: 'sse', events: messageEvents(text, 10, 10_000), holdAfter: 3 });
    const hangUp = new AbortController();
    const res = await fetch(`${w.gateway.env.ANTHROPIC_BASE_URL}/v1/messages`, {
      method: 'POST',
      signal: hangUp.signal,
      headers: {
        'x-api-key': w.gateway.env.ANTHROPIC_API_KEY ?? '',
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01'
      },
      body: JSON.stringify({
        model: 'm',
        max_tokens: 10_000,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }]
      })
    });
    const reader = must(res.body ?? undefined, 'the stream').getReader();
    for (let got = 0; got < text.length;) {
      const { value, done } = await reader.read();
      if (done) break;
      got += value.length;
    }
    hangUp.abort();
    const recorded = await new Promise<{ tokensOut?: number; estimated?: boolean }>(resolve => {
      const poll = (): void => {
        const call = w.gateway.stats().calls[0];
        if (call) resolve(call);
        else setImmediate(poll);
      };
      poll();
    });
    w.standIn.release();
    expect(recorded.tokensOut).toBeGreaterThanOrEqual(9_000);
    expect(recorded.estimated).toBe(true);
    expect(w.gateway.stats().tokens).toBeGreaterThanOrEqual(9_000);
  });
});

describe('the Responses API (/responses), streamed', () => {
  /** A Responses API stream: the text in deltas, then response.completed with its usage. */
  const responseEvents = (pieces: string[], usage?: Record<string, number>): string[] => [
    sse(
      { type: 'response.created', response: { id: 'r1', status: 'in_progress' } },
      'response.created'
    ),
    ...pieces.map(delta =>
      sse(
        { type: 'response.output_text.delta', item_id: 'm1', delta },
        'response.output_text.delta'
      )
    ),
    sse(
      {
        type: 'response.completed',
        response: { id: 'r1', status: 'completed', ...(usage && { usage }) }
      },
      'response.completed'
    )
  ];
  const streamed = async (w: World): Promise<string> => {
    const answer = await post(
      portIn(w.gateway.env, 'OPENAI_BASE_URL'),
      '/openai/responses',
      {
        authorization: `Bearer ${w.gateway.capability}`,
        'content-type': 'application/json'
      },
      JSON.stringify({ model: 'm', input: 'write a lot', stream: true })
    );
    return answer.body;
  };

  test('was a hole: its usage (response.usage) was not read, and its deltas were not counted: charged 0 output tokens', async () => {
    world = await gatewayWorld('openai', { maxTokens: 100_000 });
    world.standIn.script({
      kind: 'sse',
      events: responseEvents(['abcd', 'efgh'], { input_tokens: 30, output_tokens: 777 })
    });
    await streamed(world);
    expect(world.gateway.stats().calls[0]).toMatchObject({ tokensIn: 30, tokensOut: 777 });
    expect(world.gateway.stats().calls[0]?.estimated).toBeUndefined();
  });

  test('was a hole: a 10,000-token Responses stream ran past max-tokens 1000 uncut', async () => {
    world = await gatewayWorld('openai', { maxTokens: 1000 });
    world.standIn.script({
      kind: 'sse',
      events: responseEvents(Array<string>(10_000).fill('abcd'), {
        input_tokens: 20,
        output_tokens: 10_000
      })
    });
    const body = await streamed(world);
    const text = [...body.matchAll(/"delta":"(abcd)"/g)].length;
    expect(text).toBeGreaterThan(900);
    expect(text).toBeLessThanOrEqual(1000);
    expect(body).toContain('budget max-tokens reached mid-answer');
    expect(world.gateway.stats().calls[0]).toMatchObject({ cut: 'max-tokens' });
  });

  test('a stream of a shape the counter does not read, without usage: charged its reservation, not 0', async () => {
    world = await gatewayWorld('openai', { maxTokens: 100_000 });
    world.standIn.script({
      kind: 'sse',
      events: [sse({ type: 'some.future.event', payload: 'x'.repeat(4000) }), sse('[DONE]')]
    });
    await streamed(world);
    const call = must(world.gateway.stats().calls[0]);
    expect(call.estimated).toBe(true);
    expect(call.tokensOut).toBeGreaterThan(0);
  });
});

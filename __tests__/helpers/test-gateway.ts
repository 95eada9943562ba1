/**
 * The model gateway as a test starts it, and calls through it: on an environment of the test's (no
 * budgets, quick retries, no waits), or in front of a stand-in provider (the real key in the
 * options' environment only, retries waited on an injected sleep that records what was asked);
 * a raw POST to its port, and one model call as Hermes makes it with the capability.
 */
import { request } from 'node:http';
import { startGateway } from '../../src/gateway/gateway.js';
import type { Budgets, Gateway, GatewayOptions } from '../../src/gateway/types.js';
import { REAL_KEY, startStandIn, type StandIn } from './provider-standin.js';

/** The options a test starts a gateway with on env: no budgets, quick retries, nothing said, no waits. */
export function gatewayOptions(
  env: NodeJS.ProcessEnv,
  more: Partial<GatewayOptions> = {}
): GatewayOptions {
  return {
    env,
    mode: 'auto',
    budgets: {},
    retry: { tries: 3, backoffMs: 1, totalMs: 1000 },
    signal: new AbortController().signal,
    note: () => undefined,
    warning: () => undefined,
    sleep: async () => undefined,
    ...more
  };
}

/** The gateway on env, tries calls at most, with trusted as its owner check; the caller closes it. */
export async function testGateway(
  env: NodeJS.ProcessEnv,
  { trusted, tries = 3 }: { trusted?: (uid: number) => boolean; tries?: number } = {}
): Promise<Gateway> {
  const started = await startGateway(
    gatewayOptions(env, {
      retry: { tries, backoffMs: 1, totalMs: 1000 },
      ...(trusted && { loopbackTrusted: trusted })
    })
  );
  if (!started) throw new Error('the gateway did not start');
  return started;
}

export interface World {
  gateway: Gateway;
  standIn: StandIn;
  notes: string[];
  warnings: string[];
  /** The waits the gateway asked for, in ms. */
  waits: number[];
  run: AbortController;
  close(): Promise<void>;
}

/** The gateway fronting provider on a stand-in that answers only the real key. */
export async function gatewayWorld(
  provider: 'openai' | 'openrouter' | 'anthropic',
  budgets: Budgets = {},
  more: Partial<GatewayOptions> = {}
): Promise<World> {
  const standIn = await startStandIn(provider === 'anthropic' ? '' : '/v1');
  const variables = (
    {
      openai: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
      openrouter: ['OPENROUTER_API_KEY', 'OPENROUTER_BASE_URL'],
      anthropic: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL']
    } as const
  )[provider];
  const notes: string[] = [];
  const warnings: string[] = [];
  const waits: number[] = [];
  const run = new AbortController();
  const gateway = await startGateway(
    gatewayOptions(
      { [variables[0]]: REAL_KEY, [variables[1]]: standIn.url },
      {
        budgets,
        retry: { tries: 3, backoffMs: 100, totalMs: 60_000 },
        signal: run.signal,
        note: line => notes.push(line),
        warning: message => warnings.push(message),
        sleep: async ms => {
          waits.push(ms);
        },
        ...more
      }
    )
  );
  if (!gateway) throw new Error('no gateway started');
  return {
    gateway,
    standIn,
    notes,
    warnings,
    waits,
    run,
    close: async () => {
      await gateway.close();
      await standIn.close();
    }
  };
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A body as Hermes sends to /anthropic/v1/messages. */
export const ANTHROPIC_MESSAGE = '{"model":"claude-x","max_tokens":1,"messages":[]}';

/** A raw POST to host:port (loopback unless given), the target sent as given: the whole answer. */
export function post(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  body = '{}',
  host = '127.0.0.1'
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, method: 'POST', path: target, headers }, res => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString()
        })
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The port of the gateway's base URL in env's variable (OPENAI_BASE_URL, ANTHROPIC_BASE_URL…). */
export const portIn = (env: Readonly<Record<string, string | undefined>>, name: string): number =>
  Number(new URL(env[name] ?? '').port);

/** One Anthropic call through g as Hermes makes it (headers: the capability's, as the test sends it). */
export const callAnthropic = (g: Gateway, headers: Record<string, string>): Promise<Answer> =>
  post(portIn(g.env, 'ANTHROPIC_BASE_URL'), '/anthropic/v1/messages', headers, ANTHROPIC_MESSAGE);

/**
 * One OpenRouter model call through g as Hermes makes it with the capability (POST
 * <OPENROUTER_BASE_URL>/chat/completions, bearer): its status and body.
 */
export async function callOpenrouter(g: Gateway): Promise<{ status: number; body: string }> {
  const base = new URL(g.env.OPENROUTER_BASE_URL ?? '');
  const { status, body } = await post(
    Number(base.port),
    `${base.pathname}/chat/completions`,
    { authorization: `Bearer ${g.capability}`, 'content-type': 'application/json' },
    '{"model":"x","messages":[]}',
    base.hostname
  );
  return { status, body };
}

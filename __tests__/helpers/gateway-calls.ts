/**
 * A gateway started for a test on env (no budgets, quick retries, no waits), and one OpenRouter model
 * call through it as Hermes makes it with the capability (POST <OPENROUTER_BASE_URL>/chat/completions,
 * bearer): its status and body.
 */
import { request } from 'node:http';
import { startGateway } from '../../src/gateway/gateway.js';
import type { Gateway } from '../../src/gateway/types.js';

/** The gateway on env, tries calls at most, with trusted as its owner check; the caller closes it. */
export async function testGateway(
  env: NodeJS.ProcessEnv,
  { trusted, tries = 3 }: { trusted?: (uid: number) => boolean; tries?: number } = {}
): Promise<Gateway> {
  const started = await startGateway({
    env,
    mode: 'auto',
    budgets: {},
    retry: { tries, backoffMs: 1, totalMs: 1000 },
    signal: new AbortController().signal,
    note: () => undefined,
    warning: () => undefined,
    sleep: async () => undefined,
    ...(trusted && { loopbackTrusted: trusted })
  });
  if (!started) throw new Error('the gateway did not start');
  return started;
}

export function callOpenrouter(g: Gateway): Promise<{ status: number; body: string }> {
  const base = new URL(g.env.OPENROUTER_BASE_URL ?? '');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method: 'POST',
        path: `${base.pathname}/chat/completions`,
        headers: { authorization: `Bearer ${g.capability}`, 'content-type': 'application/json' }
      },
      res => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }
    );
    req.on('error', reject);
    req.end('{"model":"x","messages":[]}');
  });
}

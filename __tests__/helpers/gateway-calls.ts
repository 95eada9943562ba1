/**
 * One OpenRouter model call through a started gateway, as Hermes makes it with the capability
 * (POST <OPENROUTER_BASE_URL>/chat/completions, bearer): its status and body.
 */
import { request } from 'node:http';
import type { Gateway } from '../../src/gateway/types.js';

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

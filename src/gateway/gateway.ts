/**
 * Starting the model gateway for one turn: which keys it fronts, the capability Hermes gets in their
 * place, the environment that points Hermes here, and closing it (see docs/gateway.md).
 */
import { randomBytes } from 'node:crypto';
import { abortableSleep } from '../run/retry.js';
import { Ledger } from './ledger.js';
import { frontable, PROVIDERS } from './providers.js';
import { listen } from './server.js';
import type { Gateway, GatewayOptions } from './types.js';

export { heldCredentials } from './providers.js';

/** The gateway for this turn, or undefined when `model-proxy` is off or no key it fronts is present. */
export async function startGateway(options: GatewayOptions): Promise<Gateway | undefined> {
  if (options.mode === 'off') return undefined;
  const fronted = frontable(options.env, options.warning);
  if (fronted.length === 0) return undefined;
  // Handed out as `…_API_KEY`, a name the redaction treats as secret; the caller masks it as well.
  const capability = `hgw-${randomBytes(32).toString('base64url')}`;
  const ledger = new Ledger(options.budgets);
  const listening = await listen({
    fronted,
    capability,
    ledger,
    retry: options.retry,
    signal: options.signal,
    note: options.note,
    sleep: options.sleep ?? abortableSleep
  });
  const env: Record<string, string> = {};
  for (const f of fronted) {
    const spec = PROVIDERS.find(p => p.provider === f.provider);
    if (!spec) continue;
    env[spec.keyVariable] = capability;
    env[spec.baseVariable] = `http://127.0.0.1:${listening.port}/${f.provider}`;
  }
  return {
    env: Object.freeze(env),
    capability,
    fronted: Object.freeze(
      fronted.map(({ provider, keyVariable, upstream }) => ({ provider, keyVariable, upstream }))
    ),
    stats: () => ledger.stats(),
    close: () => listening.close()
  };
}

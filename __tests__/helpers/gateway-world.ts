/**
 * A gateway in front of a stand-in provider, as the action starts it: the real key in the options'
 * environment only, retries waited on an injected sleep that records what was asked.
 */
import { startGateway } from '../../src/gateway/gateway.js';
import type { Budgets, Gateway, GatewayOptions } from '../../src/gateway/types.js';
import { REAL_KEY, startStandIn, type StandIn } from './provider-standin.js';

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
  const gateway = await startGateway({
    env: { [variables[0]]: REAL_KEY, [variables[1]]: standIn.url },
    mode: 'auto',
    budgets,
    retry: { tries: 3, backoffMs: 100, totalMs: 60_000 },
    signal: run.signal,
    note: line => notes.push(line),
    warning: message => warnings.push(message),
    sleep: async ms => {
      waits.push(ms);
    },
    ...more
  });
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

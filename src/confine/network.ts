/**
 * The agent's network, for confinement: the egress fence raised for its uid (src/fence/), or what
 * its network came to without one (`allowed-hosts: *`, or a fence that could not be raised and was
 * not required: said once in a warning).
 */
import type { Egress } from '../config/allowed-hosts.js';
import { EgressFence, FenceError } from '../fence/fence.js';
import type { EgressFact } from '../turn/facts.js';
import type { Admin, IsolationHost } from './host.js';

export interface FenceOptions {
  /** `allowed-hosts`. */
  egress: Egress;
  /** The model gateway's loopback port, when one fronts the turn. */
  gatewayPort?: number;
  /** On an event people without write access cause (and a fence asked for): no agent without it. */
  required: boolean;
}

/**
 * Raises the fence for the agent's uid, before anything of the agent runs. Where it cannot be raised:
 * thrown (a FenceError) when it is required, else said once and the network left open.
 */
export async function fenceNetwork(
  options: FenceOptions,
  user: { uid: number; name: string },
  admin: Admin,
  host: Pick<IsolationHost, 'tool'>,
  warn: (message: string) => void
): Promise<{ fence?: EgressFence; egress?: EgressFact }> {
  const { egress } = options;
  if (egress.kind === 'open') return { egress: OPEN_NETWORK };
  try {
    const fence = await EgressFence.raise({
      uid: user.uid,
      user: user.name,
      gatewayPort: options.gatewayPort,
      hosts: egress.hosts,
      pinned: egress.pinned,
      admin,
      tool: name => host.tool(name)
    });
    return { fence };
  } catch (error) {
    if (!(error instanceof FenceError) || options.required) throw error;
    warn(unfencedWarning(error.message));
    return { egress: unfenced(error.message) };
  }
}

/** `allowed-hosts: *`. */
export const OPEN_NETWORK: EgressFact = Object.freeze({
  state: 'open',
  refused: [],
  proxyRefused: [],
  blocked: 0
});

/** No fence could be raised: the network was open, and why. */
export function unfenced(why: string): EgressFact {
  return { state: 'unfenced', why, refused: [], proxyRefused: [], blocked: 0 };
}

function unfencedWarning(why: string): string {
  return `The agent's network is open: no egress fence could be raised (${why}). It can send what it reads to any host; on events from people without write access it would not start. Install nftables (or iptables), or set "allowed-hosts: *" to say an open network is intended (see docs/security.md).`;
}

/**
 * What the run found out about how Hermes was provided and run: made where it happens (src/hermes/), drawn
 * by the writers (src/publish/). Plain data, so that both may import it.
 */
import type { Redacted } from '../text/redact.js';

/** Where a working `hermes` came from. */
export type InstallSource = 'reused' | 'cache' | 'installer';

/** What installing came to: made by install/install.ts, drawn in the log, the summary and the outputs. */
export interface InstallFact {
  /** The upstream ref asked for (`hermes-version`). */
  ref: string;
  /** Absent when the install failed. */
  source?: InstallSource;
  /** From deciding to install to a working `hermes` (or the failure). */
  ms: number;
  /** The install script that ran was not checked against a SHA-256 (none pinned or given). */
  unverified?: boolean;
}

/** Whether Hermes read the checkout's rules and skills, where someone other than the actor may have written them. */
export interface RulesFact {
  /** Run with `--ignore-rules`. */
  ignored: boolean;
  /** Why the checkout may hold someone else's files (and, when read, that `pr-rules` said to). */
  why: string;
}

/** What the summary says about `isolation`: made by confine/isolation.ts, drawn by publish/isolation-fact.ts. */
export interface IsolationFact {
  /** The user Hermes ran as, when isolated. */
  user?: string;
  uid?: number;
  via?: 'root' | 'sudo';
  /** Why Hermes was not isolated. */
  why?: string;
  /** How many processes of the agent user were ended after Hermes exited. */
  ended?: number;
  /** The file holding the checkout's persisted git credential, where the agent could read it. */
  credential?: string;
  /** Where the agent's user could connect (CLI mode): made by fence/fence.ts. */
  egress?: EgressFact;
}

/** The egress fence of a run: what held, and what it refused. */
export interface EgressFact {
  /**
   * `fenced`: the kernel's rules held for the agent's uid; `open`: `allowed-hosts: *`; `unfenced`:
   * no fence could be raised (`why`), the network was open.
   */
  state: 'fenced' | 'open' | 'unfenced';
  via?: 'nftables' | 'iptables';
  /** Whether the model gateway's port was left open to the agent (no gateway: nothing was). */
  gateway?: boolean;
  /** The names the proxy let through (`allowed-hosts`), as written; empty: the gateway alone. */
  hosts?: string;
  why?: string;
  /** Each destination the kernel refused, most refused first (nftables; iptables counts only). */
  refused: readonly { address: string; port: number; protocol: string; count: number }[];
  /** Each name the proxy refused (the agent's words: redacted, shown inert), with the reason. */
  proxyRefused: readonly { name: string; port: number; why: string; count: number }[];
  /** Every refusal, packets and proxy requests: the `egress_blocked` output. */
  blocked: number;
  /** What could not be undone at the release (the rules left in place, said in a warning). */
  failed?: string;
}

/** One model call as the gateway saw it, its model (the agent's choice) redacted. */
export interface ModelCallFact {
  provider: string;
  model?: Redacted;
  /** The provider's HTTP status, or `error` when no response came. */
  status: number | 'error';
  tokensIn: number;
  tokensOut: number;
  costUsd?: number;
  latencyMs: number;
  retries: number;
  /** Refused by the gateway (a budget), never sent. */
  refused?: boolean;
}

/** A `max-*` budget that stopped the turn: the figure reached and the limit set. */
export interface BudgetFact {
  budget: 'max-tokens' | 'max-cost-usd' | 'max-model-calls';
  figure: number;
  limit: number;
  /** Checked after the turn on the session record's cost, not enforced live. */
  estimated?: boolean;
}

/** What the model gateway saw of the turn: made by src/gateway/gateway.ts, drawn by src/publish/. */
export interface GatewayFact {
  calls: readonly ModelCallFact[];
  retries: number;
  tokens: number;
  costUsd?: number;
  /** Every answered call reported its cost: the cost budget was enforced live. */
  costLive: boolean;
  stopped?: BudgetFact;
  /** Calls refused for asking the provider to reach past the egress fence. */
  pastFence?: number;
}

/** What a run's thread came to (`thread: auto`): made by steps/thread.ts, drawn in the outputs, summary and comment. */
export interface ThreadFact {
  /** `owner/repo#12`. */
  id: string;
  /** This run's turn in the thread: 1 for a new one. */
  turn: number;
  /** Whether Hermes continued the saved session (`--resume`, and the same session id back). */
  resumed: boolean;
  /** The page of the thread's first run, where this one continues it. */
  firstRun?: string;
  /** Why the thread was not continued, or not kept for the next run, where it was not. */
  note?: string;
  /** What to warn of once the stream's block is closed: a new thread, a thread not kept. */
  warnings: string[];
}

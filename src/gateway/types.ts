/**
 * The model gateway's contract with the rest of the action: what starting it takes, what it gives
 * Hermes' environment in place of the provider keys, and what it counted. The gateway serves the
 * provider's API on a loopback port for the turn, holds the real key in the action's memory only, and
 * forwards to the provider's fixed base URL; Hermes holds a capability that is good for this run alone.
 */

import type { AllowedHost } from '../config/allowed-hosts.js';

/** The providers the gateway can front. */
export type Provider = 'openrouter' | 'openai' | 'anthropic';

/** `model-proxy`: `auto` fronts every supported key it finds; `off` leaves Hermes holding them. */
export type ModelProxy = 'auto' | 'off';

/** The `max-*` budgets of one turn; absent: no limit. */
export interface Budgets {
  maxTokens?: number;
  maxCostUsd?: number;
  maxModelCalls?: number;
}

/** Which budget stopped the turn, with the figure reached and the limit set. */
export interface BudgetStop {
  budget: 'max-tokens' | 'max-cost-usd' | 'max-model-calls';
  figure: number;
  limit: number;
}

/** How retries of one model call are bounded. */
export interface RetryLimits {
  /** Attempts in all, the first included. */
  tries: number;
  /** The first backoff; it doubles each time, with jitter, or follows `Retry-After`. */
  backoffMs: number;
  /** No retry waits past this since the call's first attempt. */
  totalMs: number;
}

/** One model call as the gateway saw it (every string redacted by the caller before it is drawn). */
export interface ModelCall {
  provider: Provider;
  model?: string;
  /** The provider's HTTP status, or `error` when no response came. */
  status: number | 'error';
  tokensIn: number;
  tokensOut: number;
  /** Reported by the provider with the response; absent where it reports none. */
  costUsd?: number;
  latencyMs: number;
  retries: number;
  streamed: boolean;
  /** Refused by the gateway (a budget), not sent upstream. */
  refused?: boolean;
  /** Its usage was not reported (in part): the tokens are the gateway's estimate (meter.ts). */
  estimated?: boolean;
  /** Its cost is the `model-prices` estimate, not the provider's report. */
  costEstimated?: boolean;
  /** Its stream was cut at this budget. */
  cut?: BudgetStop['budget'];
}

export interface GatewayStats {
  calls: readonly ModelCall[];
  /** Retries over all calls. */
  retries: number;
  tokens: number;
  /** The cost the provider reported, summed; absent when no call reported one. */
  costUsd?: number;
  /** True when every answered call reported its cost (so the cost budget was enforced live). */
  costLive: boolean;
  /** The budget that refused a call, when one did. */
  stopped?: BudgetStop;
  /** Calls refused for asking the provider to reach past the egress fence (gateway/reach.ts). */
  pastFence?: number;
}

/** A provider the gateway fronts for this run. */
export interface Fronted {
  provider: Provider;
  /** The variable the workflow gave the key in (e.g. `OPENROUTER_API_KEY`). */
  keyVariable: string;
  /** The fixed upstream base URL calls are forwarded to. */
  upstream: string;
}

export interface Gateway {
  /** Variables to set in Hermes' environment: the capability in each key's place, base URLs to here. */
  env: Readonly<Record<string, string>>;
  /** The capability, to be masked and redacted everywhere. */
  capability: string;
  /** Its loopback port (on 127.0.0.1): the one the egress fence leaves open to the agent. */
  port: number;
  fronted: readonly Fronted[];
  stats(): GatewayStats;
  /** Stops listening and aborts calls still open. */
  close(): Promise<void>;
}

/** What starting the gateway takes (see gateway.ts: `startGateway(options): Promise<Gateway | undefined>`). */
export interface GatewayOptions {
  /** The action's environment: the provider keys and base URLs are read from it, never written to it. */
  env: NodeJS.ProcessEnv;
  mode: ModelProxy;
  budgets: Budgets;
  retry: RetryLimits;
  /** The run's cancellation: open calls and waits between retries end with it. */
  signal: AbortSignal;
  /** One log line (a retry, a refusal); the caller redacts and neutralises it. */
  note(line: string): void;
  /** A warning (a key variable present but empty); the caller redacts it. */
  warning(message: string): void;
  /** Waits ms, or less when signal aborts (tests pass a fake clock's). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Who may own the listener of an upstream on this machine (a uid): set when Hermes runs as its own
   * user, who could bind the port first (gateway/loopback-owner.ts). Undefined: no check.
   */
  loopbackTrusted?: (uid: number) => boolean;
  /** USD per million tokens by model (`model-prices`): reservations and streams are priced with it. */
  prices?: Readonly<Record<string, { input: number; output: number }>>;
  /** How much request body the gateway holds, one and all at once (request-body.ts BODY_LIMITS); tests lower them. */
  bodyLimits?: BodyLimits;
  /**
   * The hosts `allowed-hosts` lets the agent reach, when the egress fence is asked for: a call that
   * asks the provider to fetch from another host, or to use a web tool of its own, is refused
   * (gateway/reach.ts). Undefined (`allowed-hosts: *`): no such check.
   */
  fencedHosts?: readonly AllowedHost[];
}

/** Request bodies the gateway buffers: each one's ceiling, and the ceiling of all it holds at once. */
export interface BodyLimits {
  perRequest: number;
  inFlight: number;
  /** Connections open at once (the server's maxConnections): past it, a new one is closed. */
  connections: number;
}

/**
 * The turn's model gateway started in-process as the action starts it (src/steps/gateway.ts:
 * startTurnGateway, then Hermes' environment from src/fronting/agent-reach.ts), on a Hermes home of the test's
 * making: what it warned, what it hid, what the agent's environment holds and which credentials the
 * summary would list as held. The caller closes `turn.gateway`.
 */
import { afterEach } from '@jest/globals';
import { heldCredentials, startGateway } from '../../src/gateway/gateway.js';
import type { LiveLog } from '../../src/publish/log.js';
import type { Cancellation } from '../../src/turn/cancellation.js';
import { agentEnvironment, agentOverrides, heldByAgent } from '../../src/fronting/agent-reach.js';
import { startTurnGateway, type TurnGateway } from '../../src/steps/gateway.js';
import type { Plan } from '../../src/steps/plan.js';
import type { Ports } from '../../src/steps/ports.js';
import { agentHome, hermesHome, writeHome, type AgentHome } from './hermes-home.js';
import { cliSettings } from './settings.js';

export interface HomeFiles {
  /** A Hermes home the test made (else a fresh one). */
  home?: string;
  config?: string;
  dotenv?: string;
  /** skills/deploy/SKILL.md */
  skill?: string;
}

export interface TurnOptions {
  isolated?: boolean;
  inputs?: Record<string, string>;
}

export interface StartedTurn {
  home: string;
  stepEnv: NodeJS.ProcessEnv;
  turn: TurnGateway;
  warnings: string[];
  hidden: string[];
  agentEnv: NodeJS.ProcessEnv;
  held: string[];
}

/** A fresh Hermes home holding files, and the turn's gateway started on it with env. */
export async function startTurn(
  files: HomeFiles,
  env: NodeJS.ProcessEnv,
  { isolated = true, inputs = {} }: TurnOptions = {}
): Promise<StartedTurn> {
  const home = files.home ?? hermesHome();
  writeHome(home, {
    ...(files.skill !== undefined && { 'skills/deploy/SKILL.md': files.skill }),
    ...(files.config !== undefined && { 'config.yaml': files.config }),
    ...(files.dotenv !== undefined && { '.env': files.dotenv })
  });
  const warnings: string[] = [];
  const hidden: string[] = [];
  const stepEnv = { HERMES_HOME: home, ...env };
  const ports = {
    env: stepEnv,
    gateway: { start: startGateway, held: heldCredentials },
    limits: { modelRetry: { tries: 1, backoffMs: 1, totalMs: 1000 } },
    clock: { sleep: async () => undefined },
    out: { warning: (m: string) => warnings.push(m) }
  } as unknown as Ports;
  const log = { redact: (t: string) => t, note: () => undefined } as unknown as LiveLog;
  const plan = { hide: (s: string) => hidden.push(s) } as unknown as Plan;
  const cancellation = { signal: new AbortController().signal } as unknown as Cancellation;
  const turn = await startTurnGateway(
    cliSettings(inputs),
    plan,
    log,
    cancellation,
    ports,
    isolated
  );
  const agentEnv = agentEnvironment(stepEnv, turn, m => warnings.push(m));
  return {
    home,
    stepEnv,
    turn,
    warnings,
    hidden,
    agentEnv,
    held: heldByAgent(heldCredentials, agentEnv, turn, isolated)
  };
}

/**
 * startTurn for the calling test file: every turn's gateway it starts is closed after the test that
 * started it (registered where it is called, so in that file's order of afterEach hooks).
 */
export function turnsClosedAfterEach(): typeof startTurn {
  const open: TurnGateway[] = [];
  afterEach(async () => {
    for (const turn of open.splice(0)) await turn.gateway?.close();
  });
  return async (...args) => {
    const got = await startTurn(...args);
    open.push(got.turn);
    return got;
  };
}

/** The agent's copy of Hermes' home as fillAgentHome makes it from that turn (helpers/hermes-home.ts). */
export function agentHomeOf(got: StartedTurn, ignoreUserConfig = false): AgentHome {
  return agentHome({
    ignoreUserConfig,
    env: got.stepEnv,
    overrides: agentOverrides(got.turn, got.stepEnv)
  });
}

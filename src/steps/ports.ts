/**
 * What run() touches of the world, as ports: the runner's inputs and environment, its output files
 * and log, the clock, the cancellation, the Hermes processes and the artifact uploads. runnerPorts()
 * are the real ones; tests pass their own.
 */
import * as core from '@actions/core';
import { GATE_LIMITS, type GateLimits } from '../access/gate.js';
import type { InputName } from '../config/inputs.js';
import { probeVersion, hermesAttempt } from '../hermes/cli.js';
import { provideHermes } from '../install/install.js';
import { heldCredentials, startGateway } from '../gateway/gateway.js';
import type { RetryLimits } from '../gateway/types.js';
import { THIS_HOST, type IsolationHost } from '../confine/host.js';
import { readSessionRecord } from '../hermes/session-record.js';
import { uploadTranscript } from '../publish/artifact.js';
import type { Sink } from '../publish/log.js';
import { uploadSessionRecord } from '../publish/session-artifact.js';
import {
  GRACE,
  listenForCancellation,
  type Cancellation,
  type Grace
} from '../turn/cancellation.js';
import { abortableSleep } from '../http/retry.js';

/** Everything the action tells the runner and the person watching. */
export interface OutputSink {
  setOutput(name: string, value: string): void;
  setFailed(message: string): void;
  setSecret(secret: string): void;
  warning(message: string): void;
  notice(message: string): void;
  info(message: string): void;
  group<T>(title: string, fn: () => Promise<T>): Promise<T>;
  addPath(dir: string): void;
  /** Replaces the step's job summary (the step's summary holds only what the action wrote). */
  writeSummary(markdown: string): Promise<void>;
  /** The live log's lines; stdout (buffered) when absent. */
  log?: Sink;
  /** Saves a value for the post step (GITHUB_STATE); absent where there is none (tests in process). */
  saveState?(name: string, value: string): void;
}

export interface Clock {
  now(): number;
  /** Waits ms, or less when signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What runs Hermes: finding or installing it, one attempt, its version, its session record. */
export interface HermesPorts {
  provide: typeof provideHermes;
  attempt: typeof hermesAttempt;
  version: typeof probeVersion;
  record: typeof readSessionRecord;
}

/** The model gateway of the turn (CLI mode): started before Hermes' environment is built. */
export interface GatewayPorts {
  start: typeof startGateway;
  held: typeof heldCredentials;
}

export interface UploadPorts {
  transcript: typeof uploadTranscript;
  record: typeof uploadSessionRecord;
}

/** The limits run() itself keeps (the attempt's own are in src/hermes/ and src/turn/supervise.ts). */
export interface Limits {
  grace: Grace;
  /** Up to this fraction of each exit-75 backoff is added at random. */
  tempfailJitter: number;
  /** The trigger gate's permission check: its timeout and the wait before its retry. */
  gate: GateLimits;
  /** How the gateway retries one model call (bounded again by timeout-minutes). */
  modelRetry: RetryLimits;
}

export const LIMITS: Readonly<Limits> = Object.freeze({
  grace: GRACE,
  tempfailJitter: 0.25,
  gate: GATE_LIMITS,
  modelRetry: Object.freeze({ tries: 4, backoffMs: 1000, totalMs: 120_000 })
});

export interface Ports {
  getInput(name: InputName): string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** What deciding whether Hermes can run as its own user asks of the machine. */
  isolationHost: IsolationHost;
  out: OutputSink;
  clock: Clock;
  /** Starts hearing the runner's cancel; called once, on run()'s first line. */
  listenForCancellation(): Cancellation;
  hermes: HermesPorts;
  gateway: GatewayPorts;
  upload: UploadPorts;
  /** Ends the process: a given-up upload's client must not hold the step open. */
  exit(): void;
  limits: Limits;
}

/** The runner's: @actions/core, process.env, the real clock, signals and processes. */
export function runnerPorts(): Ports {
  return {
    getInput: name => core.getInput(name),
    env: process.env,
    platform: process.platform,
    isolationHost: THIS_HOST,
    out: {
      setOutput: (name, value) => core.setOutput(name, value),
      setFailed: message => core.setFailed(message),
      setSecret: secret => core.setSecret(secret),
      warning: message => core.warning(message),
      notice: message => core.notice(message),
      info: message => core.info(message),
      group: (title, fn) => core.group(title, fn),
      addPath: dir => core.addPath(dir),
      saveState: (name, value) => core.saveState(name, value),
      writeSummary: async markdown =>
        void (await core.summary.addRaw(markdown).write({ overwrite: true }))
    },
    clock: { now: Date.now, sleep: abortableSleep },
    listenForCancellation: () => {
      const cancellation = listenForCancellation(process, Date.now);
      // The action's first line: from here a cancel ends in a report (and a test knows it may send one).
      core.debug('Listening for the runner’s cancel (SIGINT, SIGTERM)');
      return cancellation;
    },
    hermes: {
      provide: provideHermes,
      attempt: hermesAttempt,
      version: probeVersion,
      record: readSessionRecord
    },
    gateway: { start: startGateway, held: heldCredentials },
    upload: { transcript: uploadTranscript, record: uploadSessionRecord },
    exit: () => process.exit(),
    limits: LIMITS
  };
}

/**
 * The turns that run no Hermes CLI: one sent to a Hermes API server (retried on what maps to exit 75),
 * and an existing transcript read; and the retry policy the CLI's turn shares with them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ApiServer } from '../api-server/server.js';
import type { ApiModeSettings, CliSettings } from '../config/settings.js';
import { inert, type LiveLog } from '../publish/log.js';
import type { InstallIo } from '../install/job.js';
import type { Attempt } from '../turn/attempt.js';
import type { Cancellation } from '../turn/cancellation.js';
import { followFile } from '../turn/stream-reader.js';
import { retryTempfail, type Attempts } from '../turn/tempfail.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';

/** What a turn runs with: the live log, the job's cancellation, the ports and the plan. */
export interface Running {
  log: LiveLog;
  cancellation: Cancellation;
  ports: Ports;
  plan: Plan;
}

/** A turn's attempts, as execute() returns them. */
export interface TurnResult extends Attempts {
  allowed: true;
  attemptCount: number;
  agent?: string;
}

/** Sends the turn to a Hermes API server, retried on what maps to exit 75 (429, 5xx, no connection). */
export async function apiServerTurn(
  settings: ApiModeSettings,
  query: string,
  { log, cancellation, ports }: Running
): Promise<TurnResult> {
  fs.mkdirSync(path.dirname(settings.jsonlPath), { recursive: true });
  const server = new ApiServer({
    ...settings.api,
    model: settings.model,
    showReasoning: settings.showReasoning,
    timeoutMs: settings.timeoutMs
  });
  log.begin();
  const attempts = await retryTempfail(
    () => server.attempt(query, settings.jsonlPath, log, cancellation),
    tempfailPolicy(settings, 'the API server could not take the turn', log, cancellation, ports)
  );
  return {
    allowed: true,
    ...attempts,
    attemptCount: attempts.earlier.length + 1,
    agent: server.description
  };
}

export function tempfailPolicy(
  settings: CliSettings | ApiModeSettings,
  why: string,
  log: LiveLog,
  cancellation: Cancellation,
  { clock, limits }: Ports
): Parameters<typeof retryTempfail>[1] {
  return {
    jsonlPath: settings.jsonlPath,
    retries: settings.tempfailRetries,
    backoffMs: settings.tempfailBackoffMs,
    jitter: limits.tempfailJitter,
    why,
    cancellation,
    sleep: clock.sleep,
    note: line => log.note(line)
  };
}

export async function readTranscript(
  transcript: string,
  { log, ports }: Running
): Promise<TurnResult> {
  const started = ports.clock.now();
  log.begin();
  const turn = await followFile(transcript, log);
  const attempt: Attempt = {
    turn,
    durationMs: ports.clock.now() - started,
    end: { kind: 'transcript' }
  };
  return { allowed: true, attempt, earlier: [], attemptCount: 0 };
}

/** The install's lines go to the log before the stream's block opens; the installer's are untrusted. */
export function installIo(log: LiveLog, { out }: Ports): InstallIo {
  const line = (text: string): void => out.info(inert(log.redact(text)));
  return {
    info: line,
    output: line,
    warning: message => out.warning(log.redact(message)),
    group: (title, fn) => out.group(inert(log.redact(title)), fn),
    addPath: dir => out.addPath(dir)
  };
}

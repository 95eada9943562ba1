/**
 * The session record: after a turn, `hermes sessions export` writes the session Hermes stored (its
 * cost, every tool's whole output) as JSONL. Reading it never changes the verdict: whatever goes
 * wrong is one note.
 */
import * as fs from 'node:fs';
import { messageOf } from '../text/errors.js';
import { readOwnFile } from '../config/paths.js';
import { commandToFile, type AgentUser } from '../process/spawn.js';
import { parseSessionRecord, RECORD_LIMIT, type SessionUsage } from '../turn/session-usage.js';

export const EXPORT_LIMITS = Object.freeze({
  /** How long the export may take unless HERMES_SESSION_EXPORT_TIMEOUT_SECONDS says otherwise. */
  timeoutMs: 30_000,
  /** Once the job is cancelled, the runner's SIGTERM is a few seconds away. */
  cancelledTimeoutMs: 2000
});
const STDERR_CHARS = 300;

/**
 * The command line, as upstream's `hermes_cli/sessions_cmd.py` reads it: the record to standard output
 * (`-`, which the action sends into the record's file: Hermes may run as the agent user, who cannot
 * write beside the transcript), the one session by id, and Hermes' own redaction (opt-in upstream) on;
 * JSONL is the default format.
 */
export function exportArgv(sessionId: string): string[] {
  return ['sessions', 'export', '-', '--session-id', sessionId, '--redact'];
}

export interface ExportSpawn {
  executable: string;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** The agent user, under isolation: the export reads the state store in that user's HOME. */
  as?: AgentUser;
  /** Where the export's standard output goes. */
  output: string;
  /** The job's cancel: from then on the export has cancelledTimeoutMs at most. */
  signal?: AbortSignal;
  cancelledTimeoutMs?: number;
}

export type SpawnResult = { ok: true } | { ok: false; why: string };

/** Runs one export (through the process module, as the turn's user), killed at the time limit. */
export async function spawnExport(spec: ExportSpawn): Promise<SpawnResult> {
  const done = await commandToFile(spec.executable, spec.argv, {
    cwd: spec.cwd,
    env: spec.env,
    timeoutMs: spec.timeoutMs,
    as: spec.as,
    stdoutPath: spec.output,
    signal: spec.signal,
    afterAbortMs: spec.cancelledTimeoutMs
  });
  if (done.timedOut && spec.signal?.aborted)
    return { ok: false, why: 'was stopped: the job was cancelled before it finished' };
  if (done.timedOut)
    return { ok: false, why: `it did not finish within ${spec.timeoutMs / 1000} s` };
  if (done.error) return { ok: false, why: messageOf(done.error) };
  if (done.exitCode === 0) return { ok: true };
  // Upstream prints its errors on stdout ("No session '…'"), argparse's on stderr.
  const said = lastLine(done.stderr) || lastLine(readHead(spec.output));
  const code = `exited with code ${done.exitCode}`;
  return { ok: false, why: said ? `${code}: ${said.slice(0, STDERR_CHARS)}` : code };
}

function readHead(file: string): string {
  try {
    return readOwnFile(file, { head: 4096 });
  } catch {
    return '';
  }
}

function lastLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map(l => l.trim())
      .filter(l => l !== '')
      .at(-1) ?? ''
  );
}

export type SessionRecord =
  { ok: true; path: string; usage: SessionUsage } | { ok: false; note: string };

export interface ExportRequest {
  executable: string;
  sessionId: string;
  /** Where Hermes writes the record (beside the transcript). */
  output: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  as?: AgentUser;
  timeoutMs: number;
  cancelled?: boolean;
  /** The job's cancel, should it come while the export runs. */
  signal?: AbortSignal;
  /** The limit once cancelled; default EXPORT_LIMITS.cancelledTimeoutMs. */
  cancelledTimeoutMs?: number;
  /** The process runner; spawnExport unless a test or the isolation module gives another. */
  spawn?: (spec: ExportSpawn) => Promise<SpawnResult>;
}

/** Exports the session and reads what it says; a failure is a note, never a throw. */
export async function readSessionRecord(request: ExportRequest): Promise<SessionRecord> {
  const spawn = request.spawn ?? spawnExport;
  // A record left by an earlier run must not pass for this one's. Whatever stands there (a folder
  // planted by the agent, say) makes a note, not a crash.
  try {
    fs.rmSync(request.output, { force: true });
  } catch (error) {
    return {
      ok: false,
      note: `The session record could not be written to ${request.output} (${messageOf(error)}); cost and full tool outputs are not reported.`
    };
  }
  const timeoutMs = request.cancelled
    ? Math.min(request.timeoutMs, request.cancelledTimeoutMs ?? EXPORT_LIMITS.cancelledTimeoutMs)
    : request.timeoutMs;
  const result = await spawn({
    executable: request.executable,
    argv: exportArgv(request.sessionId),
    cwd: request.cwd,
    env: request.env,
    timeoutMs,
    as: request.as,
    output: request.output,
    signal: request.signal,
    cancelledTimeoutMs: request.cancelledTimeoutMs ?? EXPORT_LIMITS.cancelledTimeoutMs
  });
  const failed = (why: string): SessionRecord => ({
    ok: false,
    note: `The session record could not be read (\`hermes sessions export\` ${why}); cost and full tool outputs are not reported.`
  });
  if (!result.ok) return failed(result.why);
  let text: string;
  try {
    text = readOwnFile(request.output, { limit: RECORD_LIMIT });
  } catch (error) {
    return failed(`left a record that cannot be read: ${messageOf(error)}`);
  }
  // Upstream reports some errors on stdout and exits 0: no JSON is the only sign.
  if (text.trim() === '') return failed('wrote nothing');
  try {
    return { ok: true, path: request.output, usage: parseSessionRecord(text, request.sessionId) };
  } catch (error) {
    return failed(`wrote a record that does not parse: ${messageOf(error)}`);
  }
}

/** HERMES_SESSION_EXPORT_TIMEOUT_SECONDS when set, else EXPORT_LIMITS.timeoutMs. */
export function exportTimeoutMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.HERMES_SESSION_EXPORT_TIMEOUT_SECONDS);
  return seconds > 0 ? seconds * 1000 : EXPORT_LIMITS.timeoutMs;
}

/** The record's path: beside the transcript, `<transcript>.session.jsonl`. */
export function recordPathFor(jsonlPath: string): string {
  return jsonlPath.replace(/(\.jsonl)?$/, '.session.jsonl');
}

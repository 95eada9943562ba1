/**
 * The session record: after a turn, `hermes sessions export` writes the session Hermes stored (its
 * cost, every tool's whole output) as JSONL. Reading it never changes the verdict: whatever goes
 * wrong is one note.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { messageOf } from '../text/errors.js';
import { parseSessionRecord, type SessionUsage } from '../core/session-usage.js';

/** How long the export may take unless HERMES_SESSION_EXPORT_TIMEOUT_SECONDS says otherwise. */
export const EXPORT_TIMEOUT_MS = 30_000;
/** Once the job is cancelled, the runner's SIGTERM is a few seconds away. */
const CANCELLED_TIMEOUT_MS = 2000;
const STDERR_CHARS = 300;

/**
 * The command line, as upstream's `hermes_cli/sessions_cmd.py` reads it: the output path, the one
 * session by id, and Hermes' own redaction (opt-in upstream) on; JSONL is the default format.
 */
export function exportArgv(sessionId: string, output: string): string[] {
  return ['sessions', 'export', output, '--session-id', sessionId, '--redact'];
}

export interface ExportSpawn {
  executable: string;
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export type SpawnResult = { ok: true } | { ok: false; why: string };

/** Runs one export without a shell, killed at the time limit; says why it did not exit 0. */
export function spawnExport(spec: ExportSpawn): Promise<SpawnResult> {
  return new Promise(resolve => {
    execFile(
      spec.executable,
      spec.argv,
      {
        cwd: spec.cwd,
        env: spec.env,
        encoding: 'utf8',
        timeout: spec.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 256 * 1024,
        windowsHide: true
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true });
        const killed = (error as { killed?: boolean }).killed;
        if (killed)
          return resolve({ ok: false, why: `it did not finish within ${spec.timeoutMs / 1000} s` });
        // Upstream prints its errors on stdout ("No session '…'"), argparse's on stderr.
        const said = lastLine(stderr) || lastLine(stdout);
        const code =
          typeof error.code === 'number' ? `exited with code ${error.code}` : messageOf(error);
        resolve({ ok: false, why: said ? `${code}: ${said.slice(0, STDERR_CHARS)}` : code });
      }
    );
  });
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
  timeoutMs: number;
  cancelled?: boolean;
  /** The process runner; spawnExport unless a test or the isolation module gives another. */
  spawn?: (spec: ExportSpawn) => Promise<SpawnResult>;
}

/** Exports the session and reads what it says; a failure is a note, never a throw. */
export async function readSessionRecord(request: ExportRequest): Promise<SessionRecord> {
  const spawn = request.spawn ?? spawnExport;
  // A record left by an earlier run must not pass for this one's.
  fs.rmSync(request.output, { force: true });
  const timeoutMs = request.cancelled
    ? Math.min(request.timeoutMs, CANCELLED_TIMEOUT_MS)
    : request.timeoutMs;
  const result = await spawn({
    executable: request.executable,
    argv: exportArgv(request.sessionId, request.output),
    cwd: request.cwd,
    env: request.env,
    timeoutMs
  });
  const failed = (why: string): SessionRecord => ({
    ok: false,
    note: `The session record could not be read (\`hermes sessions export\` ${why}); cost and full tool outputs are not reported.`
  });
  if (!result.ok) return failed(result.why);
  let text: string;
  try {
    text = fs.readFileSync(request.output, 'utf8');
  } catch {
    // Upstream reports some errors on stdout and exits 0: no file is the only sign.
    return failed('wrote no file');
  }
  try {
    return { ok: true, path: request.output, usage: parseSessionRecord(text, request.sessionId) };
  } catch (error) {
    return failed(`wrote a record that does not parse: ${messageOf(error)}`);
  }
}

/** HERMES_SESSION_EXPORT_TIMEOUT_SECONDS when set, else EXPORT_TIMEOUT_MS. */
export function exportTimeoutMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.HERMES_SESSION_EXPORT_TIMEOUT_SECONDS);
  return seconds > 0 ? seconds * 1000 : EXPORT_TIMEOUT_MS;
}

/** The record's path: beside the transcript, `<transcript>.session.jsonl`. */
export function recordPathFor(jsonlPath: string): string {
  return jsonlPath.replace(/(\.jsonl)?$/, '.session.jsonl');
}

/**
 * The report sub-action in-process: run() driven through its ports, with the real @actions/artifact
 * client against the loopback artifact service (see artifact-service.ts), and legs put there by the
 * main action's own upload code (uploadTranscript, uploadSessionRecord), so they are named as the
 * main action names them. What only the bundled process shows is in report.e2e.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from '@jest/globals';
import { uploadTranscript, type UploadResult } from '../../src/publish/artifact.js';
import { uploadSessionRecord } from '../../src/publish/session-artifact.js';
import { run } from '../../src/report-action/main.js';
import { reportPorts, type ReportPorts, type ReportSink } from '../../src/report-action/ports.js';
import { makeRedactor } from '../../src/text/redact.js';
import type { Run } from './artifact-service.js';
import { withProcessEnv } from './process-env.js';

const SCENARIOS = path.resolve(import.meta.dirname, '..', '..', 'simulator', 'scenarios');

/** What the runner gives every step here (the local runner's repository is octo/repo). */
const RUNNER: Record<string, string> = {
  GITHUB_REPOSITORY: 'octo/repo',
  GITHUB_SERVER_URL: 'https://github.com'
};

/** A fresh folder under the OS's temporary one, for a step's RUNNER_TEMP or a workspace. */
export const tempDir = (prefix: string): string =>
  fs.mkdtempSync(path.join(os.tmpdir(), `hermes-${prefix}-`));

/** A simulator scenario as Hermes prints it: its event lines, less comments and directives. */
export function scenarioTranscript(name: string): string {
  return fs
    .readFileSync(path.join(SCENARIOS, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter(line => line.startsWith('{"type"'))
    .map(line => `${line}\n`)
    .join('');
}

/** A session record as `hermes sessions export` writes it, with the cost given. */
export function sessionRecord(id: string, costUsd: number): string {
  return (
    JSON.stringify({
      id,
      source: 'oneshot',
      estimated_cost_usd: costUsd,
      actual_cost_usd: costUsd,
      cost_status: 'actual',
      cost_source: 'provider_generation_api',
      end_reason: 'cli_close',
      messages: []
    }) + '\n'
  );
}

/**
 * The artifact client reads the runner's environment itself (its token and service URL): the
 * variables a step of the run has are set while fn runs, and put back after.
 */
export async function asStep<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  // The client and @actions/core log to stdout as on a runner; here that is only noise.
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    return await withProcessEnv(env, fn);
  } finally {
    process.stdout.write = write;
  }
}

export interface LegUpload {
  /** The artifact-name input. */
  name: string;
  /** The transcript's text, as the step wrote it. */
  transcript: string;
  /** Transcripts of attempts retried after exit 75, oldest first: the artifact is then a zip. */
  earlier?: string[];
  /** The session record's text, uploaded beside the transcript when given. */
  record?: string;
  /** The job (a matrix leg has its own). */
  job?: string;
  /** Extra environment of the step (GITHUB_RUN_ATTEMPT on a re-run). */
  env?: Record<string, string>;
}

/** One leg's step, as far as the artifacts go: the transcript (and record) uploaded as the main action does. */
export async function uploadLeg(run: Run, leg: LegUpload): Promise<UploadResult> {
  const dir = tempDir('leg');
  try {
    const env = { ...RUNNER, RUNNER_TEMP: dir, ...run.env(leg.job ?? leg.name, leg.env) };
    const file = (name: string, text: string): string => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, text);
      return p;
    };
    const transcriptPath = file('transcript.jsonl', leg.transcript);
    const earlierAttempts = (leg.earlier ?? []).map((t, i) => file(`attempt-${i + 1}.jsonl`, t));
    const redact = makeRedactor([]);
    return await asStep(env, async () => {
      const result = await uploadTranscript({
        transcriptPath,
        earlierAttempts,
        name: leg.name,
        archive: false,
        redact,
        env
      });
      expect(result).toMatchObject({ uploaded: true });
      if (leg.record !== undefined && result.uploaded) {
        const recordPath = file('transcript.session.jsonl', leg.record);
        const record = await uploadSessionRecord({
          recordPath,
          transcriptArtifact: result.name,
          redact,
          env
        });
        expect(record).toMatchObject({ uploaded: true });
      }
      return result;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What one report run said, as the runner would have kept it. */
export interface Reported {
  outputs: Record<string, string>;
  failed: string[];
  warnings: string[];
  /** Lines of the log (info), group titles as `group: <title>`. */
  log: string[];
  summary: string;
  /** The waits asked of the sleep port (between download tries). */
  sleeps: number[];
  /** The report file's rows. */
  rows: ReportRow[];
}

export interface ReportRow {
  name: string;
  outcome: string;
  exit_code: number | null;
  model: string | null;
  tokens: Record<string, number> | null;
  duration_ms: number | null;
  tool_calls: number;
  tool_errors: number;
  error: string;
  attempts: number;
  cost_usd: number | null;
  cost_estimated: boolean | null;
  artifact_id?: number;
  artifact_url?: string;
  path?: string;
}

export interface ReportOptions {
  inputs?: Record<string, string>;
  /** The step's environment, beside RUNNER_TEMP, GITHUB_WORKSPACE and the repository. */
  env?: Record<string, string>;
  /** The workspace (`path` globs are relative to it); a fresh folder when absent. */
  workspace?: string;
  /** Stands in for the job summary file. */
  writeSummary?: ReportSink['writeSummary'];
}

/** One run of the report step, in-process, with the real artifact client. */
export async function report({
  inputs = {},
  env = {},
  workspace = tempDir('report-ws'),
  writeSummary
}: ReportOptions = {}): Promise<Reported> {
  const temp = tempDir('report-temp');
  const r: Reported = {
    outputs: {},
    failed: [],
    warnings: [],
    log: [],
    summary: '',
    sleeps: [],
    rows: []
  };
  const stepEnv = { ...RUNNER, RUNNER_TEMP: temp, GITHUB_WORKSPACE: workspace, ...env };
  const ports: ReportPorts = {
    ...reportPorts(),
    getInput: name => inputs[name] ?? '',
    env: stepEnv,
    out: {
      setOutput: (name, value) => void (r.outputs[name] = value),
      setFailed: message => void r.failed.push(message),
      warning: message => void r.warnings.push(message),
      info: message => void r.log.push(message),
      group: (title, fn) => {
        r.log.push(`group: ${title}`);
        return fn();
      },
      writeSummary:
        writeSummary ??
        (async markdown => {
          r.summary += markdown;
        })
    },
    sleep: async ms => void r.sleeps.push(ms)
  };
  await asStep(stepEnv, () => run(ports));
  if (r.outputs.report)
    r.rows = JSON.parse(fs.readFileSync(r.outputs.report, 'utf8')) as ReportRow[];
  fs.rmSync(temp, { recursive: true, force: true });
  return r;
}

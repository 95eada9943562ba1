/**
 * run() in-process, through its ports: the runner's inputs, environment and output files, the
 * clock, the signals, Hermes' process and the uploads are stand-ins that record what was asked of
 * them; everything between (settings, gate, retries, the stream reader, verdict, report, outputs,
 * summary) is the real code. A stand-in can be swapped for the real port (`hermes: 'simulator'`
 * spawns the Hermes simulator through the real process code; `upload` takes the real functions).
 * What only the bundled action in a process of its own shows stays in the *.e2e.test.ts files.
 */
import { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll } from '@jest/globals';
import { interpretLog, node24, SIMULATOR_BIN } from '../../scripts/local-runner.mjs';
import { buildArgv, HERMES_LIMITS, type HermesLimits } from '../../src/hermes/cli.js';
import { run } from '../../src/main.js';
import type { UploadResult } from '../../src/publish/artifact.js';
import type { Attempt } from '../../src/turn/attempt.js';
import type { ProcessEnd } from '../../src/turn/verdict.js';
import { listenForCancellation } from '../../src/turn/cancellation.js';
import { StreamReader } from '../../src/turn/stream-reader.js';
import {
  runnerPorts,
  type HermesPorts,
  type Limits,
  type Ports,
  type UploadPorts
} from '../../src/steps/ports.js';
import { render, textOf } from './gfm.js';
import { processEnd } from './run-end.js';
import { must } from './must.js';

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-in-process-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));

/** One run of the stand-in Hermes: what it prints on stdout, and how it ends. */
export interface StandInRun {
  exitCode: number;
  /** The answer of the default turn (init, one text event, the result). */
  answer?: string;
  /** Stdout as it is, instead of the default turn: stream-json lines, damaged or not. */
  stdout?: string;
  /** Its stderr lines, as the process end keeps them (redacted). */
  stderr?: string[];
  /** What the agent does to the disk during its turn, given jsonl-path. */
  meddle?: (jsonlPath: string) => void;
  /** How the process ended besides its exit code (timed out, killed…). */
  end?: Partial<Omit<ProcessEnd, 'kind' | 'stderrTail'>>;
}

/** The lines of a turn that ends with this exit code (in its result event and as the process's). */
export function streamOf({ exitCode, answer = 'The build is green.' }: StandInRun): string {
  const events = [
    { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's-1' },
    { type: 'text', text: answer },
    {
      type: 'result',
      session_id: 's-1',
      exit_code: exitCode,
      text: answer,
      ...(exitCode === 0 ? {} : { error: exitCode === 75 ? 'HTTP 429' : 'max iterations' }),
      tokens: { input: 10, output: 5, total: 15, cache_read: 0, cache_write: 0 },
      duration_ms: 1200
    }
  ];
  return events.map(e => JSON.stringify(e) + '\n').join('');
}

/** What a run wrote and said, in the order it happened. */
export interface World {
  ports: Ports;
  /** The workspace (GITHUB_WORKSPACE, also RUNNER_TEMP). */
  dir: string;
  /** Every output as last written. */
  outputs: Map<string, string>;
  /** setOutput, upload and summary calls, in order: `output:<name>`, `upload`, `summary`. */
  events: string[];
  failed: string[];
  warnings: string[];
  notices: string[];
  /** Values given to setSecret (the runner masks them). */
  secrets: string[];
  /** The last summary written (the step's summary holds only what the action wrote). */
  summary?: string;
  /** Lines of the live log, as they reach stdout. */
  log: string[];
  /** The exit-75 waits asked of the clock. */
  sleeps: number[];
  /** The transcripts the stand-in Hermes wrote, in order. */
  transcripts: string[];
  /** The argv each stand-in attempt was given (the real argv builder's), in order. */
  argvs: string[][];
  /** Emit 'SIGINT' / 'SIGTERM' here to cancel as the runner would. */
  signals: EventEmitter;
}

export interface Options {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** What the stand-in Hermes does on each attempt, in order (the last repeats). */
  runs?: StandInRun[];
  /**
   * `simulator`: the real Hermes ports (provide, attempt, version, session record) with the Hermes
   * simulator on PATH and as `hermes-path`; or some ports replaced.
   */
  hermes?: 'stand-in' | 'simulator' | Partial<HermesPorts>;
  /** The transcript upload's answer, or the real functions (`runnerPorts().upload`). */
  upload?: UploadResult | UploadPorts;
  /** Called when run() waits before a retry (resolve it, or abort it with a signal). */
  onSleep?: (world: World, ms: number, signal?: AbortSignal) => Promise<void>;
  limits?: Partial<Limits>;
  /** With the simulator: the attempt's own limits (the cancel's grace…), today's where not given. */
  hermesLimits?: Partial<HermesLimits>;
}

/** A run's world, not yet run: see runInProcess. */
export function world({
  inputs = {},
  env = {},
  runs = [{ exitCode: 0 }],
  hermes = 'stand-in',
  upload,
  onSleep,
  limits = {},
  hermesLimits = {}
}: Options = {}): World {
  const dir = fs.mkdtempSync(path.join(ROOT, 'run-'));
  let now = 1_000_000;
  const simulator = hermes === 'simulator';
  const given: Record<string, string> = {
    query: 'Check the build',
    'hermes-path': simulator ? path.join(SIMULATOR_BIN, 'hermes') : '/opt/hermes/bin/hermes',
    isolation: 'none',
    // Not its own user, so no fence: said, as a workflow running it so must (on gated events). API
    // server mode runs no agent of the action's, and refuses the input.
    ...(inputs['api-url'] ? {} : { 'allowed-hosts': '*' }),
    'session-record': 'false',
    ...inputs
  };
  const w: World = {
    dir,
    outputs: new Map(),
    events: [],
    failed: [],
    warnings: [],
    notices: [],
    secrets: [],
    log: [],
    sleeps: [],
    transcripts: [],
    argvs: [],
    signals: new EventEmitter(),
    ports: undefined as unknown as Ports
  };
  const real = runnerPorts();
  const attemptLimits: HermesLimits = { ...HERMES_LIMITS, ...hermesLimits };
  const simulatorPorts: HermesPorts = {
    ...real.hermes,
    attempt: (settings, executable, jsonlPath, log, signals, spawning) =>
      real.hermes.attempt(settings, executable, jsonlPath, log, signals, spawning, attemptLimits)
  };
  let attempt = 0;
  const standIn: HermesPorts = {
    provide: async settings => ({ executable: settings.hermesPath }),
    version: async () => 'Hermes Agent v0.21.4 (2026.9.20)',
    record: () => Promise.reject(new Error('the stand-in Hermes keeps no session record')),
    // One Hermes process: its stdout read by the real stream reader, into the transcript.
    attempt: async (settings, _executable, jsonlPath, log) => {
      w.argvs.push(buildArgv(settings));
      const next = must(runs[Math.min(attempt++, runs.length - 1)]);
      next.meddle?.(jsonlPath);
      const reader = new StreamReader(log, jsonlPath);
      reader.push(Buffer.from(next.stdout ?? streamOf(next)));
      w.transcripts.push(jsonlPath);
      const turn = reader.finish();
      const end = processEnd({ exitCode: next.exitCode, stderrTail: next.stderr, ...next.end });
      return { turn, durationMs: 1500, end } as Attempt;
    }
  };
  const uploads: UploadPorts =
    upload && 'transcript' in upload
      ? upload
      : {
          transcript: async () => {
            w.events.push('upload');
            return (
              upload ?? {
                uploaded: true,
                name: 'run.jsonl',
                id: 42,
                url: 'https://example.test/a/42'
              }
            );
          },
          record: () => Promise.reject(new Error('no session record with the stand-in Hermes'))
        };
  w.ports = {
    ...real,
    getInput: name => given[name] ?? '',
    env: {
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
      ...(simulator
        ? { PATH: [SIMULATOR_BIN, path.dirname(node24()), process.env.PATH].join(path.delimiter) }
        : {}),
      ...env
    },
    out: {
      setOutput: (name, value) => {
        w.outputs.set(name, value);
        w.events.push(`output:${name}`);
      },
      setFailed: message => void w.failed.push(message),
      setSecret: secret => void w.secrets.push(secret),
      warning: message => void w.warnings.push(message),
      notice: message => void w.notices.push(message),
      info: message => void w.log.push(message),
      group: (_title, fn) => fn(),
      addPath: () => undefined,
      writeSummary: async markdown => {
        w.summary = markdown;
        w.events.push('summary');
      },
      log: line => void w.log.push(line)
    },
    clock: {
      now: () => now,
      sleep: async (ms, signal) => {
        w.sleeps.push(ms);
        if (onSleep) return onSleep(w, ms, signal);
        now += ms;
      }
    },
    listenForCancellation: () => listenForCancellation(w.signals, () => now),
    hermes: simulator
      ? simulatorPorts
      : hermes === 'stand-in'
        ? standIn
        : { ...standIn, ...hermes },
    upload: uploads,
    exit: () => {
      throw new Error('run() ended the process');
    },
    limits: { ...real.limits, ...limits }
  };
  return w;
}

/** run() to its end in this process; the world it left. */
export async function runInProcess(options: Options = {}): Promise<World> {
  const w = world(options);
  await run(w.ports);
  return w;
}

/** The job summary as a reader sees it (rendered, its escapes gone). */
export const summaryText = (w: World): string => textOf(render(w.summary ?? ''));

/** The live log as the runner reads it: the workflow commands it would run, and what a person sees. */
export const runnerReading = (w: World): ReturnType<typeof interpretLog> =>
  interpretLog(w.log.join('\n'));

/** The log's closing line (outcome, exit code, tokens…), as a person watching the job reads it last. */
export const closingLine = (w: World): string | undefined =>
  w.log.findLast(l => l.startsWith('■ '));

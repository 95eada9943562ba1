/**
 * run() in-process: the orchestration driven through its ports. The runner's inputs, environment
 * and output files, the clock, the signals, Hermes' process and the artifact service are stand-ins;
 * everything between them (settings, gate, retries, the stream reader, verdict, report, outputs,
 * summary) is the real code. What only a real process shows is in the *.e2e.test.ts files.
 */
import { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { run } from '../src/main.js';
import { listenForCancellation } from '../src/run/cancellation.js';
import { StreamReader } from '../src/run/stream-reader.js';
import type { Attempt } from '../src/run/attempt.js';
import { runnerPorts, type Ports } from '../src/steps/ports.js';
import type { UploadResult } from '../src/publish/artifact.js';
import { render, textOf } from './helpers/gfm.js';
import { processEnd } from './helpers/run-end.js';
import { VERDICT_SCHEMA } from './helpers/verdict-schema.js';

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-main-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));

/** One run of the stand-in Hermes: the stream-json lines it prints, and its exit code. */
interface HermesRun {
  exitCode: number;
  answer?: string;
  /** What the agent does to the disk during its turn, given jsonl-path. */
  meddle?: (jsonlPath: string) => void;
}

/** The lines of a turn that ends with this exit code (in its result event and as the process's). */
function streamOf({ exitCode, answer = 'The build is green.' }: HermesRun): string {
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
interface World {
  ports: Ports;
  /** Every output as last written. */
  outputs: Map<string, string>;
  /** setOutput, upload and summary calls, in order: `output:<name>`, `upload`, `summary`. */
  events: string[];
  failed: string[];
  warnings: string[];
  notices: string[];
  summary?: string;
  /** Lines of the live log. */
  log: string[];
  /** The exit-75 waits asked of the clock. */
  sleeps: number[];
  /** The transcripts the stand-in Hermes wrote, in order. */
  transcripts: string[];
  signals: EventEmitter;
}

interface Options {
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** What Hermes does on each attempt, in order. */
  runs?: HermesRun[];
  upload?: UploadResult;
  /** Called when run() waits before a retry (resolve it, or abort it with a signal). */
  onSleep?: (world: World, ms: number, signal?: AbortSignal) => Promise<void>;
}

function world({
  inputs = {},
  env = {},
  runs = [{ exitCode: 0 }],
  upload,
  onSleep
}: Options): World {
  const dir = fs.mkdtempSync(path.join(ROOT, 'run-'));
  let now = 1_000_000;
  const given: Record<string, string> = {
    query: 'Check the build',
    'hermes-path': '/opt/hermes/bin/hermes',
    isolation: 'none',
    'session-record': 'false',
    ...inputs
  };
  const w: World = {
    outputs: new Map(),
    events: [],
    failed: [],
    warnings: [],
    notices: [],
    log: [],
    sleeps: [],
    transcripts: [],
    signals: new EventEmitter(),
    ports: undefined as unknown as Ports
  };
  const real = runnerPorts();
  let attempt = 0;
  w.ports = {
    ...real,
    getInput: name => given[name] ?? '',
    env: { GITHUB_WORKSPACE: dir, RUNNER_TEMP: dir, ...env },
    out: {
      setOutput: (name, value) => {
        w.outputs.set(name, value);
        w.events.push(`output:${name}`);
      },
      setFailed: message => void w.failed.push(message),
      setSecret: () => undefined,
      warning: message => void w.warnings.push(message),
      notice: message => void w.notices.push(message),
      info: () => undefined,
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
    hermes: {
      provide: async settings => ({ executable: settings.hermesPath }),
      version: async () => 'Hermes Agent v0.21.4 (2026.9.20)',
      record: () => Promise.reject(new Error('session-record is false in these tests')),
      // The stand-in for one Hermes process: its stdout read by the real stream reader.
      attempt: async (_settings, _executable, jsonlPath, log) => {
        const next = runs[Math.min(attempt++, runs.length - 1)];
        next.meddle?.(jsonlPath);
        const reader = new StreamReader(log, jsonlPath);
        reader.push(Buffer.from(streamOf(next)));
        w.transcripts.push(jsonlPath);
        const turn = reader.finish();
        return { turn, durationMs: 1500, end: processEnd({ exitCode: next.exitCode }) } as Attempt;
      }
    },
    upload: {
      transcript: async () => {
        w.events.push('upload');
        return (
          upload ?? { uploaded: true, name: 'run.jsonl', id: 42, url: 'https://example.test/a/42' }
        );
      },
      record: () => Promise.reject(new Error('no session record in these tests'))
    },
    exit: () => {
      throw new Error('run() ended the process');
    }
  };
  return w;
}

/** The job summary as a reader sees it (rendered, its escapes gone). */
const summaryText = (w: World): string => textOf(render(w.summary ?? ''));

describe('run(), in-process', () => {
  test('success: outputs, then the upload, then only what it added, then the summary', async () => {
    const w = world({});
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('exit_code')).toBe('0');
    expect(w.outputs.get('text')).toBe('The build is green.');
    expect(w.outputs.get('attempts')).toBe('1');
    expect(w.outputs.get('agent')).toBe('Hermes Agent v0.21.4 (2026.9.20)');
    expect(w.outputs.get('artifact_url')).toBe('https://example.test/a/42');
    expect(w.failed).toEqual([]);
    const upload = w.events.indexOf('upload');
    expect(w.events.slice(upload + 1)).toEqual([
      'output:artifact_id',
      'output:artifact_url',
      'summary'
    ]);
    expect(w.events.slice(0, upload)).toContain('output:outcome');
    expect(summaryText(w)).toContain('Hermes completed the turn');
    expect(w.log.at(-2)).toMatch(/^■ success · exit 0 · 15 tokens/);
  });

  test('failure: the step fails with the verdict, the outputs and summary still written', async () => {
    const w = world({ runs: [{ exitCode: 1 }] });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('failure');
    expect(w.outputs.get('exit_code')).toBe('1');
    expect(w.failed).toEqual([
      expect.stringContaining('Hermes failed (exit code 1): max iterations')
    ]);
    expect(w.events.at(-1)).toBe('summary');
  });

  test('fail-on-error false: a failure is a warning, the step passes', async () => {
    const w = world({ runs: [{ exitCode: 1 }], inputs: { 'fail-on-error': 'false' } });
    await run(w.ports);
    expect(w.failed).toEqual([]);
    expect(w.warnings).toContainEqual(expect.stringContaining('fail-on-error is false'));
  });

  test('exit 75 is retried after the backoff on the clock (doubling, jittered), then succeeds', async () => {
    const w = world({
      runs: [{ exitCode: 75 }, { exitCode: 75 }, { exitCode: 0 }],
      inputs: { 'tempfail-retries': '2', 'tempfail-backoff-seconds': '30' }
    });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('attempts')).toBe('3');
    expect(w.sleeps).toHaveLength(2);
    expect(w.sleeps[0]).toBeGreaterThanOrEqual(30_000);
    expect(w.sleeps[0]).toBeLessThanOrEqual(30_000 * 1.25);
    expect(w.sleeps[1]).toBeGreaterThanOrEqual(60_000);
    expect(w.sleeps[1]).toBeLessThanOrEqual(60_000 * 1.25);
    expect(w.log).toContainEqual(
      expect.stringMatching(/^Exit 75 \(temporary provider failure\): attempt 2 of 3 in /)
    );
    // Each attempt kept its transcript; the last one is at jsonl-path, where the outputs point.
    const jsonl = w.outputs.get('jsonl')!;
    expect(fs.existsSync(jsonl.replace(/\.jsonl$/, '.attempt-1.jsonl'))).toBe(true);
    expect(fs.existsSync(jsonl.replace(/\.jsonl$/, '.attempt-2.jsonl'))).toBe(true);
    expect(fs.readFileSync(jsonl, 'utf8')).toContain('"exit_code":0');
    expect(summaryText(w)).toMatch(/tempfail/);
  });

  test('a folder the agent planted where an earlier attempt’s transcript goes does not stop the retry', async () => {
    const planted = (jsonl: string): string => jsonl.replace(/\.jsonl$/, '.attempt-1.jsonl');
    const w = world({
      runs: [
        {
          exitCode: 75,
          meddle: jsonl => {
            fs.mkdirSync(planted(jsonl));
            fs.writeFileSync(path.join(planted(jsonl), 'x'), 'in the way');
          }
        },
        { exitCode: 0 }
      ],
      inputs: { 'tempfail-retries': '1' }
    });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('success');
    const jsonl = w.outputs.get('jsonl')!;
    expect(fs.readFileSync(planted(jsonl), 'utf8')).toContain('"exit_code":75');
  });

  test('a cancel during the backoff ends the wait at once: no further attempt, tempfail stands', async () => {
    const w = world({
      runs: [{ exitCode: 75 }, { exitCode: 0 }],
      inputs: { 'tempfail-retries': '3' },
      onSleep: (w, _ms, signal) =>
        new Promise(resolve => {
          signal?.addEventListener('abort', () => resolve());
          w.signals.emit('SIGINT');
        })
    });
    await run(w.ports);
    expect(w.sleeps).toHaveLength(1);
    expect(w.transcripts).toHaveLength(1);
    expect(w.outputs.get('outcome')).toBe('tempfail');
    expect(w.outputs.get('attempts')).toBe('1');
    expect(w.failed).toEqual([expect.stringContaining('temporary provider failure')]);
  });

  test('not_allowed: Hermes never runs; outputs and summary say who and why', async () => {
    const w = world({ env: { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'issue_comment' } });
    await run(w.ports);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('not_allowed');
    expect(w.outputs.get('attempts')).toBe('0');
    expect(w.events).not.toContain('upload');
    expect(w.events.at(-1)).toBe('summary');
    expect(summaryText(w)).toContain('Nobody is named as the actor of the issue_comment event');
    expect(w.failed).toEqual([expect.stringContaining('so the agent does not start')]);
  });

  test('invalid_input: nothing runs; the outcome, the error and a one-line summary', async () => {
    const w = world({ inputs: { 'timeout-minutes': 'soon' } });
    await run(w.ports);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.failed).toEqual([expect.stringContaining('"timeout-minutes"')]);
    expect(w.outputs.get('error')).toBe(w.failed[0]);
    expect(summaryText(w)).toContain('timeout-minutes');
  });

  test('json-schema: an answer that does not match is invalid_output, decided once', async () => {
    const w = world({
      inputs: { 'json-schema': JSON.stringify(VERDICT_SCHEMA) },
      runs: [{ exitCode: 0, answer: '{"verdict": "maybe", "findings": []}' }]
    });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('invalid_output');
    expect(w.outputs.get('exit_code')).toBe('0');
    expect(w.outputs.get('structured_output')).toBe('');
    expect(w.failed).toEqual([expect.stringContaining('The answer does not match json-schema')]);
    expect(w.log.at(-2)).toMatch(/^■ invalid_output · exit 0/);
    expect(summaryText(w)).toContain('/verdict');
  });

  test('an upload that fails leaves the outputs written first, untouched, and the summary', async () => {
    const w = world({
      upload: { uploaded: false, reason: 'the upload failed: 503 Service Unavailable', warn: true }
    });
    await run(w.ports);
    const upload = w.events.indexOf('upload');
    expect(upload).toBeGreaterThan(w.events.indexOf('output:outcome'));
    expect(w.events.slice(upload + 1)).toEqual(['summary']);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('artifact_url')).toBe('');
    expect(w.warnings).toContain(
      'The transcript was not uploaded: the upload failed: 503 Service Unavailable'
    );
    expect(summaryText(w)).toContain('503 Service Unavailable');
  });
});

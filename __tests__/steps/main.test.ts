/**
 * run() in-process: the orchestration driven through its ports. The runner's inputs, environment
 * and output files, the clock, the signals, Hermes' process and the artifact service are stand-ins;
 * everything between them (settings, gate, retries, the stream reader, verdict, report, outputs,
 * summary) is the real code. What only a real process shows is in the *.e2e.test.ts files.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import {
  closingLine,
  runInProcess,
  runnerReading,
  summaryText,
  world
} from '../helpers/in-process.js';
import { VERDICT_SCHEMA } from '../helpers/verdict-schema.js';

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
    expect(closingLine(w)).toMatch(/^■ success · exit 0 · 15 tokens/);
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

  test.each([
    ['missing', (_dir: string) => undefined, 'ENOENT'],
    ['a directory', (dir: string) => fs.mkdirSync(path.join(dir, 'prompt.md')), 'EISDIR'],
    [
      'empty',
      (dir: string) => fs.writeFileSync(path.join(dir, 'prompt.md'), ' \n'),
      'an empty file'
    ]
  ])('query-file %s: invalid_input before Hermes is provided or run', async (_, make, why) => {
    let provided = false;
    const w = world({
      inputs: { query: '', 'query-file': 'prompt.md' },
      hermes: {
        provide: async settings => {
          provided = true;
          return { executable: settings.hermesPath };
        }
      }
    });
    make(w.dir);
    await run(w.ports);
    expect(provided).toBe(false);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.failed).toEqual([expect.stringContaining('Input "query-file" is "prompt.md"')]);
    expect(w.failed[0]).toContain(why);
  });

  test('timeout: the error output says it timed out and after how long, not "Interrupted"', async () => {
    const stopped = [
      { type: 'system', subtype: 'init', model: 'nousresearch/hermes-4-70b', session_id: 's-1' },
      { type: 'result', session_id: 's-1', exit_code: 130, error: 'Interrupted' }
    ];
    const w = world({
      inputs: { 'timeout-minutes': '2.5' },
      runs: [
        {
          exitCode: 130,
          stdout: stopped.map(e => JSON.stringify(e) + '\n').join(''),
          end: { timedOut: true, timeoutMs: 150_000 }
        }
      ]
    });
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('timeout');
    expect(w.outputs.get('error')).toBe(
      'Hermes did not finish within timeout-minutes (2.5); it was stopped and reported exit code 130: Interrupted.'
    );
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
    expect(closingLine(w)).toMatch(/^■ invalid_output · exit 0/);
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

// The simulator is a POSIX script: on Windows this is among the tests the suite's start says it skips.
const posix = process.platform === 'win32' ? describe.skip : describe;

posix('run(), in-process, with the Hermes simulator as its process', () => {
  test('the real attempt: the simulator spawned, its stream followed, the turn reported', async () => {
    const w = await runInProcess({ hermes: 'simulator', inputs: { query: 'hi' } });
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('agent')).toMatch(/^Hermes Agent v/);
    expect(fs.readFileSync(w.outputs.get('jsonl')!, 'utf8')).toContain('"type": "result"');
    // The stream's part of the log sits inside a stop-commands block: the runner runs none of it.
    expect(runnerReading(w).commands.map(c => c.command)).toContain('stop-commands');
  });
});

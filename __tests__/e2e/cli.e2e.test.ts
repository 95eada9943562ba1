/**
 * End to end: the bundled dist/index.js under Node 24, run as a runner would (INPUT_* variables,
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files read back in the runner's format), against the
 * Hermes simulator on PATH: one run per outcome, the path without mkfifo, transcript mode, the
 * cancel and the timeout. Their variations run in-process in cli-run.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import {
  node24,
  runAction,
  SIMULATOR_BIN,
  startAction,
  type ActionRun
} from '../../scripts/local-runner.mjs';
import { all, render, tableRows, textOf } from '../helpers/gfm.js';
import { runInProcess } from '../helpers/in-process.js';
import { untilTurnStarted } from '../helpers/turn-started.js';
import { must } from '../helpers/must.js';

const scenario = (name: string): Record<string, string> => ({ HERMES_SIM_SCENARIO: name });
const run = (
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<ActionRun> => runAction({ inputs: { query: 'Check the build', ...inputs }, env });

/** One run per scenario for the whole file, with no other input: the tests that read it share it. */
const shared = new Map<string, Promise<ActionRun>>();
const scenarioRun = (name: string): Promise<ActionRun> => {
  if (!shared.has(name)) shared.set(name, run({}, scenario(name)));
  return shared.get(name)!;
};

/** The annotations of one kind (the not-uploaded notice of a local run comes with every run). */
const annotations = (r: ActionRun, kind: string): string[] =>
  r.annotations.filter(a => a.command === kind).map(a => a.message);

/** The tool-call table of a rendered summary (the one with a "#" column), as rows of cell texts. */
function toolRows(summary: string): string[][] {
  const table = all(render(summary), 'table').find(t => tableRows(t)[0]?.[0] === '#');
  return table ? tableRows(table).slice(1) : [];
}

// One run per outcome through dist/. The other ways to reach the same outcome (credentials, a result
// that disagrees with the exit code, a crash, stdout with no event) are decided in-process in
// verdict.test.ts; causes.e2e and artifact.e2e run the simulator's not-configured and crash scenarios.
// interrupted is the cancel below; a Hermes that ends interrupted on its own is in cli-run.test.ts.
describe('outcome table, one row per outcome', () => {
  test.each([
    // scenario, outcome, exit_code output, step fails, message fragment
    ['success', 'success', '0', false, 'Hermes completed the turn.'],
    ['failure', 'failure', '1', true, 'Stopped part-way: reached max iterations (90)'],
    ['tempfail', 'tempfail', '75', true, 'retry later'],
    ['config-error', 'config_error', '78', true, 'EX_CONFIG'],
    [
      'no-result',
      'no_result',
      '0',
      true,
      'Hermes exited with code 0 without a result event; the turn did not complete.'
    ]
  ])('%s → %s', async (name, outcome, exitCode, fails, fragment) => {
    const r = await scenarioRun(name);
    expect(r.outputs.outcome).toBe(outcome);
    expect(r.outputs.exit_code).toBe(exitCode);
    expect(r.exitCode).toBe(fails ? 1 : 0);
    const errors = annotations(r, 'error');
    if (fails) {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(fragment);
    } else {
      expect(errors).toHaveLength(0);
      expect(textOf(render(r.summary))).toContain(fragment.replace(/\.$/, ''));
    }
    // Every path writes the summary, the transcript, and the outputs it knows.
    expect(r.summary).toMatch(/^### /);
    expect(fs.existsSync(must(r.outputs.jsonl))).toBe(true);
    expect(r.outputs.attempts).toBe('1');
  });

  test('exit 2 before any event → usage_error, showing Hermes’ stderr line', async () => {
    const r = await run({ args: '--tui' });
    expect(r.outputs.outcome).toBe('usage_error');
    expect(r.outputs.exit_code).toBe('2');
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')).toEqual([
      'Hermes rejected its arguments (exit code 2): Error: --format stream-json cannot be used with --tui.'
    ]);
  });

  test('executable not found → not_found, with an install hint', async () => {
    const r = await run({ 'hermes-path': 'hermes-does-not-exist' });
    expect(r.outputs.outcome).toBe('not_found');
    expect(r.outputs.exit_code).toBe('');
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')[0]).toMatch(
      /"hermes-does-not-exist" is not an executable on PATH.*install script/
    );
    expect(r.summary).toContain('not found');
  });
});

describe('a successful run, end to end', () => {
  test('outputs, live log and summary agree with the stream', async () => {
    const r = await scenarioRun('success');
    expect(r.outputs).toMatchObject({
      outcome: 'success',
      exit_code: '0',
      error: '',
      session_id: '20261129_101500_9f8e7d',
      model: 'nous/hermes-4-70b',
      text: 'The build is clean.',
      tokens_input: '2100',
      tokens_output: '64',
      tokens_total: '2164',
      tokens_cache_read: '1500',
      tokens_cache_write: '0',
      duration_ms: '302',
      tool_calls: '2',
      tool_errors: '1',
      attempts: '1'
    });
    expect(JSON.parse(must(r.outputs.tokens))).toEqual({
      input: 2100,
      output: 64,
      total: 2164,
      cache_read: 1500,
      cache_write: 0
    });
    // The live log: whole lines of text, each tool call as it starts and ends, then a closing line.
    expect(r.log).toContain('Hermes Agent v0.21.4 (2026.9.20)');
    const lines = r.log.split('\n');
    expect(lines).toContain('Checking the logs.');
    expect(lines).toContain('The build is clean.');
    expect(lines).toContain('→ terminal  ls build/');
    expect(lines).toContain('← terminal  41 ms  ok');
    expect(lines).toContain('✗ read_file  3 ms  ERROR  No such file: build/missing.log');
    expect(r.log).toMatch(/■ success · exit 0 · 2164 tokens .* 302 ms · 2 tool calls \(1 failed\)/);
    // The summary, rendered as GitHub would.
    const html = render(r.summary);
    expect(toolRows(r.summary)).toEqual([
      ['1', 'terminal', 'ls build/', '41 ms', 'ok'],
      ['2', 'read_file', 'build/missing.log', '3 ms', '❌ No such file: build/missing.log']
    ]);
    const facts = textOf(must(all(html, 'table')[0]));
    expect(facts).toContain('nous/hermes-4-70b');
    expect(facts).toContain('2,164 total');
    expect(facts).toContain('Hermes Agent v0.21.4');
    expect(textOf(must(all(html, 'details')[0]))).toContain('The build is clean.');
  });
});

describe('running Hermes', () => {
  test('without mkfifo on PATH, stdout is the transcript file itself: the same report', async () => {
    const env = { HERMES_SIM_TOOL_CALLS: '300', HERMES_SIM_SESSION_ID: '20260101_000000_same' };
    // Through a FIFO, in-process (mkfifo is on this PATH); through the file, by dist/.
    const viaFifo = await runInProcess({ hermes: 'simulator', env });
    const viaFile = await run(
      {},
      { ...env, PATH: [SIMULATOR_BIN, path.dirname(node24())].join(path.delimiter) }
    );
    for (const outputs of [Object.fromEntries(viaFifo.outputs), viaFile.outputs]) {
      expect(outputs.outcome).toBe('success');
      expect(outputs.tool_calls).toBe('300');
    }
    // The transcripts differ only in their timestamps.
    const shape = (file: string): string =>
      fs.readFileSync(file, 'utf8').replace(/"(timestamp|duration_ms)": \d+/g, '"$1": 0');
    expect(shape(must(viaFile.outputs.jsonl))).toBe(shape(viaFifo.outputs.get('jsonl')!));
    expect(fs.readFileSync(must(viaFile.outputs.jsonl), 'utf8').split('\n')).toHaveLength(
      1 + 300 * (2 + 3) + 1 + 1
    );
  });

  test('transcript mode reports on an existing file without running anything', async () => {
    const first = await scenarioRun('failure');
    // Into this run's workspace: a transcript must be inside it (or RUNNER_TEMP).
    const cwd = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-transcript-')));
    const copy = path.join(cwd, 'old.jsonl');
    fs.copyFileSync(must(first.outputs.jsonl), copy);
    const r = await runAction({ inputs: { transcript: 'old.jsonl' }, simulator: false, cwd });
    // Nothing ran, so no agent, and no session record to export (cost and usage): what ran
    // is all the two runs do not share.
    const {
      jsonl: _a,
      agent: version,
      hermes_version: deprecated,
      cost_usd: cost,
      cost_estimated: _c,
      usage: _u,
      ...expected
    } = first.outputs;
    expect(cost).not.toBe('');
    const { jsonl: _b, ...actual } = r.outputs;
    expect(version).toBe('Hermes Agent v0.21.4 (2026.9.20)');
    // The deprecated name keeps its value.
    expect(deprecated).toBe(version);
    expect(actual).toEqual({
      ...expected,
      agent: '',
      hermes_version: '',
      attempts: '0',
      cost_usd: '',
      cost_estimated: '',
      usage: '',
      // Nothing ran, so no fence held.
      egress_blocked: ''
    });
    expect(r.outputs.jsonl).toBe(copy);
    expect(r.log).not.toContain('Hermes Agent v');
  });
});

describe('cancellation and timeout', () => {
  test('SIGINT to the action reaches Hermes, which writes its result: interrupted, fully reported', async () => {
    const started = startAction({ inputs: { query: 'Think' }, env: scenario('slow') });
    // Wait until the turn is under way (init written), then cancel as the runner does.
    await untilTurnStarted(started);
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.outputs.outcome).toBe('interrupted');
    expect(r.outputs.exit_code).toBe('130');
    expect(r.summary).toContain('interrupted');
    const transcript = fs.readFileSync(must(r.outputs.jsonl), 'utf8');
    expect(transcript).toMatch(/"exit_code": 130/);
    // Interrupted in the scenario's 30 s pause: the text after it never came.
    expect(transcript).not.toContain('for a long time');
  });

  test('timeout-minutes interrupts the turn: outcome timeout', async () => {
    // The real timer of the action's own process: 0.6 s, the least the report shows as given (it
    // rounds to hundredths). Whether the simulator has started by then or not, the outcome is
    // timeout (verdict.test.ts); the kill paths with short limits are in hermes-kill.test.ts and
    // supervise.test.ts.
    const r = await run({ 'timeout-minutes': '0.01' }, scenario('slow'));
    expect(r.outputs.outcome).toBe('timeout');
    expect(annotations(r, 'error')[0]).toContain('did not finish within timeout-minutes (0.01)');
    expect(r.outputs.tokens_total).toBeDefined();
    // Interrupted in the scenario's 30 s pause: the text after it never came.
    expect(fs.readFileSync(must(r.outputs.jsonl), 'utf8')).not.toContain('for a long time');
  });
});

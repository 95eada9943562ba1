/**
 * End to end: the bundled dist/index.js under Node 24, run as a runner would (INPUT_* variables,
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files read back in the runner's format), against the
 * Hermes simulator on PATH.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import {
  node24,
  runAction,
  ROOT,
  SIMULATOR_BIN,
  startAction,
  type ActionRun
} from '../scripts/local-runner.mjs';
import { all, render, tableRows, tagNames, textOf, type Node } from './helpers/gfm.js';
import { untilTurnStarted } from './helpers/turn-started.js';

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
describe('outcome table, one row per outcome', () => {
  test.each([
    // scenario, outcome, exit_code output, step fails, message fragment
    ['success', 'success', '0', false, 'Hermes completed the turn.'],
    ['failure', 'failure', '1', true, 'Stopped part-way: reached max iterations (90)'],
    ['tempfail', 'tempfail', '75', true, 'retry later'],
    ['config-error', 'config_error', '78', true, 'EX_CONFIG'],
    ['interrupted-result', 'interrupted', '130', true, 'Interrupted'],
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
    expect(fs.existsSync(r.outputs.jsonl)).toBe(true);
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

  test('fail-on-error: false reports the failure but lets the step pass', async () => {
    const r = await run({ 'fail-on-error': 'false' }, scenario('failure'));
    expect(r.exitCode).toBe(0);
    expect(r.outputs.outcome).toBe('failure');
    expect(annotations(r, 'error')).toEqual([]);
    expect(annotations(r, 'warning')).toEqual([
      'Hermes failed (exit code 1): Stopped part-way: reached max iterations (90). (fail-on-error is false, so the step passes)'
    ]);
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
    expect(JSON.parse(r.outputs.tokens)).toEqual({
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
    const facts = textOf(all(html, 'table')[0]);
    expect(facts).toContain('nous/hermes-4-70b');
    expect(facts).toContain('2,164 total');
    expect(facts).toContain('Hermes Agent v0.21.4');
    expect(textOf(all(html, 'details')[0])).toContain('The build is clean.');
  });

  test('the transcript holds stdout byte for byte', async () => {
    const r = await scenarioRun('damaged');
    const sim = fs.readFileSync(r.outputs.jsonl);
    expect(sim.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // the BOM, kept
    expect(sim.includes(Buffer.from('}\r\n'))).toBe(true); // CRLF, kept
    expect(sim.includes(Buffer.from([0xff, 0xfe]))).toBe(true); // invalid UTF-8, kept
  });

  test('a damaged stream is tolerated, counted and reported with line numbers', async () => {
    const r = await scenarioRun('damaged');
    expect(r.exitCode).toBe(0);
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.text).toBe('Notes mention café 漢字 🚀 and nothing else.');
    const anomalies = all(render(r.summary), 'details')
      .map(textOf)
      .find(t => t.startsWith('Stream anomalies'));
    expect(anomalies).toMatch(/line \d+: not JSON: Traceback/);
    expect(anomalies).toMatch(/line \d+: JSON but not an object: \["an", "array", 1\]/);
    expect(anomalies).toMatch(/line \d+: JSON but not an object: null/);
    expect(anomalies).toMatch(/unknown type thinking/);
    expect(anomalies).toMatch(/tool_result without "duration_ms"/);
  });

  test('the closing line counts one tool call in the singular', async () => {
    const r = await run({}, { HERMES_SIM_TOOL_CALLS: '1' });
    expect(r.log).toMatch(/■ success · exit 0 · .* · 1 tool call \(0 failed\)$/m);
  });
});

describe('running Hermes', () => {
  test('without mkfifo on PATH, stdout is the transcript file itself: the same report', async () => {
    const env = { HERMES_SIM_TOOL_CALLS: '300', HERMES_SIM_SESSION_ID: '20260101_000000_same' };
    const viaFifo = await run({}, env);
    const viaFile = await run(
      {},
      { ...env, PATH: [SIMULATOR_BIN, path.dirname(node24())].join(path.delimiter) }
    );
    for (const r of [viaFifo, viaFile]) {
      expect(r.outputs.outcome).toBe('success');
      expect(r.outputs.tool_calls).toBe('300');
    }
    // The transcripts differ only in their timestamps.
    const shape = (file: string): string =>
      fs.readFileSync(file, 'utf8').replace(/"(timestamp|duration_ms)": \d+/g, '"$1": 0');
    expect(shape(viaFile.outputs.jsonl)).toBe(shape(viaFifo.outputs.jsonl));
    expect(fs.readFileSync(viaFile.outputs.jsonl, 'utf8').split('\n')).toHaveLength(
      1 + 300 * (2 + 3) + 1 + 1
    );
  });

  test('argv, working directory and query reach Hermes as given, without a shell', async () => {
    const workspace = fs.mkdtempSync(path.join(ROOT, '.tmp-ws-'));
    try {
      fs.mkdirSync(path.join(workspace, 'sub'));
      fs.writeFileSync(path.join(workspace, 'sub', 'prompt.md'), 'Review `$(rm -rf /)` safely');
      const argvFile = path.join(workspace, 'argv.json');
      const r = await runAction({
        cwd: workspace,
        inputs: {
          'query-file': 'prompt.md',
          'working-directory': 'sub',
          model: 'nous/hermes-4-405b',
          'ignore-user-config': 'true',
          'ignore-rules': 'True',
          worktree: 'TRUE',
          checkpoints: 'true',
          'pass-session-id': 'true',
          args: `--max-turns 5 --source "ci run" --toolsets 'terminal,file' --provider $PROVIDER`
        },
        env: { HERMES_SIM_ARGV_FILE: argvFile }
      });
      expect(r.outputs.outcome).toBe('success');
      const seen = JSON.parse(fs.readFileSync(argvFile, 'utf8'));
      expect(seen.argv).toEqual([
        'chat',
        '--query-file',
        'prompt.md',
        '--format',
        'stream-json',
        '-m',
        'nous/hermes-4-405b',
        '--ignore-user-config',
        '--ignore-rules',
        '--worktree',
        '--checkpoints',
        '--pass-session-id',
        '--max-turns',
        '5',
        '--source',
        'ci run',
        '--toolsets',
        'terminal,file',
        '--provider',
        '$PROVIDER'
      ]);
      expect(fs.realpathSync(seen.cwd)).toBe(fs.realpathSync(path.join(workspace, 'sub')));
      expect(seen.query).toBe('Review `$(rm -rf /)` safely');
      expect(r.outputs.model).toBe('nous/hermes-4-405b');
    } finally {
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });

  // One refusal of each kind through dist/ (a value, then a path on disk); every message is checked
  // in-process in inputs.test.ts.
  test.each([
    [{ worktree: 'yes' }, /Input "worktree" is "yes"; allowed: true or false/],
    [
      { 'working-directory': 'nope' },
      /Input "working-directory" is "nope", and .*nope is not a directory/
    ]
  ])('a bad input fails the step before anything runs: %o', async (inputs, message) => {
    const r = await run(inputs);
    expect(r.exitCode).toBe(1);
    expect(r.annotations).toHaveLength(1);
    expect(annotations(r, 'error')[0]).toMatch(message);
    expect(r.log).not.toContain('Hermes Agent v');
    expect(fs.readdirSync(r.files.temp)).toEqual([]);
  });

  test('transcript mode reports on an existing file without running anything', async () => {
    const first = await scenarioRun('failure');
    // Into this run's workspace: a transcript must be inside it (or RUNNER_TEMP).
    const cwd = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-transcript-')));
    const copy = path.join(cwd, 'old.jsonl');
    fs.copyFileSync(first.outputs.jsonl, copy);
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
      usage: ''
    });
    expect(r.outputs.jsonl).toBe(copy);
    expect(r.log).not.toContain('Hermes Agent v');
  });

  test('summary: false writes no summary', async () => {
    const r = await run({ summary: 'false' });
    expect(r.summary).toBe('');
    expect(r.outputs.outcome).toBe('success');
  });
});

describe('untrusted content stays inert', () => {
  test('no workflow command, HTML or mention from the stream survives', async () => {
    const r = await run({}, scenario('injection'));
    // The runner would have run only the action's own commands.
    expect(r.commands.map(c => c.command)).toEqual(['stop-commands', 'notice']);
    const log = r.log.replaceAll('\u200b', '');
    expect(log).toContain('::error::pwned');
    expect(log).toContain('##[set-output name=x;]y');
    expect(r.log).not.toContain('\u001b');
    expect(r.outputs).not.toHaveProperty('x');
    const html = render(r.summary);
    const tags = tagNames(html);
    for (const tag of ['script', 'img', '#comment']) expect(tags.has(tag)).toBe(false);
    expect(textOf(html)).toContain('<script>alert(1)</script>');
    expect(all(html, 'a')).toHaveLength(0);
    // GitHub links mentions in text, never in code.
    const prose = (n: Node): string =>
      typeof n === 'string'
        ? n
        : ['pre', 'code'].includes(n.tag)
          ? ''
          : n.children.map(prose).join('');
    expect(textOf(html)).toContain('@octocat');
    expect(prose(html)).not.toMatch(/@octocat/);
    expect(toolRows(r.summary)).toHaveLength(2);
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
    const transcript = fs.readFileSync(r.outputs.jsonl, 'utf8');
    expect(transcript).toMatch(/"exit_code": 130/);
    // Interrupted in the scenario's 30 s pause: the text after it never came.
    expect(transcript).not.toContain('for a long time');
  });

  test('timeout-minutes interrupts the turn: outcome timeout', async () => {
    // 3 s: time enough for the simulator to start and write its first events (its result on
    // SIGINT needs them), well inside the scenario's 30 s pause.
    const r = await run({ 'timeout-minutes': '0.05' }, scenario('slow'));
    expect(r.outputs.outcome).toBe('timeout');
    expect(annotations(r, 'error')[0]).toContain('did not finish within timeout-minutes (0.05)');
    expect(r.outputs.tokens_total).toBeDefined();
    // Interrupted in the scenario's 30 s pause: the text after it never came.
    expect(fs.readFileSync(r.outputs.jsonl, 'utf8')).not.toContain('for a long time');
  });
});

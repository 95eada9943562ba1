/**
 * The Hermes CLI mode in-process: run() with the Hermes simulator spawned through the real process
 * code (helpers/in-process.ts, `hermes: 'simulator'`), the runner's side recorded by the harness.
 * The variations of e2e/cli.e2e.test.ts live here; it keeps one run of dist/ per outcome, the path
 * without mkfifo, transcript mode, the cancel and the timeout.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { all, render, tableRows, tagNames, textOf, type Node } from '../helpers/gfm.js';
import { runInProcess, runnerReading, world, type World } from '../helpers/in-process.js';

const simulated = (env: Record<string, string> = {}, inputs: Record<string, string> = {}) =>
  runInProcess({ hermes: 'simulator', env, inputs });
const scenario = (name: string): Record<string, string> => ({ HERMES_SIM_SCENARIO: name });

/** The log as a person reads it. */
const logOf = (w: World): string => runnerReading(w).log;

/** The tool-call table of a rendered summary (the one with a "#" column), as rows of cell texts. */
function toolRows(summary = ''): string[][] {
  const table = all(render(summary), 'table').find(t => tableRows(t)[0]?.[0] === '#');
  return table ? tableRows(table).slice(1) : [];
}

describe('the outcome, its variations', () => {
  test('a Hermes that ends interrupted on its own (result 130, no cancel) → interrupted', async () => {
    const w = await simulated(scenario('interrupted-result'));
    expect(w.outputs.get('outcome')).toBe('interrupted');
    expect(w.outputs.get('exit_code')).toBe('130');
    expect(w.failed).toHaveLength(1);
    expect(w.failed[0]).toContain('Interrupted');
    expect(w.summary).toMatch(/^### /);
    expect(fs.existsSync(w.outputs.get('jsonl')!)).toBe(true);
    expect(w.outputs.get('attempts')).toBe('1');
  });

  test('fail-on-error: false reports the failure but lets the step pass', async () => {
    const w = await simulated(scenario('failure'), { 'fail-on-error': 'false' });
    expect(w.outputs.get('outcome')).toBe('failure');
    expect(w.failed).toEqual([]);
    expect(w.warnings).toEqual([
      'Hermes failed (exit code 1): Stopped part-way: reached max iterations (90). (fail-on-error is false, so the step passes)'
    ]);
  });
});

describe('the stream, its variations', () => {
  test('a damaged stream: the transcript holds stdout byte for byte; tolerated, counted and reported', async () => {
    const w = await simulated(scenario('damaged'));
    const sim = fs.readFileSync(w.outputs.get('jsonl')!);
    expect(sim.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // the BOM, kept
    expect(sim.includes(Buffer.from('}\r\n'))).toBe(true); // CRLF, kept
    expect(sim.includes(Buffer.from([0xff, 0xfe]))).toBe(true); // invalid UTF-8, kept
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('text')).toBe('Notes mention café 漢字 🚀 and nothing else.');
    const anomalies = all(render(w.summary ?? ''), 'details')
      .map(textOf)
      .find(t => t.startsWith('Stream anomalies'));
    expect(anomalies).toMatch(/line \d+: not JSON: Traceback/);
    expect(anomalies).toMatch(/line \d+: JSON but not an object: \["an", "array", 1\]/);
    expect(anomalies).toMatch(/line \d+: JSON but not an object: null/);
    expect(anomalies).toMatch(/unknown type thinking/);
    expect(anomalies).toMatch(/tool_result without "duration_ms"/);
  });

  test('the closing line counts one tool call in the singular', async () => {
    const w = await simulated({ HERMES_SIM_TOOL_CALLS: '1' });
    expect(logOf(w)).toMatch(/■ success · exit 0 · .* · 1 tool call \(0 failed\)$/m);
  });
});

describe('running Hermes', () => {
  test('argv, working directory and query reach Hermes as given, without a shell', async () => {
    const w = world({
      hermes: 'simulator',
      inputs: {
        query: '',
        'query-file': 'prompt.md',
        'working-directory': 'sub',
        model: 'nous/hermes-4-405b',
        'ignore-user-config': 'true',
        'ignore-rules': 'True',
        worktree: 'TRUE',
        checkpoints: 'true',
        'pass-session-id': 'true',
        args: `--max-turns 5 --source "ci run" --toolsets 'terminal,file' --provider $PROVIDER`
      }
    });
    fs.mkdirSync(path.join(w.dir, 'sub'));
    fs.writeFileSync(path.join(w.dir, 'sub', 'prompt.md'), 'Review `$(rm -rf /)` safely');
    const argvFile = path.join(w.dir, 'argv.json');
    w.ports.env.HERMES_SIM_ARGV_FILE = argvFile;
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('success');
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
    expect(fs.realpathSync(seen.cwd)).toBe(fs.realpathSync(path.join(w.dir, 'sub')));
    expect(seen.query).toBe('Review `$(rm -rf /)` safely');
    expect(w.outputs.get('model')).toBe('nous/hermes-4-405b');
  });

  // One refusal of each kind (a value, then a path on disk); every message is in inputs.test.ts.
  test.each([
    [{ worktree: 'yes' }, /Input "worktree" is "yes"; allowed: true or false/],
    [
      { 'working-directory': 'nope' },
      /Input "working-directory" is "nope", and .*nope is not a directory/
    ]
  ])('a bad input fails the step before anything runs: %o', async (inputs, message) => {
    const w = await runInProcess({ hermes: 'simulator', inputs });
    expect(w.failed).toHaveLength(1);
    expect([...w.warnings, ...w.notices]).toEqual([]);
    expect(w.failed[0]).toMatch(message);
    expect(logOf(w)).not.toContain('Hermes Agent v');
    // Nothing written to the workspace or RUNNER_TEMP (one folder here).
    expect(fs.readdirSync(w.dir)).toEqual([]);
  });

  test('summary: false writes no summary', async () => {
    const w = await simulated({}, { summary: 'false' });
    expect(w.summary ?? '').toBe('');
    expect(w.events).not.toContain('summary');
    expect(w.outputs.get('outcome')).toBe('success');
  });
});

describe('untrusted content stays inert', () => {
  test('no workflow command, HTML or mention from the stream survives', async () => {
    // Not uploaded, as on a local run: the summary links nothing of the action's own.
    const w = await runInProcess({
      hermes: 'simulator',
      env: scenario('injection'),
      upload: { uploaded: false, reason: 'not on a runner', warn: false }
    });
    // The runner would have run only the action's own commands.
    expect(runnerReading(w).commands.map(c => c.command)).toEqual(['stop-commands']);
    expect([...w.failed, ...w.warnings]).toEqual([]);
    const log = logOf(w).replaceAll('\u200b', '');
    expect(log).toContain('::error::pwned');
    expect(log).toContain('##[set-output name=x;]y');
    expect(w.log.join('\n')).not.toContain('\u001b');
    expect(w.outputs.has('x')).toBe(false);
    const html = render(w.summary ?? '');
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
    expect(toolRows(w.summary)).toHaveLength(2);
  });
});

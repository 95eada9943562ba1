/**
 * Causes in plain sight, in-process: run() through its ports, Hermes a stand-in printing human text
 * on stdout instead of the stream. The text Hermes prints when it is not configured, an invalid
 * input and a Windows runner go through dist/ in causes.e2e.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { runInProcess, world } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';

describe('no result event, human text on stdout', () => {
  test('the first such line, redacted, then cut at 300 characters', async () => {
    const secret = 'correct-horse-battery-staple';
    const first = `Error: provider key ${secret} was refused ${'and more '.repeat(60)}`;
    const w = await runInProcess({
      inputs: { redact: secret },
      runs: [{ exitCode: 1, stdout: `${first}\na second line, not quoted\n` }]
    });
    expect(w.outputs.get('outcome')).toBe('no_result');
    const error = w.outputs.get('error')!;
    const quote = error.split('It printed on stdout: ')[1];
    expect(quote).toMatch(/^Error: provider key \*\*\* was refused and more /);
    expect(quote).toHaveLength(300);
    expect(must(quote).endsWith('…')).toBe(true);
    expect(error).not.toContain(secret);
    expect(error).not.toContain('a second line');
    expect(w.failed).toEqual([error]);
  });
});

describe('an invalid input', () => {
  test('summary: false keeps the line out, the outputs stay', async () => {
    const w = await runInProcess({
      inputs: { query: 'Check the build', 'query-file': 'prompt.md', summary: 'false' }
    });
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.outputs.get('error')).toMatch(/query/);
    expect(w.transcripts).toEqual([]);
    expect(w.summary).toBeUndefined();
  });
});

describe('a Windows runner', () => {
  test('fails at once with one sentence, before any input is read', async () => {
    const w = world({ inputs: { 'timeout-minutes': 'soon' } });
    const read: string[] = [];
    const given = w.ports.getInput;
    w.ports.getInput = name => (read.push(name), given(name));
    w.ports.platform = 'win32';
    await run(w.ports);
    expect(w.failed).toEqual([
      'hermes-action runs on Linux and macOS runners, not on Windows: run this job on ubuntu-latest or macos-latest (runs-on).'
    ]);
    expect(read).toEqual([]);
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.size).toBe(0);
  });
});

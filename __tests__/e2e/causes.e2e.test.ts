/**
 * Causes in plain sight, end to end through dist/: human text Hermes printed on stdout instead of
 * the stream is quoted in `error` (redacted, one line, at most 300 characters), and an invalid
 * input stops the step before anything runs with outcome, error and a one-line summary, and a Windows
 * runner is refused before any input is read. The cut, the redaction and summary: false are
 * causes-run.test.ts's, in-process.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { runAction } from '../../scripts/local-runner.mjs';
import { render, textOf } from '../helpers/gfm.js';

const errors = (r: { annotations: { command: string; message: string }[] }): string[] =>
  r.annotations.filter(a => a.command === 'error').map(a => a.message);

describe('no result event, human text on stdout', () => {
  test('"isn\'t configured": error quotes it, the step fails with it', async () => {
    const r = await runAction({
      inputs: { query: 'Check the build', 'upload-artifact': 'false' },
      env: { HERMES_SIM_SCENARIO: 'not-configured' }
    });
    const quoted =
      "It printed on stdout: Hermes isn't configured yet. Run 'hermes setup' to choose a provider.";
    expect(r.outputs.outcome).toBe('no_result');
    expect(r.outputs.error).toContain(quoted);
    expect(errors(r)).toEqual([expect.stringContaining(quoted)]);
    expect(textOf(render(r.summary))).toContain(quoted);
    // The run table says what was asked.
    expect(r.summary).toContain('| Query | Check the build |');
  });
});

describe('an invalid input', () => {
  test('outcome invalid_input, error, a one-line summary, and Hermes never runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-invalid-'));
    const marker = path.join(dir, 'ran');
    const hermes = path.join(dir, 'hermes');
    fs.writeFileSync(hermes, `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    const r = await runAction({
      inputs: { query: 'Check the build', 'hermes-path': hermes, 'timeout-minutes': 'soon' },
      simulator: false
    });
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('invalid_input');
    expect(r.outputs.error).toMatch(/timeout-minutes/);
    expect(r.outputs.error).toContain('soon');
    expect(r.outputs.attempts).toBe('0');
    expect(errors(r)).toEqual([r.outputs.error]);
    expect(r.summary.trimEnd().split('\n')).toHaveLength(1);
    expect(textOf(render(r.summary)).trim()).toBe(`❌ Invalid input: ${r.outputs.error}`);
    expect(fs.existsSync(marker)).toBe(false);
  });
});

describe('a Windows runner', () => {
  test('fails at once with one sentence, before any input is read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-win32-'));
    const fake = path.join(dir, 'win32.cjs');
    fs.writeFileSync(fake, "Object.defineProperty(process, 'platform', { value: 'win32' });\n");
    const r = await runAction({
      inputs: { query: 'Check the build', 'timeout-minutes': 'soon' },
      env: { NODE_OPTIONS: `--require ${fake}`, HERMES_SIM_ARGV_FILE: path.join(dir, 'argv') }
    });
    expect(r.exitCode).toBe(1);
    expect(errors(r)).toEqual([
      'hermes-action runs on Linux and macOS runners, not on Windows: run this job on ubuntu-latest or macos-latest (runs-on).'
    ]);
    expect(fs.existsSync(path.join(dir, 'argv'))).toBe(false);
  });
});

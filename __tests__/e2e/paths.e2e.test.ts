/**
 * Paths stay where they belong, end to end through dist/: each path input given as a link in the
 * workspace that leads outside it (and outside RUNNER_TEMP) is refused before anything runs, naming
 * the input, the value and where it points; a link that stays inside is followed. One refusal here;
 * the other inputs and API server mode are paths-run.test.ts's, in-process.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { must } from '../helpers/must.js';

const tmp = (prefix: string): string =>
  fs.realpathSync(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', prefix)));

/** A workspace holding `link` → target, and a file outside both roots to point at. */
function workspaceWith(links: { [name: string]: string }): string {
  const workspace = tmp('hermes-paths-ws-');
  for (const [name, target] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true });
    fs.symlinkSync(target, path.join(workspace, name));
  }
  return workspace;
}

const outside = tmp('hermes-paths-outside-');
const SECRET = path.join(outside, 'secret.txt');
fs.writeFileSync(SECRET, 'outside-secret-content\n');

function refusal(r: ActionRun): string {
  expect(r.exitCode).toBe(1);
  const errors = r.annotations.filter(a => a.command === 'error').map(a => a.message);
  expect(errors).toHaveLength(1);
  return must(errors[0]);
}

const refused = (input: string, given: string, where: string): string =>
  `Input "${input}" is ${JSON.stringify(given)}, which points to ${where}: outside the workspace`;

describe('a path input that is a link leading outside is refused before anything runs', () => {
  test('query-file (CLI): Hermes never starts', async () => {
    const argv = path.join(tmp('hermes-paths-argv-'), 'argv.json');
    const cwd = workspaceWith({ 'prompt.md': SECRET });
    const r = await runAction({
      inputs: { 'query-file': 'prompt.md', 'upload-artifact': 'false' },
      env: { HERMES_SIM_ARGV_FILE: argv },
      cwd
    });
    expect(refusal(r)).toContain(refused('query-file', 'prompt.md', SECRET));
    expect(fs.existsSync(argv)).toBe(false);
  });
});

describe('a link that stays inside the workspace is followed', () => {
  test('query-file, json-schema and jsonl-path through links inside the workspace', async () => {
    const cwd = tmp('hermes-paths-inside-');
    fs.mkdirSync(path.join(cwd, 'real'));
    fs.writeFileSync(path.join(cwd, 'real', 'prompt.md'), 'Check the build\n');
    fs.symlinkSync(path.join(cwd, 'real', 'prompt.md'), path.join(cwd, 'prompt.md'));
    fs.symlinkSync(path.join(cwd, 'real'), path.join(cwd, 'out'));
    const r = await runAction({
      inputs: {
        'query-file': 'prompt.md',
        'jsonl-path': 'out/run.jsonl',
        'upload-artifact': 'false'
      },
      cwd
    });
    expect([r.exitCode, r.outputs.outcome]).toEqual([0, 'success']);
    // The transcript's path as it really is: the link resolved, so it is opened without one.
    expect(r.outputs.jsonl).toBe(path.join(cwd, 'real', 'run.jsonl'));
    expect(fs.readFileSync(path.join(cwd, 'real', 'run.jsonl'), 'utf8')).toContain('"result"');
  });
});

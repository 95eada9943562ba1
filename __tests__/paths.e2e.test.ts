/**
 * Paths stay where they belong, end to end through dist/: each path input given as a link in the
 * workspace that leads outside it (and outside RUNNER_TEMP) is refused before anything runs, naming
 * the input, the value and where it points; a link that stays inside is followed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../scripts/local-runner.mjs';
import { startApiServer, type ApiServer } from './helpers/api-server.js';

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
  return errors[0];
}

const refused = (input: string, given: string, where: string): string =>
  `Input "${input}" is ${JSON.stringify(given)}, which points to ${where}: outside the workspace`;

describe('a path input that is a link leading outside is refused before anything runs', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer({});
  });
  afterAll(async () => {
    await api.close();
  });

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

  test('query-file (API server mode) linked to /proc/self/environ: nothing is sent', async () => {
    const cwd = workspaceWith({ 'prompts/review.md': '/proc/self/environ' });
    const before = api.requests.length;
    const r = await runAction({
      inputs: {
        'query-file': 'prompts/review.md',
        'api-url': api.url,
        'api-key': 'server-key-value',
        'upload-artifact': 'false'
      },
      cwd,
      simulator: false
    });
    // /proc/self is itself a link, to the reading process: resolved, it names a pid.
    expect(refusal(r)).toMatch(
      /^Input "query-file" is "prompts\/review\.md", which points to \/proc\/\d+\/environ: outside the workspace/
    );
    expect(api.requests.length).toBe(before);
    expect(r.log).not.toContain('server-key-value');
  });

  test('json-schema (a path): refused before Hermes runs', async () => {
    const argv = path.join(tmp('hermes-paths-argv-'), 'argv.json');
    const cwd = workspaceWith({ 'schema.json': SECRET });
    const r = await runAction({
      inputs: { query: 'x', 'json-schema': 'schema.json', 'upload-artifact': 'false' },
      env: { HERMES_SIM_ARGV_FILE: argv },
      cwd
    });
    expect(refusal(r)).toContain(refused('json-schema', 'schema.json', SECRET));
    expect(fs.existsSync(argv)).toBe(false);
  });

  test('transcript: its target is neither read nor uploaded', async () => {
    const cwd = workspaceWith({ 'old/run.jsonl': SECRET });
    const r = await runAction({
      inputs: { transcript: 'old/run.jsonl', 'upload-artifact': 'false' },
      cwd,
      simulator: false
    });
    expect(refusal(r)).toContain(refused('transcript', 'old/run.jsonl', SECRET));
    expect(r.stdout + r.summary).not.toContain('outside-secret-content');
  });

  test('jsonl-path: its target is not overwritten', async () => {
    const cwd = workspaceWith({ 'out/run.jsonl': SECRET });
    const r = await runAction({ inputs: { query: 'x', 'jsonl-path': 'out/run.jsonl' }, cwd });
    expect(refusal(r)).toContain(refused('jsonl-path', 'out/run.jsonl', SECRET));
    expect(fs.readFileSync(SECRET, 'utf8')).toBe('outside-secret-content\n');
  });

  test('jsonl-path through a linked directory: nothing is written there', async () => {
    const cwd = workspaceWith({ out: outside });
    const r = await runAction({ inputs: { query: 'x', 'jsonl-path': 'out/new.jsonl' }, cwd });
    expect(refusal(r)).toContain(
      refused('jsonl-path', 'out/new.jsonl', path.join(outside, 'new.jsonl'))
    );
    expect(fs.existsSync(path.join(outside, 'new.jsonl'))).toBe(false);
  });

  test('jsonl-path as a dangling link: followed to where it would end, and refused', async () => {
    const cwd = workspaceWith({ 'run.jsonl': path.join(outside, 'planted.jsonl') });
    const r = await runAction({ inputs: { query: 'x', 'jsonl-path': 'run.jsonl' }, cwd });
    expect(refusal(r)).toContain(
      refused('jsonl-path', 'run.jsonl', path.join(outside, 'planted.jsonl'))
    );
    expect(fs.existsSync(path.join(outside, 'planted.jsonl'))).toBe(false);
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

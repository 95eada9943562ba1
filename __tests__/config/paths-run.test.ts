/**
 * Paths stay where they belong, in-process: run() through its ports, each path input given as a
 * link in the workspace that leads outside it (and outside RUNNER_TEMP) is refused before anything
 * runs, naming the input, the value and where it points. One refusal and a link that stays inside
 * go through dist/ in paths.e2e.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { startApiServer, type ApiServer } from '../helpers/api-server.js';
import { world, type World } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';

const tmp = (prefix: string): string =>
  fs.realpathSync(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', prefix)));

const outside = tmp('hermes-paths-outside-');
const SECRET = path.join(outside, 'secret.txt');
fs.writeFileSync(SECRET, 'outside-secret-content\n');

/** run() in a workspace holding `link` → target; Hermes never ran, and the one error it failed with. */
async function refused(
  links: { [name: string]: string },
  inputs: Record<string, string>
): Promise<{ w: World; error: string }> {
  const w = world({ inputs: { 'upload-artifact': 'false', ...inputs } });
  for (const [name, target] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(w.dir, name)), { recursive: true });
    fs.symlinkSync(target, path.join(w.dir, name));
  }
  await run(w.ports);
  expect(w.outputs.get('outcome')).toBe('invalid_input');
  expect(w.transcripts).toEqual([]);
  expect(w.failed).toHaveLength(1);
  return { w, error: must(w.failed[0]) };
}

const refusal = (input: string, given: string, where: string): string =>
  `Input "${input}" is ${JSON.stringify(given)}, which points to ${where}: outside the workspace`;

describe('a path input that is a link leading outside is refused before anything runs', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await startApiServer({});
  });
  afterAll(async () => {
    await api.close();
  });

  test('query-file (API server mode) linked to /proc/self/environ: nothing is sent', async () => {
    const before = api.requests.length;
    const { w, error } = await refused(
      { 'prompts/review.md': '/proc/self/environ' },
      {
        query: '',
        'query-file': 'prompts/review.md',
        'api-url': api.url,
        'api-key': 'server-key-value',
        // The harness's CLI defaults, which API server mode refuses.
        'hermes-path': '',
        isolation: ''
      }
    );
    // /proc/self is itself a link, to the reading process: resolved, it names a pid.
    expect(error).toMatch(
      /^Input "query-file" is "prompts\/review\.md", which points to \/proc\/\d+\/environ: outside the workspace/
    );
    expect(api.requests.length).toBe(before);
    expect([...w.log, ...w.outputs.values(), w.summary].join('\n')).not.toContain(
      'server-key-value'
    );
  });

  test('json-schema (a path): refused before Hermes runs', async () => {
    const { error } = await refused(
      { 'schema.json': SECRET },
      { query: 'x', 'json-schema': 'schema.json' }
    );
    expect(error).toContain(refusal('json-schema', 'schema.json', SECRET));
  });

  test('transcript: its target is neither read nor uploaded', async () => {
    const { w, error } = await refused(
      { 'old/run.jsonl': SECRET },
      { query: '', transcript: 'old/run.jsonl', 'upload-artifact': 'true' }
    );
    expect(error).toContain(refusal('transcript', 'old/run.jsonl', SECRET));
    expect(w.events).not.toContain('upload');
    expect([...w.log, w.summary].join('\n')).not.toContain('outside-secret-content');
  });

  test('jsonl-path: its target is not overwritten', async () => {
    const { error } = await refused(
      { 'out/run.jsonl': SECRET },
      { query: 'x', 'jsonl-path': 'out/run.jsonl' }
    );
    expect(error).toContain(refusal('jsonl-path', 'out/run.jsonl', SECRET));
    expect(fs.readFileSync(SECRET, 'utf8')).toBe('outside-secret-content\n');
  });

  test('jsonl-path through a linked directory: nothing is written there', async () => {
    const { error } = await refused(
      { out: outside },
      { query: 'x', 'jsonl-path': 'out/new.jsonl' }
    );
    expect(error).toContain(
      refusal('jsonl-path', 'out/new.jsonl', path.join(outside, 'new.jsonl'))
    );
    expect(fs.existsSync(path.join(outside, 'new.jsonl'))).toBe(false);
  });

  test('jsonl-path as a dangling link: followed to where it would end, and refused', async () => {
    const { error } = await refused(
      { 'run.jsonl': path.join(outside, 'planted.jsonl') },
      { query: 'x', 'jsonl-path': 'run.jsonl' }
    );
    expect(error).toContain(
      refusal('jsonl-path', 'run.jsonl', path.join(outside, 'planted.jsonl'))
    );
    expect(fs.existsSync(path.join(outside, 'planted.jsonl'))).toBe(false);
  });
});

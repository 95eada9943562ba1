/**
 * json-schema in-process: run() through its ports, Hermes a stand-in (or the simulator, spawned by
 * the real process code, where what Hermes received is the point), an existing transcript in
 * transcript mode. One matching and one mismatching answer with the CLI, and one answer from an API
 * server, go through dist/ in json-schema.e2e.test.ts; every refused schema is schema.test.ts's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import { all, checkSummaryHtml, renderGfm, textOf, type Element } from '../helpers/gfm.js';
import { runnerReading, world, type Options, type World } from '../helpers/in-process.js';
import { VERDICT_SCHEMA } from '../helpers/verdict-schema.js';
import { must } from '../helpers/must.js';

const INLINE = JSON.stringify(VERDICT_SCHEMA, null, 2);
const INSTRUCTION =
  'End your answer with one JSON value that matches the JSON Schema below, in a ```json code block. ' +
  'A program reads it: write valid JSON (no comments, no trailing commas) that matches the schema exactly.';
const QUERY = 'Review src/app.ts';
const MISMATCH = 'Here is the result: {"verdict": "maybe", "findings": "none", "score": 3}';

const summaryOf = (w: World): Element => checkSummaryHtml(renderGfm(w.summary ?? ''));
const block = (html: Element, title: string): Element | undefined =>
  all(html, 'details').find(d => textOf(must(all(d, 'summary')[0])).startsWith(title));

/** run() with json-schema inline; with `simulator`, the Hermes simulator records what it received. */
async function step(
  inputs: Record<string, string>,
  { simulator, ...options }: Options & { simulator?: string } = {},
  prepare?: (w: World) => void
): Promise<World & { received?: { argv: string[]; query: string } }> {
  const w = world({
    ...options,
    inputs: { query: QUERY, 'json-schema': INLINE, 'upload-artifact': 'false', ...inputs },
    ...(simulator ? { hermes: 'simulator' as const } : {})
  });
  const record = path.join(w.dir, 'argv.json');
  if (simulator)
    Object.assign(w.ports.env, { HERMES_SIM_SCENARIO: simulator, HERMES_SIM_ARGV_FILE: record });
  prepare?.(w);
  await run(w.ports);
  const received = fs.existsSync(record)
    ? (JSON.parse(fs.readFileSync(record, 'utf8')) as { argv: string[]; query: string })
    : undefined;
  return Object.assign(w, { received });
}

/** The prompt Hermes got: the query, the instruction, then the schema in a json block. */
function expectAsked(query: string, schema: unknown): void {
  const head = `${QUERY}\n\n${INSTRUCTION}\n\n\`\`\`json\n`;
  expect(query.startsWith(head)).toBe(true);
  expect(query.endsWith('\n```\n')).toBe(true);
  expect(JSON.parse(query.slice(head.length, -'\n```\n'.length))).toEqual(schema);
}

describe('json-schema with the Hermes CLI', () => {
  test('fail-on-error false: an answer that does not match is reported, and the step passes', async () => {
    const w = await step(
      { 'fail-on-error': 'false' },
      { runs: [{ exitCode: 0, answer: MISMATCH }] }
    );
    expect(w.failed).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('invalid_output');
    expect(w.warnings).toContainEqual(
      expect.stringMatching(/^The answer does not match json-schema: .*fail-on-error is false/)
    );
  });

  test('a turn that failed stays a failure; its answer is not checked', async () => {
    const answer = '```json\n{"verdict": "pass", "findings": []}\n```';
    const w = await step({}, { runs: [{ exitCode: 1, answer }] });
    expect(w.outputs.get('outcome')).toBe('failure');
    expect(w.outputs.get('structured_output')).toBe('');
    expect(w.summary).not.toContain('Structured output');
    expect(w.log).not.toContain('json-schema: the answer matches');
  });

  test('the schema from a file in the workspace, and a query-file prompt', async () => {
    let workspace = '';
    const w = await step(
      { query: '', 'query-file': 'prompt.md', 'json-schema': '.github/hermes/verdict.json' },
      { simulator: 'json-answer' },
      ({ dir }) => {
        workspace = dir;
        fs.mkdirSync(path.join(dir, '.github', 'hermes'), { recursive: true });
        fs.writeFileSync(path.join(dir, '.github', 'hermes', 'verdict.json'), INLINE);
        fs.writeFileSync(path.join(dir, 'prompt.md'), `${QUERY}\n`);
      }
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(JSON.parse(w.outputs.get('structured_output')!).verdict).toBe('fail');
    // A new file under RUNNER_TEMP holds the prompt with the instruction; the user's is untouched.
    const [, flag, file] = w.received!.argv;
    expect(flag).toBe('--query-file');
    expect(must(file).startsWith(path.join(workspace, 'hermes-prompt-'))).toBe(true);
    expectAsked(w.received!.query, VERDICT_SCHEMA);
    expect(fs.readFileSync(path.join(workspace, 'prompt.md'), 'utf8')).toBe(`${QUERY}\n`);
  });

  // Run as its own user (root, through dist/), Hermes' spawn fails apart: json-schema.e2e.test.ts.
  test('a prompt and a schema over what one argument may hold, not isolated: the attempt fails, reported, not a crash', async () => {
    // 100 KB of query is a valid input; with a 40 KB schema, -q would be over Linux's 128 KiB.
    const schema = JSON.stringify({ type: 'object', description: 'd'.repeat(40_000) });
    const w = await step(
      { query: 'q'.repeat(100_000), 'json-schema': schema },
      { simulator: 'json-answer' }
    );
    expect(w.received).toBeUndefined();
    expect(w.outputs.get('outcome')).toBe('no_result');
    expect(w.outputs.get('error')).toContain('Hermes could not be started: Error: spawn E2BIG');
    expect(w.failed).toEqual([w.outputs.get('error')]);
    expect(textOf(must(all(summaryOf(w), 'h3')[0]))).toContain('The turn did not complete');
  });

  test('without json-schema nothing changes', async () => {
    const w = await step({ 'json-schema': '' }, { simulator: 'json-answer' });
    expect(w.received!.query).toBe(QUERY);
    expect(w.outputs.get('structured_output')).toBe('');
    expect(w.summary).not.toContain('Structured output');
  });

  test('a schema that cannot be used fails before Hermes runs, saying where', async () => {
    const w = await step({ 'json-schema': '{"properties": {"verdict": {"type": "verdict"}}}' });
    expect(w.transcripts).toEqual([]);
    expect(w.outputs.get('outcome')).toBe('invalid_input');
    expect(w.failed).toEqual([
      expect.stringMatching(
        /^Input "json-schema" \(inline\) is not a valid JSON Schema \(draft 2020-12\): at \/properties\/verdict\/type: must be equal to one of the allowed values/
      )
    ]);
  });
});

describe('json-schema in transcript mode', () => {
  /** The report on an existing run whose answer is `text` (the transcript in the workspace). */
  async function report(text: string, inputs: Record<string, string> = {}): Promise<World> {
    const w = world({
      inputs: { query: '', 'json-schema': INLINE, 'upload-artifact': 'false', ...inputs }
    });
    const file = path.join(w.dir, 'run.jsonl');
    const events = [
      { type: 'system', subtype: 'init', model: 'nous/hermes-4-70b', session_id: 's1' },
      {
        type: 'result',
        session_id: 's1',
        exit_code: 0,
        text,
        tokens: { input: 1, output: 1, total: 2, cache_read: 0, cache_write: 0 },
        duration_ms: 5
      }
    ];
    fs.writeFileSync(file, events.map(e => JSON.stringify(e)).join('\n') + '\n');
    const given = w.ports.getInput;
    w.ports.getInput = name => (name === 'transcript' ? file : given(name));
    await run(w.ports);
    expect(w.transcripts).toEqual([]);
    return w;
  }

  test('the answer of an existing run is checked; secrets are redacted in structured_output', async () => {
    const w = await report(
      '```json\n{"verdict": "pass", "findings": ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "db pw hunter2-x"]}\n```',
      { redact: 'hunter2-x' }
    );
    expect(w.outputs.get('outcome')).toBe('success');
    expect(JSON.parse(w.outputs.get('structured_output')!)).toEqual({
      verdict: 'pass',
      findings: ['token ***', 'db pw ***']
    });
    expect(w.summary).not.toContain('hunter2-x');
  });

  test('hostile strings stay text in the summary and the log', async () => {
    const note = '</details><img src=x> ``` @octocat';
    const w = await report(JSON.stringify({ verdict: 'maybe', findings: [note], '::error::x': 1 }));
    expect(w.outputs.get('outcome')).toBe('invalid_output');
    // Only the action's own error: nothing from the answer became a workflow command.
    expect(w.failed).toHaveLength(1);
    expect(
      runnerReading(w).commands.filter(c => ['error', 'warning', 'notice'].includes(c.command))
    ).toEqual([]);
    const found = block(summaryOf(w), 'The JSON found in the answer')!;
    expect(JSON.parse(textOf(must(all(found, 'pre')[0])))).toEqual({
      verdict: 'maybe',
      findings: [note],
      '::error::x': 1
    });
  });

  test('a JSON over the 64 KiB output cap fails the step, never a cut structured_output', async () => {
    const big = JSON.stringify({ verdict: 'pass', findings: ['x'.repeat(70_000)] });
    const w = await report(big);
    expect(w.outputs.get('outcome')).toBe('invalid_output');
    expect(w.outputs.get('structured_output')).toBe('');
    expect(w.failed).toEqual([
      `The answer matches json-schema, but its JSON takes ${Buffer.byteLength(big).toLocaleString('en-US')} bytes, ` +
        'over the 65,536 that structured_output may take (the outputs of a job share 1 MB); ' +
        'ask for a shorter answer, or read it from the transcript.'
    ]);
  });
});

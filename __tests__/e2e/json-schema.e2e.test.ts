/**
 * json-schema end to end: the bundled dist/index.js under Node 24, the Hermes simulator on PATH (or a
 * loopback API server); outputs, log and summary read back as a runner would. One answer that
 * matches, one that does not, one too long to start Hermes with, and one from an API server; the
 * rest (a schema file, fail-on-error, a failed turn, a refused schema, transcript mode) is
 * json-schema-run.test.ts's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { agentDir } from '../helpers/agent-dir.js';
import { afterEach, describe, expect, test } from '@jest/globals';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import {
  responsesStream,
  SERVER_KEY,
  startApiServer,
  type ApiServer
} from '../helpers/api-server.js';
import { all, checkSummaryHtml, renderGfm, textOf, type Element } from '../helpers/gfm.js';
import { VERDICT_SCHEMA } from '../helpers/verdict-schema.js';
import { must } from '../helpers/must.js';

const INLINE = JSON.stringify(VERDICT_SCHEMA, null, 2);
// What docs/json-schema.md shows as added to the prompt (schema.test.ts checks the code says the same).
const INSTRUCTION =
  'End your answer with one JSON value that matches the JSON Schema below, in a ```json code block. ' +
  'A program reads it: write valid JSON (no comments, no trailing commas) that matches the schema exactly.';
const QUERY = 'Review src/app.ts';

const temp = (): string => agentDir('hermes-json-schema-');

/** Runs the action on a scenario, with Hermes' argv and the query it got recorded. */
async function run(
  scenario: string,
  inputs: Record<string, string>
): Promise<ActionRun & { received?: { argv: string[]; query: string } }> {
  const record = path.join(temp(), 'argv.json');
  const r = await runAction({
    inputs: { query: QUERY, 'json-schema': INLINE, ...inputs },
    env: { HERMES_SIM_SCENARIO: scenario, HERMES_SIM_ARGV_FILE: record }
  });
  const received = fs.existsSync(record)
    ? (JSON.parse(fs.readFileSync(record, 'utf8')) as { argv: string[]; query: string })
    : undefined;
  return { ...r, received };
}

const errors = (r: ActionRun): string[] =>
  r.annotations.filter(a => a.command === 'error').map(a => a.message);

/** The summary as GitHub renders it, checked structurally. */
const summaryOf = (r: ActionRun): Element => checkSummaryHtml(renderGfm(r.summary));
const block = (html: Element, title: string): Element | undefined =>
  all(html, 'details').find(d => textOf(must(all(d, 'summary')[0])).startsWith(title));

/** The prompt Hermes got: the query, the instruction, then the schema in a json block. */
function expectAsked(query: string, schema: unknown): void {
  const head = `${QUERY}\n\n${INSTRUCTION}\n\n\`\`\`json\n`;
  expect(query.startsWith(head)).toBe(true);
  expect(query.endsWith('\n```\n')).toBe(true);
  expect(JSON.parse(query.slice(head.length, -'\n```\n'.length))).toEqual(schema);
}

describe('json-schema with the Hermes CLI', () => {
  test('an answer that matches: structured_output, compact; the prompt asked for it', async () => {
    const r = await run('json-answer', {});
    expect(r.exitCode).toBe(0);
    const value = {
      verdict: 'fail',
      findings: ['src/app.ts: the greeting prints a literal `{hi}` — «naïve» template, see line 1']
    };
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.structured_output).toBe(JSON.stringify(value));
    expect(r.outputs.text).toContain('```json');
    expect(errors(r)).toEqual([]);
    // -q carries the query with the instruction and the schema.
    expect(r.received!.argv.slice(0, 2)).toEqual(['chat', '-q']);
    expectAsked(r.received!.query, VERDICT_SCHEMA);
    expect(r.log).toContain('json-schema: the answer matches');

    const shown = block(summaryOf(r), 'Structured output')!;
    expect(textOf(must(all(shown, 'summary')[0]))).toBe(
      `Structured output (matches json-schema, ${Buffer.byteLength(must(r.outputs.structured_output))} bytes compact)`
    );
    expect(JSON.parse(textOf(must(all(shown, 'pre')[0])))).toEqual(value);
  });

  test('an answer that does not match: invalid_output, the first wrong field, the rest still reported', async () => {
    const r = await run('json-mismatch', {});
    expect(r.exitCode).toBe(1);
    const message =
      'The answer does not match json-schema: /score: is not allowed by the schema (and 2 more).';
    expect(r.outputs).toMatchObject({
      outcome: 'invalid_output',
      exit_code: '0',
      error: message,
      text: 'Here is the result: {"verdict": "maybe", "findings": "none", "score": 3}',
      tokens_total: '2490',
      tool_calls: '1',
      attempts: '1'
    });
    expect(r.outputs.structured_output).toBe('');
    expect(fs.existsSync(must(r.outputs.jsonl))).toBe(true);
    expect(errors(r)).toEqual([message]);
    expect(r.log).toContain('■ invalid_output · exit 0 · 2490 tokens');

    const html = summaryOf(r);
    expect(textOf(must(all(html, 'h3')[0]))).toBe('❌ The answer does not match json-schema');
    const shown = block(html, 'Structured output')!;
    expect(all(shown, 'li').map(textOf)).toEqual([
      '/score: is not allowed by the schema',
      '/verdict: must be one of "pass", "fail"',
      '/findings: must be array'
    ]);
  });

  // Isolated (as root), the spawn itself fails; not isolated it is json-schema-run.test.ts's.
  test('a prompt and a schema over what one argument may hold: the attempt fails, reported, not a crash', async () => {
    // 100 KB of query is a valid input; with a 40 KB schema, -q would be over Linux's 128 KiB.
    const schema = JSON.stringify({ type: 'object', description: 'd'.repeat(40_000) });
    const r = await run('json-answer', { query: 'q'.repeat(100_000), 'json-schema': schema });
    expect(r.received).toBeUndefined();
    expect(r.outputs.outcome).toBe('no_result');
    expect(r.outputs.error).toContain('Hermes could not be started: spawn E2BIG');
    expect(errors(r)).toEqual([r.outputs.error]);
    expect(textOf(must(all(summaryOf(r), 'h3')[0]))).toContain('The turn did not complete');
  });
});

describe('json-schema in API server mode', () => {
  let server: ApiServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('the query sent carries the instruction; the answer becomes structured_output', async () => {
    server = await startApiServer({
      responses: [
        responsesStream({
          parts: [{ text: ['Done.\n```json\n{"verdict": "pass", ', '"findings": []}\n```'] }],
          usage: { input_tokens: 10, output_tokens: 5 }
        })
      ]
    });
    const r = await runAction({
      inputs: { 'api-url': server.url, 'api-key': SERVER_KEY, query: QUERY, 'json-schema': INLINE },
      simulator: false
    });
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.structured_output).toBe('{"verdict":"pass","findings":[]}');
    const sent = server.requests.find(q => q.path === '/v1/responses')!;
    expectAsked(sent.body!.input as string, VERDICT_SCHEMA);
  });
});

/**
 * API server mode end to end: the bundled dist/index.js under Node 24, started as a runner starts it
 * (INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY read back in the runner's format), against
 * the loopback Hermes API server simulator (helpers/api-server.ts). No Hermes CLI is on PATH.
 * One turn, the timeout and a cancel: what only the action's own process shows (its signals, the
 * runner's files). Every other variation runs in-process in api-run.test.ts.
 */
import * as fs from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import { runAction, startAction, type ActionRun } from '../../scripts/local-runner.mjs';
import {
  responsesStream,
  SERVER_KEY,
  SESSION_ID,
  reasoningGroups,
  transcript,
  useApiServer,
  type ApiServer
} from '../helpers/api-server.js';
import {
  all,
  checkSummaryHtml,
  renderGfm,
  tableRows,
  textOf,
  type Element
} from '../helpers/gfm.js';
import { until, untilStdout } from '../helpers/until.js';
import { must } from '../helpers/must.js';

const serve = useApiServer();

const QUESTION = 'What is 23 times 47? Work it out first, then answer';

function run(
  api: ApiServer | string,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {}
): Promise<ActionRun> {
  return runAction({
    inputs: {
      'api-url': typeof api === 'string' ? api : api.url,
      'api-key': SERVER_KEY,
      query: QUESTION,
      ...inputs
    },
    env,
    simulator: false
  });
}

const annotations = (r: ActionRun, kind: string): string[] =>
  r.annotations.filter(a => a.command === kind).map(a => a.message);

/** The summary, rendered as GFM and checked structurally. */
function summaryOf(r: ActionRun): Element {
  return checkSummaryHtml(renderGfm(r.summary));
}

const detailsTitled = (html: Element, start: string): Element | undefined =>
  all(html, 'details').find(d => textOf(must(all(d, 'summary')[0])).startsWith(start));

/** The key appears nowhere a person or a later step can read it (the runner's add-mask aside). */
function expectKeyNowhere(r: ActionRun, key: string): void {
  const printed = r.stdout
    .split('\n')
    .filter(l => l !== `::add-mask::${key}`)
    .join('\n');
  expect(printed).not.toContain(key);
  expect(r.stderr).not.toContain(key);
  expect(r.summary).not.toContain(key);
  for (const value of Object.values(r.outputs)) expect(value).not.toContain(key);
  if (r.outputs.jsonl && fs.existsSync(r.outputs.jsonl))
    expect(fs.readFileSync(r.outputs.jsonl, 'utf8')).not.toContain(key);
}

const REASONING = [
  'The user asks for 23 × 47.\n',
  'Work it out: 20 × 47 = 940, ',
  '3 × 47 = 141.\n'
];
const ANSWER = ['23 × 47 = ', '1081.'];
const USAGE = { input_tokens: 2100, output_tokens: 64, cached_tokens: 1500 };

describe('API server mode: a turn with reasoning', () => {
  test('reasoning then text: outputs, transcript, the log’s reasoning group, the summary', async () => {
    const api = await serve({
      responses: [
        {
          ...responsesStream({
            parts: [
              { reasoning: REASONING },
              { frames: [{ comment: 'keepalive' }] },
              { text: ANSWER }
            ],
            usage: USAGE
          }),
          // Split anywhere, CRLF line ends: the parser must not care.
          chunkBytes: 13,
          lineEnding: '\r\n'
        }
      ]
    });
    const r = await run(api);

    expect(r.exitCode).toBe(0);
    expect(r.outputs).toMatchObject({
      outcome: 'success',
      exit_code: '0',
      error: '',
      session_id: SESSION_ID,
      model: 'hermes-agent',
      text: '23 × 47 = 1081.',
      tokens_input: '2100',
      tokens_output: '64',
      tokens_total: '2164',
      tokens_cache_read: '1500',
      tokens_cache_write: '0',
      tool_calls: '0',
      tool_errors: '0',
      attempts: '1'
    });
    expect(annotations(r, 'error')).toEqual([]);
    expect(annotations(r, 'warning')).toEqual([]);

    // The transcript: the CLI's events plus reasoning, in upstream's serialisation.
    const raw = fs.readFileSync(must(r.outputs.jsonl), 'utf8');
    const events = transcript(must(r.outputs.jsonl));
    expect(events.map(e => e.type)).toEqual([
      'system',
      'reasoning',
      'reasoning',
      'reasoning',
      'text',
      'text',
      'result'
    ]);
    expect(raw.split('\n')[1]).toMatch(
      /^\{"type": "reasoning", "text": "The user asks for 23 × 47\.\\n", "timestamp": \d+\}$/
    );
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      session_id: SESSION_ID,
      exit_code: 0,
      text: '23 × 47 = 1081.',
      tokens: { input: 2100, output: 64, total: 2164, cache_read: 1500, cache_write: 0 }
    });
    expect(Object.keys(events.at(-1)!).at(-1)).toBe('timestamp');

    // The log: reasoning in one collapsed group, opened and closed outside the stop-commands block.
    // (The first, a debug line: the runner's cancel is heard from here.)
    expect(r.commands.map(c => c.command)).toEqual([
      'debug',
      'add-mask',
      'stop-commands',
      'group',
      'stop-commands',
      'endgroup',
      'stop-commands',
      'notice'
    ]);
    expect(reasoningGroups(r.stdout)).toEqual([
      ['The user asks for 23 × 47.', 'Work it out: 20 × 47 = 940, 3 × 47 = 141.']
    ]);
    const log = r.log.split('\n');
    expect(log).toContain('23 × 47 = 1081.');
    expect(r.log).toContain('/v1: it streams reasoning (features.reasoning_streaming)');
    expect(r.log).toMatch(/■ success · exit 0 · 2164 tokens \(2100 in, 64 out\)/);

    // The summary, as GitHub renders it.
    const html = summaryOf(r);
    const reasoning = detailsTitled(html, 'Reasoning (');
    expect(textOf(must(all(reasoning!, 'summary')[0]))).toBe('Reasoning (69 characters)');
    expect(textOf(reasoning!)).toContain('Work it out: 20 × 47 = 940, 3 × 47 = 141.');
    const facts = tableRows(must(all(html, 'table')[0]));
    expect(facts).toContainEqual([
      'Hermes',
      `Hermes API server ${api.url} · responses · reasoning streaming`
    ]);
    expect(facts).toContainEqual(['Model', 'hermes-agent']);

    // What the server got: discovery, then one streamed request with the key, the query, no opt-out.
    expect(api.requests.map(q => `${q.method} ${q.path}`)).toEqual([
      'GET /v1/capabilities',
      'POST /v1/responses'
    ]);
    expect(api.requests.every(q => q.authorization === `Bearer ${SERVER_KEY}`)).toBe(true);
    expect(must(api.requests[1]).body).toEqual({ input: QUESTION, stream: true });
    expectKeyNowhere(r, SERVER_KEY);
  });
});

describe('API server mode: the turn stopped from outside', () => {
  test('SIGINT to the action aborts the request: interrupted, exit 130, fully reported', async () => {
    const reply = responsesStream({
      parts: [{ reasoning: ['Thinking hard.\n'] }, { text: ['never'] }]
    });
    if ('stream' in reply) reply.stream.splice(4, 0, { sleep: 30_000 });
    const api = await serve({ responses: [reply] });
    const started = startAction({
      inputs: { 'api-url': api.url, 'api-key': SERVER_KEY, query: QUESTION },
      simulator: false
    });
    await untilStdout(started.child, '::group::Reasoning');
    started.child.kill('SIGINT');
    const r = await started.done;
    expect(r.outputs).toMatchObject({ outcome: 'interrupted', exit_code: '130' });
    expect(annotations(r, 'error')[0]).toBe('Hermes was interrupted (exit code 130): Interrupted.');
    expect(transcript(must(r.outputs.jsonl)).at(-1)).toMatchObject({
      type: 'result',
      exit_code: 130
    });
    // Aborted in the server's 30 s pause: the text after it never came.
    expect(fs.readFileSync(must(r.outputs.jsonl), 'utf8')).not.toContain('never');
    expect(r.log).toContain('The job was cancelled: aborting the request to the API server');
    // The server sees its client go away (so Hermes interrupts the agent).
    await until('the server never saw the request aborted', () => must(api.requests[1]).aborted);
  });

  test('timeout-minutes aborts the request: outcome timeout', async () => {
    const reply = responsesStream({ parts: [{ text: ['slow'] }] });
    if ('stream' in reply) reply.stream.splice(2, 0, { sleep: 30_000 });
    const api = await serve({ responses: [reply] });
    const r = await run(api, { 'timeout-minutes': '0.01' });
    expect(r.outputs.outcome).toBe('timeout');
    // Aborted in the server's 30 s pause: the text after it never came.
    expect(fs.readFileSync(must(r.outputs.jsonl), 'utf8')).not.toContain('slow');
    expect(annotations(r, 'error')[0]).toContain('did not finish within timeout-minutes (0.01)');
  });
});

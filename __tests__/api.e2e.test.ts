/**
 * API server mode end to end: the bundled dist/index.js under Node 24, started as a runner starts it
 * (INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY read back in the runner's format), against
 * the loopback Hermes API server simulator (helpers/api-server.ts). No Hermes CLI is on PATH.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { runAction, startAction, type ActionRun } from '../scripts/local-runner.mjs';
import {
  capabilities,
  chatStream,
  responsesStream,
  SERVER_KEY,
  SESSION_ID,
  startApiServer,
  type ApiServer,
  type Script
} from './helpers/api-server.js';
import {
  all,
  checkSummaryHtml,
  prose,
  renderGfm,
  tableRows,
  textOf,
  type Element
} from './helpers/gfm.js';
import { until, untilStdout } from './helpers/until.js';

let server: ApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(script: Script): Promise<ApiServer> {
  server = await startApiServer(script);
  return server;
}

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

/** The transcript's events, parsed. */
const transcript = (file: string): Record<string, unknown>[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(l => l !== '')
    .map(l => JSON.parse(l) as Record<string, unknown>);

/** The lines of each `::group::Reasoning` … `::endgroup::` in stdout, without the stop-commands lines. */
function reasoningGroups(stdout: string): string[][] {
  const groups: string[][] = [];
  let current: string[] | undefined;
  for (const line of stdout.split('\n')) {
    if (line === '::group::Reasoning') current = [];
    else if (line === '::endgroup::' && current) {
      groups.push(current);
      current = undefined;
    } else if (current && !/^::(stop-commands::)?[0-9a-f]{32}(::)?$/.test(line)) current.push(line);
  }
  return groups;
}

/** The summary, rendered as GFM and checked structurally. */
function summaryOf(r: ActionRun): Element {
  return checkSummaryHtml(renderGfm(r.summary));
}

const detailsTitled = (html: Element, start: string): Element | undefined =>
  all(html, 'details').find(d => textOf(all(d, 'summary')[0]).startsWith(start));

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
    const raw = fs.readFileSync(r.outputs.jsonl, 'utf8');
    const events = transcript(r.outputs.jsonl);
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
    expect(r.commands.map(c => c.command)).toEqual([
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
    expect(textOf(all(reasoning!, 'summary')[0])).toBe('Reasoning (69 characters)');
    expect(textOf(reasoning!)).toContain('Work it out: 20 × 47 = 940, 3 × 47 = 141.');
    const facts = tableRows(all(html, 'table')[0]);
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
    expect(api.requests[1].body).toEqual({ input: QUESTION, stream: true });
    expectKeyNowhere(r, SERVER_KEY);
  });

  test('show-reasoning false: the opt-out is sent, and reasoning is shown nowhere even if it comes', async () => {
    // A server that ignores the opt-out: the action still shows nothing of it.
    const api = await serve({
      responses: [
        // Hermes names the model the request asked for.
        request =>
          responsesStream({
            parts: [{ reasoning: REASONING }, { text: ANSWER }],
            usage: USAGE,
            model: request.body?.model as string
          })
      ]
    });
    const r = await run(api, { 'show-reasoning': 'false', model: 'nous/hermes-4-405b' });
    expect(r.outputs).toMatchObject({ outcome: 'success', model: 'nous/hermes-4-405b' });
    expect(api.requests[1].body).toEqual({
      model: 'nous/hermes-4-405b',
      input: QUESTION,
      stream: true,
      model_options: { reasoning: { enabled: false } }
    });
    expect(r.commands.map(c => c.command)).not.toContain('group');
    expect(r.log).not.toContain('Work it out');
    expect(transcript(r.outputs.jsonl).map(e => e.type)).toEqual([
      'system',
      'text',
      'text',
      'result'
    ]);
    expect(detailsTitled(summaryOf(r), 'Reasoning')).toBeUndefined();
    // The reasoning's words (the query, in the run table, asks to "work it out" too).
    expect(textOf(summaryOf(r))).not.toContain('Work it out:');
    expect(textOf(summaryOf(r))).not.toContain('20 × 47 = 940');
  });

  test('tool calls: the group closes before each tool line; tools in the log and the summary', async () => {
    const api = await serve({
      responses: [
        responsesStream({
          parts: [
            { reasoning: ['Check the build logs first.'] },
            {
              tool: {
                name: 'terminal',
                arguments: { command: 'ls build/' },
                output: 'out.log\nerr.log',
                ms: 200
              }
            },
            { reasoning: ['Now the missing log.'] },
            {
              tool: {
                name: 'read_file',
                arguments: { path: 'build/missing.log' },
                output: 'No such file: build/missing.log',
                status: 'failed'
              }
            },
            { text: ['The build is clean.'] }
          ],
          usage: { input_tokens: 900, output_tokens: 30 }
        })
      ]
    });
    const r = await run(api);
    expect(r.outputs).toMatchObject({ outcome: 'success', tool_calls: '2', tool_errors: '1' });
    expect(reasoningGroups(r.stdout)).toEqual([
      ['Check the build logs first.'],
      ['Now the missing log.']
    ]);
    const log = r.log.split('\n');
    expect(log).toContain('→ terminal  ls build/');
    expect(log.find(l => l.startsWith('← terminal'))).toMatch(/^← terminal {2}\d+ ms {2}ok$/);
    expect(log.find(l => l.startsWith('✗ read_file'))).toMatch(
      /ERROR {2}No such file: build\/missing\.log$/
    );
    const events = transcript(r.outputs.jsonl);
    expect(events.filter(e => e.type === 'tool_use')).toEqual([
      expect.objectContaining({
        name: 'terminal',
        input: { command: 'ls build/' },
        tool_call_id: 'call_1'
      }),
      expect.objectContaining({
        name: 'read_file',
        input: { path: 'build/missing.log' },
        tool_call_id: 'call_4'
      })
    ]);
    const first = events.find(e => e.type === 'tool_result')!;
    // Measured by the action, from the call's start to its output: about the tool's 200 ms.
    expect(first.duration_ms).toBeGreaterThanOrEqual(100);
    const html = summaryOf(r);
    const calls = all(html, 'table').find(t => tableRows(t)[0]?.[0] === '#')!;
    expect(
      tableRows(calls)
        .slice(1)
        .map(row => [row[1], row[2], row[4]])
    ).toEqual([
      ['terminal', 'ls build/', 'ok'],
      ['read_file', 'build/missing.log', '❌ No such file: build/missing.log']
    ]);
  });

  test('reasoning is untrusted: no workflow command, tag or mention from it survives', async () => {
    const api = await serve({
      responses: [
        responsesStream({
          parts: [
            {
              reasoning: [
                '::endgroup::\n',
                '::error::pwned\n',
                '::stop-commands::abc\n',
                `<script>alert(1)</script> @octocat ${SERVER_KEY}\n`
              ]
            },
            { text: ['Fine.'] }
          ]
        })
      ]
    });
    const r = await run(api);
    expect(r.outputs.outcome).toBe('success');
    expect(new Set(r.commands.map(c => c.command))).toEqual(
      new Set(['add-mask', 'stop-commands', 'group', 'endgroup', 'notice'])
    );
    expect(r.commands.filter(c => c.command === 'endgroup')).toHaveLength(1);
    const group = reasoningGroups(r.stdout)[0].map(l => l.replaceAll('\u200b', ''));
    expect(group.slice(0, 2)).toEqual(['::endgroup::', '::error::pwned']);
    expect(group[3]).toBe('<script>alert(1)</script> @octocat ***');
    const html = summaryOf(r);
    expect(textOf(detailsTitled(html, 'Reasoning')!)).toContain('<script>alert(1)</script>');
    expect(prose(html)).not.toMatch(/@octocat/);
    expectKeyNowhere(r, SERVER_KEY);
  });
});

describe('API server mode: discovery and fallback', () => {
  test('no /capabilities (an older build): the turn runs, reasoning simply absent', async () => {
    const api = await serve({
      capabilities: [{ status: 404, json: { error: { message: 'Not Found' } } }],
      responses: [responsesStream({ parts: [{ text: ANSWER }], usage: USAGE })]
    });
    const r = await run(api);
    expect(r.outputs).toMatchObject({ outcome: 'success', text: '23 × 47 = 1081.' });
    expect(r.log).toContain('/capabilities: HTTP 404, so the server announces nothing');
    expect(r.commands.map(c => c.command)).not.toContain('group');
    expect(tableRows(all(summaryOf(r), 'table')[0])).toContainEqual([
      'Hermes',
      `Hermes API server ${api.url} · responses · no capabilities endpoint`
    ]);
  });

  test('capabilities without reasoning_streaming: the turn runs, no reasoning expected', async () => {
    const api = await serve({
      capabilities: [capabilities({ reasoning: false })],
      responses: [responsesStream({ parts: [{ text: ANSWER }] })]
    });
    const r = await run(api);
    expect(r.outputs.outcome).toBe('success');
    expect(r.log).toContain('/v1: it does not announce features.reasoning_streaming');
  });

  test('no /responses: the turn streams from /chat/completions, reasoning_content included', async () => {
    const api = await serve({
      chat: [
        chatStream({
          reasoning: ['23 × 47: ', '940 + 141.\n'],
          text: ['23 × 47 = ', '1081.'],
          tools: [{ name: 'terminal', id: 'call_a' }],
          usage: { prompt_tokens: 900, completion_tokens: 40 }
        })
      ]
    });
    const r = await run(api);
    expect(r.outputs).toMatchObject({
      outcome: 'success',
      exit_code: '0',
      text: '23 × 47 = 1081.',
      session_id: 'api-6f1e2d3c4b5a6978',
      tokens_total: '940',
      tool_calls: '1'
    });
    expect(api.requests.map(q => `${q.method} ${q.path}`)).toEqual([
      'GET /v1/capabilities',
      'POST /v1/responses',
      'POST /v1/chat/completions'
    ]);
    expect(api.requests[2].body).toEqual({
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
      stream_options: { include_usage: true }
    });
    expect(r.log).toContain('no /responses endpoint: streaming /chat/completions instead');
    expect(reasoningGroups(r.stdout)).toEqual([['23 × 47: 940 + 141.']]);
    expect(transcript(r.outputs.jsonl).map(e => e.type)).toEqual([
      'system',
      'reasoning',
      'reasoning',
      'tool_use',
      'tool_result',
      'text',
      'text',
      'result'
    ]);
    expect(textOf(detailsTitled(summaryOf(r), 'Reasoning')!)).toContain('940 + 141.');
    expectKeyNowhere(r, SERVER_KEY);
  });

  test('query-file: the file’s content is the query', async () => {
    const api = await serve({ responses: [responsesStream({ parts: [{ text: ['ok'] }] })] });
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'api-ws-'));
    fs.writeFileSync(path.join(workspace, 'prompt.md'), 'Review `$(rm -rf /)` safely\n');
    const r = await runAction({
      cwd: workspace,
      inputs: { 'api-url': api.url, 'api-key': SERVER_KEY, 'query-file': 'prompt.md' },
      simulator: false
    });
    expect(r.outputs.outcome).toBe('success');
    expect(api.requests[1].body?.input).toBe('Review `$(rm -rf /)` safely\n');
  });
});

describe('API server mode: failures on the outcome table', () => {
  test('401 (a wrong key) → config_error, exit 78, not retried, the key never printed', async () => {
    const api = await serve({ responses: [responsesStream({ parts: [{ text: ['never'] }] })] });
    const wrong = 'wrong-key-0b1c2d3e4f';
    const r = await run(api, {
      'api-key': wrong,
      'tempfail-retries': '2',
      'tempfail-backoff-seconds': '0'
    });
    expect(r.exitCode).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'config_error', exit_code: '78', attempts: '1' });
    expect(annotations(r, 'error')).toEqual([
      'The Hermes API server refused the request (EX_CONFIG); check api-url and api-key, a retry will not help ' +
        '(exit code 78): GET /capabilities: HTTP 401 Unauthorized: Invalid API key; check api-key (the server’s API_SERVER_KEY).'
    ]);
    expect(api.requests.map(q => q.path)).toEqual(['/v1/capabilities']);
    expect(transcript(r.outputs.jsonl)).toEqual([
      expect.objectContaining({ type: 'result', exit_code: 78, text: '' })
    ]);
    expect(textOf(all(summaryOf(r), 'h3')[0])).toContain('Configuration error');
    expectKeyNowhere(r, wrong);
  });

  test('429, then success: retried under tempfail-retries, each attempt kept', async () => {
    const api = await serve({
      responses: [
        {
          status: 429,
          json: { error: { message: 'Rate limit exceeded', type: 'rate_limit_error' } },
          headers: { 'Retry-After': '1' }
        },
        responsesStream({ parts: [{ reasoning: ['Second try.'] }, { text: ANSWER }], usage: USAGE })
      ]
    });
    const r = await run(api, { 'tempfail-retries': '2', 'tempfail-backoff-seconds': '0.05' });
    expect(r.exitCode).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'success', attempts: '2', text: '23 × 47 = 1081.' });
    expect(r.log).toMatch(
      /POST \/responses: HTTP 429 Too Many Requests: Rate limit exceeded \(Retry-After: 1\)/
    );
    expect(r.log).toMatch(
      /Exit 75 \(the API server could not take the turn\): attempt 2 of 3 in \d+ ms/
    );
    const first = path.join(path.dirname(r.outputs.jsonl), 'run.attempt-1.jsonl');
    expect(transcript(first)).toEqual([expect.objectContaining({ type: 'result', exit_code: 75 })]);
    expect(tableRows(all(summaryOf(r), 'table')[0])).toContainEqual([
      'Attempts',
      '2 · 1: tempfail (75) · 2: success (0)'
    ]);
    // Discovery once; the turn twice.
    expect(api.requests.map(q => q.path)).toEqual([
      '/v1/capabilities',
      '/v1/responses',
      '/v1/responses'
    ]);
    expectKeyNowhere(r, SERVER_KEY);
  });

  test('503 with no retries left → tempfail, exit 75', async () => {
    const api = await serve({ responses: [{ status: 503, text: 'upstream unavailable' }] });
    const r = await run(api);
    expect(r.outputs).toMatchObject({ outcome: 'tempfail', exit_code: '75', attempts: '1' });
    expect(annotations(r, 'error')[0]).toMatch(
      /^The Hermes API server could not take the turn now \(EX_TEMPFAIL.*\(exit code 75\): POST \/responses: HTTP 503 Service Unavailable: upstream unavailable\.$/
    );
  });

  test('connection refused → tempfail, exit 75', async () => {
    const closed = await startApiServer({});
    const url = closed.url;
    await closed.close();
    const r = await run(url);
    expect(r.outputs).toMatchObject({ outcome: 'tempfail', exit_code: '75' });
    expect(annotations(r, 'error')[0]).toMatch(
      /could not reach the API server \(GET .*\/capabilities\): .*ECONNREFUSED/
    );
  });

  test('a stream cut before response.completed → no_result', async () => {
    const reply = responsesStream({
      parts: [{ reasoning: ['Thinking.'] }, { text: ['Half an ans'] }],
      end: 'none'
    });
    if ('stream' in reply) reply.stream.push({ cut: true });
    const api = await serve({ responses: [reply] });
    const r = await run(api);
    expect(r.exitCode).toBe(1);
    expect(r.outputs.outcome).toBe('no_result');
    expect(r.outputs.exit_code).toBe('');
    expect(annotations(r, 'error')[0]).toMatch(
      /^The Hermes API server's stream ended without a result event \(the connection (failed \(.+\)|closed) before response\.completed\); the turn did not complete\.$/
    );
    const events = transcript(r.outputs.jsonl);
    expect(events.map(e => e.type)).toEqual(['system', 'reasoning', 'text']);
    expect(textOf(all(summaryOf(r), 'h3')[0])).toBe('❌ The turn did not complete');
    expectKeyNowhere(r, SERVER_KEY);
  });

  test('a stream that closes cleanly without response.completed → no_result too', async () => {
    const api = await serve({
      responses: [responsesStream({ parts: [{ text: ['Half'] }], end: 'none' })]
    });
    const r = await run(api);
    expect(r.outputs.outcome).toBe('no_result');
    expect(annotations(r, 'error')[0]).toContain(
      '(the connection closed before response.completed)'
    );
  });

  test('response.failed → failure, exit 1, with the server’s reason', async () => {
    const api = await serve({
      responses: [
        responsesStream({
          parts: [{ text: ['Trying.'] }],
          end: { failed: 'model overloaded' },
          usage: { input_tokens: 10, output_tokens: 2 }
        })
      ]
    });
    const r = await run(api);
    expect(r.outputs).toMatchObject({
      outcome: 'failure',
      exit_code: '1',
      error: 'the response failed: model overloaded',
      tokens_total: '12'
    });
    expect(annotations(r, 'error')).toEqual([
      'Hermes failed (exit code 1): the response failed: model overloaded.'
    ]);
    expect(textOf(all(summaryOf(r), 'blockquote')[0])).toContain('model overloaded');
  });

  test('a redirect is not followed (it would carry the key) → config_error', async () => {
    const api = await serve({
      capabilities: [
        { status: 301, headers: { Location: 'http://elsewhere.example/v1/capabilities' } }
      ]
    });
    const r = await run(api);
    expect(r.outputs).toMatchObject({ outcome: 'config_error', exit_code: '78' });
    expect(annotations(r, 'error')[0]).toContain(
      'GET /capabilities: HTTP 301 Moved Permanently; a redirect to http://elsewhere.example/v1/capabilities is not followed'
    );
    expect(api.requests).toHaveLength(1);
  });

  test('response.incomplete → failure, exit 1', async () => {
    const api = await serve({
      responses: [
        responsesStream({ parts: [{ text: ['Cut'] }], end: { incomplete: 'max_output_tokens' } })
      ]
    });
    const r = await run(api);
    expect(r.outputs).toMatchObject({
      outcome: 'failure',
      error: 'the response is incomplete: max_output_tokens'
    });
  });

  test('out-of-order sequence_number: reported as stream anomalies, the turn still succeeds', async () => {
    const api = await serve({
      responses: [
        responsesStream({
          parts: [
            { reasoning: REASONING },
            { frames: [{ raw: 'data: Traceback (most recent call last):\n\n' }] },
            { text: ANSWER }
          ],
          renumber: n => (n === 4 ? 5 : n === 5 ? 4 : n)
        })
      ]
    });
    const r = await run(api);
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.text).toBe('23 × 47 = 1081.');
    expect(r.log).toContain('API stream: sequence_number 4 after 5');
    const anomalies = textOf(detailsTitled(summaryOf(r), 'Stream anomalies')!);
    expect(anomalies).toContain(
      'sequence_number jumped from 3 to 5 at response.reasoning_summary_text.delta'
    );
    expect(anomalies).toContain(
      'sequence_number 4 after 5 at response.reasoning_summary_text.delta (out of order)'
    );
    expect(anomalies).toContain('API stream: an event that is not JSON: Traceback');
  });

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
    expect(transcript(r.outputs.jsonl).at(-1)).toMatchObject({ type: 'result', exit_code: 130 });
    // Aborted in the server's 30 s pause: the text after it never came.
    expect(fs.readFileSync(r.outputs.jsonl, 'utf8')).not.toContain('never');
    expect(r.log).toContain('The job was cancelled: aborting the request to the API server');
    // The server sees its client go away (so Hermes interrupts the agent).
    await until('the server never saw the request aborted', () => api.requests[1].aborted);
  });

  test('timeout-minutes aborts the request: outcome timeout', async () => {
    const reply = responsesStream({ parts: [{ text: ['slow'] }] });
    if ('stream' in reply) reply.stream.splice(2, 0, { sleep: 30_000 });
    const api = await serve({ responses: [reply] });
    const r = await run(api, { 'timeout-minutes': '0.01' });
    expect(r.outputs.outcome).toBe('timeout');
    // Aborted in the server's 30 s pause: the text after it never came.
    expect(fs.readFileSync(r.outputs.jsonl, 'utf8')).not.toContain('slow');
    expect(annotations(r, 'error')[0]).toContain('did not finish within timeout-minutes (0.01)');
  });
});

describe('API server mode: inputs and security', () => {
  test.each<[Record<string, string>, RegExp]>([
    [{ 'api-key': '' }, /"api-url" is set without "api-key"/],
    [{ worktree: 'true' }, /Input "worktree" only applies to the Hermes CLI/],
    [
      { 'hermes-path': '/usr/local/bin/hermes' },
      /Input "hermes-path" only applies to the Hermes CLI/
    ]
  ])('a bad combination fails the step before any request: %j', async (inputs, message) => {
    const api = await serve({ responses: [responsesStream({ parts: [{ text: ['ok'] }] })] });
    const r = await run(api, inputs);
    expect(r.exitCode).toBe(1);
    expect(annotations(r, 'error')[0]).toMatch(message);
    expect(api.requests).toEqual([]);
  });

  test('http:// to a host other than loopback: a warning that the key travels in clear', async () => {
    const r = await run('http://hermes.invalid:8642/v1', { 'tempfail-retries': '0' });
    expect(annotations(r, 'warning')[0]).toBe(
      'api-url http://hermes.invalid:8642 is plain http:// to a host other than this machine: the api-key travels in clear text. ' +
        'Use https://, an SSH tunnel or a private network (e.g. Tailscale) to reach the server.'
    );
    expect(['config_error', 'tempfail']).toContain(r.outputs.outcome);
    expectKeyNowhere(r, SERVER_KEY);
  });

  test('the key is masked at once, even when the inputs are refused', async () => {
    const r = await runAction({
      inputs: { 'api-key': SERVER_KEY, query: QUESTION },
      simulator: false
    });
    expect(r.commands[0]).toEqual({ command: 'add-mask', properties: '', message: SERVER_KEY });
    expect(annotations(r, 'error')[0]).toMatch(/"api-key" is set without "api-url"/);
  });
});

/**
 * API server mode in-process: run() with api-url pointing at the loopback Hermes API server
 * simulator (helpers/api-server.ts), so the real client (src/api-server/*, through src/http/fetch.ts)
 * talks to a real socket. The runner's side (inputs, output files, log) is the harness's recording
 * ports; api.e2e.test.ts keeps the turn, the timeout and a cancel through dist/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { run } from '../../src/main.js';
import {
  capabilities,
  chatStream,
  responsesStream,
  SERVER_KEY,
  startApiServer,
  reasoningGroups,
  transcript,
  useApiServer,
  type ApiServer
} from '../helpers/api-server.js';
import {
  all,
  checkSummaryHtml,
  prose,
  renderGfm,
  tableRows,
  textOf,
  type Element
} from '../helpers/gfm.js';
import { runInProcess, runnerReading, world, type World } from '../helpers/in-process.js';
import { must } from '../helpers/must.js';

const serve = useApiServer();

const QUESTION = 'What is 23 times 47? Work it out first, then answer';

/** The harness's inputs for the CLI, left unset: API server mode refuses them. */
const NO_CLI_INPUTS = { 'hermes-path': '', isolation: '', 'session-record': '' };

const apiInputs = (api: ApiServer | string, inputs: Record<string, string> = {}) => ({
  ...NO_CLI_INPUTS,
  'api-url': typeof api === 'string' ? api : api.url,
  'api-key': SERVER_KEY,
  query: QUESTION,
  ...inputs
});

function runApi(api: ApiServer | string, inputs: Record<string, string> = {}): Promise<World> {
  return runInProcess({ inputs: apiInputs(api, inputs) });
}

const outputs = (w: World): Record<string, string> => Object.fromEntries(w.outputs);
/** What the action wrote to stdout (the runner-level commands aside: masks, annotations). */
const stdout = (w: World): string => w.log.join('\n');
/** The log as a person reads it. */
const logOf = (w: World): string => runnerReading(w).log;
const commandsOf = (w: World): string[] => runnerReading(w).commands.map(c => c.command);

const summaryOf = (w: World): Element =>
  checkSummaryHtml(renderGfm(w.summary ?? ''), { linkTo: w.outputs.get('artifact_url') });

const detailsTitled = (html: Element, start: string): Element | undefined =>
  all(html, 'details').find(d => textOf(must(all(d, 'summary')[0])).startsWith(start));

/** The key appears nowhere a person or a later step can read it (the mask asked of the runner aside). */
function expectKeyNowhere(w: World, key: string): void {
  expect(w.secrets).toContain(key);
  expect(stdout(w)).not.toContain(key);
  for (const message of [...w.failed, ...w.warnings, ...w.notices])
    expect(message).not.toContain(key);
  expect(w.summary ?? '').not.toContain(key);
  for (const value of w.outputs.values()) expect(value).not.toContain(key);
  const jsonl = w.outputs.get('jsonl');
  if (jsonl && fs.existsSync(jsonl)) expect(fs.readFileSync(jsonl, 'utf8')).not.toContain(key);
}

const REASONING = [
  'The user asks for 23 × 47.\n',
  'Work it out: 20 × 47 = 940, ',
  '3 × 47 = 141.\n'
];
const ANSWER = ['23 × 47 = ', '1081.'];
const USAGE = { input_tokens: 2100, output_tokens: 64, cached_tokens: 1500 };

describe('API server mode in-process: a turn with reasoning', () => {
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
    const w = await runApi(api, { 'show-reasoning': 'false', model: 'nous/hermes-4-405b' });
    expect(outputs(w)).toMatchObject({ outcome: 'success', model: 'nous/hermes-4-405b' });
    expect(must(api.requests[1]).body).toEqual({
      model: 'nous/hermes-4-405b',
      input: QUESTION,
      stream: true,
      model_options: { reasoning: { enabled: false } }
    });
    expect(commandsOf(w)).not.toContain('group');
    expect(logOf(w)).not.toContain('Work it out');
    expect(transcript(w.outputs.get('jsonl')!).map(e => e.type)).toEqual([
      'system',
      'text',
      'text',
      'result'
    ]);
    expect(detailsTitled(summaryOf(w), 'Reasoning')).toBeUndefined();
    // The reasoning's words (the query, in the run table, asks to "work it out" too).
    expect(textOf(summaryOf(w))).not.toContain('Work it out:');
    expect(textOf(summaryOf(w))).not.toContain('20 × 47 = 940');
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
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({ outcome: 'success', tool_calls: '2', tool_errors: '1' });
    expect(reasoningGroups(stdout(w))).toEqual([
      ['Check the build logs first.'],
      ['Now the missing log.']
    ]);
    const log = logOf(w).split('\n');
    expect(log).toContain('→ terminal  ls build/');
    expect(log.find(l => l.startsWith('← terminal'))).toMatch(/^← terminal {2}\d+ ms {2}ok$/);
    expect(log.find(l => l.startsWith('✗ read_file'))).toMatch(
      /ERROR {2}No such file: build\/missing\.log$/
    );
    const events = transcript(w.outputs.get('jsonl')!);
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
    const calls = all(summaryOf(w), 'table').find(t => tableRows(t)[0]?.[0] === '#')!;
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
    const w = await runApi(api);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(new Set(commandsOf(w))).toEqual(new Set(['stop-commands', 'group', 'endgroup']));
    expect(commandsOf(w).filter(c => c === 'endgroup')).toHaveLength(1);
    expect(w.failed).toEqual([]);
    const group = must(reasoningGroups(stdout(w))[0]).map(l => l.replaceAll('\u200b', ''));
    expect(group.slice(0, 2)).toEqual(['::endgroup::', '::error::pwned']);
    expect(group[3]).toBe('<script>alert(1)</script> @octocat ***');
    const html = summaryOf(w);
    expect(textOf(detailsTitled(html, 'Reasoning')!)).toContain('<script>alert(1)</script>');
    expect(prose(html)).not.toMatch(/@octocat/);
    expectKeyNowhere(w, SERVER_KEY);
  });
});

describe('API server mode in-process: discovery and fallback', () => {
  test('no /capabilities (an older build): the turn runs, reasoning simply absent', async () => {
    const api = await serve({
      capabilities: [{ status: 404, json: { error: { message: 'Not Found' } } }],
      responses: [responsesStream({ parts: [{ text: ANSWER }], usage: USAGE })]
    });
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({ outcome: 'success', text: '23 × 47 = 1081.' });
    expect(logOf(w)).toContain('/capabilities: HTTP 404, so the server announces nothing');
    expect(commandsOf(w)).not.toContain('group');
    expect(tableRows(must(all(summaryOf(w), 'table')[0]))).toContainEqual([
      'Hermes',
      `Hermes API server ${api.url} · responses · no capabilities endpoint`
    ]);
  });

  test('capabilities without reasoning_streaming: the turn runs, no reasoning expected', async () => {
    const api = await serve({
      capabilities: [capabilities({ reasoning: false })],
      responses: [responsesStream({ parts: [{ text: ANSWER }] })]
    });
    const w = await runApi(api);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(logOf(w)).toContain('/v1: it does not announce features.reasoning_streaming');
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
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({
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
    expect(must(api.requests[2]).body).toEqual({
      messages: [{ role: 'user', content: QUESTION }],
      stream: true,
      stream_options: { include_usage: true }
    });
    expect(logOf(w)).toContain('no /responses endpoint: streaming /chat/completions instead');
    expect(reasoningGroups(stdout(w))).toEqual([['23 × 47: 940 + 141.']]);
    expect(transcript(w.outputs.get('jsonl')!).map(e => e.type)).toEqual([
      'system',
      'reasoning',
      'reasoning',
      'tool_use',
      'tool_result',
      'text',
      'text',
      'result'
    ]);
    expect(textOf(detailsTitled(summaryOf(w), 'Reasoning')!)).toContain('940 + 141.');
    expectKeyNowhere(w, SERVER_KEY);
  });

  test('query-file: the file’s content is the query', async () => {
    const api = await serve({ responses: [responsesStream({ parts: [{ text: ['ok'] }] })] });
    const { query: _, ...inputs } = apiInputs(api, { 'query-file': 'prompt.md' });
    const w = world({ inputs: { ...inputs, query: '' } });
    fs.writeFileSync(path.join(w.dir, 'prompt.md'), 'Review `$(rm -rf /)` safely\n');
    await run(w.ports);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(must(api.requests[1]).body?.input).toBe('Review `$(rm -rf /)` safely\n');
  });
});

describe('API server mode in-process: failures on the outcome table', () => {
  test('401 (a wrong key) → config_error, exit 78, not retried, the key never printed', async () => {
    const api = await serve({ responses: [responsesStream({ parts: [{ text: ['never'] }] })] });
    const wrong = 'wrong-key-0b1c2d3e4f';
    const w = await runApi(api, {
      'api-key': wrong,
      'tempfail-retries': '2',
      'tempfail-backoff-seconds': '0'
    });
    expect(outputs(w)).toMatchObject({ outcome: 'config_error', exit_code: '78', attempts: '1' });
    expect(w.failed).toEqual([
      'The Hermes API server refused the request (EX_CONFIG); check api-url and api-key, a retry will not help ' +
        '(exit code 78): GET /capabilities: HTTP 401 Unauthorized: Invalid API key; check api-key (the server’s API_SERVER_KEY).'
    ]);
    expect(w.sleeps).toEqual([]);
    expect(api.requests.map(q => q.path)).toEqual(['/v1/capabilities']);
    expect(transcript(w.outputs.get('jsonl')!)).toEqual([
      expect.objectContaining({ type: 'result', exit_code: 78, text: '' })
    ]);
    expect(textOf(must(all(summaryOf(w), 'h3')[0]))).toContain('Configuration error');
    expectKeyNowhere(w, wrong);
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
    const w = await runApi(api, { 'tempfail-retries': '2', 'tempfail-backoff-seconds': '0.05' });
    expect(w.failed).toEqual([]);
    expect(outputs(w)).toMatchObject({
      outcome: 'success',
      attempts: '2',
      text: '23 × 47 = 1081.'
    });
    // The backoff, asked of the clock (jittered by up to a quarter).
    expect(w.sleeps).toHaveLength(1);
    expect(w.sleeps[0]).toBeGreaterThanOrEqual(50);
    expect(w.sleeps[0]).toBeLessThanOrEqual(50 * 1.25);
    expect(logOf(w)).toMatch(
      /POST \/responses: HTTP 429 Too Many Requests: Rate limit exceeded \(Retry-After: 1\)/
    );
    expect(logOf(w)).toMatch(
      /Exit 75 \(the API server could not take the turn\): attempt 2 of 3 in \d+ ms/
    );
    const first = path.join(path.dirname(w.outputs.get('jsonl')!), 'run.attempt-1.jsonl');
    expect(transcript(first)).toEqual([expect.objectContaining({ type: 'result', exit_code: 75 })]);
    expect(tableRows(must(all(summaryOf(w), 'table')[0]))).toContainEqual([
      'Attempts',
      '2 · 1: tempfail (75) · 2: success (0)'
    ]);
    // Discovery once; the turn twice.
    expect(api.requests.map(q => q.path)).toEqual([
      '/v1/capabilities',
      '/v1/responses',
      '/v1/responses'
    ]);
    expectKeyNowhere(w, SERVER_KEY);
  });

  test('503 with no retries left → tempfail, exit 75', async () => {
    const api = await serve({ responses: [{ status: 503, text: 'upstream unavailable' }] });
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({ outcome: 'tempfail', exit_code: '75', attempts: '1' });
    expect(w.failed[0]).toMatch(
      /^The Hermes API server could not take the turn now \(EX_TEMPFAIL.*\(exit code 75\): POST \/responses: HTTP 503 Service Unavailable: upstream unavailable\.$/
    );
  });

  test('connection refused → tempfail, exit 75', async () => {
    const closed = await startApiServer({});
    const url = closed.url;
    await closed.close();
    const w = await runApi(url);
    expect(outputs(w)).toMatchObject({ outcome: 'tempfail', exit_code: '75' });
    expect(w.failed[0]).toMatch(
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
    const w = await runApi(api);
    expect(w.outputs.get('outcome')).toBe('no_result');
    expect(w.outputs.get('exit_code')).toBe('');
    expect(w.failed).toHaveLength(1);
    expect(w.failed[0]).toMatch(
      /^The Hermes API server's stream ended without a result event \(the connection (failed \(.+\)|closed) before response\.completed\); the turn did not complete\.$/
    );
    const events = transcript(w.outputs.get('jsonl')!);
    expect(events.map(e => e.type)).toEqual(['system', 'reasoning', 'text']);
    expect(textOf(must(all(summaryOf(w), 'h3')[0]))).toBe('❌ The turn did not complete');
    expectKeyNowhere(w, SERVER_KEY);
  });

  test('a stream that closes cleanly without response.completed → no_result too', async () => {
    const api = await serve({
      responses: [responsesStream({ parts: [{ text: ['Half'] }], end: 'none' })]
    });
    const w = await runApi(api);
    expect(w.outputs.get('outcome')).toBe('no_result');
    expect(w.failed[0]).toContain('(the connection closed before response.completed)');
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
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({
      outcome: 'failure',
      exit_code: '1',
      error: 'the response failed: model overloaded',
      tokens_total: '12'
    });
    expect(w.failed).toEqual([
      'Hermes failed (exit code 1): the response failed: model overloaded.'
    ]);
    expect(textOf(must(all(summaryOf(w), 'blockquote')[0]))).toContain('model overloaded');
  });

  test('a redirect is not followed (it would carry the key) → config_error', async () => {
    const api = await serve({
      capabilities: [
        { status: 301, headers: { Location: 'http://elsewhere.example/v1/capabilities' } }
      ]
    });
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({ outcome: 'config_error', exit_code: '78' });
    expect(w.failed[0]).toContain(
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
    const w = await runApi(api);
    expect(outputs(w)).toMatchObject({
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
    const w = await runApi(api);
    expect(w.outputs.get('outcome')).toBe('success');
    expect(w.outputs.get('text')).toBe('23 × 47 = 1081.');
    expect(logOf(w)).toContain('API stream: sequence_number 4 after 5');
    const anomalies = textOf(detailsTitled(summaryOf(w), 'Stream anomalies')!);
    expect(anomalies).toContain(
      'sequence_number jumped from 3 to 5 at response.reasoning_summary_text.delta'
    );
    expect(anomalies).toContain(
      'sequence_number 4 after 5 at response.reasoning_summary_text.delta (out of order)'
    );
    expect(anomalies).toContain('API stream: an event that is not JSON: Traceback');
  });
});

describe('API server mode in-process: inputs and security', () => {
  test.each<[Record<string, string>, RegExp]>([
    [{ 'api-key': '' }, /"api-url" is set without "api-key"/],
    [{ worktree: 'true' }, /Input "worktree" only applies to the Hermes CLI/],
    [
      { 'hermes-path': '/usr/local/bin/hermes' },
      /Input "hermes-path" only applies to the Hermes CLI/
    ]
  ])('a bad combination fails the step before any request: %j', async (inputs, message) => {
    const api = await serve({ responses: [responsesStream({ parts: [{ text: ['ok'] }] })] });
    const w = await runApi(api, inputs);
    expect(w.failed).toHaveLength(1);
    expect(w.failed[0]).toMatch(message);
    expect(api.requests).toEqual([]);
  });

  test('http:// to a host other than loopback: a warning that the key travels in clear', async () => {
    const w = await runApi('http://hermes.invalid:8642/v1', { 'tempfail-retries': '0' });
    expect(w.warnings[0]).toBe(
      'api-url http://hermes.invalid:8642 is plain http:// to a host other than this machine: the api-key travels in clear text. ' +
        'Use https://, an SSH tunnel or a private network (e.g. Tailscale) to reach the server.'
    );
    expect(['config_error', 'tempfail']).toContain(w.outputs.get('outcome'));
    expectKeyNowhere(w, SERVER_KEY);
  });

  test('the key is masked at once, even when the inputs are refused', async () => {
    const w = world({ inputs: { ...NO_CLI_INPUTS, 'api-key': SERVER_KEY, query: QUESTION } });
    // The order of what reaches the runner: the mask before anything else is said.
    const said: string[] = [];
    const out = w.ports.out;
    const { setSecret, setFailed, info, warning } = out;
    out.setSecret = s => (said.push('add-mask'), setSecret(s));
    out.setFailed = m => (said.push('error'), setFailed(m));
    out.info = m => (said.push('info'), info(m));
    out.warning = m => (said.push('warning'), warning(m));
    await run(w.ports);
    expect(w.secrets).toEqual([SERVER_KEY]);
    expect(said[0]).toBe('add-mask');
    expect(said).toContain('error');
    expect(w.failed[0]).toMatch(/"api-key" is set without "api-url"/);
  });
});

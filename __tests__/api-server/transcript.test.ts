/**
 * An API server's stream → the CLI's transcript: Responses events and chat-completions chunks, as
 * the loopback simulator (helpers/api-server.ts) writes them, mapped into lines that our own reader
 * (decodeLine, TurnBuilder) folds like a CLI run.
 */
import { describe, expect, test } from '@jest/globals';
import { ChatMapper, ResponsesMapper, type StreamMapper } from '../../src/api-server/mappers.js';
import {
  pythonJson,
  TOOL_OUTPUT_CHARS,
  TranscriptRecorder,
  transcriptLine
} from '../../src/api-server/transcript.js';
import type { SseEvent } from '../../src/api-server/sse.js';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder, type Turn } from '../../src/turn/turn.js';
import {
  chatStream,
  RESPONSE_ID,
  responsesStream,
  SESSION_ID,
  type Frame,
  type Reply,
  type TurnScript
} from '../helpers/api-server.js';
import { TOKENS_ONLY } from '../../src/text/redact.js';

const T0 = 1_795_978_843_000;

interface Mapped {
  lines: string[];
  anomalies: string[];
  events: Record<string, unknown>[];
  turn: Turn;
  recorder: TranscriptRecorder;
}

/**
 * Feeds SSE events to a mapper with a clock that moves 10 ms per reading. `session` plays the
 * X-Hermes-Session-Id header.
 */
function map(
  kind: 'responses' | 'chat',
  sse: SseEvent[],
  { showReasoning = true, session }: { showReasoning?: boolean; session?: string } = {}
): Mapped {
  const lines: string[] = [];
  const anomalies: string[] = [];
  let clock = T0;
  const recorder = new TranscriptRecorder(
    { line: text => lines.push(text), anomaly: problem => anomalies.push(problem) },
    {
      model: 'asked/model',
      showReasoning,
      startedAt: T0,
      now: () => (clock += 10),
      redact: TOKENS_ONLY
    }
  );
  if (session) recorder.serverSession(session);
  const mapper: StreamMapper =
    kind === 'chat' ? new ChatMapper(recorder) : new ResponsesMapper(recorder);
  sse.forEach(e => mapper.push(e));
  mapper.finish();
  const builder = new TurnBuilder();
  lines.forEach((line, i) => {
    expect(line.endsWith('\n')).toBe(true);
    const decoded = decodeLine(line.slice(0, -1), i + 1);
    expect(decoded.issues).toEqual([]);
    builder.add(decoded, i + 1);
  });
  const events = lines.map(l => JSON.parse(l) as Record<string, unknown>);
  return { lines, anomalies, events, turn: builder.finish(), recorder };
}

/** The frames of a simulated reply, as the parser would hand them over. */
function sseOf(reply: Reply): SseEvent[] {
  if (!('stream' in reply)) throw new Error('not a stream');
  return reply.stream
    .filter((f): f is Extract<Frame, { data: unknown }> => 'data' in f)
    .map(f => ({
      event: f.event ?? 'message',
      data: typeof f.data === 'string' ? f.data : JSON.stringify(f.data)
    }));
}

const responses = (turn: TurnScript, options?: Parameters<typeof map>[2]): Mapped =>
  map('responses', sseOf(responsesStream(turn)), options);

/** The events without their timestamps (checked once, separately). */
const shapes = (m: Mapped): Record<string, unknown>[] =>
  m.events.map(({ timestamp: _t, ...rest }) => rest);

describe('upstream’s serialisation', () => {
  test('Python separators, non-ASCII as is, control characters escaped, nesting too', () => {
    expect(pythonJson({ a: 'café 🚀', b: [1, 2.5, true, null], c: { d: 'x\ny\u0001"' } })).toBe(
      '{"a": "café 🚀", "b": [1, 2.5, true, null], "c": {"d": "x\\ny\\u0001\\""}}'
    );
  });

  test('undefined fields are left out; timestamp is last, whole milliseconds', () => {
    expect(
      transcriptLine({ type: 'text', timestamp: 5, text: 'hi', extra: undefined }, 1795978843100.4)
    ).toBe('{"type": "text", "text": "hi", "timestamp": 1795978843100}\n');
  });
});

describe('Responses → transcript', () => {
  const turn: TurnScript = {
    parts: [
      { reasoning: ['The user asks for ', '23 × 47.', '\nWork it out: 1081.'] },
      { text: ['23 × 47 ', '= 1081.'] }
    ],
    usage: { input_tokens: 2100, output_tokens: 64, cached_tokens: 1500 }
  };

  test('reasoning then text: init, reasoning deltas, text deltas, result with usage', () => {
    const m = responses(turn, { session: SESSION_ID });
    expect(m.lines[0]).toBe(
      `{"type": "system", "subtype": "init", "model": "hermes-agent", "session_id": "${SESSION_ID}", "timestamp": ${T0 + 10}}\n`
    );
    expect(shapes(m)).toEqual([
      { type: 'system', subtype: 'init', model: 'hermes-agent', session_id: SESSION_ID },
      { type: 'reasoning', text: 'The user asks for ' },
      { type: 'reasoning', text: '23 × 47.' },
      { type: 'reasoning', text: '\nWork it out: 1081.' },
      { type: 'text', text: '23 × 47 ' },
      { type: 'text', text: '= 1081.' },
      {
        type: 'result',
        session_id: SESSION_ID,
        exit_code: 0,
        text: '23 × 47 = 1081.',
        tokens: { input: 2100, output: 64, total: 2164, cache_read: 1500, cache_write: 0 },
        duration_ms: 70
      }
    ]);
    expect(m.anomalies).toEqual([]);
    // Our own reader folds it like a CLI run.
    expect(m.turn).toMatchObject({
      model: 'hermes-agent',
      sessionId: SESSION_ID,
      textDeltas: 2,
      reasoning: { deltas: 3, chars: 45, text: 'The user asks for 23 × 47.\nWork it out: 1081.' },
      result: { exit_code: 0, text: '23 × 47 = 1081.' },
      unknownTypes: {},
      issueCount: 0
    });
  });

  test('the result line has the CLI’s key order, and timestamps only grow', () => {
    const m = responses(turn);
    expect(Object.keys(m.events.at(-1)!)).toEqual([
      'type',
      'session_id',
      'exit_code',
      'text',
      'tokens',
      'duration_ms',
      'timestamp'
    ]);
    const stamps = m.events.map(e => e.timestamp as number);
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
  });

  test('without the session header, the response id is the session', () => {
    expect(responses(turn).turn.sessionId).toBe(RESPONSE_ID);
  });

  test('show-reasoning false: no reasoning line at all', () => {
    const m = responses(turn, { showReasoning: false });
    expect(m.events.map(e => e.type)).toEqual(['system', 'text', 'text', 'result']);
    expect(m.turn.reasoning).toBeUndefined();
  });

  test('tool calls: tool_use with the arguments as input, tool_result with the output and its time', () => {
    const m = responses({
      parts: [
        { reasoning: ['Check the logs.'] },
        {
          tool: {
            name: 'terminal',
            arguments: { command: 'ls build/' },
            output: 'out.log\nerr.log'
          }
        },
        {
          tool: {
            name: 'read_file',
            arguments: { path: 'build/missing.log' },
            output: 'No such file: build/missing.log',
            status: 'failed'
          }
        },
        { text: ['The build is clean.'] }
      ]
    });
    expect(shapes(m).slice(1, 6)).toEqual([
      { type: 'reasoning', text: 'Check the logs.' },
      {
        type: 'tool_use',
        name: 'terminal',
        input: { command: 'ls build/' },
        tool_call_id: 'call_1'
      },
      {
        type: 'tool_result',
        name: 'terminal',
        output: 'out.log\nerr.log',
        duration_ms: 20,
        is_error: false,
        tool_call_id: 'call_1'
      },
      {
        type: 'tool_use',
        name: 'read_file',
        input: { path: 'build/missing.log' },
        tool_call_id: 'call_3'
      },
      {
        type: 'tool_result',
        name: 'read_file',
        output: 'No such file: build/missing.log',
        duration_ms: 20,
        is_error: true,
        tool_call_id: 'call_3'
      }
    ]);
    expect(m.turn.toolCalls).toBe(2);
    expect(m.turn.toolErrors).toBe(1);
    expect(m.turn.unfinished).toEqual([]);
    expect(m.turn.recentCalls.map(c => c.inputPreview)).toEqual(['ls build/', 'build/missing.log']);
    // No tokens without usage: unknown is left out, not zero.
    expect(m.events.at(-1)).not.toHaveProperty('tokens');
  });

  test('a tool output over 5000 characters is capped as upstream caps it', () => {
    const m = responses({
      parts: [
        { tool: { name: 'terminal', arguments: { command: 'yes' }, output: 'y'.repeat(9000) } }
      ]
    });
    const result = m.events.find(e => e.type === 'tool_result')!;
    expect(result.output).toBe(`${'y'.repeat(TOOL_OUTPUT_CHARS)}...`);
  });

  test('arguments that stream (function_call_arguments.*): one tool_use, once they are complete', () => {
    const sse: SseEvent[] = [
      { type: 'response.created', response: { id: 'resp_1', model: 'm' } },
      {
        type: 'response.output_item.added',
        item: { id: 'fc_1', type: 'function_call', name: 'read_file', call_id: 'c1', arguments: '' }
      },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: '{"path":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: ' "a.txt"}' },
      {
        type: 'response.function_call_arguments.done',
        item_id: 'fc_1',
        arguments: '{"path": "a.txt"}'
      },
      {
        type: 'response.output_item.done',
        item: {
          id: 'fc_1',
          type: 'function_call',
          name: 'read_file',
          call_id: 'c1',
          arguments: '{"path": "a.txt"}'
        }
      },
      {
        type: 'response.output_item.added',
        item: { id: 'fco_1', type: 'function_call_output', call_id: 'c1', output: 'hello' }
      },
      {
        type: 'response.output_item.done',
        item: { id: 'fco_1', type: 'function_call_output', call_id: 'c1', output: 'hello' }
      },
      { type: 'response.completed', response: { id: 'resp_1', output: [] } }
    ].map(data => ({ event: data.type, data: JSON.stringify(data) }));
    const m = map('responses', sse);
    expect(shapes(m).filter(e => String(e.type).startsWith('tool'))).toEqual([
      { type: 'tool_use', name: 'read_file', input: { path: 'a.txt' }, tool_call_id: 'c1' },
      {
        type: 'tool_result',
        name: 'read_file',
        output: 'hello',
        duration_ms: 20,
        is_error: false,
        tool_call_id: 'c1'
      }
    ]);
  });

  test('arguments that are not an object give a tool_use without input, as upstream', () => {
    const m = responses({
      parts: [
        { tool: { name: 'x', arguments: [1, 2] as unknown as Record<string, unknown>, output: '' } }
      ]
    });
    expect(m.events.find(e => e.type === 'tool_use')).not.toHaveProperty('input');
  });

  test('items that come whole, without deltas, still reach the transcript', () => {
    const sse = [
      { type: 'response.created', response: { id: 'r', model: 'm' } },
      {
        type: 'response.output_item.done',
        item: { id: 'rs', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Quietly.' }] }
      },
      {
        type: 'response.output_item.done',
        item: { id: 'msg', type: 'message', content: [{ type: 'output_text', text: 'Done.' }] }
      },
      {
        type: 'response.completed',
        response: {
          id: 'r',
          output: [{ type: 'message', content: [{ type: 'output_text', text: 'Done.' }] }]
        }
      }
    ].map(data => ({ event: data.type, data: JSON.stringify(data) }));
    expect(shapes(map('responses', sse)).slice(1)).toEqual([
      { type: 'reasoning', text: 'Quietly.' },
      { type: 'text', text: 'Done.' },
      { type: 'result', session_id: 'r', exit_code: 0, text: 'Done.', duration_ms: 40 }
    ]);
  });

  test.each<[string, TurnScript['end'], string]>([
    ['response.failed', { failed: 'model overloaded' }, 'the response failed: model overloaded'],
    [
      'response.incomplete',
      { incomplete: 'max_output_tokens' },
      'the response is incomplete: max_output_tokens'
    ]
  ])('%s → a result with exit_code 1 and the reason', (_name, end, error) => {
    const m = responses({
      parts: [{ text: ['Half an ans'] }],
      end,
      usage: { input_tokens: 5, output_tokens: 3 }
    });
    expect(m.events.at(-1)).toMatchObject({
      type: 'result',
      exit_code: 1,
      text: 'Half an ans',
      error,
      tokens: { input: 5, output: 3, total: 8, cache_read: 0, cache_write: 0 }
    });
  });

  test('a stream that ends without a terminal event writes no result', () => {
    const m = responses({ parts: [{ reasoning: ['Hmm.'] }, { text: ['Partial'] }], end: 'none' });
    expect(m.events.map(e => e.type)).toEqual(['system', 'reasoning', 'text']);
    expect(m.recorder.written).toBeUndefined();
  });

  test('an `error` event and then nothing: a failed result that says what the server said', () => {
    const sse = sseOf(responsesStream({ parts: [{ text: ['Start'] }], end: 'none' }));
    sse.push({
      event: 'error',
      data: JSON.stringify({
        type: 'error',
        code: 'server_error',
        message: 'agent crashed',
        sequence_number: 99
      })
    });
    const m = map('responses', sse);
    expect(m.events.at(-1)).toMatchObject({
      type: 'result',
      exit_code: 1,
      text: 'Start',
      error: 'the server reported an error: agent crashed'
    });
  });

  test('sequence_number: a gap is reported (not fatal); the turn still completes', () => {
    const m = responses({
      parts: [{ reasoning: ['a', 'b'] }, { text: ['ok'] }],
      renumber: n => (n >= 5 ? n + 2 : n)
    });
    expect(m.anomalies).toEqual([
      'API stream: sequence_number jumped from 4 to 7 at response.reasoning_summary_text.done (2 events missing)'
    ]);
    expect(m.events.at(-1)).toMatchObject({ type: 'result', exit_code: 0, text: 'ok' });
  });

  test('sequence_number: two events swapped read as a gap, then one out of order', () => {
    const m = responses({
      parts: [{ reasoning: ['a', 'b'] }, { text: ['ok'] }],
      renumber: n => (n === 4 ? 5 : n === 5 ? 4 : n)
    });
    expect(m.anomalies).toEqual([
      'API stream: sequence_number jumped from 3 to 5 at response.reasoning_summary_text.delta (1 event missing)',
      'API stream: sequence_number 4 after 5 at response.reasoning_summary_text.done (out of order)'
    ]);
    expect(m.events.at(-1)).toMatchObject({ type: 'result', exit_code: 0, text: 'ok' });
  });

  test('sequence_number: a repeated one is out of order', () => {
    const m = responses({ parts: [{ text: ['ok'] }], renumber: n => (n === 3 ? 2 : n) });
    expect(m.anomalies).toEqual([
      'API stream: sequence_number 2 after 2 at response.output_text.done (out of order)',
      'API stream: sequence_number jumped from 2 to 4 at response.output_item.done (1 event missing)'
    ]);
  });

  test('damaged events are reported, not fatal; events after the terminal one are reported once', () => {
    const sse = sseOf(responsesStream({ parts: [{ text: ['ok'] }] }));
    sse.splice(2, 0, { event: 'message', data: 'Traceback (most recent call last):' });
    sse.splice(3, 0, { event: 'message', data: '[1, 2]' });
    sse.push({ event: 'x', data: '{"type": "response.output_text.delta", "delta": "late"}' });
    sse.push({ event: 'x', data: '{"type": "response.completed", "response": {}}' });
    const m = map('responses', sse);
    expect(m.anomalies).toEqual([
      'API stream: an event that is not JSON: Traceback (most recent call last):',
      'API stream: an event that is JSON but not an object: [1, 2]',
      'API stream: response.output_text.delta after the terminal event'
    ]);
    expect(m.events.filter(e => e.type === 'result')).toHaveLength(1);
    expect(m.events.filter(e => e.type === 'text')).toHaveLength(1);
  });
});

describe('chat completions → transcript', () => {
  const chat = (
    script: Parameters<typeof chatStream>[0],
    options?: Parameters<typeof map>[2]
  ): Mapped => map('chat', sseOf(chatStream(script)), options);

  test('reasoning_content, content, usage in the last chunk, [DONE]', () => {
    const m = chat(
      {
        reasoning: ['23 × 47: ', '20 × 47 = 940, 3 × 47 = 141.'],
        text: ['23 × 47 = ', '1081.'],
        usage: { prompt_tokens: 900, completion_tokens: 40 }
      },
      { session: 'api-6f1e2d3c4b5a6978' }
    );
    expect(shapes(m)).toEqual([
      {
        type: 'system',
        subtype: 'init',
        model: 'hermes-agent',
        session_id: 'api-6f1e2d3c4b5a6978'
      },
      { type: 'reasoning', text: '23 × 47: ' },
      { type: 'reasoning', text: '20 × 47 = 940, 3 × 47 = 141.' },
      { type: 'text', text: '23 × 47 = ' },
      { type: 'text', text: '1081.' },
      {
        type: 'result',
        session_id: 'api-6f1e2d3c4b5a6978',
        exit_code: 0,
        text: '23 × 47 = 1081.',
        tokens: { input: 900, output: 40, total: 940, cache_read: 0, cache_write: 0 },
        duration_ms: 60
      }
    ]);
  });

  test('hermes.tool.progress events become tool calls (this mode does not send their output)', () => {
    const m = chat({ text: ['Done.'], tools: [{ name: 'terminal', id: 'call_a' }] });
    expect(shapes(m).slice(1, 3)).toEqual([
      { type: 'tool_use', name: 'terminal', tool_call_id: 'call_a' },
      {
        type: 'tool_result',
        name: 'terminal',
        output: '',
        duration_ms: 20,
        is_error: false,
        tool_call_id: 'call_a'
      }
    ]);
  });

  test.each([
    ['error', 'the server ended the turn with finish_reason "error"'],
    ['length', 'the response is incomplete: finish_reason "length"']
  ])('finish_reason %s → exit_code 1', (reason, error) => {
    const m = chat({ text: ['Half'], finishReason: reason });
    expect(m.events.at(-1)).toMatchObject({ type: 'result', exit_code: 1, text: 'Half', error });
  });

  test('without [DONE]: no result', () => {
    const m = chat({ text: ['Half'], done: false });
    expect(m.events.map(e => e.type)).toEqual(['system', 'text']);
  });

  test('an error chunk: a failed result saying what the server said', () => {
    const m = map('chat', [
      { event: 'message', data: '{"error": {"message": "upstream 500", "type": "server_error"}}' }
    ]);
    expect(shapes(m)).toEqual([
      {
        type: 'result',
        exit_code: 1,
        text: '',
        duration_ms: 10,
        error: 'the server reported an error: upstream 500'
      }
    ]);
  });

  test('show-reasoning false: reasoning_content is dropped', () => {
    const m = chat({ reasoning: ['secret thoughts'], text: ['Hi'] }, { showReasoning: false });
    expect(m.events.map(e => e.type)).toEqual(['system', 'text', 'result']);
  });
});

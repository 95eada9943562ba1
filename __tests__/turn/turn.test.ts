import { describe, expect, test } from '@jest/globals';
import { decodeLine } from '../../src/turn/stream.js';
import { makeRedactor } from '../../src/text/redact.js';
import { SAMPLE } from '../helpers/sample.js';
import { oneLine } from '../../src/text/text.js';
import {
  MAX_ISSUES,
  MAX_REASONING_CHARS,
  MAX_RECENT_CALLS,
  previewInput,
  TurnBuilder,
  type Turn
} from '../../src/turn/turn.js';
import { must } from '../helpers/must.js';

/** Folds transcript lines (1-based line numbers) into a turn. */
function fold(lines: string[], builder = new TurnBuilder()): Turn {
  lines.forEach((line, i) => builder.add(decodeLine(Buffer.from(line), i + 1), i + 1));
  return builder.finish();
}

const use = (name: string, input?: object, id?: string): string =>
  JSON.stringify({
    type: 'tool_use',
    name,
    ...(input && { input }),
    ...(id && { tool_call_id: id }),
    timestamp: 1
  });
const result = (name: string, output: string, ms?: number, isError = false, id?: string): string =>
  JSON.stringify({
    type: 'tool_result',
    name,
    output,
    ...(ms !== undefined && { duration_ms: ms }),
    is_error: isError,
    ...(id && { tool_call_id: id }),
    timestamp: 2
  });
const end = (code: number, extra: object = {}): string =>
  JSON.stringify({ type: 'result', exit_code: code, ...extra, timestamp: 3 });

describe('TurnBuilder: the sample run', () => {
  test('folds into the whole turn', () => {
    expect(fold(SAMPLE)).toEqual({
      lines: 9,
      blankLines: 0,
      events: 9,
      model: 'nous/hermes-4-70b',
      sessionId: '20261129_101500_9f8e7d',
      textDeltas: 3,
      textChars: 'Checking the logs.'.length + 'The build '.length + 'is clean.'.length,
      toolCalls: 2,
      toolErrors: 1,
      recentCalls: [
        {
          index: 1,
          name: 'terminal',
          inputPreview: 'ls build/',
          durationMs: 41,
          isError: false,
          output: '',
          line: 4
        },
        {
          index: 2,
          name: 'read_file',
          inputPreview: 'build/missing.log',
          durationMs: 3,
          isError: true,
          output: 'No such file: build/missing.log',
          line: 6
        }
      ],
      tools: [
        { name: 'terminal', calls: 1, errors: 0, totalMs: 41, maxMs: 41 },
        { name: 'read_file', calls: 1, errors: 1, totalMs: 3, maxMs: 3 }
      ],
      unfinished: [],
      answer: 'The build is clean.',
      result: {
        type: 'result',
        session_id: '20261129_101500_9f8e7d',
        exit_code: 0,
        text: 'The build is clean.',
        tokens: { input: 2100, output: 64, total: 2164, cache_read: 1500, cache_write: 0 },
        duration_ms: 302,
        line: 9
      },
      resultCount: 1,
      eventsAfterResult: 0,
      unknownTypes: {},
      issues: [],
      issueCount: 0,
      skippedLines: 0
    });
  });

  test('add returns the tool call a tool_result completed, and nothing for other events', () => {
    const builder = new TurnBuilder();
    const returned = SAMPLE.map((line, i) =>
      builder.add(decodeLine(Buffer.from(line), i + 1), i + 1)
    );
    expect(returned.map(c => c?.name)).toEqual([
      undefined,
      undefined,
      undefined,
      'terminal',
      undefined,
      'read_file',
      undefined,
      undefined,
      undefined
    ]);
    expect(returned[5]).toMatchObject({
      index: 2,
      isError: true,
      inputPreview: 'build/missing.log'
    });
  });

  test('finish can be called while the stream is still running', () => {
    const builder = new TurnBuilder();
    SAMPLE.slice(0, 3).forEach((line, i) =>
      builder.add(decodeLine(Buffer.from(line), i + 1), i + 1)
    );
    const partial = builder.finish();
    expect(partial.result).toBeUndefined();
    expect(partial.unfinished).toEqual([{ name: 'terminal', inputPreview: 'ls build/' }]);
    SAMPLE.slice(3).forEach((line, i) => builder.add(decodeLine(Buffer.from(line), i + 4), i + 4));
    expect(builder.finish().unfinished).toEqual([]);
    expect(builder.finish().toolCalls).toBe(2);
  });

  test('blank lines, damaged lines and unknown types are counted', () => {
    const turn = fold([
      must(SAMPLE[0]),
      '',
      'not json at all',
      '{"type": "thinking", "text": "hmm", "timestamp": 1}',
      '[1]',
      '{"type": "thinking", "text": "hmm", "timestamp": 2}',
      '{"type": "text", "text": 5}',
      '  ',
      end(0)
    ]);
    expect(turn.lines).toBe(9);
    expect(turn.blankLines).toBe(2);
    expect(turn.events).toBe(3);
    expect(turn.unknownTypes).toEqual({ thinking: 2 });
    expect(turn.skippedLines).toBe(2);
    expect(turn.issueCount).toBe(3);
    expect(turn.issues.map(i => [i.line, i.skipped])).toEqual([
      [3, true],
      [5, true],
      [7, false]
    ]);
    expect(turn.textDeltas).toBe(1);
    expect(turn.textChars).toBe(1);
  });

  test('issues are kept up to MAX_ISSUES, and all counted', () => {
    const turn = fold(Array.from({ length: MAX_ISSUES + 25 }, (_, i) => `garbage ${i}`));
    expect(turn.issues).toHaveLength(MAX_ISSUES);
    expect(turn.issueCount).toBe(MAX_ISSUES + 25);
    expect(turn.skippedLines).toBe(MAX_ISSUES + 25);
    expect(must(turn.issues[MAX_ISSUES - 1]).line).toBe(MAX_ISSUES);
  });

  test('issue() records problems found outside decoding', () => {
    const builder = new TurnBuilder();
    builder.issue({ line: 4, problem: 'a line of 99 bytes, too long to read', skipped: true });
    expect(builder.finish()).toMatchObject({
      issueCount: 1,
      skippedLines: 1,
      issues: [{ line: 4, problem: 'a line of 99 bytes, too long to read', skipped: true }]
    });
  });
});

describe('TurnBuilder: pairing tool calls', () => {
  const previews = (turn: Turn): [string, string][] =>
    turn.recentCalls.map(c => [c.name, c.inputPreview]);

  test('parallel calls without ids pair first-in-first-out per tool name', () => {
    const turn = fold([
      use('terminal', { command: 'make a' }),
      use('read_file', { path: 'x.txt' }),
      use('terminal', { command: 'make b' }),
      result('terminal', 'A', 10),
      result('read_file', 'X', 1),
      result('terminal', 'B', 20)
    ]);
    expect(previews(turn)).toEqual([
      ['terminal', 'make a'],
      ['read_file', 'x.txt'],
      ['terminal', 'make b']
    ]);
    expect(turn.recentCalls.map(c => c.durationMs)).toEqual([10, 1, 20]);
    expect(turn.unfinished).toEqual([]);
    expect(turn.issueCount).toBe(0);
  });

  test('results out of order pair by tool_call_id when present', () => {
    const turn = fold([
      use('terminal', { command: 'slow' }, 'call_1'),
      use('terminal', { command: 'fast' }, 'call_2'),
      use('terminal', { command: 'medium' }, 'call_3'),
      result('terminal', 'fast done', 5, false, 'call_2'),
      result('terminal', 'medium done', 7, false, 'call_3'),
      result('terminal', 'slow done', 90, false, 'call_1')
    ]);
    expect(previews(turn)).toEqual([
      ['terminal', 'fast'],
      ['terminal', 'medium'],
      ['terminal', 'slow']
    ]);
    expect(turn.recentCalls.map(c => c.index)).toEqual([1, 2, 3]);
    expect(turn.unfinished).toEqual([]);
    expect(turn.issueCount).toBe(0);
  });

  test('an id pairs across a result whose name differs from its use', () => {
    const turn = fold([
      use('terminal', { command: 'ls' }, 'c1'),
      use('search', { query: 'q' }, 'c2'),
      result('search_v2', 'hits', 3, false, 'c2')
    ]);
    expect(turn.recentCalls[0]).toMatchObject({ name: 'search_v2', inputPreview: 'q' });
    expect(turn.unfinished).toEqual([{ name: 'terminal', inputPreview: 'ls' }]);
    expect(turn.issueCount).toBe(0);
  });

  test('a result with an unknown id takes the first use of that name that has no id', () => {
    const turn = fold([
      use('terminal', { command: 'with id' }, 'c1'),
      use('terminal', { command: 'no id' }),
      result('terminal', 'r', 1, false, 'c9')
    ]);
    expect(previews(turn)).toEqual([['terminal', 'no id']]);
    expect(turn.unfinished).toEqual([{ name: 'terminal', inputPreview: 'with id' }]);
  });

  test('a result with an unknown id does not steal a use that carries another id', () => {
    const turn = fold([
      use('terminal', { command: 'with id' }, 'c1'),
      result('terminal', 'r', 1, false, 'c9')
    ]);
    expect(must(turn.recentCalls[0]).inputPreview).toBe('');
    expect(turn.issues.map(i => i.problem)).toEqual([
      'tool_result for "terminal" without a matching tool_use'
    ]);
    expect(turn.unfinished).toEqual([{ name: 'terminal', inputPreview: 'with id' }]);
  });

  test('a result without an id pairs FIFO even with uses that have ids', () => {
    const turn = fold([
      use('terminal', { command: 'first' }, 'c1'),
      use('terminal', { command: 'second' }, 'c2'),
      result('terminal', 'r', 1),
      result('terminal', 'r', 1, false, 'c2')
    ]);
    expect(previews(turn)).toEqual([
      ['terminal', 'first'],
      ['terminal', 'second']
    ]);
    expect(turn.unfinished).toEqual([]);
    expect(turn.issueCount).toBe(0);
  });

  test('a tool_result without a tool_use is an issue, and still counted as a call', () => {
    const turn = fold([must(SAMPLE[0]), result('terminal', 'orphan', 12, true), end(0)]);
    expect(turn.toolCalls).toBe(1);
    expect(turn.toolErrors).toBe(1);
    expect(turn.recentCalls).toEqual([
      {
        index: 1,
        name: 'terminal',
        inputPreview: '',
        durationMs: 12,
        isError: true,
        output: 'orphan',
        line: 2
      }
    ]);
    expect(turn.tools).toEqual([{ name: 'terminal', calls: 1, errors: 1, totalMs: 12, maxMs: 12 }]);
    expect(turn.issues).toEqual([
      { line: 2, problem: 'tool_result for "terminal" without a matching tool_use', skipped: false }
    ]);
    expect(turn.skippedLines).toBe(0);
  });

  test('a result for another tool name does not consume a pending use', () => {
    const turn = fold([use('terminal', { command: 'ls' }), result('read_file', 'x', 1)]);
    expect(turn.unfinished).toEqual([{ name: 'terminal', inputPreview: 'ls' }]);
    expect(turn.issueCount).toBe(1);
  });

  test('tool_use events that never got a result are listed as unfinished, in order per name', () => {
    const turn = fold([
      use('terminal', { command: 'sleep 100' }),
      use('web_search', { query: 'hermes agent' }),
      use('terminal', { command: 'sleep 200' }),
      result('terminal', '', 1),
      use('read_file')
    ]);
    expect(turn.toolCalls).toBe(1);
    expect(turn.unfinished).toEqual([
      { name: 'terminal', inputPreview: 'sleep 200' },
      { name: 'web_search', inputPreview: 'hermes agent' },
      { name: 'read_file', inputPreview: '' }
    ]);
  });
});

describe('TurnBuilder: result events', () => {
  test('two result events: the last one counts, and an issue says so', () => {
    const turn = fold([
      must(SAMPLE[0]),
      end(1, { error: 'first', session_id: 'a' }),
      end(0, { session_id: 'b' })
    ]);
    expect(turn.resultCount).toBe(2);
    expect(turn.result).toMatchObject({ exit_code: 0, session_id: 'b', line: 3 });
    expect(turn.result?.error).toBeUndefined();
    expect(turn.sessionId).toBe('b');
    expect(turn.issues).toEqual([
      {
        line: 3,
        problem: 'another result event (the first was on line 2); the last one counts',
        skipped: false
      }
    ]);
  });

  test('events after the result are counted', () => {
    const turn = fold([
      must(SAMPLE[0]),
      end(0),
      '{"type": "text", "text": "late", "timestamp": 9}',
      use('terminal', { command: 'late' }),
      '{"type": "thinking", "text": "not an event we know", "timestamp": 9}',
      'not json'
    ]);
    expect(turn.eventsAfterResult).toBe(2);
    expect(turn.result).toMatchObject({ exit_code: 0, line: 2 });
  });

  test('no events after the result: zero', () => {
    expect(fold(SAMPLE).eventsAfterResult).toBe(0);
  });

  test('the result session id wins over init; a missing one keeps init', () => {
    expect(fold([must(SAMPLE[0]), end(0, { session_id: 'other' })]).sessionId).toBe('other');
    expect(fold([must(SAMPLE[0]), end(0)]).sessionId).toBe('20261129_101500_9f8e7d');
  });

  test('no result: undefined, resultCount 0', () => {
    const turn = fold(SAMPLE.slice(0, 8));
    expect(turn.result).toBeUndefined();
    expect(turn.resultCount).toBe(0);
  });
});

describe('TurnBuilder: recent calls and per-tool stats', () => {
  test(`recentCalls keeps the last ${MAX_RECENT_CALLS} calls, oldest first; counts stay whole`, () => {
    const total = MAX_RECENT_CALLS + 5;
    const builder = new TurnBuilder();
    let line = 0;
    for (let i = 1; i <= total; i++) {
      builder.add(decodeLine(Buffer.from(use('terminal', { command: `echo ${i}` })), ++line), line);
      builder.add(
        decodeLine(Buffer.from(result('terminal', `${i}`, i % 7, i % 10 === 0)), ++line),
        line
      );
    }
    const turn = builder.finish();
    let totalMs = 0;
    for (let i = 1; i <= total; i++) totalMs += i % 7;
    expect(turn.toolCalls).toBe(total);
    expect(turn.toolErrors).toBe(Math.floor(total / 10));
    expect(turn.recentCalls).toHaveLength(MAX_RECENT_CALLS);
    expect(turn.recentCalls[0]).toMatchObject({
      index: 6,
      inputPreview: 'echo 6',
      output: '',
      line: 12
    });
    expect(turn.recentCalls[MAX_RECENT_CALLS - 1]).toMatchObject({
      index: total,
      inputPreview: `echo ${total}`
    });
    expect(turn.tools).toEqual([
      { name: 'terminal', calls: total, errors: Math.floor(total / 10), totalMs, maxMs: 6 }
    ]);
  });

  test('recentCalls: 0 keeps no call, and every count, total, issue and the result as before', () => {
    const lines = [
      JSON.stringify({ type: 'system', model: 'nous/hermes-4-70b', session_id: 's1' }),
      use('terminal', { command: 'ls' }, 'a'),
      use('read_file', { path: 'x' }),
      result('terminal', 'ok', 12, false, 'a'),
      result('read_file', 'ENOENT: x', 3, true),
      result('web_search', 'stray', 1),
      use('patch', { path: 'y' }),
      'not json',
      end(1, { error: 'stopped', duration_ms: 99 })
    ];
    const full = fold(lines);
    const none = fold(lines, new TurnBuilder(undefined, { recentCalls: 0 }));
    expect(full.recentCalls).toHaveLength(3);
    expect(none.recentCalls).toEqual([]);
    expect({ ...none, recentCalls: full.recentCalls }).toEqual(full);
    expect(none).toMatchObject({ toolCalls: 3, toolErrors: 1, issueCount: 2 });
    expect(none.unfinished).toEqual([{ name: 'patch', inputPreview: 'y' }]);
  });

  test('recentCalls: N keeps the last N; a count that is not a whole number 0 or more is refused', () => {
    const lines: string[] = [];
    for (let i = 1; i <= 5; i++)
      lines.push(use('terminal', { command: `echo ${i}` }), result('terminal', '', i));
    const turn = fold(lines, new TurnBuilder(undefined, { recentCalls: 2 }));
    expect(turn.recentCalls.map(c => [c.index, c.inputPreview])).toEqual([
      [4, 'echo 4'],
      [5, 'echo 5']
    ]);
    expect(turn.toolCalls).toBe(5);
    for (const bad of [-1, 1.5, Number.NaN])
      expect(() => new TurnBuilder(undefined, { recentCalls: bad })).toThrow(RangeError);
  });

  test('per-tool calls, errors, total and max duration', () => {
    const turn = fold([
      use('terminal'),
      result('terminal', '', 10),
      use('read_file'),
      result('read_file', '', undefined, true),
      use('terminal'),
      result('terminal', '', 50, true),
      use('terminal'),
      result('terminal', '', 5),
      use('read_file'),
      result('read_file', '', 2)
    ]);
    expect(turn.tools).toEqual([
      { name: 'terminal', calls: 3, errors: 1, totalMs: 65, maxMs: 50 },
      { name: 'read_file', calls: 2, errors: 1, totalMs: 2, maxMs: 2 }
    ]);
    expect(turn.toolErrors).toBe(2);
    expect(must(turn.recentCalls[1]).durationMs).toBeUndefined();
    // A missing duration_ms is a flaw of the line.
    expect(turn.issues.map(i => i.problem)).toEqual(['tool_result without "duration_ms"']);
  });

  test('a failed call keeps its output, cut to 600 characters, the ellipsis included', () => {
    const turn = fold([
      use('t'),
      result('t', 'o'.repeat(700), 1, true),
      use('t'),
      result('t', 'p'.repeat(600), 1, true)
    ]);
    expect(must(turn.recentCalls[0]).output).toBe(`${'o'.repeat(599)}…`);
    expect(must(turn.recentCalls[1]).output).toBe('p'.repeat(600));
  });

  test('a call that succeeded keeps no output: nothing shows it', () => {
    const turn = fold([use('t'), result('t', 'all good', 1)]);
    expect(must(turn.recentCalls[0]).output).toBe('');
  });
});

describe('previewInput', () => {
  test.each<[string, unknown, string]>([
    ['undefined', undefined, ''],
    ['null', null, ''],
    ['command alone', { command: 'ls build/' }, 'ls build/'],
    ['path alone', { path: 'build/missing.log' }, 'build/missing.log'],
    ['file_path alone', { file_path: 'a.ts' }, 'a.ts'],
    ['query alone', { query: 'hermes agent' }, 'hermes agent'],
    ['pattern alone', { pattern: '*.ts' }, '*.ts'],
    ['url alone', { url: 'https://example.com' }, 'https://example.com'],
    ['name alone', { name: 'x' }, 'x'],
    [
      'a multi-line command becomes one line',
      { command: 'set -e\n  make\tall\r\n' },
      'set -e make all'
    ],
    ['several keys: compact JSON', { command: 'ls', timeout: 30 }, '{"command":"ls","timeout":30}'],
    ['a non-string telling key: compact JSON', { command: 5 }, '{"command":5}'],
    ['another key: compact JSON', { content: 'x', mode: 'w' }, '{"content":"x","mode":"w"}'],
    ['nested JSON is flattened', { todo: [{ id: 1 }] }, '{"todo":[{"id":1}]}'],
    ['an empty object', {}, '{}'],
    ['a string input', 'raw text\nhere', 'raw text here'],
    ['an array input', [1, 'two'], '[1,"two"]'],
    ['a number input', 42, '42']
  ])('%s', (_name, input, expected) => {
    expect(previewInput(input)).toBe(expected);
  });

  test('a huge input is one line of at most 160 characters, marked as cut', () => {
    const preview = previewInput({ command: `${'echo hi\n'.repeat(100_000)}` });
    expect(preview).toHaveLength(160);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview).not.toMatch(/\n/);
    expect(preview.startsWith('echo hi echo hi')).toBe(true);
  });
});

describe('oneLine', () => {
  test.each<[string, number, string]>([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['eleven char', 10, 'eleven ch…'],
    ['a\nb\r\n\tc', 10, 'a b c'],
    ['  padded  ', 10, 'padded'],
    ['', 5, ''],
    [' \n\t ', 5, ''],
    // Longer than max*4 before flattening: cut, even when the flat text would fit.
    [`a${' '.repeat(100)}b`, 10, 'a…'],
    ['x'.repeat(1000), 8, `${'x'.repeat(7)}…`]
  ])('%j, %i → %j', (text, max, expected) => {
    const out = oneLine(text, max);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(max);
  });
});

describe('TurnBuilder: reasoning (API server mode)', () => {
  const reasoning = (text: string): string =>
    JSON.stringify({ type: 'reasoning', text, timestamp: 1 });

  test('counted and kept, in order; a turn without any has none', () => {
    const turn = fold([
      must(SAMPLE[0]),
      reasoning('Let me '),
      reasoning('look.\n'),
      must(SAMPLE[1]),
      end(0)
    ]);
    expect(turn.reasoning).toEqual({ deltas: 2, chars: 13, text: 'Let me look.\n' });
    expect(turn.events).toBe(5);
    expect(turn.unknownTypes).toEqual({});
    expect(fold(SAMPLE).reasoning).toBeUndefined();
  });

  test('bursts of reasoning that other events interrupted are kept as paragraphs', () => {
    const turn = fold([
      reasoning('First, list the logs.'),
      use('terminal', { command: 'ls' }),
      result('terminal', 'a.log', 3),
      reasoning('Then read '),
      reasoning('a.log.\n'),
      must(SAMPLE[1]),
      reasoning('Done.')
    ]);
    expect(turn.reasoning).toEqual({
      deltas: 4,
      chars: 43,
      text: 'First, list the logs.\n\nThen read a.log.\n\nDone.'
    });
  });

  test('the kept text stops at MAX_REASONING_CHARS; the counts go on', () => {
    const delta = 'x'.repeat(40_000);
    const turn = fold([reasoning(delta), reasoning(delta), reasoning(delta)]);
    expect(turn.reasoning?.deltas).toBe(3);
    expect(turn.reasoning?.chars).toBe(120_000);
    expect(turn.reasoning?.text).toBe('x'.repeat(MAX_REASONING_CHARS));
  });
});

describe('secrets and cuts', () => {
  test('an input preview is redacted before it is cut: no piece of a token survives the cut', () => {
    const token = `ghp_${'A'.repeat(36)}`;
    const redact = makeRedactor([]);
    const input = { command: `${'x '.repeat(75)}${token}` };
    expect(oneLine(input.command, 160)).toContain('ghp_A'); // a cut alone leaves a piece of it…
    const clean = previewInput(input, redact);
    expect(clean).not.toContain('ghp_'); // …with it, the token was gone before the cut
  });

  test('a failed call’s output is redacted before it is cut', () => {
    const token = `sk-ant-${'B'.repeat(40)}`;
    const builder = new TurnBuilder(makeRedactor([]));
    builder.add(decodeLine(Buffer.from(use('t')), 1), 1);
    builder.add(decodeLine(Buffer.from(result('t', `${'o '.repeat(295)}${token}`, 1, true)), 2), 2);
    expect(must(builder.finish().recentCalls[0]).output).not.toContain('sk-ant');
  });
});

import { describe, expect, test } from '@jest/globals';
import { LineSplitter, MAX_LINE_BYTES } from '../../src/turn/lines.js';
import { decodeLine, upstreamTextDelta, type DecodedLine } from '../../src/turn/stream.js';
import { SAMPLE } from '../helpers/sample.js';
import { must } from '../helpers/must.js';

const decode = (text: string, line = 1): DecodedLine => decodeLine(Buffer.from(text, 'utf8'), line);

describe('decodeLine: the sample run, as upstream serialises it', () => {
  test.each<[number, object]>([
    [
      0,
      {
        type: 'system',
        subtype: 'init',
        model: 'nous/hermes-4-70b',
        session_id: '20261129_101500_9f8e7d'
      }
    ],
    [1, { type: 'text', text: 'Checking the logs.' }],
    [2, { type: 'tool_use', name: 'terminal', input: { command: 'ls build/' } }],
    [
      3,
      {
        type: 'tool_result',
        name: 'terminal',
        output: 'out.log\nerr.log',
        duration_ms: 41,
        is_error: false
      }
    ],
    [4, { type: 'tool_use', name: 'read_file', input: { path: 'build/missing.log' } }],
    [
      5,
      {
        type: 'tool_result',
        name: 'read_file',
        output: 'No such file: build/missing.log',
        duration_ms: 3,
        is_error: true
      }
    ],
    [6, { type: 'text', text: 'The build ' }],
    [7, { type: 'text', text: 'is clean.' }],
    [
      8,
      {
        type: 'result',
        session_id: '20261129_101500_9f8e7d',
        exit_code: 0,
        text: 'The build is clean.',
        tokens: { input: 2100, output: 64, total: 2164, cache_read: 1500, cache_write: 0 },
        duration_ms: 302
      }
    ]
  ])('line %i', (index, event) => {
    const decoded = decode(must(SAMPLE[index]), index + 1);
    expect(decoded.issues).toEqual([]);
    expect(decoded.event).toEqual(event);
    expect(decoded.blank).toBeUndefined();
    expect(decoded.unknownType).toBeUndefined();
  });
});

describe('decodeLine: encodings and framing', () => {
  const TEXT = 'café 漢字 🚀';
  test.each<[string, string | Buffer]>([
    ['raw UTF-8 (ensure_ascii off)', `{"type": "text", "text": "${TEXT}", "timestamp": 1}`],
    [
      '\\u escapes (ensure_ascii on)',
      '{"type": "text", "text": "caf\\u00e9 \\u6f22\\u5b57 \\ud83d\\ude80", "timestamp": 1}'
    ],
    ['compact JSON', `{"type":"text","text":"${TEXT}","timestamp":1}`],
    ['another key order', `{"timestamp": 1, "text": "${TEXT}", "type": "text"}`],
    ['CRLF line ending', `{"type": "text", "text": "${TEXT}", "timestamp": 1}\r`],
    ['a byte order mark', `\uFEFF{"type": "text", "text": "${TEXT}", "timestamp": 1}`],
    ['BOM and CRLF', `\uFEFF{"type": "text", "text": "${TEXT}"}\r`],
    ['surrounding whitespace', `  {"type": "text", "text": "${TEXT}"}\t `],
    [
      'raw UTF-8 bytes',
      Buffer.concat([
        Buffer.from('{"type": "text", "text": "'),
        Buffer.from(TEXT, 'utf8'),
        Buffer.from('"}')
      ])
    ]
  ])('%s', (_name, line) => {
    const decoded = typeof line === 'string' ? decode(line, 4) : decodeLine(line, 4);
    expect(decoded).toEqual({ event: { type: 'text', text: TEXT }, issues: [] });
  });

  test('whitespace deltas are kept as they are', () => {
    expect(decode('{"type": "text", "text": "  \\n\\t"}').event).toEqual({
      type: 'text',
      text: '  \n\t'
    });
  });

  test.each(['', ' ', '\t', '   \t  ', '\r', ' \r', '\uFEFF', '\uFEFF\r'])(
    'blank line %j',
    line => {
      expect(decode(line, 3)).toEqual({ blank: true, issues: [] });
    }
  );

  test('invalid UTF-8 bytes: still decoded, with a flaw', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"type": "text", "text": "a'),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('b"}')
    ]);
    const decoded = decodeLine(bytes, 7);
    expect(decoded.event).toEqual({ type: 'text', text: 'a\uFFFD\uFFFDb' });
    expect(decoded.issues).toEqual([
      { line: 7, problem: 'invalid UTF-8 (replaced by U+FFFD)', skipped: false }
    ]);
  });

  test('a genuine U+FFFD in valid UTF-8 is not a flaw', () => {
    expect(decode('{"type": "text", "text": "a\uFFFDb"}')).toEqual({
      event: { type: 'text', text: 'a\uFFFDb' },
      issues: []
    });
  });

  test('a truncated multi-byte character is invalid UTF-8', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"type": "text", "text": "'),
      Buffer.from('漢', 'utf8').subarray(0, 2),
      Buffer.from('"}')
    ]);
    expect(decodeLine(bytes, 1).issues.map(i => i.problem)).toEqual([
      'invalid UTF-8 (replaced by U+FFFD)'
    ]);
  });
});

describe('decodeLine: lines that are not events (skipped)', () => {
  test.each<[string, RegExp]>([
    [
      "Hermes isn't configured yet. Run `hermes setup` first.",
      /^not JSON: Hermes isn't configured yet/
    ],
    ['{"type": "text", "text": "cut', /^not JSON: /],
    ['{"type": "text"} trailing', /^not JSON: /],
    ["{'type': 'text'}", /^not JSON: /],
    ['[1, 2, 3]', /^JSON but not an object: \[1, 2, 3\]$/],
    ['[]', /^JSON but not an object/],
    ['null', /^JSON but not an object: null$/],
    ['42', /^JSON but not an object: 42$/],
    ['-1.5e3', /^JSON but not an object/],
    ['"a string"', /^JSON but not an object: "a string"$/],
    ['true', /^JSON but not an object/],
    ['{}', /^an object without a string "type"$/],
    ['{"text": "no type", "timestamp": 1}', /^an object without a string "type"$/],
    ['{"type": 5}', /^an object without a string "type"$/],
    ['{"type": null}', /^an object without a string "type"$/],
    ['{"type": ["text"]}', /^an object without a string "type"$/]
  ])('%j', (line, problem) => {
    const decoded = decode(line, 12);
    expect(decoded.event).toBeUndefined();
    expect(decoded.blank).toBeUndefined();
    expect(decoded.issues).toHaveLength(1);
    expect(must(decoded.issues[0]).line).toBe(12);
    expect(must(decoded.issues[0]).skipped).toBe(true);
    expect(must(decoded.issues[0]).problem).toMatch(problem);
  });

  test('the preview of a long non-JSON line is one line, capped at 60 characters', () => {
    const problem = must(
      decode(`${'x'.repeat(30)} ${'y'.repeat(10)}\n\t${'z '.repeat(50)}`).issues[0]
    ).problem;
    expect(problem).toBe(`not JSON: ${'x'.repeat(30)} ${'y'.repeat(10)} ${'z '.repeat(9)}…`);
  });

  test('a preview never ends in a piece of a word: a secret is shown whole (then redacted) or not at all', () => {
    const token = `ghp_${'A'.repeat(36)}`;
    const problem = must(decode(`${'w '.repeat(20)}${token} tail`).issues[0]).problem;
    // Redacted before the cut: the token is masked whole, and the rest fits.
    expect(problem).toBe(`not JSON: ${'w '.repeat(20)}*** tail`);
    expect(must(decode('q'.repeat(90)).issues[0]).problem).toBe(
      'not JSON: (one word of 90 characters)'
    );
  });
});

describe('decodeLine: unknown event types are counted, not issues', () => {
  test.each([
    ['{"type": "thinking", "text": "hmm…", "timestamp": 1}', 'thinking'],
    ['{"type": "future_thing"}', 'future_thing'],
    ['{"type": "Result", "exit_code": 0}', 'Result'],
    ['{"type": ""}', ''],
    [`{"type": "${'z'.repeat(80)}"}`, '(one word of 80 characters)']
  ])('%j', (line, type) => {
    expect(decode(line)).toEqual({ unknownType: type, issues: [] });
  });
});

describe('decodeLine: reasoning, API server mode’s extension', () => {
  test('a reasoning delta is an event', () => {
    expect(decode('{"type": "reasoning", "text": "thinking…", "timestamp": 1}')).toEqual({
      event: { type: 'reasoning', text: 'thinking…' },
      issues: []
    });
  });

  test('without its text: an event with a flaw', () => {
    const decoded = decode('{"type": "reasoning", "timestamp": 1}', 4);
    expect(decoded.event).toEqual({ type: 'reasoning', text: '' });
    expect(decoded.issues).toEqual([
      { line: 4, problem: 'reasoning without "text"', skipped: false }
    ]);
  });
});

describe('decodeLine: missing fields', () => {
  test.each<[string, string, object, string[]]>([
    [
      'tool_result without duration_ms',
      '{"type": "tool_result", "name": "terminal", "output": "ok", "is_error": false}',
      { type: 'tool_result', name: 'terminal', output: 'ok', is_error: false },
      ['tool_result without "duration_ms"']
    ],
    [
      'tool_result without is_error, output or name',
      '{"type": "tool_result", "duration_ms": 5}',
      { type: 'tool_result', name: '(unnamed)', output: '', duration_ms: 5, is_error: false },
      ['tool_result without "name"']
    ],
    [
      'result without exit_code',
      '{"type": "result", "session_id": "s", "text": "done"}',
      { type: 'result', session_id: 's', text: 'done' },
      ['result without "exit_code"']
    ],
    [
      'result with only an exit_code',
      '{"type": "result", "exit_code": 1}',
      { type: 'result', exit_code: 1 },
      []
    ],
    [
      'result with an error',
      '{"type": "result", "exit_code": 1, "error": "credentials or agent init failed"}',
      { type: 'result', exit_code: 1, error: 'credentials or agent init failed' },
      []
    ],
    ['text without text', '{"type": "text"}', { type: 'text', text: '' }, ['text without "text"']],
    [
      'tool_use without name or input',
      '{"type": "tool_use"}',
      { type: 'tool_use', name: '(unnamed)' },
      ['tool_use without "name"']
    ],
    ['system with only a type', '{"type": "system"}', { type: 'system' }, []],
    [
      'tool_use with a tool_call_id and a non-object input',
      '{"type": "tool_use", "name": "t", "input": "raw", "tool_call_id": "c1"}',
      { type: 'tool_use', name: 't', input: 'raw', tool_call_id: 'c1' },
      []
    ]
  ])('%s', (_name, line, event, problems) => {
    const decoded = decode(line, 9);
    expect(decoded.event).toEqual(event);
    expect(decoded.issues).toEqual(problems.map(problem => ({ line: 9, problem, skipped: false })));
  });

  test('a missing exit_code really is absent (not 0)', () => {
    const event = decode('{"type": "result", "text": "x"}').event;
    expect(event && 'exit_code' in event ? event.exit_code : 'absent').toBeUndefined();
  });

  test('missing token counts default to 0 without a flaw', () => {
    expect(decode('{"type": "result", "exit_code": 0, "tokens": {"input": 7}}')).toEqual({
      event: {
        type: 'result',
        exit_code: 0,
        tokens: { input: 7, output: 0, total: 0, cache_read: 0, cache_write: 0 }
      },
      issues: []
    });
  });
});

describe('decodeLine: wrong types are flaws, the event is still used', () => {
  test.each<[string, string, object, string[]]>([
    [
      'text.text a number',
      '{"type": "text", "text": 42}',
      { type: 'text', text: '42' },
      ['text.text is not a string']
    ],
    [
      'text.text an object',
      '{"type": "text", "text": {"a": 1}}',
      { type: 'text', text: '' },
      ['text.text is not a string']
    ],
    [
      'tool_use.name a number',
      '{"type": "tool_use", "name": 7}',
      { type: 'tool_use', name: '7' },
      ['tool_use.name is not a string']
    ],
    [
      'system fields not strings',
      '{"type": "system", "subtype": true, "model": 4, "session_id": null}',
      { type: 'system', subtype: 'true', model: '4' },
      [
        'system.subtype is not a string',
        'system.model is not a string',
        'system.session_id is not a string'
      ]
    ],
    [
      'tool_result.is_error a string',
      '{"type": "tool_result", "name": "t", "output": "", "duration_ms": 1, "is_error": "true"}',
      { type: 'tool_result', name: 't', output: '', duration_ms: 1, is_error: false },
      ['tool_result.is_error is not a boolean']
    ],
    [
      'tool_result.is_error a number',
      '{"type": "tool_result", "name": "t", "output": "", "duration_ms": 1, "is_error": 1}',
      { type: 'tool_result', name: 't', output: '', duration_ms: 1, is_error: false },
      ['tool_result.is_error is not a boolean']
    ],
    [
      'tool_result.duration_ms a string',
      '{"type": "tool_result", "name": "t", "output": "", "duration_ms": "41", "is_error": false}',
      { type: 'tool_result', name: 't', output: '', is_error: false },
      ['tool_result.duration_ms is not a number']
    ],
    [
      'tool_result.output a number',
      '{"type": "tool_result", "name": "t", "output": 3, "duration_ms": 1, "is_error": false}',
      { type: 'tool_result', name: 't', output: '3', duration_ms: 1, is_error: false },
      ['tool_result.output is not a string']
    ],
    [
      'result.tokens a string',
      '{"type": "result", "exit_code": 0, "tokens": "many"}',
      { type: 'result', exit_code: 0 },
      ['result.tokens is not an object']
    ],
    [
      'result.tokens an array',
      '{"type": "result", "exit_code": 0, "tokens": [1, 2]}',
      { type: 'result', exit_code: 0 },
      ['result.tokens is not an object']
    ],
    [
      'result.tokens null',
      '{"type": "result", "exit_code": 0, "tokens": null}',
      { type: 'result', exit_code: 0 },
      ['result.tokens is not an object']
    ],
    [
      'a token count a string',
      '{"type": "result", "exit_code": 0, "tokens": {"input": "5", "output": 2}}',
      {
        type: 'result',
        exit_code: 0,
        tokens: { input: 0, output: 2, total: 0, cache_read: 0, cache_write: 0 }
      },
      ['result.tokens.input is not a number']
    ],
    [
      'result.exit_code 1.5',
      '{"type": "result", "exit_code": 1.5}',
      { type: 'result' },
      ['result.exit_code is not a whole number']
    ],
    [
      'result.exit_code a string',
      '{"type": "result", "exit_code": "0"}',
      { type: 'result' },
      ['result.exit_code is not a number']
    ],
    [
      'result.exit_code null',
      '{"type": "result", "exit_code": null}',
      { type: 'result' },
      ['result.exit_code is not a number']
    ],
    [
      'result.duration_ms a string, error a number',
      '{"type": "result", "exit_code": 1, "duration_ms": "slow", "error": 500}',
      { type: 'result', exit_code: 1, error: '500' },
      ['result.duration_ms is not a number', 'result.error is not a string']
    ]
  ])('%s', (_name, line, event, problems) => {
    const decoded = decode(line, 2);
    expect(decoded.event).toEqual(event);
    expect(decoded.issues).toEqual(problems.map(problem => ({ line: 2, problem, skipped: false })));
  });
});

/** Runs a LineSplitter over chunks; collects lines (as text) and oversized reports. */
function split(chunks: Buffer[], maxLineBytes?: number) {
  const lines: [number, string][] = [];
  const oversized: [number, number][] = [];
  const splitter = new LineSplitter(
    (line, no) => lines.push([no, line]),
    (no, bytes) => oversized.push([no, bytes]),
    maxLineBytes
  );
  for (const chunk of chunks) splitter.push(chunk);
  const partial = splitter.partialBytes;
  const ended = splitter.end();
  return { lines, oversized, partial, ended, count: splitter.lines, after: splitter.partialBytes };
}

describe('LineSplitter', () => {
  test('the default line cap is 16 MiB', () => {
    expect(MAX_LINE_BYTES).toBe(16 * 1024 * 1024);
  });

  // The sample plus lines that make splitting interesting: multi-byte characters, CRLF, a blank line.
  const STREAM_LINES = [
    ...SAMPLE.slice(0, 3),
    '{"type": "text", "text": "café 漢字 🚀", "timestamp": 1795978843101}\r',
    '',
    ...SAMPLE.slice(3)
  ];
  const STREAM = Buffer.from(STREAM_LINES.map(l => `${l}\n`).join(''), 'utf8');
  const EXPECTED = STREAM_LINES.map((l, i): [number, string] => [i + 1, l]);

  test('one chunk', () => {
    const out = split([STREAM]);
    expect(out.lines).toEqual(EXPECTED);
    expect(out.ended).toBe(false);
    expect(out.count).toBe(STREAM_LINES.length);
  });

  test('two chunks, split at every byte position, give the same lines', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      const out = split([STREAM.subarray(0, at), STREAM.subarray(at)]);
      if (JSON.stringify(out.lines) !== JSON.stringify(EXPECTED)) {
        throw new Error(`split at byte ${at}: ${JSON.stringify(out.lines)}`);
      }
      expect(out.oversized).toEqual([]);
    }
  });

  test('one byte at a time', () => {
    const chunks = [...STREAM].map(b => Buffer.from([b]));
    expect(split(chunks).lines).toEqual(EXPECTED);
  });

  test('lines decode to the same events however the stream was cut', () => {
    const at = STREAM.indexOf('漢') + 1; // inside a multi-byte character
    const events: unknown[] = [];
    const splitter = new LineSplitter(
      (line, no) => events.push(decodeLine(line, no)),
      () => undefined
    );
    splitter.push(STREAM.subarray(0, at));
    splitter.push(STREAM.subarray(at));
    expect(events).toEqual(STREAM_LINES.map((l, i) => decodeLine(Buffer.from(l), i + 1)));
    expect(events[3]).toEqual({ event: { type: 'text', text: 'café 漢字 🚀' }, issues: [] });
  });

  test('the splitter copies: a caller reusing its chunk buffer does not corrupt a pending line', () => {
    const chunk = Buffer.from('abc');
    const lines: string[] = [];
    const splitter = new LineSplitter(
      line => lines.push(line.toString()),
      () => undefined
    );
    splitter.push(chunk);
    chunk.write('XYZ');
    splitter.push(Buffer.from('def\n'));
    expect(lines).toEqual(['abcdef']);
  });

  test.each<[string, string[], [number, string][], number, boolean]>([
    [
      'last line without a newline',
      ['a\nb'],
      [
        [1, 'a'],
        [2, 'b']
      ],
      1,
      true
    ],
    ['last line cut across chunks', ['{"type": "te', 'xt"'], [[1, '{"type": "text"']], 15, true],
    [
      'ends with a newline',
      ['a\nb\n'],
      [
        [1, 'a'],
        [2, 'b']
      ],
      0,
      false
    ],
    ['empty stream', [], [], 0, false],
    [
      'empty lines',
      ['\n\n'],
      [
        [1, ''],
        [2, '']
      ],
      0,
      false
    ],
    ['a lone carriage return is not a line break', ['a\rb\n'], [[1, 'a\rb']], 0, false],
    ['only partial bytes', ['xyz'], [[1, 'xyz']], 3, true]
  ])('%s', (_name, chunks, lines, partial, ended) => {
    const out = split(chunks.map(c => Buffer.from(c)));
    expect(out.lines).toEqual(lines);
    expect(out.partial).toBe(partial);
    expect(out.ended).toBe(ended);
    expect(out.after).toBe(0);
  });

  test("with onTextDelta, deltas in upstream's shape come as their text, other lines whole, however cut", () => {
    const delta = (n: number) =>
      `{"type": "text", "text": "part ${n} \\u00e9\\"", "timestamp": ${n}}`;
    const lines = [
      delta(1),
      '{"type": "text", "text": "no timestamp"}',
      delta(2),
      SAMPLE[0],
      delta(3)
    ];
    const bytes = Buffer.from(lines.map(l => `${l}\n`).join(''));
    const expected = [
      ['delta', 1, 'part 1 é"'],
      ['line', 2, lines[1]],
      ['delta', 3, 'part 2 é"'],
      ['line', 4, SAMPLE[0]],
      ['delta', 5, 'part 3 é"']
    ];
    for (let at = 0; at <= bytes.length; at++) {
      const seen: [string, number, string][] = [];
      const splitter = new LineSplitter(
        (line, no) => seen.push(['line', no, line]),
        () => undefined,
        MAX_LINE_BYTES,
        (text, no) => seen.push(['delta', no, text])
      );
      splitter.push(bytes.subarray(0, at));
      splitter.push(bytes.subarray(at));
      // A line cut in two is decoded whole, and the follower reads it with the string fast path.
      const normalised = seen.map(([kind, no, text]) =>
        kind === 'line' && upstreamTextDelta(text) !== undefined
          ? ['delta', no, upstreamTextDelta(text)]
          : [kind, no, text]
      );
      expect(normalised).toEqual(expected);
    }
  });

  test('with onTextDelta, a chunk of many lines (over 64 KiB, long lines, blank lines) reads as small chunks do', () => {
    const lines: string[] = [];
    for (let i = 0; lines.length < 12_000; i++) {
      lines.push(
        `{"type": "text", "text": "delta ${i} ${i % 3 ? 'ascii' : 'çà ✓'}", "timestamp": ${i}}`
      );
      if (i % 97 === 0) lines.push('');
      if (i % 50 === 0) lines.push(must(SAMPLE[i % SAMPLE.length]));
      if (i % 4000 === 1) lines.push(`{"type": "text", "text": "${'long '.repeat(30_000)}"}`);
    }
    const bytes = Buffer.from(lines.map(l => `${l}\n`).join(''));
    expect(bytes.length).toBeGreaterThan(4 * 64 * 1024);
    const read = (chunkBytes: number) => {
      const seen: [number, string][] = [];
      const splitter = new LineSplitter(
        (line, no) => seen.push([no, upstreamTextDelta(line) ?? line]),
        () => undefined,
        MAX_LINE_BYTES,
        (text, no) => seen.push([no, text])
      );
      for (let at = 0; at < bytes.length; at += chunkBytes)
        splitter.push(bytes.subarray(at, at + chunkBytes));
      return seen;
    };
    const whole = read(bytes.length);
    expect(whole).toHaveLength(lines.length);
    expect(whole).toEqual(read(1000));
    expect(whole[0]).toEqual([1, 'delta 0 çà ✓']);
  });

  test('partialBytes counts bytes (not characters) after the last newline', () => {
    const splitter = new LineSplitter(
      () => undefined,
      () => undefined
    );
    splitter.push(Buffer.from('done\n漢'));
    expect(splitter.partialBytes).toBe(3);
    splitter.push(Buffer.from('🚀'));
    expect(splitter.partialBytes).toBe(7);
    splitter.push(Buffer.from('\n'));
    expect(splitter.partialBytes).toBe(0);
    expect(splitter.lines).toBe(2);
  });

  test('an oversized line is reported with its byte count; the next line is still decoded', () => {
    const big = `{"type": "text", "text": "${'x'.repeat(40)}"}`;
    const next = '{"type": "text", "text": "after"}';
    const first = '{"type": "system", "subtype": "init"}';
    const stream = Buffer.from(`${first}\n${big}\n${next}\n`);
    const max = 40;
    expect(Buffer.byteLength(big)).toBeGreaterThan(max);
    for (let at = 0; at <= stream.length; at++) {
      const out = split([stream.subarray(0, at), stream.subarray(at)], max);
      expect(out.oversized).toEqual([[2, Buffer.byteLength(big)]]);
      expect(out.lines).toEqual([
        [1, first],
        [3, next]
      ]);
    }
    const out = split([stream], max);
    expect(decodeLine(Buffer.from(must(out.lines[1])[1]), 3).event).toEqual({
      type: 'text',
      text: 'after'
    });
  });

  test('a line of exactly maxLineBytes is kept; one byte more is oversized', () => {
    const out = split([Buffer.from('0123456789\n0123456789A\nok\n')], 10);
    expect(out.lines).toEqual([
      [1, '0123456789'],
      [3, 'ok']
    ]);
    expect(out.oversized).toEqual([[2, 11]]);
  });

  test('an oversized last line without a newline is reported at end()', () => {
    const out = split(
      [Buffer.from('ok\n'), Buffer.from('x'.repeat(25)), Buffer.from('y'.repeat(5))],
      8
    );
    expect(out.lines).toEqual([[1, 'ok']]);
    expect(out.partial).toBe(30);
    expect(out.ended).toBe(true);
    expect(out.oversized).toEqual([[2, 30]]);
  });

  test('multi-byte characters count as bytes against the cap', () => {
    const out = split([Buffer.from('漢字漢\n漢字\n')], 8);
    expect(out.oversized).toEqual([[1, 9]]);
    expect(out.lines).toEqual([[2, '漢字']]);
  });
});

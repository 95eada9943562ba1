/** The SSE parser: the event-stream format's rules, whatever the chunking. */
import { describe, expect, test } from '@jest/globals';
import * as fc from 'fast-check';
import { SseParser, type SseEvent } from '../../src/api-server/sse.js';

/** Parses the chunks in order; returns the events, what was reported too long, and end()'s answer. */
function parse(
  chunks: (string | Uint8Array)[],
  maxEventChars?: number
): { events: SseEvent[]; oversized: number[]; unfinished: boolean } {
  const events: SseEvent[] = [];
  const oversized: number[] = [];
  const parser = new SseParser(
    e => events.push(e),
    n => oversized.push(n),
    maxEventChars
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, oversized, unfinished: parser.end() };
}

const events = (text: string): SseEvent[] => parse([text]).events;

describe('SseParser: fields', () => {
  test('event and data; an event without `event:` is a message', () => {
    expect(events('event: response.created\ndata: {"a": 1}\n\ndata: x\n\n')).toEqual([
      { event: 'response.created', data: '{"a": 1}' },
      { event: 'message', data: 'x' }
    ]);
  });

  test('several data lines join with a line feed; the field resets after each event', () => {
    expect(events('data: one\ndata: two\ndata:\ndata: three\n\ndata: next\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo\n\nthree' },
      { event: 'message', data: 'next' }
    ]);
  });

  test('one space after the colon is dropped, no more; no colon means an empty value', () => {
    expect(events('data:tight\n\ndata:  two spaces\n\ndata\n\n')).toEqual([
      { event: 'message', data: 'tight' },
      { event: 'message', data: ' two spaces' },
      { event: 'message', data: '' }
    ]);
  });

  test('comments (keepalives), retry and unknown fields are ignored', () => {
    expect(events(': keepalive\n\n:\nretry: 3000\nfoo: bar\ndata: [DONE]\n\n')).toEqual([
      { event: 'message', data: '[DONE]' }
    ]);
  });

  test('a block without data dispatches nothing, and its event name does not leak', () => {
    expect(events('event: ping\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  test('id is kept for the following events; one holding NUL is ignored', () => {
    expect(events('id: 7\ndata: a\n\ndata: b\n\nid: 8\u0000\ndata: c\n\n')).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
      { event: 'message', data: 'c', id: '7' }
    ]);
  });

  test('a colon inside the value stays', () => {
    expect(events('data: {"k": "a:b"}\n\n')).toEqual([{ event: 'message', data: '{"k": "a:b"}' }]);
  });
});

describe('SseParser: line ends and chunks', () => {
  const expected = [
    { event: 'e', data: 'a\nb' },
    { event: 'message', data: 'c' }
  ];

  test.each([
    ['LF', 'event: e\ndata: a\ndata: b\n\ndata: c\n\n'],
    ['CRLF', 'event: e\r\ndata: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n'],
    ['CR', 'event: e\rdata: a\rdata: b\r\rdata: c\r\r'],
    ['mixed', 'event: e\r\ndata: a\rdata: b\n\r\ndata: c\n\r']
  ])('%s', (_name, text) => {
    expect(events(text)).toEqual(expected);
  });

  test('a CR at the end of a chunk and the LF starting the next are one line end', () => {
    expect(parse(['data: a\r', '\ndata: b\r', '\n\r', '\n']).events).toEqual([
      { event: 'message', data: 'a\nb' }
    ]);
  });

  test('a data line split across chunks, inside a multi-byte character too', () => {
    const bytes = Buffer.from('data: café 🚀 漢字\n\n', 'utf8');
    const chunks = [...bytes].map(b => Uint8Array.of(b));
    expect(parse(chunks).events).toEqual([{ event: 'message', data: 'café 🚀 漢字' }]);
  });

  test('a byte-order mark starting the stream is not part of the first field', () => {
    expect(parse([Buffer.from('\ufeffdata: x\n\n', 'utf8')]).events).toEqual([
      { event: 'message', data: 'x' }
    ]);
  });

  test('any chunking gives the same events (property)', () => {
    const line = fc.constantFrom('\n', '\r\n', '\r');
    const value = fc.string({ unit: 'grapheme' }).map(s => s.replace(/[\r\n]/g, ''));
    const field = fc.oneof(
      value.map(v => `data: ${v}`),
      value.map(v => `event: ${v}`),
      value.map(v => `: ${v}`),
      fc.constant('')
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(field, line), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (lines, cuts) => {
          const bytes = Buffer.from(lines.map(([f, eol]) => f + eol).join(''), 'utf8');
          const whole = parse([bytes]);
          const at = [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...at, bytes.length]
            .slice(1)
            .map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));
          const split = parse(pieces);
          expect(split.events).toEqual(whole.events);
          expect(split.unfinished).toBe(whole.unfinished);
        }
      ),
      { numRuns: 300 }
    );
  });
});

describe('SseParser: the end of the stream', () => {
  test('an event without its blank line is not dispatched, and end() says so', () => {
    const cut = parse(['data: {"type": "response.completed"']);
    expect(cut.events).toEqual([]);
    expect(cut.unfinished).toBe(true);
    const fields = parse(['data: x\n']);
    expect(fields.events).toEqual([]);
    expect(fields.unfinished).toBe(true);
  });

  test('a stream that ends after a blank line, or after a comment, ended whole', () => {
    expect(parse(['data: x\n\n']).unfinished).toBe(false);
    expect(parse(['data: x\n\n: keepalive\n']).unfinished).toBe(false);
    expect(parse([]).unfinished).toBe(false);
  });
});

describe('SseParser: bounded memory', () => {
  test('an event over the limit is skipped whole and reported; the next one is read', () => {
    const big = `data: ${'x'.repeat(50)}\ndata: ${'y'.repeat(50)}\n\n`;
    const { events, oversized } = parse([big, 'data: small\n\n'], 80);
    expect(events).toEqual([{ event: 'message', data: 'small' }]);
    expect(oversized).toHaveLength(1);
    expect(oversized[0]).toBeGreaterThan(80);
  });

  test('a line over the limit, however it is chunked, is dropped as it grows', () => {
    const parser = new SseParser(
      () => {
        throw new Error('no event expected');
      },
      () => {},
      1000
    );
    parser.push('data: ');
    for (let i = 0; i < 1000; i++) parser.push('z'.repeat(1000));
    expect(parser.end()).toBe(true);
  });
});

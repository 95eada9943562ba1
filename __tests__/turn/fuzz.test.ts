/**
 * Property-based: random event streams, damaged (cut, duplicated, reordered, flipped bytes, garbage),
 * chunked at random, through the whole pipeline from bytes to verdict, outputs and summary.
 */
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { StreamReader } from '../../src/turn/stream-reader.js';
import { LineSplitter, MAX_LINE_BYTES } from '../../src/turn/lines.js';
import { decodeLine, upstreamTextDelta } from '../../src/turn/stream.js';
import { LiveLog } from '../../src/publish/log.js';
import { outputsOf } from '../../src/publish/outputs.js';
import { makeRedactor } from '../../src/text/redact.js';
import { renderSummary, SUMMARY_BUDGET_BYTES } from '../../src/publish/summary.js';
import { verdictOf, type Outcome } from '../../src/turn/verdict.js';
import { processEnd } from '../helpers/run-end.js';
import { runs } from '../helpers/runs.js';
import { shown } from '../../src/publish/run-report.js';
import { must } from '../helpers/must.js';

// The outcome table, written out here independently of src/verdict.ts.
const BY_CODE: Record<number, Outcome> = {
  0: 'success',
  1: 'failure',
  2: 'usage_error',
  75: 'tempfail',
  78: 'config_error',
  130: 'interrupted'
};

const text = fc.string({ unit: 'binary', maxLength: 40 });
const name = fc.oneof(fc.constantFrom('terminal', 'read_file', 'patch', 'web_search'), text);
const code = fc.oneof(fc.constantFrom(0, 1, 2, 75, 78, 130), fc.integer({ min: -5, max: 300 }));
const tokens = fc.record({
  input: fc.nat(),
  output: fc.nat(),
  total: fc.nat(),
  cache_read: fc.nat(),
  cache_write: fc.nat()
});
const event = fc.oneof(
  fc.record({
    type: fc.constant('system'),
    subtype: fc.constant('init'),
    model: text,
    session_id: text
  }),
  fc.record({ type: fc.constant('text'), text }),
  // Upstream's shape, which the splitter reads on a fast path when serialised with its separators.
  fc.record({ type: fc.constant('text'), text, timestamp: fc.nat() }),
  fc.record(
    {
      type: fc.constant('tool_use'),
      name,
      input: fc.jsonValue({ maxDepth: 3 }),
      tool_call_id: fc.string({ maxLength: 3 })
    },
    { requiredKeys: ['type', 'name'] }
  ),
  fc.record(
    {
      type: fc.constant('tool_result'),
      name,
      output: text,
      duration_ms: fc.nat(),
      is_error: fc.boolean(),
      tool_call_id: fc.string({ maxLength: 3 })
    },
    { requiredKeys: ['type', 'name', 'output', 'is_error'] }
  ),
  fc.record({ type: fc.string({ maxLength: 8 }), text }),
  fc.anything({ maxDepth: 2 })
);
const result = fc.record(
  {
    type: fc.constant('result'),
    session_id: text,
    exit_code: code,
    text,
    tokens,
    duration_ms: fc.nat(),
    error: text
  },
  { requiredKeys: ['type', 'exit_code'] }
);

/** Upstream's separators, or compact JSON: the reader must not care. */
const serialize = (value: unknown, spaced: boolean): string => {
  const json = JSON.stringify(value) ?? 'null';
  return spaced ? JSON.stringify(JSON.parse(json), null, 1).replace(/\n\s*/g, ' ') : json;
};

type Damage =
  | { kind: 'cut'; at: number }
  | { kind: 'duplicate'; line: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'flip'; at: number; bits: number }
  | { kind: 'garbage'; at: number; bytes: Uint8Array };
const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    bits: fc.integer({ min: 1, max: 255 })
  }),
  fc.record({
    kind: fc.constant('garbage' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 20 })
  })
);

function applyDamage(lines: string[], damages: Damage[]): Buffer {
  const out = [...lines];
  const bytes: Damage[] = [];
  for (const d of damages) {
    if (d.kind === 'duplicate' && out.length)
      out.splice(d.line % out.length, 0, must(out[d.line % out.length]));
    else if (d.kind === 'swap' && out.length) {
      const [a, b] = [d.a % out.length, d.b % out.length];
      [out[a], out[b]] = [must(out[b]), must(out[a])];
    } else bytes.push(d);
  }
  let buf = Buffer.from(out.map(l => `${l}\n`).join(''));
  for (const d of bytes) {
    if (buf.length === 0) break;
    if (d.kind === 'cut') buf = buf.subarray(0, d.at % buf.length);
    else if (d.kind === 'flip') {
      buf = Buffer.from(buf);
      const at = d.at % buf.length;
      buf[at] = must(buf[at]) ^ d.bits;
    } else if (d.kind === 'garbage') {
      const at = d.at % buf.length;
      buf = Buffer.concat([buf.subarray(0, at), d.bytes, buf.subarray(at)]);
    }
  }
  return buf;
}

function pipeline(bytes: Buffer, splits: number[], processCode: number) {
  const redact = makeRedactor([]);
  let logged = 0;
  const log = new LiveLog(redact, line => void (logged += line.length));
  const follower = new StreamReader(log);
  let start = 0;
  for (const s of [...splits.map(p => p % (bytes.length + 1))].sort((a, b) => a - b)) {
    follower.push(bytes.subarray(start, s));
    start = s;
  }
  follower.push(bytes.subarray(start));
  const turn = follower.finish();
  const end = processEnd({ exitCode: processCode });

  const verdict = verdictOf(turn, end);
  const report = {
    verdict: shown(verdict, redact),
    turn,
    durationMs: 1,
    stderrTail: [],
    jsonlPath: '/tmp/run.jsonl'
  };
  return {
    turn,
    verdict,
    outputs: outputsOf(report, 1),
    summary: renderSummary(report),
    logged
  };
}

// 200 cases in about a second each; FC_SCALE=10 for the 2,000 the suite once ran (helpers/runs.ts).
const RUNS = runs(200);

describe('the pipeline, bytes to report, on random and damaged streams', () => {
  test('never throws, stays in budget, and follows the outcome table whenever a result was read', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 25 }),
        fc.option(result, { nil: undefined }),
        fc.boolean(),
        fc.array(damage, { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        code,
        (events, last, spaced, damages, splits, processCode) => {
          const lines = [...events, ...(last ? [last] : [])].map(e => serialize(e, spaced));
          const bytes = applyDamage(lines, damages);
          const { turn, verdict, outputs, summary } = pipeline(bytes, splits, processCode);

          expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES);
          expect(outputs.get('outcome')).toBe(verdict.outcome);
          const reported = turn.result?.exit_code;
          if (reported === undefined) {
            expect(['no_result', 'usage_error']).toContain(verdict.outcome);
          } else {
            const decisive = reported !== 0 ? reported : processCode;
            expect(verdict.outcome).toBe(BY_CODE[decisive] ?? 'failure');
            expect(verdict.exitCode).toBe(decisive);
          }
        }
      ),
      { numRuns: RUNS }
    );
  });

  test('an undamaged stream ending in a well-formed result gets exactly the table’s verdict', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 15 }),
        result,
        fc.array(fc.nat(), { maxLength: 6 }),
        (events, last, splits) => {
          const lines = [...events, last].map(e => serialize(e, true));
          const { turn, verdict } = pipeline(
            Buffer.from(lines.map(l => `${l}\n`).join('')),
            splits,
            last.exit_code
          );
          expect(turn.result?.exit_code).toBe(last.exit_code);
          expect(verdict.outcome).toBe(BY_CODE[last.exit_code] ?? 'failure');
          expect(turn.issues.filter(i => i.line === lines.length)).toEqual([]);
        }
      ),
      { numRuns: RUNS }
    );
  });

  test('line numbers and counts do not depend on how the bytes were chunked', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 15 }),
        fc.array(damage, { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (events, damages, splits) => {
          const bytes = applyDamage(
            events.map(e => serialize(e, false)),
            damages
          );
          const whole = pipeline(bytes, [], 0).turn;
          const chunked = pipeline(bytes, splits, 0).turn;
          expect(chunked).toEqual(whole);
        }
      ),
      { numRuns: RUNS / 2 }
    );
  });
});

describe('the fast path for upstream text deltas', () => {
  /** The reference: what JSON.parse makes of the line, as an event (or nothing). */
  function reference(line: string): unknown {
    try {
      const v = JSON.parse(line);
      return v && v.type === 'text' && typeof v.text === 'string' ? v.text : undefined;
    } catch {
      return undefined;
    }
  }

  test('reads every line exactly as JSON.parse does, however the string is escaped or damaged', () => {
    const body = fc.oneof(
      fc.string({ unit: 'binary' }).map(s => JSON.stringify(s).slice(1, -1)),
      fc.string({
        unit: fc.constantFrom(
          '\\',
          '"',
          'u',
          '0',
          'a',
          'é',
          '\n',
          '\t',
          'd',
          '8',
          '}',
          ',',
          '\u007f',
          '\u001f',
          '\u0000',
          '🚀'
        )
      })
    );
    const tail = fc.oneof(
      fc.nat().map(n => `, "timestamp": ${n}}`),
      fc.constantFrom(
        '}',
        ', "timestamp": }',
        ', "timestamp": 1}}',
        ', "timestamp": -1}',
        ', "timestamp": 1e3}',
        ', "timestamp": 123',
        ', "timestamp": 12 }',
        ', "timestamp": 12345678901234567}',
        ', "timestamp": 1234567890123456}',
        ',"timestamp": 1}',
        '"}'
      )
    );
    fc.assert(
      fc.property(body, tail, (b, t) => {
        const line = `{"type": "text", "text": "${b}"${t}`;
        const bytes = Buffer.from(line);
        const decoded = decodeLine(bytes, 1);
        const expected = reference(line);
        if (expected === undefined) expect(decoded.event?.type).not.toBe('text');
        else expect(decoded.event).toEqual({ type: 'text', text: expected });
        // The splitter's byte-level twin accepts the same lines and reads the same text, on a line
        // between two others in one chunk (a raw newline makes two lines of it: not that case).
        if (line.includes('\n')) return;
        const seen: unknown[] = [];
        const splitter = new LineSplitter(
          (text, no) => seen.push(['line', no, text]),
          () => undefined,
          MAX_LINE_BYTES,
          (text, no) => seen.push(['delta', no, text])
        );
        splitter.push(Buffer.concat([Buffer.from('x\n'), bytes, Buffer.from('\n"}\n')]));
        const delta = upstreamTextDelta(bytes.toString());
        expect(seen).toEqual([
          ['line', 1, 'x'],
          delta === undefined ? ['line', 2, bytes.toString()] : ['delta', 2, delta],
          ['line', 3, '"}']
        ]);
      }),
      { numRuns: RUNS * 2 }
    );
  });
});

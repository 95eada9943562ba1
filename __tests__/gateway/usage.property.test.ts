/**
 * The usage reader sees an SSE answer in whatever pieces the network cuts it into: cut anywhere (inside
 * a `"usage"`, a UTF-8 sequence, a line's newline), it counts what one whole read counts, and a line
 * over the limit is passed unread without losing the lines after it. Seeded by fast-check; FC_SCALE=10
 * for a long hunt.
 */
import { expect, test } from '@jest/globals';
import fc from 'fast-check';
import { UsageReader, type Usage } from '../../src/gateway/ledger.js';
import { runs } from '../helpers/runs.js';

const CASES = runs(300);

/** One SSE event line: content (non-ASCII included), a usage report, or neither. */
const event = fc.oneof(
  fc
    .string({ unit: 'grapheme', maxLength: 40 })
    .map(text => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}`),
  fc
    .record({ prompt_tokens: fc.nat(1e6), completion_tokens: fc.nat(1e6), cost: fc.nat(1000) })
    .map(usage => `data: ${JSON.stringify({ choices: [], usage })}`),
  // Names usage without being JSON: counted as nothing.
  fc.constant('data: {"usage": oops'),
  fc.constant(': keep-alive'),
  fc.constant('data: [DONE]')
);

/** What reading the answer line by line, whole, counts. */
function reference(lines: string[]): Usage {
  const usage: Usage = {};
  for (const line of lines) {
    if (!line.startsWith('data:') || !line.includes('"usage"')) continue;
    try {
      const u = (JSON.parse(line.slice(5)) as { usage: Record<string, number> }).usage;
      usage.tokensIn = u.prompt_tokens;
      usage.tokensOut = u.completion_tokens;
      usage.costUsd = u.cost;
    } catch {
      // not JSON
    }
  }
  return usage;
}

function read(bytes: Buffer, cuts: number[]): Usage {
  const reader = new UsageReader(true);
  let from = 0;
  for (const cut of [...new Set(cuts.map(c => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    reader.push(bytes.subarray(from, cut));
    from = cut;
  }
  reader.push(bytes.subarray(from));
  return reader.end();
}

test('an SSE answer cut anywhere counts the usage a whole read counts', () => {
  fc.assert(
    fc.property(
      fc.array(event, { maxLength: 30 }),
      fc.array(fc.nat(), { maxLength: 40 }),
      fc.boolean(),
      (lines, cuts, lastNewline) => {
        const text = lines.join('\n\n') + (lastNewline ? '\n' : '');
        expect(read(Buffer.from(text), cuts)).toEqual(reference(lines));
      }
    ),
    { numRuns: CASES }
  );
});

test('a line over a mebibyte, across chunks, is passed unread; the usage after it still counts', () => {
  const long = `data: ${JSON.stringify({ usage: { cost: 5 }, pad: 'x'.repeat(1024 * 1024) })}`;
  const usage = `data: ${JSON.stringify({ usage: { prompt_tokens: 3, completion_tokens: 4 } })}`;
  const bytes = Buffer.from(`${long}\n\n${usage}\n\n`);
  for (const size of [1000, 64 * 1024]) {
    const reader = new UsageReader(true);
    for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
    expect(reader.end()).toEqual({ tokensIn: 3, tokensOut: 4 });
  }
});

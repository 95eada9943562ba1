/** Where the JSON of an answer is found: the whole text, the last ```json block, the last balanced value. */
import { describe, expect, test } from '@jest/globals';
import { extractJson, lastJsonFence, MAX_DEPTH, SCAN_LIMIT } from '../../src/schema/extract.js';
import { parseJson } from '../../src/text/json.js';

const fence = '```';

describe('the whole answer, when it parses', () => {
  test.each([
    ['an object', '{"verdict": "pass"}', { verdict: 'pass' }],
    ['an object with blanks around it', '\n  {"a": [1, 2]}\n\n', { a: [1, 2] }],
    ['an array at top level', '[{"a": 1}, {"a": 2}]', [{ a: 1 }, { a: 2 }]],
    ['a string', '"pass"', 'pass'],
    ['a number', ' 42 ', 42],
    ['null', 'null', null],
    [
      'non-ASCII, raw as upstream writes it',
      '{"résumé": "naïve — 日本語 🚀"}',
      { résumé: 'naïve — 日本語 🚀' }
    ],
    ['a CRLF answer', '{\r\n  "a": 1\r\n}\r\n', { a: 1 }]
  ])('%s', (_, text, value) => {
    expect(extractJson(text)).toEqual({ found: true, value, from: 'the whole answer' });
  });
});

describe('else the last fenced json block', () => {
  test.each([
    [
      'backticks, prose around',
      `Here it is:\n\n${fence}json\n{"a": 1}\n${fence}\n\nDone.`,
      { a: 1 }
    ],
    ['tildes', 'Result:\n~~~json\n{"a": 2}\n~~~', { a: 2 }],
    [
      'a longer fence holding a shorter one',
      `x\n${'`'.repeat(5)}json\n{"a": "${fence}"}\n${'`'.repeat(5)}`,
      { a: fence }
    ],
    [
      'JSON in capitals, words after it',
      `x\n${fence}JSON title="answer"\n[1, 2]\n${fence}`,
      [1, 2]
    ],
    ['indented by up to three spaces', `x\n   ${fence}json\n   {"a": 3}\n   ${fence}`, { a: 3 }],
    ['not closed: runs to the end', `x\n${fence}json\n{"a": 4}\n`, { a: 4 }],
    [
      'the last of several, an example before it',
      `e.g.\n${fence}json\n{"example": true}\n${fence}\nand mine:\n${fence}json\n{"mine": true}\n${fence}`,
      { mine: true }
    ],
    [
      'a json block after a block of another language',
      `${fence}ts\nconst a = {b: 1};\n${fence}\n${fence}json\n{"b": 1}\n${fence}`,
      { b: 1 }
    ],
    ['CRLF line ends', `x\r\n${fence}json\r\n{"a": 5}\r\n${fence}\r\n`, { a: 5 }]
  ])('%s', (_, text, value) => {
    expect(extractJson(text)).toEqual({ found: true, value, from: 'a ```json block' });
  });

  test('a json block quoted inside another block is that block’s content, not a block', () => {
    const text = `Use this:\n${'`'.repeat(4)}markdown\n${fence}json\n{"inner": true}\n${fence}\n${'`'.repeat(4)}\nThen {"outer": true}`;
    expect(lastJsonFence(text)).toBeUndefined();
    expect(extractJson(text)).toEqual({ found: true, value: { outer: true }, from: 'the text' });
  });

  test('an inline code span is not a fence', () => {
    expect(lastJsonFence('Write ```json {"a": 1}``` here')).toBeUndefined();
  });

  test('a broken last block is said, with where, rather than passed over', () => {
    const text = `Answer:\n\n${fence}json\n{\n  "a": 1,\n}\n${fence}\n`;
    const extracted = extractJson(text);
    expect(extracted.found).toBe(false);
    if (extracted.found) return;
    expect(extracted.problem).toMatch(
      /^The answer's last ```json block \(line 3\) is not valid JSON: .* \(line 3, column 1\)$/
    );
  });
});

describe('else the last balanced top-level object or array that parses', () => {
  test.each([
    ['an object after prose', 'The result is {"ok": true}.', { ok: true }],
    ['braces inside strings', 'Result: {"a": "}{", "b": "]["} as asked', { a: '}{', b: '][' }],
    [
      'escaped quotes inside strings',
      String.raw`Got {"q": "say \"}\" twice"} ok`,
      { q: 'say "}" twice' }
    ],
    ['an array at top level', 'Files: ["a.ts", "b.ts"] — that is all', ['a.ts', 'b.ts']],
    ['the last of two', 'First {"n": 1}, then {"n": 2}.', { n: 2 }],
    ['the outer one, not an object nested in it', 'See {"a": {"b": 1}} here', { a: { b: 1 } }],
    ['after braces that are not JSON', 'Use {name} or [see docs] then {"a": 1}', { a: 1 }],
    ['after an unclosed bracket', '[draft: {"a": 1}', { a: 1 }],
    ['after a mismatched bracket', '{ ] {"a": 1}', { a: 1 }],
    ['after a quote in prose that never closes', 'He said "wait {\nthen {"a": 1}', { a: 1 }],
    ['in a fence without a language', `x\n${fence}\n{"a": 1}\n${fence}`, { a: 1 }],
    ['non-ASCII around and inside', 'Voilà : {"clé": "valeur €"} — fini', { clé: 'valeur €' }],
    ['an empty object', 'Nothing: { } here', {}],
    ['an empty array, the last', 'Nothing: {} and [\n] here', []],
    ['an array of literals', 'Scores: [ -1, true, null, 2.5 ] done', [-1, true, null, 2.5]],
    ['blanks after the bracket', 'Got {\n\n  "a": 1\n} ok', { a: 1 }]
  ])('%s', (_, text, value) => {
    expect(extractJson(text)).toEqual({ found: true, value, from: 'the text' });
  });
});

describe('no JSON', () => {
  test.each([
    ['prose', 'The build is clean.'],
    ['braces that are not JSON', 'Use {name} and [1, 2'],
    ['an empty answer', ''],
    ['a fence of another language', `${fence}yaml\na: 1\n${fence}`]
  ])('%s', (_, text) => {
    expect(extractJson(text)).toEqual({ found: false, problem: 'The answer holds no JSON' });
  });

  test('a pathological answer is searched in bounded time, and says so', () => {
    // Each `[` opens a candidate that never closes: searched naively, quadratic.
    const text = '['.repeat(200_000);
    const extracted = extractJson(text);
    expect(extracted).toEqual({
      found: false,
      problem: `The answer holds no JSON that could be found in the ${SCAN_LIMIT.toLocaleString('en-US')} steps the search may take`
    });
  });
});

describe('nesting', () => {
  test('in prose, nesting is followed MAX_DEPTH levels deep; a whole answer parses at any depth', () => {
    const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepest = extractJson(`Here: ${nested(MAX_DEPTH + 1)}`);
    // The outer bracket is too deep to follow; the one inside it fits.
    expect(deepest.found && JSON.stringify(deepest.value)).toBe(nested(MAX_DEPTH));
    expect(extractJson(nested(MAX_DEPTH + 1))).toMatchObject({
      found: true,
      from: 'the whole answer'
    });
  });
});

describe('parseJson', () => {
  test('says where a failure is, by line and column, the same way on every Node', () => {
    const parsed = parseJson('{\n  "a": 1\n  "b": 2\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toMatch(/ \(line 3, column 3\)$/);
    expect(parsed.error).not.toMatch(/line 3 column 3/);
  });
});

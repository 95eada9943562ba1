import { describe, expect, test } from '@jest/globals';
import { makeRedactor, MASK } from '../src/text/redact.js';

// Fake tokens are built by concatenation so that no secret-looking literal sits in this file.
const ALNUM = 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz';
const chars = (n: number, from = ALNUM): string =>
  Array.from({ length: n }, (_, i) => from[i % from.length]).join('');
const UPPER = 'QWERTYUIOPASDFGHJKLZXCVBNM0123456789';

const FAKE = {
  githubClassic: 'gh' + 'p_' + chars(36),
  githubOAuth: 'gh' + 'o_' + chars(36),
  githubServer: 'gh' + 's_' + chars(36),
  githubUser: 'gh' + 'u_' + chars(40),
  githubRefresh: 'gh' + 'r_' + chars(76),
  githubFineGrained: 'github' + '_pat_' + chars(22) + '_' + chars(59),
  openai: 's' + 'k-' + chars(48),
  openaiProject: 's' + 'k-proj-' + chars(40) + '-' + chars(20) + '_' + chars(10),
  openaiService: 's' + 'k-svcacct-' + chars(30),
  anthropic: 's' + 'k-ant-api03-' + chars(80) + '-' + chars(10),
  openrouter: 's' + 'k-or-v1-' + chars(64, '0123456789abcdef'),
  aws: 'AK' + 'IA' + chars(16, UPPER),
  awsSession: 'AS' + 'IA' + chars(16, UPPER),
  slackBot: 'xo' + 'xb-' + '1234567890-' + '1234567890123-' + chars(24),
  slackUser: 'xo' + 'xp-' + '1234567890-' + chars(20),
  jwt: 'ey' + 'J' + chars(30) + '.' + 'ey' + 'J' + chars(40) + '.' + chars(43) + '-_'
};

describe('makeRedactor: values given by the user', () => {
  test.each<[string, string[], string, string]>([
    ['a plain value', ['hunter2'], 'password: hunter2!', `password: ${MASK}!`],
    ['every occurrence', ['abc123'], 'abc123 and abc123abc123', `${MASK} and ${MASK}${MASK}`],
    ['several values', ['alpha-1', 'beta-2'], 'alpha-1 beta-2 gamma-3', `${MASK} ${MASK} gamma-3`],
    [
      'regex metacharacters are literal',
      ['a.b*c+(d)[e]$^|?'],
      'x a.b*c+(d)[e]$^|? y axbbbc',
      `x ${MASK} y axbbbc`
    ],
    ['a value with spaces', ['open sesame'], 'say open sesame now', `say ${MASK} now`],
    ['non-ASCII', ['pässwörd漢字'], '"pässwörd漢字"', `"${MASK}"`],
    ['nothing to hide', [], 'plain text stays', 'plain text stays'],
    ['an empty value is ignored', [''], 'nothing to hide', 'nothing to hide'],
    ['case matters', ['Secret'], 'secret SECRET Secret', `secret SECRET ${MASK}`]
  ])('%s', (_name, values, text, expected) => {
    expect(makeRedactor(values)(text)).toBe(expected);
  });

  test('longest first: a value inside another is not left half-masked', () => {
    const text = 'token=abcdef123456 short=abc';
    for (const values of [
      ['abc', 'abcdef123456'],
      ['abcdef123456', 'abc']
    ]) {
      expect(makeRedactor(values)(text)).toBe(`token=${MASK} short=${MASK}`);
    }
  });

  test('overlapping values: the longer one wins where both start', () => {
    expect(makeRedactor(['secret', 'secretpassword'])('secretpassword secrets')).toBe(
      `${MASK} ${MASK}s`
    );
  });

  test.each<[string, string]>([
    ['a quote', 'pa"ss'],
    ['a backslash', 'C:\\keys\\prod'],
    ['a newline', 'line1\nline2'],
    ['a tab', 'a\tb'],
    ['a control character', 'x\u0001y'],
    ['quote and backslash', 'a\\"b']
  ])('a value containing %s is masked in a JSON transcript line too', (_name, value) => {
    const redact = makeRedactor([value]);
    // As it stands in the stream: inside a JSON string, escaped.
    const line = JSON.stringify({ type: 'text', text: `the key is ${value}.`, timestamp: 1 });
    expect(line).not.toContain(value);
    const out = redact(line);
    expect(out).toBe(`{"type":"text","text":"the key is ${MASK}.","timestamp":1}`);
    // And as plain text (the log, after decoding).
    expect(redact(`the key is ${value}.`)).toBe(`the key is ${MASK}.`);
  });

  test('the JSON-escaped form in upstream spacing', () => {
    const value = 'he said "hi"';
    const line = `{"type": "tool_result", "name": "terminal", "output": "${JSON.stringify(value).slice(1, -1)}", "timestamp": 1}`;
    expect(makeRedactor([value])(line)).toBe(
      `{"type": "tool_result", "name": "terminal", "output": "${MASK}", "timestamp": 1}`
    );
  });

  test('the mask itself is never re-masked into something else', () => {
    const redact = makeRedactor(['*', '**']);
    expect(redact('a*b')).toBe(`a${MASK}b`);
  });
});

describe('makeRedactor: well-known token formats', () => {
  test.each(Object.entries(FAKE))('%s', (_name, token) => {
    const redact = makeRedactor([]);
    expect(redact(token)).toBe(MASK);
    expect(redact(`export KEY=${token} # set`)).toBe(`export KEY=${MASK} # set`);
    expect(redact(`{"output": "Authorization: Bearer ${token}", "x": 1}`)).toBe(
      `{"output": "Authorization: Bearer ${MASK}", "x": 1}`
    );
    expect(redact(`(${token})\n'${token}'`)).toBe(`(${MASK})\n'${MASK}'`);
  });

  test('several tokens in one line', () => {
    const line = `gh=${FAKE.githubClassic} aws=${FAKE.aws} jwt=${FAKE.jwt}`;
    expect(makeRedactor([])(line)).toBe(`gh=${MASK} aws=${MASK} jwt=${MASK}`);
  });

  test('user values and token formats together', () => {
    expect(makeRedactor(['my-db-password'])(`db=my-db-password key=${FAKE.openai}`)).toBe(
      `db=${MASK} key=${MASK}`
    );
  });

  test.each([
    'The build is clean.',
    'Checking the logs: out.log, err.log',
    'ask-me-anything and task-runner-configuration-file-name',
    'desk-lamp-with-a-very-long-hyphenated-product-name',
    'sk-learn is short',
    'ghp_tooShort123',
    'github_pat_short',
    'AKIA lowercase akia' + 'abcdefghijklmnop',
    'AKIA' + 'SHORT12',
    'xoxb-short',
    'eyJhbGciOi only one part',
    'session 20261129_101500_9f8e7d, model nous/hermes-4-70b',
    'sha256:' + '0123456789abcdef'.repeat(4),
    'https://github.com/owner/repo/pull/42',
    'a UUID 123e4567-e89b-12d3-a456-426614174000',
    'café 漢字 🚀 *** already masked'
  ])('ordinary text stays untouched: %j', text => {
    expect(makeRedactor([])(text)).toBe(text);
  });

  test('a token glued to a word is masked all the same: an injected agent could hide one behind a letter', () => {
    const redact = makeRedactor([]);
    expect(redact('xghp_' + chars(36))).toBe(`x${MASK}`);
    expect(redact('XAKIA' + chars(16, UPPER) + 'Z')).toBe(`X${MASK}Z`);
    expect(redact('key' + FAKE.anthropic)).toBe(`key${MASK}`);
  });

  test('a bare sk- glued to a word is a word (risk-…), unless a JSON escape ends there', () => {
    const redact = makeRedactor([]);
    const word = 'risk-assessment-framework-v2';
    expect(redact(word)).toBe(word);
    expect(redact(`"a.log\\n${FAKE.openai}"`)).toBe(`"a.log\\n${MASK}"`);
  });
});

describe('makeRedactor: a token in a raw transcript line, wherever it stands', () => {
  // Each escape as it stands in the JSONL (a backslash and what follows), before and after a token.
  const ESCAPES = ['\\n', '\\t', '\\r', '\\"', '\\\\', '\\/', '\\u00e9', '\\u001b'];
  const NEIGHBOURS = [...ESCAPES, '', '.', '(', '=', 'é', '漢', '😀'];
  test.each(Object.entries(FAKE).flatMap(([kind, token]) => NEIGHBOURS.map(n => [kind, n, token])))(
    '%s after and before %j',
    (_kind, neighbour, token) => {
      const line = `{"type": "tool_result", "output": "${neighbour}${token}${neighbour}", "timestamp": 1}`;
      expect(makeRedactor([])(line)).toBe(
        `{"type": "tool_result", "output": "${neighbour}${MASK}${neighbour}", "timestamp": 1}`
      );
    }
  );

  test.each([
    ['a quote', 'pa"ss', 'pa\\"ss'],
    ['a slash escaped as \\/', 'a/b/c-key', 'a\\/b\\/c-key'],
    ['non-ASCII escaped as \\u', 'clé-secrète', 'cl\\u00e9-secr\\u00e8te']
  ])('a redact value with %s, in each form a JSON encoder may write it', (_name, value, form) => {
    expect(makeRedactor([value])(`{"text": "x ${form} y"}`)).toBe(`{"text": "x ${MASK} y"}`);
  });
});

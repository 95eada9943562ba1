import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import {
  environmentSecrets,
  makeRedactor,
  MASK,
  redactJsonNumbers
} from '../../src/text/redact.js';
import { cutRedacted, HELD_SECRET_CHARS } from '../../src/text/text.js';
import { runs } from '../helpers/runs.js';
import { must } from '../helpers/must.js';

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
  jwt: 'ey' + 'J' + chars(30) + '.' + 'ey' + 'J' + chars(40) + '.' + chars(43) + '-_',
  // npm/redact's test token: an HS256 header, the empty payload `{}` (e30), a signature.
  jwtEmptyPayload: 'ey' + 'JhbGciOiJIUzI1NiJ9' + '.e30.' + chars(43)
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
  const inLine = (output: string): string =>
    `{"type": "tool_result", "output": "${output}", "timestamp": 1}`;

  // One row per neighbour, every format in it: the formats that fail there are listed.
  test.each(NEIGHBOURS)('every format after and before %j', neighbour => {
    const missed = Object.entries(FAKE)
      .filter(
        ([, token]) =>
          makeRedactor([])(inLine(`${neighbour}${token}${neighbour}`)) !==
          inLine(`${neighbour}${MASK}${neighbour}`)
      )
      .map(([kind]) => kind);
    expect(missed).toEqual([]);
  });

  test('any format between any two neighbours, each side drawn on its own (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(FAKE)),
        fc.constantFrom(...NEIGHBOURS),
        fc.constantFrom(...NEIGHBOURS),
        (token, before, after) => {
          expect(makeRedactor([])(inLine(`${before}${token}${after}`))).toBe(
            inLine(`${before}${MASK}${after}`)
          );
        }
      ),
      { numRuns: runs(300) }
    );
  });

  test.each([
    ['a quote', 'pa"ss', 'pa\\"ss'],
    ['a slash escaped as \\/', 'a/b/c-key', 'a\\/b\\/c-key'],
    ['non-ASCII escaped as \\u', 'clé-secrète', 'cl\\u00e9-secr\\u00e8te']
  ])('a redact value with %s, in each form a JSON encoder may write it', (_name, value, form) => {
    expect(makeRedactor([value])(`{"text": "x ${form} y"}`)).toBe(`{"text": "x ${MASK} y"}`);
  });
});

describe('makeRedactor: more formats (cases after npm/redact and claude-code-action’s sanitizer tests)', () => {
  const redact = makeRedactor([]);
  const ALNUM36 = chars(36);
  test.each<[string, string, string]>([
    ['Google API key', 'key=' + 'AI' + 'za' + chars(35), `key=${MASK}`],
    ['Groq', 'gs' + 'k_' + chars(52), MASK],
    ['Hugging Face', 'hf' + '_' + chars(34), MASK],
    ['npm', 'np' + 'm_' + ALNUM36, MASK],
    ['npm session', 'np' + 'ms_' + ALNUM36, MASK],
    ['GitLab personal', 'gl' + 'pat-' + chars(20), MASK],
    ['GitLab runner', 'token gl' + 'rt-' + chars(24), `token ${MASK}`],
    ['GitLab deploy', 'gl' + 'dt-' + chars(20), MASK],
    ['Stripe secret', 'sk' + '_live_' + chars(24), MASK],
    ['Stripe restricted', 'rk' + '_test_' + chars(24), MASK],
    ['Stripe webhook', 'wh' + 'sec_' + chars(32), MASK],
    ['a Bearer header', 'Authorization: Bearer abc123abc1', `Authorization: Bearer ${MASK}`],
    ['a Basic header', 'authorization: Basic dXNlcjpwYXNz', `authorization: Basic ${MASK}`],
    ['a token header', '-H "Authorization: token 0123abcd"', `-H "Authorization: token ${MASK}"`],
    ['a bare scheme-less header', 'Authorization=opaque-value', `Authorization=${MASK}`],
    ['Bearer elsewhere, with a digit', 'sent Bearer abc123abc1 twice', `sent Bearer ${MASK} twice`],
    ['Bearer multispace', 'Bearer      abc123abc1', `Bearer      ${MASK}`],
    [
      'a JWT after Bearer',
      'Bearer eyJ' + chars(20) + '.eyJ' + chars(20) + '.' + chars(20),
      `Bearer ${MASK}`
    ],
    ['a URL password', 'https://user:pass@registry.org/x', `https://user:${MASK}@registry.org/x`],
    [
      'a token as URL password',
      'https://x-access-token:abc.def-123@github.com',
      `https://x-access-token:${MASK}@github.com`
    ],
    [
      'a token as URL user',
      'https://' + chars(40) + '@github.com/o/r',
      `https://${MASK}@github.com/o/r`
    ],
    ['a bare sk- after a percent escape', 'Bearer%20' + 's' + 'k-' + chars(40), `Bearer%20${MASK}`],
    [
      'Bearer after a percent escape',
      'Authorization%3A%20Bearer%20abc123abc1',
      `Authorization%3A%20Bearer%20${MASK}`
    ],
    [
      'a GitHub token cut by upstream',
      'out: ' + 'gh' + 'p_' + chars(30) + '...',
      `out: ${MASK}...`
    ],
    [
      'a token in V8’s JSON.parse quote',
      `"x ${'gh' + 'p_'}aaaa"... is not valid JSON`,
      `"x ${MASK}"... is not valid JSON`
    ],
    ['an Anthropic key cut by our own mark', 's' + 'k-ant-' + chars(8) + '…', `${MASK}…`]
  ])('%s', (_name, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  test.each([
    'Basic authentication is off',
    'the Bearer token goes in a header',
    'git@github.com:owner/repo.git',
    'https://github.com/owner/repo',
    'https://user@example.com',
    'risk_assessment and desk_lamp',
    'hf_hub is a package',
    'npm_config_cache',
    'an ellipsis... and ghp_ alone'
  ])('ordinary text stays: %j', text => {
    expect(redact(text)).toBe(text);
  });

  test('a value percent-encoded, as in a URL, is masked too', () => {
    expect(makeRedactor(['p@ss/w0rd!'])('https://u:p%40ss%2Fw0rd!@h')).toBe(`https://u:${MASK}@h`);
  });

  test('find says where secrets stand, in order', () => {
    const token = 'gh' + 'p_' + ALNUM36;
    expect(redact.find(`a ${token} b ${token}`)).toEqual([
      [2, 2 + token.length],
      [5 + token.length, 5 + 2 * token.length]
    ]);
  });
});

describe('environmentSecrets: values of variables whose names look secret', () => {
  test('by name, at least 8 characters, multi-line values line by line too', () => {
    const env = {
      GEMINI_API_KEY: 'plainvalue-without-prefix',
      MY_TOKEN: 'short',
      DB_PASSWORD: 'hunter2hunter2',
      GH_PAT: 'pat-value-1234',
      GOOGLE_APPLICATION_CREDENTIALS: '{"a":1}\n  line-two-secret\n',
      client_secret: 'lower-case-name',
      PATH: '/usr/bin:/bin',
      HOME: '/home/runner',
      KEYBOARD: 'not a key name at all'
    };
    expect(environmentSecrets(env).sort()).toEqual(
      [
        'plainvalue-without-prefix',
        'hunter2hunter2',
        'pat-value-1234',
        '{"a":1}\n  line-two-secret\n',
        'line-two-secret',
        'lower-case-name'
      ].sort()
    );
  });

  test('a prefix-less key from env: is masked wherever it stands', () => {
    const redact = makeRedactor(environmentSecrets({ GROQ_KEY: 'Zq9x-prefixless-8c1' }));
    expect(redact('curl -d key=Zq9x-prefixless-8c1')).toBe(`curl -d key=${MASK}`);
  });
});

describe('redactJsonNumbers: a secret written as a JSON number', () => {
  const redact = makeRedactor(['123456789', '98765432109876543210']);

  test.each([
    ['an integer', '{"id": 123456789, "n": 2}', '{"id": "***", "n": 2}'],
    ['in an array, negative', '[1, -123456789, 3]', '[1, "-***", 3]'],
    ['longer than a double holds', '{"a": 98765432109876543210}', '{"a": "***"}'],
    ['inside a longer number', '{"a": 12345678900.5e3}', '{"a": "***00.5e3"}'],
    ['a string is left to the string pass', '{"a": "123456789"}', '{"a": "123456789"}'],
    [
      'a string with an escaped quote first',
      '{"a": "x\\" 123456789", "b": 7}',
      '{"a": "x\\" 123456789", "b": 7}'
    ],
    ['nothing to hide', '{"a": 12345678, "b": 1.5}', '{"a": 12345678, "b": 1.5}']
  ])('%s', (_name, line, expected) => {
    const clean = redactJsonNumbers(line, redact);
    expect(clean).toBe(expected);
    expect(() => JSON.parse(clean)).not.toThrow();
  });
});

describe('cutRedacted: a stderr line without end, cut into pieces', () => {
  const MAX = 8192;
  /** What spawn.ts does with each chunk, and the line's end: every piece is redacted again when logged. */
  function pieces(chunks: string[]): string[] {
    const out: string[] = [];
    let pending = '';
    for (const chunk of chunks) {
      const { pieces: cut, rest } = cutRedacted(pending + chunk, makeRedactor([]), MAX);
      out.push(...cut.map(p => makeRedactor([])(p)));
      pending = rest;
    }
    out.push(makeRedactor([])(pending));
    return out;
  }
  const token = 'gh' + 'p_' + chars(36);

  test('a token arriving across the cut is masked whole, not its prefix passed on', () => {
    const line = 'x'.repeat(MAX - 2) + token + '.'.repeat(10);
    // The first chunk ends just past the prefix: 8192 characters of it once held.
    const out = pieces([line.slice(0, MAX + 3), line.slice(MAX + 3)]);
    expect(out.join('')).toBe('x'.repeat(MAX - 2) + MASK + '.'.repeat(10));
    expect(out.every(p => p.length <= MAX)).toBe(true);
    expect(out.some(p => p.includes('gh'))).toBe(false);
  });

  test('anywhere in the line, in chunks of any size, no piece holds a part of the token (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * MAX }),
        fc.array(fc.integer({ min: 1, max: 2 * MAX }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (at, sizes, blanks) => {
          // Characters no token holds, with blanks (where a cut prefers to be) or without.
          const filler = (n: number): string => (blanks ? '. ' : '.').repeat(n).slice(0, n);
          const line = filler(at) + token + filler(2 * MAX);
          const chunks: string[] = [];
          for (let i = 0, k = 0; i < line.length; k++) {
            const size = sizes[k % sizes.length];
            chunks.push(line.slice(i, i + must(size)));
            i += must(size);
          }
          const out = pieces(chunks);
          const joined = out.join('');
          expect(joined.replaceAll(/[. ]/g, '')).toBe(MASK);
          expect(joined.length).toBe(at + MASK.length + 2 * MAX);
          expect(out.every(p => p.length <= MAX + HELD_SECRET_CHARS)).toBe(true);
          expect(out.slice(0, -1).every(p => p.length <= MAX)).toBe(true);
        }
      ),
      { numRuns: runs(200) }
    );
  });
});

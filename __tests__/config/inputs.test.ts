import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it, test } from '@jest/globals';
import fc from 'fast-check';
import { Input, InputError, type Environment } from '../../src/config/inputs.js';
import { checkPaths, parseSettings } from '../../src/config/settings.js';
import { cliSettings, type AnySettings } from '../helpers/settings.js';
import { readQuery, splitArgs } from '../../src/config/values.js';
import { reader } from '../../src/config/input-reader.js';
import { runs } from '../helpers/runs.js';
import { PINNED_HERMES_VERSION, upstreamInstallerUrl } from '../../src/config/install.js';

const WORKSPACE = '/home/runner/work/repo/repo';
const RUNNER_TEMP = '/home/runner/work/_temp';

/** The runner's view: inputs by name (missing ones read as ''), and an environment. */
function runner(
  inputs: Record<string, string>,
  env: NodeJS.ProcessEnv = { GITHUB_WORKSPACE: WORKSPACE, RUNNER_TEMP }
): Environment {
  return { getInput: name => inputs[name] ?? '', env };
}

const parse = (inputs: Record<string, string>, env?: NodeJS.ProcessEnv): AnySettings =>
  parseSettings(runner(inputs, env)) as AnySettings;

/** The InputError a parse throws (fails the test when it does not throw one). */
function parseError(inputs: Record<string, string>, env?: NodeJS.ProcessEnv): InputError {
  try {
    parse(inputs, env);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error(`expected an InputError for ${JSON.stringify(inputs)}`);
}

const QUERY = { query: 'Summarise the build log.' };

describe('parseSettings: defaults', () => {
  test('only a query: every other setting takes its documented default', () => {
    const settings = parse(QUERY);
    expect(settings).toEqual({
      mode: 'cli',
      query: { kind: 'text', text: 'Summarise the build log.' },
      ignoreUserConfig: false,
      ignoreRules: false,
      worktree: false,
      checkpoints: false,
      passSessionId: false,
      prRules: 'ignore',
      forkPrs: 'refuse',
      args: [],
      hermesPath: 'hermes',
      workingDirectory: WORKSPACE,
      timeoutMs: 0,
      tempfailRetries: 0,
      tempfailBackoffMs: 30_000,
      failOnError: true,
      summary: true,
      uploadArtifact: true,
      artifactArchive: false,
      redact: [],
      jsonlPath: settings.jsonlPath,
      showReasoning: true,
      sessionRecord: true,
      thread: { mode: 'auto', maxBytes: 50 * 1024 * 1024, key: '' },
      triggerPhrase: '',
      gate: { token: '', allowedUsers: [], allowedBots: [] },
      comment: { enabled: false, number: undefined, key: undefined },
      write: { review: false, labels: [] },
      install: {
        mode: 'auto',
        version: PINNED_HERMES_VERSION,
        installerUrl: upstreamInstallerUrl(PINNED_HERMES_VERSION),
        installBrowser: false,
        timeoutMs: 15 * 60_000
      },
      isolation: 'auto',
      egress: { kind: 'fenced', hosts: [], pinned: new Map() },
      gateway: { modelProxy: 'auto', budgets: {}, prices: {} }
    });
    expect(settings.model).toBeUndefined();
    expect(settings.artifactName).toBeUndefined();
    expect(settings.retentionDays).toBeUndefined();
    expect(settings.transcript).toBeUndefined();
  });

  test('allowed-users and allowed-bots: one per line or comma-separated, @ and case dropped', () => {
    const settings = parse({
      ...QUERY,
      'github-token': ' tok \n',
      'allowed-users': 'Alice, @bob\n\n  carol ,',
      'allowed-bots': 'renovate[bot]\n@Dependabot[bot]'
    });
    expect(settings.gate).toEqual({
      token: 'tok',
      allowedUsers: ['alice', 'bob', 'carol'],
      allowedBots: ['renovate[bot]', 'dependabot[bot]']
    });
  });

  test.each(['*', 'renovate[bot], *', '*[bot]'])(
    'allowed-bots %j: a wildcard is refused, bots are named',
    value => {
      expect(() => parse({ ...QUERY, 'allowed-bots': value })).toThrow(
        new InputError(
          'Input "allowed-bots" lists a wildcard ("*"); bots are allowed by name only, because "*" would also let in any stranger\'s GitHub App acting on their own fork. List each bot, such as renovate[bot].'
        )
      );
    }
  );

  test('text inputs are trimmed; blank ones count as unset', () => {
    const settings = parse({
      ...QUERY,
      model: '  nous/hermes-4-70b \n',
      'hermes-path': '   ',
      'artifact-name': '  '
    });
    expect(settings.model).toBe('nous/hermes-4-70b');
    expect(settings.hermesPath).toBe('hermes');
    expect(settings.artifactName).toBeUndefined();
  });

  test('the query text itself is passed verbatim (not trimmed)', () => {
    expect(parse({ query: '  two\nlines \n' }).query).toEqual({
      kind: 'text',
      text: '  two\nlines \n'
    });
  });
});

/** How a boolean input may be spelled, and what it reads as. */
const SPELLINGS: [string, boolean][] = [
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
  [' true\n', true]
];

describe('parseSettings: boolean inputs', () => {
  const BOOLEANS: [string, keyof AnySettings, boolean][] = [
    ['ignore-user-config', 'ignoreUserConfig', false],
    ['ignore-rules', 'ignoreRules', false],
    ['worktree', 'worktree', false],
    ['checkpoints', 'checkpoints', false],
    ['pass-session-id', 'passSessionId', false],
    ['fail-on-error', 'failOnError', true],
    ['summary', 'summary', true],
    ['upload-artifact', 'uploadArtifact', true],
    ['artifact-archive', 'artifactArchive', false],
    ['show-reasoning', 'showReasoning', true]
  ];
  // Each input through parseSettings once: its default, the value that is not, and a refusal naming it.
  test.each(BOOLEANS)(
    '%s: unset is its default, the other value is read',
    (input, key, fallback) => {
      expect(parse(QUERY)[key]).toBe(fallback);
      expect(parse({ ...QUERY, [input]: String(!fallback) })[key]).toBe(!fallback);
      expect(parseError({ ...QUERY, [input]: 'yes' }).message).toBe(
        `Input "${input}" is "yes"; allowed: true or false.`
      );
    }
  );
});

// The spellings, once, on the one reader every boolean input goes through.
describe('reader().bool', () => {
  const bool = (raw: string, fallback = false): boolean =>
    reader(() => raw).bool(Input.Worktree, fallback);

  test.each(SPELLINGS)('accepts %j as %s', (raw, expected) => {
    expect(bool(raw)).toBe(expected);
    expect(bool(raw, true)).toBe(expected);
  });

  test('blank is the fallback', () => {
    expect(bool('')).toBe(false);
    expect(bool(' \n', true)).toBe(true);
  });

  const REJECTED = ['yes', 'no', 'on', 'off', '1', '0', 'tRUE', 'fAlse', 'y', 'true false'];
  test.each(REJECTED)('rejects %j, naming the input and the value', raw => {
    expect(() => bool(raw)).toThrow(
      new InputError(`Input "worktree" is ${JSON.stringify(raw)}; allowed: true or false.`)
    );
  });

  test('rejects anything else that is not blank (property)', () => {
    const spelled = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', '']);
    fc.assert(
      fc.property(
        fc.string().filter(raw => !spelled.has(raw.trim())),
        raw => {
          expect(() => bool(raw)).toThrow(InputError);
        }
      ),
      { numRuns: runs(500) }
    );
  });
});

describe('parseSettings: query, query-file, transcript', () => {
  test('query-file alone', () => {
    expect(parse({ 'query-file': ' prompts/review.md ' }).query).toEqual({
      kind: 'file',
      path: 'prompts/review.md'
    });
  });

  test('a whitespace-only query does not count: query-file wins', () => {
    expect(parse({ query: ' \n ', 'query-file': 'q.md' }).query).toEqual({
      kind: 'file',
      path: 'q.md'
    });
  });

  test('both query and query-file: an error naming both', () => {
    const error = parseError({ query: 'hi', 'query-file': 'q.md' });
    expect(error.message).toContain('"query"');
    expect(error.message).toContain('"query-file"');
    expect(error.message).toMatch(/both/);
  });

  test.each([[{}], [{ query: '   ' }], [{ query: '', 'query-file': '  ' }]])(
    'neither query nor query-file (%j): an error',
    inputs => {
      const error = parseError(inputs);
      expect(error.message).toContain('"query"');
      expect(error.message).toContain('"query-file"');
      expect(error.message).toMatch(/Neither/);
    }
  );

  test('transcript mode needs no query; the path is resolved against working-directory', () => {
    const settings = parse({ transcript: 'runs/run.jsonl', 'working-directory': 'sub' });
    expect(settings.query).toBeUndefined();
    expect(settings.transcript).toBe(path.join(WORKSPACE, 'sub', 'runs', 'run.jsonl'));
  });

  test('transcript with an absolute path, inside RUNNER_TEMP', () => {
    const old = path.join(RUNNER_TEMP, 'old', 'run.jsonl');
    expect(parse({ transcript: old }).transcript).toBe(old);
  });

  test.each([
    ['transcript', { transcript: '/tmp/old/run.jsonl' }, '/tmp/old/run.jsonl'],
    ['query-file', { 'query-file': '../../../../../etc/passwd' }, '/etc/passwd'],
    ['jsonl-path', { ...QUERY, 'jsonl-path': '/tmp/t.jsonl' }, '/tmp/t.jsonl']
  ])(
    '%s outside the workspace and RUNNER_TEMP is refused, naming where',
    (input, inputs, where) => {
      expect(parseError(inputs).message).toBe(
        `Input "${input}" is ${JSON.stringify(Object.values(inputs).at(-1))}, which is ${where}: outside the workspace (${WORKSPACE}) and the runner's temporary directory (${RUNNER_TEMP}). Give a path inside one of them (a link is followed to where it ends).`
      );
    }
  );
});

describe('parseSettings: api-url and api-key (API server mode)', () => {
  const KEY = 'change-me-local-dev';
  const API = { ...QUERY, 'api-url': 'http://127.0.0.1:8642/v1', 'api-key': KEY };

  test('both given: the URL (without a trailing slash) and the key; no CLI setting changes', () => {
    const settings = parse({ ...API, 'api-url': 'http://127.0.0.1:8642/v1/' });
    expect(settings.api).toEqual({ url: 'http://127.0.0.1:8642/v1', key: KEY });
    expect(settings.query).toEqual({ kind: 'text', text: 'Summarise the build log.' });
    expect(parse(QUERY).api).toBeUndefined();
  });

  test.each([
    ['https://hermes.example.org/v1', 'https://hermes.example.org/v1'],
    ['http://localhost:8642/v1//', 'http://localhost:8642/v1'],
    ['HTTP://[::1]:8642/v1', 'http://[::1]:8642/v1'],
    ['http://10.0.0.5:8642', 'http://10.0.0.5:8642']
  ])('%s → %s', (url, expected) => {
    expect(parse({ ...API, 'api-url': url }).api?.url).toBe(expected);
  });

  test('the action’s defaults for CLI inputs, as the runner passes them, are not CLI options given', () => {
    const defaults = {
      'ignore-user-config': 'false',
      'ignore-rules': 'false',
      worktree: 'false',
      checkpoints: 'false',
      'pass-session-id': 'false',
      args: '',
      'hermes-path': 'hermes',
      'working-directory': '.'
    };
    expect(parse({ ...API, ...defaults }).api?.url).toBe('http://127.0.0.1:8642/v1');
  });

  test.each([
    ['ignore-user-config', 'true'],
    ['ignore-rules', 'true'],
    ['worktree', 'true'],
    ['checkpoints', 'true'],
    ['pass-session-id', 'true'],
    ['args', '--max-turns 5'],
    ['hermes-path', '/opt/hermes/bin/hermes'],
    ['working-directory', 'sub']
  ])('a CLI-only input with api-url is an error: %s', (input, value) => {
    const error = parseError({ ...API, [input]: value });
    expect(error.message).toBe(
      `Input "${input}" only applies to the Hermes CLI, which API server mode ("api-url") does not run; remove it, or remove "api-url" to run the CLI.`
    );
  });

  test('several CLI-only inputs are named together', () => {
    const error = parseError({ ...API, worktree: 'true', args: '-t terminal' });
    expect(error.message).toMatch(/^Inputs "worktree", "args" only apply to the Hermes CLI/);
    expect(error.message).toContain('remove them');
  });

  test.each<[Record<string, string>, RegExp]>([
    [{ ...QUERY, 'api-url': 'http://127.0.0.1:8642/v1' }, /"api-url" is set without "api-key"/],
    [{ ...QUERY, 'api-key': KEY }, /"api-key" is set without "api-url"/],
    [{ ...API, 'api-url': '127.0.0.1:8642/v1' }, /allowed: an http:\/\/ or https:\/\/ URL/],
    [{ ...API, 'api-url': 'ftp://host/v1' }, /allowed: an http:\/\/ or https:\/\/ URL/],
    [{ ...API, 'api-url': 'not a url' }, /allowed: an http:\/\/ or https:\/\/ URL/],
    [{ ...API, 'api-url': 'http://host/v1?x=1' }, /may not have a query or a fragment/],
    [{ ...API, 'api-key': 'two words' }, /"api-key" holds a space/],
    [
      { ...API, 'api-key': 'clé' },
      /"api-key" holds a space, a line break or a non-ASCII character/
    ],
    [{ ...API, transcript: 'run.jsonl' }, /"api-url" and "transcript" are both set/],
    [{ 'query-file': '-', 'api-url': API['api-url'], 'api-key': KEY }, /"-" \(standard input\)/]
  ])('%j is refused', (inputs, message) => {
    expect(parseError(inputs).message).toMatch(message);
  });

  test('errors never quote the key, nor a URL that holds credentials', () => {
    const secret = 's3cr3t-value';
    for (const inputs of [
      { ...API, 'api-key': `${secret} x` },
      { ...API, 'api-key': secret, 'api-url': `http://user:${secret}@host/v1` },
      { ...API, 'api-key': secret, worktree: 'true' }
    ]) {
      const message = parseError(inputs).message;
      expect(message).not.toContain(secret);
    }
    expect(parseError({ ...API, 'api-url': 'http://u:p@host/v1' }).message).toMatch(
      /holds credentials/
    );
  });
});

describe('readQuery', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-'));

  test('query: its text; query-file: the file’s content, relative to the directory given', () => {
    fs.writeFileSync(path.join(dir, 'prompt.md'), 'Review `$(rm -rf /)` safely\n');
    expect(readQuery({ kind: 'text', text: 'hi' }, dir)).toBe('hi');
    expect(readQuery({ kind: 'file', path: 'prompt.md' }, dir)).toBe(
      'Review `$(rm -rf /)` safely\n'
    );
  });

  test('a missing or empty file is an input error naming it', () => {
    fs.writeFileSync(path.join(dir, 'empty.md'), ' \n');
    expect(() => readQuery({ kind: 'file', path: 'nope.md' }, dir)).toThrow(
      'Input "query-file" is "nope.md"; it cannot be read (ENOENT).'
    );
    expect(() => readQuery({ kind: 'file', path: 'empty.md' }, dir)).toThrow(
      'Input "query-file" is "empty.md", an empty file.'
    );
  });
});

describe('parseSettings: numbers', () => {
  const ACCEPTED: [string, string, keyof AnySettings, number | undefined][] = [
    ['timeout-minutes', '', 'timeoutMs', 0],
    ['timeout-minutes', '0', 'timeoutMs', 0],
    ['timeout-minutes', '2', 'timeoutMs', 120_000],
    ['timeout-minutes', '1.5', 'timeoutMs', 90_000],
    ['timeout-minutes', '0.25', 'timeoutMs', 15_000],
    ['timeout-minutes', '.5', 'timeoutMs', 30_000],
    ['timeout-minutes', '+3', 'timeoutMs', 180_000],
    ['timeout-minutes', ' 10 ', 'timeoutMs', 600_000],
    ['tempfail-retries', '', 'tempfailRetries', 0],
    ['tempfail-retries', '0', 'tempfailRetries', 0],
    ['tempfail-retries', '3', 'tempfailRetries', 3],
    ['tempfail-backoff-seconds', '', 'tempfailBackoffMs', 30_000],
    ['tempfail-backoff-seconds', '0', 'tempfailBackoffMs', 0],
    ['tempfail-backoff-seconds', '10', 'tempfailBackoffMs', 10_000],
    ['tempfail-backoff-seconds', '0.5', 'tempfailBackoffMs', 500],
    ['retention-days', '', 'retentionDays', undefined],
    ['retention-days', '1', 'retentionDays', 1],
    ['retention-days', '90', 'retentionDays', 90]
  ];

  test.each(ACCEPTED)('%s = %j gives %s %p', (input, raw, key, expected) => {
    expect(parse({ ...QUERY, [input]: raw })[key]).toBe(expected);
  });

  const REJECTED: [string, string, RegExp][] = [
    ['timeout-minutes', '-1', /a number of at least 0/],
    ['timeout-minutes', '-0.5', /a number of at least 0/],
    ['timeout-minutes', 'ten', /a number/],
    ['timeout-minutes', '1e3', /a number/],
    ['timeout-minutes', '1.', /a number/],
    ['timeout-minutes', '1,5', /a number/],
    ['timeout-minutes', '0x10', /a number/],
    ['timeout-minutes', 'Infinity', /a number/],
    ['timeout-minutes', 'NaN', /a number/],
    ['timeout-minutes', '5m', /a number/],
    // Over what a timer holds (it would fire at once).
    ['timeout-minutes', '40000', /at most 35791/],
    ['tempfail-retries', '-1', /a whole number of at least 0/],
    ['tempfail-retries', '1.5', /a whole number of at least 0/],
    ['tempfail-retries', 'two', /a whole number/],
    ['tempfail-backoff-seconds', '-5', /a number of at least 0/],
    ['tempfail-backoff-seconds', '30s', /a number/],
    ['retention-days', '0', /a whole number of at least 1/],
    ['retention-days', '-1', /a whole number of at least 1/],
    ['retention-days', '1.5', /a whole number of at least 1/],
    ['retention-days', 'week', /a whole number/],
    ['comment-number', '0', /a whole number of at least 1/],
    ['comment-number', '#12', /a whole number/],
    ['comment', 'yes please', /true or false/]
  ];

  test.each(REJECTED)('%s = %j is rejected', (input, raw, allowed) => {
    const error = parseError({ ...QUERY, [input]: raw });
    expect(error.message).toContain(`"${input}"`);
    expect(error.message).toContain(JSON.stringify(raw));
    expect(error.message).toMatch(allowed);
  });
});

test('comment, comment-number and comment-key', () => {
  expect(
    parse({ ...QUERY, comment: 'true', 'comment-number': '12', 'comment-key': ' lint ' }).comment
  ).toEqual({
    enabled: true,
    number: 12,
    key: 'lint'
  });
});

describe('parseSettings: artifact-name', () => {
  const FORBIDDEN = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

  test.each(FORBIDDEN)('rejects a name containing %j', c => {
    const name = `hermes${c}run`;
    const error = parseError({ ...QUERY, 'artifact-name': name });
    expect(error.message).toContain('"artifact-name"');
    expect(error.message).toContain(`may not contain ${JSON.stringify(c)}`);
  });

  test.each(['hermes-transcript', 'run 42 (retry)', 'a.b_c-d', 'café'])('accepts %j', name => {
    expect(parse({ ...QUERY, 'artifact-name': name }).artifactName).toBe(name);
  });
});

describe('parseSettings: redact', () => {
  test.each([
    ['', []],
    ['secret-one', ['secret-one']],
    ['secret-one\nsecret-two', ['secret-one', 'secret-two']],
    ['  spaced  \r\nwindows\r\n\n\n  \nlast-one\n', ['spaced', 'windows', 'last-one']],
    ['a value with spaces', ['a value with spaces']],
    ['sixsix', ['sixsix']]
  ])('%j splits into %j', (raw, expected) => {
    expect(parse({ ...QUERY, redact: raw }).redact).toEqual(expected);
  });

  test.each([
    ['e', 'line 1'],
    ['long-enough\n\n12345', 'line 3'],
    ['ab\nlong-enough\n  xyz  ', 'lines 1, 3']
  ])('%j: a value under 6 characters is refused, named by line, never quoted', (raw, where) => {
    const error = parseError({ ...QUERY, redact: raw });
    expect(error.message).toBe(
      `Input "redact" has a value shorter than 6 characters (${where}); such a value would be replaced inside ordinary words, numbers and JSON (an outcome, a transcript line), so it is refused. Give each secret whole, at least 6 characters long.`
    );
  });
});

describe('parseSettings: working-directory and jsonl-path', () => {
  test.each([
    ['', WORKSPACE],
    ['.', WORKSPACE],
    ['sub/dir', path.join(WORKSPACE, 'sub', 'dir')],
    ['../other', path.resolve(WORKSPACE, '..', 'other')],
    ['/abs/elsewhere', '/abs/elsewhere']
  ])('working-directory %j resolves to %s', (raw, expected) => {
    expect(parse({ ...QUERY, 'working-directory': raw }).workingDirectory).toBe(expected);
  });

  test('without GITHUB_WORKSPACE, working-directory resolves against the current directory', () => {
    expect(parse({ ...QUERY, 'working-directory': 'x' }, { RUNNER_TEMP }).workingDirectory).toBe(
      path.resolve(process.cwd(), 'x')
    );
  });

  test('jsonl-path defaults to a fresh directory under RUNNER_TEMP, unique per call', () => {
    const a = parse(QUERY).jsonlPath;
    const b = parse(QUERY).jsonlPath;
    for (const p of [a, b]) {
      expect(path.dirname(path.dirname(p))).toBe(RUNNER_TEMP);
      expect(path.basename(p)).toBe('run.jsonl');
    }
    expect(a).not.toBe(b);
    expect(path.dirname(a)).not.toBe(path.dirname(b));
  });

  test('without RUNNER_TEMP, jsonl-path defaults under the system temporary directory, not the working tree', () => {
    const p = parse(
      { ...QUERY, 'working-directory': 'w' },
      { GITHUB_WORKSPACE: WORKSPACE }
    ).jsonlPath;
    expect(path.dirname(path.dirname(p))).toBe(os.tmpdir());
    expect(path.basename(p)).toBe('run.jsonl');
  });

  test('a given jsonl-path is resolved against working-directory', () => {
    expect(
      parse({ ...QUERY, 'working-directory': 'w', 'jsonl-path': 'out/t.jsonl' }).jsonlPath
    ).toBe(path.join(WORKSPACE, 'w', 'out', 't.jsonl'));
    const inTemp = path.join(RUNNER_TEMP, 't.jsonl');
    expect(parse({ ...QUERY, 'jsonl-path': inTemp }).jsonlPath).toBe(inTemp);
  });
});

describe('parseSettings: args', () => {
  test('args are split into words', () => {
    expect(parse({ ...QUERY, args: '--max-turns 5 -t "web, terminal"' }).args).toEqual([
      '--max-turns',
      '5',
      '-t',
      'web, terminal'
    ]);
  });

  test('an unclosed quote in args is an InputError naming "args"', () => {
    const error = parseError({ ...QUERY, args: "--source it's" });
    expect(error.message).toContain('"args"');
    expect(error.message).toContain('Close every quote');
  });
});

describe('splitArgs', () => {
  test.each<[string, string[]]>([
    ['', []],
    ['   \n\t ', []],
    ['--yolo', ['--yolo']],
    ['  --max-turns   5  ', ['--max-turns', '5']],
    ['--provider openrouter\n--max-turns 3', ['--provider', 'openrouter', '--max-turns', '3']],
    // quotes
    ['-t "web, terminal"', ['-t', 'web, terminal']],
    ["-s 'a b'", ['-s', 'a b']],
    ['--source="ci run"', ['--source=ci run']],
    ['a"b c"d', ['ab cd']],
    ["'it'\\''s'", ["it's"]],
    ['"say \\"hi\\""', ['say "hi"']],
    ["'back\\slash'", ['back\\slash']],
    ['"back\\\\slash"', ['back\\slash']],
    // escapes
    ['a\\ b', ['a b']],
    ['\\|', ['|']],
    ['\\;', [';']],
    // empty quoted args survive as empty words
    ['""', ['']],
    ["''", ['']],
    ['--source "" --yolo', ['--source', '', '--yolo']],
    // variables stay literal, quoted or not
    ['$HOME', ['$HOME']],
    ['"$HOME/x"', ['$HOME/x']],
    ["'$HOME'", ['$HOME']],
    ['--key=$OPENAI_API_KEY', ['--key=$OPENAI_API_KEY']],
    ['"$(whoami)"', ['$(whoami)']],
    // globs stay literal
    ['*.ts', ['*.ts']],
    ['src/*/index.?s', ['src/*/index.?s']],
    ['"*"', ['*']],
    // no shell runs them: comments, operators and substitutions are words like any other
    ['--yolo # keep it quiet', ['--yolo', '#', 'keep', 'it', 'quiet']],
    ['--source run#42', ['--source', 'run#42']],
    ['--yolo\n# c\n--checkpoints', ['--yolo', '#', 'c', '--checkpoints']],
    ['"#not a comment"', ['#not a comment']],
    ['${HOME} pre${X}post', ['${HOME}', 'pre${X}post']],
    ['a | b', ['a', '|', 'b']],
    ['--yolo; rm -rf /', ['--yolo;', 'rm', '-rf', '/']],
    ['a && b > out.txt 2>&1', ['a', '&&', 'b', '>', 'out.txt', '2>&1']],
    ['$(whoami)', ['$(whoami)']]
  ])('%j → %j', (raw, expected) => {
    expect(splitArgs(raw)).toEqual(expected);
  });

  test.each([`it's`, '"open', `--source 'a`, 'trailing\\'])(
    '%j is refused: it cannot be split',
    raw => {
      expect(() => splitArgs(raw)).toThrow(InputError);
      try {
        splitArgs(raw);
      } catch (error) {
        const message = (error as Error).message;
        expect(message).toContain('"args"');
        expect(message).toContain('cannot be split into arguments');
        expect(message).toContain(JSON.stringify(raw));
      }
    }
  );
});

describe('isolation', () => {
  test.each(['auto', 'user', 'none'])('"%s" is read as it is', mode => {
    expect(cliSettings({ isolation: mode }).isolation).toBe(mode);
  });

  test('anything else is an InputError naming the input and what is allowed', () => {
    expect(parseError({ query: 'q', isolation: 'sandbox' }).message).toBe(
      'Input "isolation" is "sandbox"; allowed: auto, user or none.'
    );
  });
});

// The refusals e2e/cli.e2e.test.ts once ran through dist/ one by one (it keeps one of each kind).
describe('refused before anything runs, each message naming the input and the value', () => {
  test.each<[Record<string, string>, string]>([
    [{ query: '' }, 'Neither "query" nor "query-file" is set'],
    [
      { 'query-file': '-' },
      'Input "query-file" is "-" (standard input), which the action cannot pass on; give a file, or "query".'
    ]
  ])('%j', (inputs, message) => {
    expect(parseError(inputs).message).toContain(message);
  });

  test('checkPaths: a working-directory that is not a directory, a transcript that is not a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-paths-'));
    const env = { GITHUB_WORKSPACE: dir, RUNNER_TEMP: dir };
    try {
      const check = (inputs: Record<string, string>) => () =>
        checkPaths(parseSettings(runner(inputs, env)), name => inputs[name] ?? '');
      expect(check({ ...QUERY, 'working-directory': 'nope' })).toThrow(
        new InputError(
          `Input "working-directory" is "nope", and ${path.join(dir, 'nope')} is not a directory; give a directory in the workspace.`
        )
      );
      expect(check({ transcript: 'missing.jsonl' })).toThrow(
        new InputError(
          `Input "transcript" is "missing.jsonl", and ${path.join(dir, 'missing.jsonl')} is not a file; give the path of an existing JSONL transcript.`
        )
      );
      expect(check(QUERY)).not.toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseSettings: the model gateway and the budgets', () => {
  const gatewayOf = (inputs: Record<string, string>) => {
    const settings = parse({ ...QUERY, ...inputs });
    if (settings.mode !== 'cli') throw new Error('not CLI mode');
    return settings.gateway;
  };

  test('every input given: the budgets and Hermes limits as numbers', () => {
    expect(
      gatewayOf({
        'model-proxy': 'off',
        'max-tokens': '20000',
        'max-cost-usd': '0.25',
        'max-model-calls': '12',
        'max-turns': '8',
        'run-budget': '90.5',
        'model-prices': '{"m": {"input": 0.13, "output": 0.4}}'
      })
    ).toEqual({
      modelProxy: 'off',
      budgets: { maxTokens: 20_000, maxCostUsd: 0.25, maxModelCalls: 12 },
      maxTurns: 8,
      runBudgetSeconds: 90.5,
      prices: { m: { input: 0.13, output: 0.4 } }
    });
  });

  const REJECTED: [string, string, RegExp][] = [
    ['model-proxy', 'on', /allowed: auto or off/],
    ['model-proxy', 'Auto', /allowed: auto or off/],
    ['max-tokens', '-1', /a whole number of at least 1/],
    ['max-tokens', '1.5', /a whole number of at least 1/],
    ['max-tokens', 'lots', /a whole number/],
    ['max-tokens', '0', /a whole number of at least 1/],
    ['max-cost-usd', '-0.01', /a number of at least 0/],
    ['max-cost-usd', '$1', /a number/],
    ['max-model-calls', '2.5', /a whole number of at least 1/],
    ['max-turns', '-3', /a whole number of at least 1/],
    ['run-budget', 'an hour', /a number/],
    ['model-prices', '{"m": 1}', /gives "m" no "input" and "output" price of 0 or more/],
    ['model-prices', '[]', /is not a JSON object/],
    ['model-prices', 'cheap', /is not JSON/],
    ['model-prices', '{"m": {"input": -1, "output": 1}}', /price of 0 or more/]
  ];

  test.each(REJECTED)(
    '%s = %j is rejected, naming the input, the value and what is allowed',
    (input, raw, allowed) => {
      const error = parseError({ ...QUERY, [input]: raw });
      expect(error.message).toContain(`"${input}"`);
      expect(error.message).toContain(JSON.stringify(raw));
      expect(error.message).toMatch(allowed);
    }
  );
});

describe('review and allowed-labels', () => {
  it('are off by default; the labels are split on commas and lines, trimmed, once each', () => {
    const settings = parseSettings({
      getInput: (name: string) =>
        ({ query: 'q', review: 'true', 'allowed-labels': 'bug, docs\n  good first issue ,bug,' })[
          name
        ] ?? '',
      env: { RUNNER_TEMP: '/tmp' }
    } as never);
    expect(settings.write).toEqual({ review: true, labels: ['bug', 'docs', 'good first issue'] });
  });
});

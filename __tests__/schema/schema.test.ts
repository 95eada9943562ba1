/** json-schema: reading and compiling the schema, the prompt it adds, checking the answer, the verdict. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { InputError } from '../../src/config/inputs.js';
import type { CliSettings } from '../../src/config/settings.js';
import { checkAnswer, STRUCTURED_OUTPUT_BYTES } from '../../src/schema/check.js';
import { readSchema, type AnswerSchema } from '../../src/schema/load.js';
import { askForJson, INSTRUCTION, withSchema } from '../../src/schema/prompt.js';
import { makeRedactor } from '../../src/text/redact.js';
import { VERDICT_SCHEMA } from '../helpers/verdict-schema.js';

const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-schema-test-'));
const read = (value: string): AnswerSchema | undefined =>
  readSchema({
    getInput: name => (name === 'json-schema' ? value : ''),
    env: { GITHUB_WORKSPACE: workspace }
  });
const schemaOf = (schema: unknown): AnswerSchema => read(JSON.stringify(schema))!;
const failure = (value: string): string => {
  try {
    read(value);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('no error');
};
const noRedaction = makeRedactor([]);

describe('reading json-schema', () => {
  test('empty: no schema, nothing changes', () => {
    expect(read('')).toBeUndefined();
    expect(read('  \n')).toBeUndefined();
  });

  test('inline JSON, draft 2020-12 by default', () => {
    const schema = read(JSON.stringify(VERDICT_SCHEMA, null, 2))!;
    expect(schema.draft).toBe('2020-12');
    expect(schema.schema).toEqual(VERDICT_SCHEMA);
    expect(schema.validate({ verdict: 'pass', findings: [] })).toBe(true);
    expect(schema.validate({ verdict: 'maybe', findings: [] })).toBe(false);
    expect(schema.warnings).toEqual([]);
  });

  test('a file relative to the workspace, with a BOM', () => {
    fs.mkdirSync(path.join(workspace, 'schemas'), { recursive: true });
    fs.writeFileSync(
      path.join(workspace, 'schemas', 'verdict.json'),
      `\uFEFF${JSON.stringify(VERDICT_SCHEMA)}`
    );
    expect(read('schemas/verdict.json')!.schema).toEqual(VERDICT_SCHEMA);
  });

  test('the draft is chosen by $schema: draft-07 keywords work under draft-07', () => {
    // `items` as an array is a tuple in draft-07; draft 2020-12 calls that prefixItems.
    const tuple = { items: [{ type: 'string' }, { type: 'number' }], additionalItems: false };
    const draft07 = schemaOf({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple });
    expect(draft07.draft).toBe('draft-07');
    expect(draft07.validate(['a', 1])).toBe(true);
    expect(draft07.validate(['a', 1, 2])).toBe(false);
    const draft2020 = schemaOf({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      prefixItems: [{ type: 'string' }],
      items: false
    });
    expect(draft2020.draft).toBe('2020-12');
    expect(draft2020.validate(['a'])).toBe(true);
    expect(draft2020.validate(['a', 'b'])).toBe(false);
  });

  test('formats are checked (ajv-formats)', () => {
    const schema = schemaOf({ type: 'string', format: 'date' });
    expect(schema.validate('2026-11-29')).toBe(true);
    expect(schema.validate('29/11/2026')).toBe(false);
  });

  test('an unknown keyword is allowed, and said in a warning', () => {
    const schema = schemaOf({ type: 'object', requried: ['a'] });
    expect(schema.validate({})).toBe(true);
    expect(schema.warnings.join(' ')).toContain('unknown keyword: "requried"');
  });

  test.each([
    [
      'inline, not JSON',
      '{"type": "object",}',
      /^Input "json-schema" \(inline\) is not JSON: .* \(line 1, column 19\)\.$/
    ],
    [
      'a file that is not there',
      'schemas/missing.json',
      /^Input "json-schema" is "schemas\/missing\.json": not an inline schema \(one starts with "\{"\), and \/.*\/schemas\/missing\.json cannot be read \(ENOENT\)\. Give a JSON Schema object, or the path of a \.json file in the workspace\.$/
    ],
    [
      'YAML, neither JSON nor a file',
      'type: object',
      /^Input "json-schema" is neither JSON nor a file: /
    ],
    [
      'inline, with words after the object',
      '{"a": 1} trailing',
      /^Input "json-schema" \(inline\) is not JSON: /
    ],
    [
      'a wrong type name, said with where it is',
      '{"type": "object", "properties": {"a": {"type": "strin"}}}',
      /^Input "json-schema" \(inline\) is not a valid JSON Schema \(draft 2020-12\): at \/properties\/a\/type: must be equal to one of the allowed values; /
    ],
    [
      'a $schema the action cannot check',
      '{"$schema": "http://json-schema.org/draft-04/schema#"}',
      /^Input "json-schema" \(inline\) declares "\$schema": "http:\/\/json-schema\.org\/draft-04\/schema#", which the action cannot check; use "https:\/\/json-schema\.org\/draft\/2020-12\/schema" \(or leave "\$schema" out\) or "http:\/\/json-schema\.org\/draft-07\/schema#"\.$/
    ],
    [
      'a reference that cannot be resolved',
      '{"$ref": "https://example.com/other.json"}',
      /^Input "json-schema" \(inline\) cannot be used as a JSON Schema \(draft 2020-12\): can't resolve reference https:\/\/example\.com\/other\.json/
    ]
  ])('%s: a clear error', (_, value, message) => {
    expect(failure(value)).toMatch(message);
  });

  test('a file holding something other than an object', () => {
    fs.writeFileSync(path.join(workspace, 'list.json'), '[1, 2]');
    expect(failure('list.json')).toBe(
      `Input "json-schema" (the file ${path.join(workspace, 'list.json')}) is JSON, but not a JSON Schema: a schema is an object, such as {"type": "object", "properties": {…}}.`
    );
  });
});

describe('the prompt', () => {
  const schema = schemaOf(VERDICT_SCHEMA);

  test('is the query, a blank line, the instruction, and the schema in a json block', () => {
    expect(withSchema('Review the change.\n\n', schema)).toBe(
      `Review the change.\n\n${INSTRUCTION}\n\n\`\`\`json\n${JSON.stringify(VERDICT_SCHEMA, null, 2)}\n\`\`\`\n`
    );
  });

  test('docs/json-schema.md shows exactly the instruction that is added', () => {
    const doc = path.join(import.meta.dirname, '..', '..', 'docs', 'json-schema.md');
    expect(fs.readFileSync(doc, 'utf8')).toContain(`\n${INSTRUCTION}\n`);
  });

  test('a schema holding backticks gets a longer fence', () => {
    const prompt = withSchema('Q', schemaOf({ description: 'use ```code``` here' }));
    expect(prompt).toContain('\n````json\n');
    expect(prompt.endsWith('\n````\n')).toBe(true);
  });

  test('query stays -q; query-file is read and written, instruction added, to a new file', () => {
    const base = { workingDirectory: workspace } as CliSettings;
    const text = askForJson({ ...base, query: { kind: 'text', text: 'Q' } }, schema, {});
    expect(text.query).toEqual({ kind: 'text', text: withSchema('Q', schema) });

    fs.writeFileSync(path.join(workspace, 'prompt.md'), 'Review ünïcode.\n');
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-runner-temp-'));
    const file = askForJson({ ...base, query: { kind: 'file', path: 'prompt.md' } }, schema, {
      RUNNER_TEMP: temp
    });
    expect(file.query?.kind).toBe('file');
    const written = file.query?.kind === 'file' ? file.query.path : '';
    expect(path.dirname(path.dirname(written))).toBe(temp);
    expect(path.basename(written)).toBe('prompt.md');
    expect(fs.readFileSync(written, 'utf8')).toBe(withSchema('Review ünïcode.\n', schema));
    // The user's file is left as it was.
    expect(fs.readFileSync(path.join(workspace, 'prompt.md'), 'utf8')).toBe('Review ünïcode.\n');
  });

  test('an unreadable query-file is an input error before anything runs', () => {
    const settings = { workingDirectory: workspace, query: { kind: 'file', path: 'nope.md' } };
    expect(() => askForJson(settings as CliSettings, schema, {})).toThrow(
      'Input "query-file" is "nope.md"; it cannot be read (ENOENT).'
    );
  });
});

describe('checking the answer', () => {
  const schema = schemaOf(VERDICT_SCHEMA);
  const check = (text: string | undefined, redact = noRedaction) =>
    checkAnswer(text, schema, redact);

  test('a match: the value and its compact JSON', () => {
    const answer = check('Done.\n```json\n{ "verdict": "pass",\n  "findings": ["ünï"] }\n```');
    expect(answer).toEqual({
      ok: true,
      value: { verdict: 'pass', findings: ['ünï'] },
      json: '{"verdict":"pass","findings":["ünï"]}',
      prose: 'Done.'
    });
  });

  test.each([
    [
      'an enum',
      '{"verdict": "maybe", "findings": []}',
      'The answer does not match json-schema: /verdict: must be one of "pass", "fail".'
    ],
    [
      'a type, deep inside',
      '{"verdict": "pass", "findings": ["a", 2]}',
      'The answer does not match json-schema: /findings/1: must be string.'
    ],
    [
      'a missing field, named by its own pointer',
      '{"findings": []}',
      'The answer does not match json-schema: /verdict: is required, and missing.'
    ],
    [
      'an extra field, its name escaped as a JSON pointer',
      '{"verdict": "pass", "findings": [], "a/b~c": 1}',
      'The answer does not match json-schema: /a~1b~0c: is not allowed by the schema.'
    ],
    [
      'the whole answer of the wrong type',
      '["pass"]',
      'The answer does not match json-schema: /: must be object.'
    ],
    [
      'several errors: the first, and how many more',
      '{"verdict": "maybe", "findings": "none", "score": 3}',
      'The answer does not match json-schema: /score: is not allowed by the schema (and 2 more).'
    ],
    [
      'no JSON',
      'All good.',
      'The answer holds no JSON; json-schema asks for one JSON value that matches it.'
    ],
    [
      'an empty answer',
      '  ',
      'The answer is empty; json-schema asks for one JSON value that matches it.'
    ]
  ])('%s: the message', (_, text, message) => {
    const answer = check(text);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.message).toBe(message);
  });

  test('no result text is an empty answer', () => {
    expect(check(undefined)).toMatchObject({ ok: false, errorCount: 0 });
  });

  test('every error is kept, each at its field', () => {
    const answer = check('{"verdict": "maybe", "findings": "none", "score": 3}');
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.errorCount).toBe(3);
    expect(answer.errors).toEqual([
      { pointer: '/score', message: 'is not allowed by the schema' },
      { pointer: '/verdict', message: 'must be one of "pass", "fail"' },
      { pointer: '/findings', message: 'must be array' }
    ]);
    expect(answer.value).toEqual({ verdict: 'maybe', findings: 'none', score: 3 });
  });

  test('const, dependentRequired and formats say what was expected', () => {
    const other = schemaOf({
      properties: { v: { const: 2 }, at: { format: 'date-time' } },
      dependentRequired: { a: ['b'] }
    });
    const answer = checkAnswer('{"v": 1, "a": true, "at": "yesterday"}', other, noRedaction);
    expect(answer.ok ? [] : answer.errors).toEqual([
      { pointer: '/v', message: 'must be 2' },
      { pointer: '/at', message: 'must match format "date-time"' },
      { pointer: '/b', message: 'is required when "a" is present, and missing' }
    ]);
  });

  test('secrets in strings, keys and numbers are redacted, and the JSON stays JSON', () => {
    const loose = schemaOf({ type: 'object' });
    const redact = makeRedactor(['s3cr3t-value', '12345']);
    const answer = checkAnswer(
      '{"token": "x s3cr3t-value y", "s3cr3t-value": 12345, "__proto__": {"a": 1}}',
      loose,
      redact
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    // A number that is a secret becomes the masked string: still JSON, no secret.
    expect(answer.json).toBe('{"token":"x *** y","***":"***","__proto__":{"a":1}}');
    expect(JSON.parse(answer.json)).toEqual(answer.value);
  });

  test('over the output cap: no cut JSON, a clear failure instead', () => {
    const loose = schemaOf({ type: 'array' });
    const big = JSON.stringify(['x'.repeat(STRUCTURED_OUTPUT_BYTES)]);
    const answer = checkAnswer(big, loose, noRedaction);
    expect(answer).toMatchObject({ ok: false, errorCount: 0 });
    if (answer.ok) return;
    expect(answer.message).toBe(
      'The answer matches json-schema, but its JSON takes 65,540 bytes, over the 65,536 that structured_output may take ' +
        '(the outputs of a job share 1 MB); ask for a shorter answer, or read it from the transcript.'
    );
    // Just under the cap, in bytes (é is two): whole.
    const under = JSON.stringify(['é'.repeat((STRUCTURED_OUTPUT_BYTES - 4) / 2)]);
    expect(checkAnswer(under, loose, noRedaction).ok).toBe(true);
  });
});

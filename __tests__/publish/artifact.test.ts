/** The upload's pure parts: names, the budget, the redacted copy, the `redact` input. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import {
  defaultName,
  isNameTaken,
  uploadBudgetMs,
  uploadTranscript
} from '../../src/publish/artifact.js';
import { InputError } from '../../src/config/inputs.js';
import { parseSettings } from '../../src/config/settings.js';
import { makeRedactor } from '../../src/text/redact.js';
import { copyRedacted } from '../../src/publish/egress.js';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-artifact-test-'));

describe('defaultName', () => {
  test.each<[NodeJS.ProcessEnv, string]>([
    [{ GITHUB_JOB: 'review', GITHUB_ACTION: 'hermes' }, 'hermes-review-hermes'],
    [{ GITHUB_JOB: 'review', GITHUB_ACTION: '__run_2' }, 'hermes-review-__run_2'],
    [
      // A re-run's tag is added at upload, after any number that makes the name unique.
      { GITHUB_JOB: 'review', GITHUB_ACTION: 'hermes', GITHUB_RUN_ATTEMPT: '3' },
      'hermes-review-hermes'
    ],
    [
      { GITHUB_JOB: 'review', GITHUB_ACTION: 'hermes', GITHUB_RUN_ATTEMPT: '1' },
      'hermes-review-hermes'
    ],
    [{ GITHUB_JOB: 'build: "x"/<y>', GITHUB_ACTION: 'a|b*c?' }, 'hermes-build_x_y_-a_b_c_'],
    [{}, 'hermes']
  ])('%j → %s', (env, name) => {
    expect(defaultName(env)).toBe(name);
  });
});

describe('isNameTaken', () => {
  test.each<[string, boolean]>([
    [
      'Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists on the workflow run',
      true
    ],
    [
      'Failed to CreateArtifact: Failed to make request after 5 attempts: Failed request: (500) Internal Server Error',
      false
    ],
    ['Failed to CreateArtifact: Unable to make request: ECONNREFUSED', false]
  ])('%s → %s', (message, taken) => {
    expect(isNameTaken(message)).toBe(taken);
  });
});

describe('uploadBudgetMs', () => {
  test('two minutes, plus a second per started MB', () => {
    expect(uploadBudgetMs(0, {})).toBe(120_000);
    expect(uploadBudgetMs(1, {})).toBe(121_000);
    expect(uploadBudgetMs(100_000_000, {})).toBe(220_000);
  });

  test('HERMES_UPLOAD_TIMEOUT_SECONDS replaces it; a value that is not a positive number does not', () => {
    expect(uploadBudgetMs(100_000_000, { HERMES_UPLOAD_TIMEOUT_SECONDS: '1.5' })).toBe(1500);
    for (const bad of ['0', '-3', 'soon', ''])
      expect(uploadBudgetMs(0, { HERMES_UPLOAD_TIMEOUT_SECONDS: bad })).toBe(120_000);
  });
});

describe('copyRedacted', () => {
  const DAMAGED = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('{"type": "text", "text": "caf\u00e9"}\r\n'),
    Buffer.from([0xff, 0xfe, 0x0a]),
    Buffer.from('Traceback (most recent call last):\n'),
    Buffer.from('{"type": "result"}')
  ]);

  async function copied(content: Buffer, values?: string[], readBytes?: number): Promise<Buffer> {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'in.jsonl'), content);
    await copyRedacted(
      path.join(dir, 'in.jsonl'),
      path.join(dir, 'out.jsonl'),
      values && makeRedactor(values),
      readBytes
    );
    const out = fs.readFileSync(path.join(dir, 'out.jsonl'));
    fs.rmSync(dir, { recursive: true });
    return out;
  }

  test('without a redactor: the same bytes', async () => {
    expect((await copied(DAMAGED)).equals(DAMAGED)).toBe(true);
  });

  test('with a redactor but nothing to hide: the same bytes (BOM, CRLF, invalid UTF-8, no final newline)', async () => {
    expect((await copied(DAMAGED, ['not-in-there'])).equals(DAMAGED)).toBe(true);
  });

  test('only the lines holding a secret change; invalid UTF-8 elsewhere in the block stays', async () => {
    const content = Buffer.concat([
      DAMAGED,
      Buffer.from('\n{"output": "key hunter2 and hunter2"}\n')
    ]);
    const out = await copied(content, ['hunter2']);
    expect(
      out.equals(Buffer.concat([DAMAGED, Buffer.from('\n{"output": "key *** and ***"}\n')]))
    ).toBe(true);
  });

  test('a JSON-escaped value and a well-known token are masked', async () => {
    const token = 'gh' + 'p_' + 'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36);
    const line = JSON.stringify({ output: `say "hi" with ${token}` });
    const out = await copied(Buffer.from(`${line}\n`), ['say "hi"']);
    // Written again in upstream's spacing: the line was parsed, its strings redacted.
    expect(out.toString()).toBe('{"output": "*** with ***"}\n');
  });

  test('lines across the read size, and one line longer than several reads', async () => {
    const filler = (n: number): string => `{"text": "${'x'.repeat(n)}"}\n`;
    const parts = [
      filler(700_000),
      `{"text": "${'y'.repeat(600_000)} hunter2 ${'z'.repeat(600_000)}"}\n`,
      filler(10),
      `{"text": "${'w'.repeat(3_500_000)} hunter2"}`
    ];
    const out = (await copied(Buffer.from(parts.join('')), ['hunter2'])).toString();
    expect(out).not.toContain('hunter2');
    expect(out.split('***')).toHaveLength(3);
    expect(out.length).toBe(parts.join('').length - 2 * ('hunter2'.length - 3));
  });

  test('a token split into deltas across the read size is masked, and every line stays JSON', async () => {
    const token = 'gh' + 'p_' + 'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36);
    const text = `the key is ${token} ok`;
    // One character a delta: the read's end falls after each of them in turn, "g" among them.
    const deltas = [...text]
      .map((c, i) => `{"type": "text", "text": "${c}", "timestamp": ${1000 + i}}\n`)
      .join('');
    // At a 64 KiB read size (the code does not depend on which): 70 copies of 1 MiB took seconds.
    const readBytes = 64 * 1024;
    for (let off = 0; off < 1400; off += 20) {
      const room = readBytes - off;
      const line = (n: number) => `{"type": "tool_result", "output": "${'o'.repeat(n - 38)}"}\n`;
      const full = Math.floor(room / 200) - 1;
      const filler = line(200).repeat(full) + line(room - full * 200);
      const out = (await copied(Buffer.from(filler + deltas), [], readBytes)).toString();
      const events = out
        .split('\n')
        .slice(0, -1)
        .map(l => JSON.parse(l) as { type: string; text?: string });
      expect(events.map(e => (e.type === 'text' ? e.text : '')).join('')).toBe('the key is *** ok');
    }
  });
});

describe('uploadTranscript, before any request', () => {
  const request = (transcriptPath: string, env: NodeJS.ProcessEnv) => ({
    transcriptPath,
    archive: false,
    redact: makeRedactor([]),
    env
  });
  const runner = { ACTIONS_RUNTIME_TOKEN: 'x', ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/' };

  test('outside a runner: skipped, without a warning', async () => {
    expect(await uploadTranscript(request('/nonexistent', {}))).toEqual({
      uploaded: false,
      reason:
        'not on a GitHub Actions runner (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is not set)',
      warn: false
    });
  });

  test('no transcript: a warning; an empty one: a notice', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'empty.jsonl'), '');
    expect(await uploadTranscript(request(path.join(dir, 'missing.jsonl'), runner))).toEqual({
      uploaded: false,
      reason: 'there is no transcript to upload',
      warn: true
    });
    expect(await uploadTranscript(request(path.join(dir, 'empty.jsonl'), runner))).toEqual({
      uploaded: false,
      reason: 'the transcript is empty',
      warn: false
    });
    fs.rmSync(dir, { recursive: true });
  });
});

describe('the redact input', () => {
  const parse = (redact: string) =>
    parseSettings({
      getInput: name => ({ query: 'q', redact })[name as string] ?? '',
      env: { GITHUB_WORKSPACE: '/w', RUNNER_TEMP: '/t' }
    });

  test.each(['false', 'False', 'FALSE', ' false \n'])(
    '%j alone: the transcript is uploaded unredacted',
    raw => {
      const settings = parse(raw);
      expect(settings.redact).toEqual([]);
      expect(settings.uploadUnredacted).toBe(true);
    }
  );

  test.each(['', 'true', 'True', 'TRUE'])('%j: the default (token formats only)', raw => {
    const settings = parse(raw);
    expect(settings.redact).toEqual([]);
    expect(settings.uploadUnredacted).toBeUndefined();
  });

  test('values: each one hidden, the transcript redacted', () => {
    const settings = parse('hunter2\nfalsehood\n');
    expect(settings.redact).toEqual(['hunter2', 'falsehood']);
    expect(settings.uploadUnredacted).toBeUndefined();
  });

  test.each(['hunter2\nfalse', 'true\nhunter2'])(
    'a boolean among values is refused, naming the input: %j',
    raw => {
      expect(() => parse(raw)).toThrow(InputError);
      expect(() => parse(raw)).toThrow(/Input "redact" lists "(false|true)" among its values/);
    }
  );
});

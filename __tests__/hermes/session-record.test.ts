/**
 * The session export in-process: spawnExport on real child processes (this Node, told what to do),
 * and readSessionRecord's note for each way an export fails. session-record.e2e runs one of them
 * with the simulator, through run() in-process; the verdict never depends on any.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, test } from '@jest/globals';
import { rootWith, runsHere } from '../helpers/machine-tools.js';
import { uploadSessionRecord } from '../../src/publish/session-artifact.js';
import { readOwnFile } from '../../src/config/paths.js';
import {
  readSessionRecord,
  spawnExport,
  type ExportSpawn,
  type SpawnResult
} from '../../src/hermes/session-record.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-session-record-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A record readSessionRecord would take: one session row. */
const RECORD = '{"id": "s1", "estimated_cost_usd": 0.5}\n';

/** This Node running `script` as the export, its stdout into a file of its own. */
const exporting = (name: string, script: string, timeoutMs = 30_000): ExportSpawn => ({
  executable: process.execPath,
  argv: ['-e', script],
  cwd: dir,
  env: { PATH: process.env.PATH },
  timeoutMs,
  output: path.join(dir, `${name}.session.jsonl`)
});

describe('spawnExport', () => {
  test('exit 0 is a record written', async () => {
    const spec = exporting('ok', 'console.log("{}")');
    expect(await spawnExport(spec)).toEqual({ ok: true });
    expect(fs.readFileSync(spec.output, 'utf8')).toBe('{}\n');
  });

  test('another exit code, with the last line of stderr (else of stdout)', async () => {
    expect(
      await spawnExport(
        exporting('fail', 'console.error("opening state.db\\ndatabase is locked"); process.exit(1)')
      )
    ).toEqual({ ok: false, why: 'exited with code 1: database is locked' });
    expect(
      await spawnExport(exporting('absent', 'console.log("No session \'x\'"); process.exit(2)'))
    ).toEqual({ ok: false, why: "exited with code 2: No session 'x'" });
  });

  test('an export that hangs is killed at its time limit', async () => {
    expect(await spawnExport(exporting('hang', 'setInterval(() => {}, 1000)', 200))).toEqual({
      ok: false,
      why: 'it did not finish within 0.2 s'
    });
  });
});

describe('readSessionRecord: each failure is a note, never a throw', () => {
  /** readSessionRecord with an export (the agent's Hermes) that does `exporting(output)`, then says `result`. */
  const exported = (
    name: string,
    exporting: (output: string) => void,
    result: SpawnResult = { ok: true }
  ) =>
    readSessionRecord({
      executable: 'hermes',
      sessionId: 's1',
      output: path.join(dir, `${name}.read.jsonl`),
      cwd: dir,
      env: {},
      timeoutMs: 1000,
      spawn: async spec => (exporting(spec.output), result)
    });
  /** An export that writes `text` (nothing when undefined) and then says `result`. */
  const read = (name: string, text: string | undefined, result: SpawnResult = { ok: true }) =>
    exported(name, output => text !== undefined && fs.writeFileSync(output, text), result);
  const note = (why: string): string =>
    `The session record could not be read (\`hermes sessions export\` ${why}); cost and full tool outputs are not reported.`;

  test.each<[string, string | undefined, SpawnResult, string]>([
    [
      'a failed export',
      '',
      { ok: false, why: 'exited with code 1: database is locked' },
      note('exited with code 1: database is locked')
    ],
    ['nothing written', '', { ok: true }, note('wrote nothing')],
    ['no file at all', undefined, { ok: true }, 'left a record that cannot be read: ']
  ])('%s', async (name, text, result, expected) => {
    const record = await read(name.replace(/ /g, '-'), text, result);
    expect(record.ok).toBe(false);
    expect(record.ok === false && record.note).toContain(expected);
  });

  test('a record that does not parse', async () => {
    const record = await read('garbage', 'Traceback (most recent call last):\n');
    expect(record.ok === false && record.note).toMatch(
      /^The session record could not be read \(`hermes sessions export` wrote a record that does not parse: .+\); cost and full tool outputs are not reported\.$/
    );
  });

  test('a record the export wrote is read', async () => {
    expect(await read('plain', RECORD)).toMatchObject({ ok: true, usage: { costUsd: 0.5 } });
  });

  /** An export (the agent's Hermes) that puts `plant(output)` in the record's place. */
  const planted = (name: string, plant: (output: string) => void) => exported(name, plant);

  test("was a hole: a link put in the record's place was followed, as the action, to whatever it names", async () => {
    // A file only the action should read, that happens to parse as a record.
    const secret = path.join(dir, 'only-the-action.jsonl');
    fs.writeFileSync(secret, RECORD, { mode: 0o600 });
    const record = await planted('linked', output => fs.symlinkSync(secret, output));
    expect(record).toEqual({ ok: false, note: expect.stringMatching(/cannot be read: .*ELOOP/) });
  });

  test("was a hole: a FIFO put in the record's place hung the step on its read", async () => {
    const record = await planted('fifo', output => {
      expect(spawnSync('mkfifo', [output]).status).toBe(0);
    });
    expect(record).toEqual({ ok: false, note: expect.stringContaining('is not a regular file') });
  });

  test("was a hole: a hard link to a file only the action may read, in the record's place", async () => {
    const secret = path.join(dir, 'only-the-action-hard.jsonl');
    fs.writeFileSync(secret, RECORD, { mode: 0o600 });
    const record = await planted('hard', output => fs.linkSync(secret, output));
    expect(record).toEqual({ ok: false, note: expect.stringContaining('has 2 names') });
  });

  const asRoot = runsHere(
    rootWith(),
    'a record replaced by a file of another user (needs root to give a file away).'
  );
  (asRoot ? test : test.skip)(
    "attack held: a record of another user's is not the action's",
    async () => {
      const record = await planted('theirs', output => {
        fs.writeFileSync(output, RECORD);
        fs.chownSync(output, 65534, 65534);
      });
      expect(record).toEqual({
        ok: false,
        note: expect.stringContaining("belongs to uid 65534, not the action's")
      });
    }
  );
});

describe('the record at upload: read as the action wrote it', () => {
  test('was a hole: a link in the record’s place after the export was followed by the upload', async () => {
    const secret = path.join(dir, 'upload-secret.jsonl');
    fs.writeFileSync(secret, '{"id": "s1"}\n', { mode: 0o600 });
    const recordPath = path.join(dir, 'upload-linked.session.jsonl');
    fs.symlinkSync(secret, recordPath);
    // Refused before any upload begins: no artifact service is needed to tell.
    expect(
      await uploadSessionRecord({ recordPath, transcriptArtifact: 'run.jsonl', env: {} })
    ).toEqual({
      uploaded: false,
      reason: expect.stringMatching(/^the record cannot be read: .*ELOOP/)
    });
  });

  test('a record past the limit is not read whole (its parse would hold it many times)', () => {
    const big = path.join(dir, 'big.session.jsonl');
    fs.writeFileSync(big, RECORD.repeat(10));
    expect(() => readOwnFile(big, { limit: RECORD.length })).toThrow(/bytes, over the \d+ read/);
    expect(readOwnFile(big, { head: 5 })).toBe(RECORD.slice(0, 5));
  });
});

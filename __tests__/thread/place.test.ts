/**
 * Which thread a run belongs to, and whether it may keep one: only on the default branch (no
 * stranger writes that cache scope), saved only from a writer's run and never from a fork's; and
 * what a restored store must be before Hermes gets it (whole, holding the session).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from '@jest/globals';
import { threadPlace } from '../../src/thread/place.js';
import { keptCopy, unusable } from '../../src/thread/session-db.js';
import { seal, unseal } from '../../src/thread/sealed.js';
import { makeRedactor } from '../../src/text/redact.js';

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  GITHUB_EVENT_NAME: 'issue_comment',
  GITHUB_REPOSITORY: 'Octo/Repo',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_RUN_ID: '7',
  ...extra
});
const payload = { issue: { number: 12 }, repository: { default_branch: 'main' } };
const writer = { trusted: true, fork: false };

describe('where a thread is kept', () => {
  test('an issue comment on the default branch, a writer’s: kept and saved', () => {
    expect(threadPlace(env(), payload, writer)).toEqual({
      id: 'Octo/Repo#12',
      keyPrefix: 'hermes-thread-v1-octo_repo-12-',
      runUrl: 'https://github.com/Octo/Repo/actions/runs/7',
      saves: true
    });
  });

  test('a pull request’s ref (a fork’s workflow may write its cache scope): off, saying why', () => {
    const place = threadPlace(
      env({ GITHUB_EVENT_NAME: 'pull_request_review_comment', GITHUB_REF: 'refs/pull/3/merge' }),
      { pull_request: { number: 3 }, repository: { default_branch: 'main' } },
      writer
    );
    expect(place).toEqual({ off: expect.stringContaining('not the default branch') });
  });

  test('a fork’s pull request, or an actor let in by a list: restored, never saved', () => {
    const fork = threadPlace(
      env({ GITHUB_EVENT_NAME: 'pull_request_target' }),
      { pull_request: { number: 4 }, repository: { default_branch: 'main' } },
      { trusted: false, fork: true }
    );
    expect(fork).toMatchObject({ saves: false, notSaved: expect.stringContaining('fork') });
    const listed = threadPlace(env(), payload, { trusted: false, fork: false });
    expect(listed).toMatchObject({
      saves: false,
      notSaved: expect.stringContaining('allowed-users')
    });
  });

  test('an event without an issue or pull request: no thread', () => {
    expect(threadPlace(env({ GITHUB_EVENT_NAME: 'push' }), {}, writer)).toBeUndefined();
  });
});

describe('an entry sealed', () => {
  test('opens with its secret, repository and thread only; a changed byte does not open', () => {
    const sealed = seal('s3cret', 'o/r', 'p-12-', '{"a":1}', Buffer.from('db bytes'));
    expect(unseal('s3cret', 'o/r', 'p-12-', sealed)).toEqual({
      record: '{"a":1}',
      store: Buffer.from('db bytes')
    });
    expect(unseal('other', 'o/r', 'p-12-', sealed)).toBeUndefined();
    expect(unseal('s3cret', 'o/other', 'p-12-', sealed)).toBeUndefined();
    expect(unseal('s3cret', 'o/r', 'p-13-', sealed)).toBeUndefined();
    const changed = Buffer.from(sealed);
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
    expect(unseal('s3cret', 'o/r', 'p-12-', changed)).toBeUndefined();
    expect(sealed.includes(Buffer.from('db bytes'))).toBe(false);
  });
});

describe('the store kept', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thread-db-'));
  const source = path.join(dir, 'state.db');
  const db = new DatabaseSync(source);
  db.exec(`PRAGMA journal_mode=WAL;
    CREATE TABLE sessions (id TEXT PRIMARY KEY);
    CREATE TABLE messages (session_id TEXT, content TEXT);
    CREATE TABLE leak (v TEXT);
    CREATE TABLE sqliteXleak (v TEXT);
    CREATE TABLE blobs (v BLOB);
    CREATE VIEW shown AS SELECT 'ghp_${'V1e2'.repeat(9)}' AS v;
    CREATE TRIGGER undo AFTER UPDATE ON messages BEGIN INSERT INTO leak VALUES (old.content); END;
    INSERT INTO sqliteXleak VALUES ('ghp_${'X1y2'.repeat(9)}');
    INSERT INTO blobs VALUES (CAST('ghp_${'B1b2'.repeat(9)}' AS BLOB));
    INSERT INTO sessions VALUES ('s1');
    INSERT INTO messages VALUES ('s1', 'the key is ghp_${'Q1w2'.repeat(9)}');`);
  db.close();

  test('redacted, its triggers gone (one could undo the redaction), whole, the session in it', () => {
    const out = path.join(dir, 'kept.db');
    keptCopy(source, out, makeRedactor([]));
    const kept = new DatabaseSync(out, { readOnly: true });
    const text = JSON.stringify([
      kept.prepare('SELECT * FROM messages').all(),
      kept.prepare('SELECT * FROM leak').all(),
      kept.prepare('SELECT * FROM sqliteXleak').all(),
      kept.prepare('SELECT CAST(v AS TEXT) AS v FROM blobs').all(),
      kept.prepare('SELECT sql FROM sqlite_master').all()
    ]);
    kept.close();
    expect(text).toContain('the key is');
    // Was a hole: a trigger undoing the redaction, a table named past the sqlite_ filter, a BLOB,
    // a view's text.
    for (const part of ['Q1w2Q1w2', 'X1y2X1y2', 'B1b2B1b2', 'V1e2V1e2'])
      expect(text).not.toContain(part);
    expect(unusable(out, 's1')).toBeUndefined();
    expect(unusable(out, 'other')).toBe('the saved state.db has no session other');
  });

  test('a file that is not SQLite is not one to resume', () => {
    const bad = path.join(dir, 'bad.db');
    fs.writeFileSync(bad, 'not a database at all, just text');
    expect(unusable(bad, 's1')).toMatch(/^the saved state\.db (is damaged|cannot be read)/);
  });
});

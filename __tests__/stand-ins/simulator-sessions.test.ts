/**
 * The simulator's session store (simulator/session-store.mjs): every chat keeps its session in a real
 * SQLite `$HERMES_HOME/state.db` (WAL mode), `--resume <id>` continues a stored one, and an id the
 * store does not hold (a missing or damaged store holds none) starts a new session, as Hermes does.
 * Each test spawns simulator/bin/hermes with a HERMES_HOME of its own and reads state.db itself.
 */
import { describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { must } from '../helpers/must.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'simulator', 'bin', 'hermes');
/** The success scenario's fixed session id. */
const S = '20261129_101500_9f8e7d';
const SESSION_ID = /^\d{8}_\d{6}_[0-9a-f]{6}$/;

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  events: Record<string, unknown>[];
  stderr: string;
}

const home = (): string => fs.mkdtempSync(path.join(tmpdir(), 'sim-home-'));

function env(hermesHome: string, extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('HERMES_')) out[k] = v;
  return { ...out, HERMES_HOME: hermesHome, ...extra };
}

/** One `hermes …` run; `until`, given, sees each stdout line and may end the run (kill -9). */
function hermes(
  hermesHome: string,
  args: string[],
  extra: Record<string, string> = {},
  until?: (line: string) => boolean
): Promise<Ran> {
  const child = spawn(BIN, args, {
    env: env(hermesHome, extra),
    stdio: ['ignore', 'pipe', 'pipe']
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const before = out.split('\n').length - 1;
    out += chunk;
    const lines = out.split('\n');
    if (until && lines.slice(before, -1).some(until)) child.kill('SIGKILL');
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      // stdout stays JSONL: every line parses.
      const events = out
        .split('\n')
        .filter(l => l !== '')
        .map(l => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, signal, events, stderr: err });
    });
  });
}

const chat = (h: string, query: string, more: string[] = [], extra: Record<string, string> = {}) =>
  hermes(h, ['chat', '-q', query, '--format', 'stream-json', ...more], extra);

const init = (r: Ran) => must(r.events.find(e => e.type === 'system' && e.subtype === 'init'));
const result = (r: Ran) => must(r.events.find(e => e.type === 'result'));
const trailer = (r: Ran) => /\nsession_id: (\S+)\n$/.exec(r.stderr)?.[1];

/** The messages state.db holds for `id`, read with node:sqlite (the file is SQLite, or this throws). */
function stored(file: string, id: string): { role: string; content: string | null }[] {
  const db = new DatabaseSync(file);
  try {
    return db
      .prepare('SELECT role, content FROM messages WHERE session_id = ? ORDER BY id')
      .all(id) as { role: string; content: string | null }[];
  } finally {
    db.close();
  }
}

const SQLITE_HEADER = 'SQLite format 3\0';
const header = (file: string): string => fs.readFileSync(file).subarray(0, 16).toString('latin1');

describe('state.db and --resume', () => {
  const h = home();
  const db = path.join(h, 'state.db');
  let first: Ran;

  test('run 1: a new session, stored in a real SQLite state.db in WAL mode', async () => {
    first = await chat(h, 'first question');
    expect(first.code).toBe(0);
    expect(init(first).session_id).toBe(S);
    expect(header(db)).toBe(SQLITE_HEADER);
    const conn = new DatabaseSync(db);
    expect(conn.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(conn.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 6 });
    expect(
      conn.prepare('SELECT message_count, end_reason FROM sessions WHERE id = ?').get(S)
    ).toEqual({ message_count: 6, end_reason: 'cli_close' });
    conn.close();
    expect(stored(db, S)[0]).toEqual({ role: 'user', content: 'first question' });
  });

  test('run 2, --resume S: init and result name S, the answer shows the earlier turn', async () => {
    const r = await chat(h, 'second question', ['--resume', S], { HERMES_SIM_SCENARIO: 'failure' });
    expect(r.code).toBe(1);
    // The failure scenario's init names its own id; a resume names the resumed one.
    expect(init(r).session_id).toBe(S);
    expect(result(r).session_id).toBe(S);
    expect(trailer(r)).toBe(S);
    expect(result(r).text).toBe(
      `The patch did not apply; trying a different approach.\n\n(continuing session ${S}, turn 2; earlier: "first question")`
    );
    expect(r.stderr).not.toContain('Session not found');
    const messages = stored(db, S);
    expect(messages.filter(m => m.role === 'user').map(m => m.content)).toEqual([
      'first question',
      'second question'
    ]);
    expect(messages.at(-1)?.content).toBe(result(r).text);
  });

  test('run 3, -r S --no-restore-cwd: turn 3, the export has all three turns', async () => {
    const long = `third ${'x'.repeat(100)}`;
    const r = await chat(h, long, ['-r', S, '--no-restore-cwd']);
    expect(r.code).toBe(0);
    expect(init(r).session_id).toBe(S);
    expect(result(r).text).toBe(
      `The build is clean.\n\n(continuing session ${S}, turn 3; earlier: "second question")`
    );
    const again = await chat(h, 'fourth', [`--resume=${S}`]);
    // The earlier query, cut at 80 characters.
    expect(result(again).text).toContain(`turn 4; earlier: "${long.slice(0, 80)}")`);

    const exported = await hermes(h, ['sessions', 'export', '-', '--session-id', S]);
    expect(exported.code).toBe(0);
    const record = must(exported.events[0]) as {
      message_count: number;
      started_at: number;
      messages: { role: string; content: string }[];
    };
    expect(record.messages.filter(m => m.role === 'user').map(m => m.content)).toEqual([
      'first question',
      'second question',
      long,
      'fourth'
    ]);
    expect(record.message_count).toBe(record.messages.length);
  });

  test('--resume of an id the store does not hold: a new id, one stderr line, stored', async () => {
    const r = await chat(h, 'lost', ['--resume', 'unknown']);
    expect(r.code).toBe(0);
    const id = String(init(r).session_id);
    expect(id).toMatch(SESSION_ID);
    // A new id, not the scenario's fixed one (which the store holds).
    expect(id).not.toBe(S);
    expect(result(r).session_id).toBe(id);
    expect(result(r).text).toBe('The build is clean.');
    expect(r.stderr.split('\n').filter(l => l.includes('unknown'))).toEqual([
      'Session not found: unknown; starting a new session.'
    ]);
    expect(trailer(r)).toBe(id);
    expect(stored(db, id).map(m => m.content)[0]).toBe('lost');
    // The session it did not find is still there, whole.
    expect(stored(db, S).filter(m => m.role === 'user')).toHaveLength(4);
  });
});

describe('a missing or damaged store', () => {
  test('missing: --resume starts a new session and makes state.db', async () => {
    const h = path.join(home(), 'not-yet');
    const r = await chat(h, 'hello', ['--resume', S]);
    expect(r.code).toBe(0);
    expect(init(r).session_id).not.toBe(S);
    expect(r.stderr).toContain(`Session not found: ${S}; starting a new session.\n`);
    expect(stored(path.join(h, 'state.db'), String(init(r).session_id))).toHaveLength(6);
  });

  test('random bytes: moved aside, bytes kept, a new session in a new state.db', async () => {
    const h = home();
    const db = path.join(h, 'state.db');
    const junk = Buffer.alloc(4096, 0x5a);
    fs.writeFileSync(db, junk);
    fs.writeFileSync(`${db}-wal`, 'not a wal');
    const r = await chat(h, 'hello', ['--resume', S]);
    expect(r.code).toBe(0);
    const id = String(init(r).session_id);
    expect(id).not.toBe(S);
    const aside = fs.readdirSync(h).filter(n => /^state\.db\.notadb-\d{8}-\d{6}-\d+\.bak$/.test(n));
    expect(aside).toHaveLength(1);
    const [moved] = aside as [string];
    expect(fs.readFileSync(path.join(h, moved)).equals(junk)).toBe(true);
    expect(fs.readFileSync(path.join(h, `${moved}-wal`), 'utf8')).toBe('not a wal');
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      `State database ${db} is not an SQLite database; moved it aside to ${moved} and started a new one.`,
      `Session not found: ${S}; starting a new session.`
    ]);
    expect(header(db)).toBe(SQLITE_HEADER);
    expect(stored(db, id)).toHaveLength(6);
  });

  test('a state.db that is a link: the link is moved aside, what it points to is left alone', async () => {
    const h = home();
    const outside = path.join(home(), 'outside.db');
    fs.writeFileSync(outside, 'precious');
    fs.symlinkSync(outside, path.join(h, 'state.db'));
    const r = await chat(h, 'hello');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('is a symbolic link; moved it aside to state.db.notadb-');
    expect(fs.readFileSync(outside, 'utf8')).toBe('precious');
    const [moved] = fs.readdirSync(h).filter(n => n.endsWith('.bak')) as [string];
    expect(fs.readlinkSync(path.join(h, moved))).toBe(outside);
    expect(fs.lstatSync(path.join(h, 'state.db')).isFile()).toBe(true);
    expect(stored(path.join(h, 'state.db'), S)).toHaveLength(6);
  });
});

describe('kill -9 mid-turn', () => {
  test('the rows committed before the kill are read from state.db with its -wal', async () => {
    const h = home();
    const scenario = path.join(home(), 'pause.jsonl');
    const lines = [
      { type: 'system', subtype: 'init', session_id: '$SESSION' },
      { type: 'tool_use', name: 'terminal', input: { command: 'make' } },
      { type: 'tool_result', name: 'terminal', output: 'built', duration_ms: 5, is_error: false },
      { sim: 'sleep', ms: 600_000 },
      { type: 'result', session_id: '$SESSION', exit_code: 0, text: 'never', duration_ms: 9 }
    ];
    fs.writeFileSync(scenario, lines.map(l => JSON.stringify(l)).join('\n') + '\n');
    // Paced (HERMES_SIM_DELAY_MS): each event's rows are committed before the event is printed, so
    // the kill follows the line, not a timer.
    const r = await hermes(
      h,
      ['chat', '-q', 'kill me', '--format', 'stream-json'],
      { HERMES_SIM_SCENARIO: scenario, HERMES_SIM_DELAY_MS: '1' },
      line => line.includes('"tool_result"')
    );
    expect(r.signal).toBe('SIGKILL');
    const id = String(init(r).session_id);
    const db = path.join(h, 'state.db');
    // No checkpoint ran: the committed rows are in the -wal.
    expect(fs.existsSync(`${db}-wal`)).toBe(true);

    const copy = home();
    for (const suffix of ['', '-wal', '-shm'])
      if (fs.existsSync(db + suffix))
        fs.copyFileSync(db + suffix, path.join(copy, `state.db${suffix}`));
    const conn = new DatabaseSync(path.join(copy, 'state.db'));
    expect(
      conn
        .prepare('SELECT role, content, tool_name FROM messages WHERE session_id = ? ORDER BY id')
        .all(id)
    ).toEqual([
      { role: 'user', content: 'kill me', tool_name: null },
      { role: 'assistant', content: '', tool_name: null },
      { role: 'tool', content: 'built', tool_name: 'terminal' }
    ]);
    // The session row: counted so far, never ended.
    expect(
      conn.prepare('SELECT message_count, ended_at FROM sessions WHERE id = ?').get(id)
    ).toEqual({
      message_count: 3,
      ended_at: null
    });
    conn.close();

    // state.db alone, without its -wal, has none of them.
    const alone = home();
    fs.copyFileSync(db, path.join(alone, 'state.db'));
    const bare = new DatabaseSync(path.join(alone, 'state.db'));
    const tables = bare.prepare("SELECT name FROM sqlite_master WHERE name = 'messages'").all();
    const rows = tables.length === 0 ? 0 : stored(path.join(alone, 'state.db'), id).length;
    bare.close();
    expect(rows).toBe(0);

    // The next run opens the store the killed one left and resumes its session.
    const next = await chat(h, 'again', ['--resume', id]);
    expect(init(next).session_id).toBe(id);
    expect(result(next).text).toContain(`(continuing session ${id}, turn 2; earlier: "kill me")`);
  });
});

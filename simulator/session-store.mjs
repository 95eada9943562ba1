// The simulator's session store: a real SQLite `state.db` in WAL mode, as upstream keeps it in
// $HERMES_HOME (hermes_state.py), through Node's built-in node:sqlite. Plain ESM, built-ins only.
// Upstream's tables hold many more columns; these are the ones `hermes sessions export` writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Column definitions (upstream's, in its order; the REAL ones print as floats) as [name, type]. */
const columns = ddl => ddl.split(',').map(c => /^\s*(\S+) (.*?)\s*$/s.exec(c).slice(1));
const SESSION_COLUMNS = columns(`id TEXT PRIMARY KEY, source TEXT NOT NULL, user_id TEXT,
  model TEXT, parent_session_id TEXT, started_at REAL NOT NULL, ended_at REAL, end_reason TEXT,
  message_count INTEGER DEFAULT 0, tool_call_count INTEGER DEFAULT 0, input_tokens INTEGER DEFAULT 0,
  output_tokens INTEGER DEFAULT 0, cache_read_tokens INTEGER DEFAULT 0,
  cache_write_tokens INTEGER DEFAULT 0, reasoning_tokens INTEGER DEFAULT 0, billing_provider TEXT,
  billing_base_url TEXT, billing_mode TEXT, estimated_cost_usd REAL, actual_cost_usd REAL,
  cost_status TEXT, cost_source TEXT, pricing_version TEXT, title TEXT,
  api_call_count INTEGER DEFAULT 0`);
/** The simulator's own: the run that writes the session now; `session` directive fields no column holds. */
const SIM_COLUMNS = columns('sim_run TEXT, sim_extra TEXT');
const MESSAGE_COLUMNS = columns(`id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions(id), role TEXT NOT NULL, content TEXT,
  tool_call_id TEXT, tool_calls TEXT, tool_name TEXT, timestamp REAL NOT NULL, token_count INTEGER,
  finish_reason TEXT, reasoning TEXT`);
const names = cols => cols.map(([name]) => name);
const reals = cols => new Set(cols.filter(([, t]) => t.startsWith('REAL')).map(([n]) => n));
const SESSION_NAMES = names(SESSION_COLUMNS);
const SESSION_REAL = reals(SESSION_COLUMNS);
const MESSAGE_NAMES = names(MESSAGE_COLUMNS);
const MESSAGE_REAL = reals(MESSAGE_COLUMNS);
const TABLES = [
  ['sessions', [...SESSION_COLUMNS, ...SIM_COLUMNS]],
  ['messages', MESSAGE_COLUMNS]
];
const SCHEMA = [
  ...TABLES.map(
    ([name, cols]) =>
      `CREATE TABLE IF NOT EXISTS ${name} (${cols.map(c => c.join(' ')).join(', ')})`
  ),
  'CREATE INDEX IF NOT EXISTS idx_messages_session_id ON messages(session_id, id)'
];

/** SQLite's result codes for "this file is no database" and "its pages are damaged". */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** A store that cannot be used: the simulator says why on stderr and exits 3. */
export class StoreError extends Error {}

/** Where the store is: `$HERMES_HOME/state.db`, else one per OS user in the temp directory. */
export function storePath(env = process.env) {
  // One store per OS user, as upstream's state.db is in each user's own HOME: an isolated run's
  // agent user cannot write another user's.
  const dir =
    env.HERMES_HOME ||
    path.join(os.tmpdir(), `hermes-sim-sessions-${process.getuid?.() ?? 'user'}`);
  return path.join(dir, 'state.db');
}

/** node:sqlite, or null on a Node without it (before 22.13 it needs a flag; Node 20 has none). */
async function sqlite() {
  // Node 22 announces the module as experimental on stderr; the simulator's stderr is Hermes'.
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) =>
    /SQLite/.test(String(warning?.message ?? warning))
      ? undefined
      : emitWarning.call(process, warning, ...rest);
  try {
    return await import('node:sqlite');
  } catch {
    return null;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * What is at `file`: 'none', 'database' (an SQLite header, or empty), or what is wrong with it: not
 * SQLite, or no regular file.
 */
function inspect(file) {
  const st = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!st) return 'none';
  // A link (wherever it points), a folder, a device: not a store this one writes through.
  if (!st.isFile()) return st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file';
  if (st.size === 0) return 'database';
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    const head = Buffer.alloc(HEADER.length);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return n === HEADER.length && head.equals(HEADER) ? 'database' : 'not an SQLite database';
  } finally {
    fs.closeSync(fd);
  }
}

const isDamage = err => err?.errcode === SQLITE_NOTADB || err?.errcode === SQLITE_CORRUPT;

/** No entry at all (lstat: a dangling link counts as taken). */
const free = file => !fs.lstatSync(file, { throwIfNoEntry: false });

/**
 * Moves a damaged store aside with its -wal and -shm, as upstream's quarantine_invalid_state_db
 * names it: `state.db.notadb-YYYYMMDD-HHMMSS-PID.bak`. rename() moves a link itself, never the file
 * it points to. Returns the new name.
 */
function quarantine(file) {
  const d = new Date();
  const p = n => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
  const stem = `${file}.notadb-${stamp}-${process.pid}`;
  let dest = `${stem}.bak`;
  for (let n = 1; !free(dest); n++) dest = `${stem}-${n}.bak`;
  fs.renameSync(file, dest);
  for (const suffix of ['-wal', '-shm'])
    if (!free(file + suffix)) fs.renameSync(file + suffix, dest + suffix);
  return dest;
}

/**
 * The store, opened (made when missing). A damaged one (not SQLite, or SQLite that reports its pages
 * damaged) is moved aside and a new one made; `note` hears one line about it. `codec` is the
 * simulator's JSON: { dumps, parse, Float } (Python's json.dumps, an order-keeping parse, the class
 * of a number that prints as a float).
 */
export async function openStore({ codec, note = () => {} }) {
  const mod = await sqlite();
  if (!mod)
    throw new StoreError(
      `the session store (state.db) needs node:sqlite, which this Node ${process.version} does not have: run the simulator with Node 22.13 or later (the suite's node_modules/.bin/node is Node 24)`
    );
  const file = storePath();
  const fail = err => new StoreError(`cannot open ${file}: ${err.message}`);
  const movedAside = what => {
    const dest = quarantine(file);
    note(
      `State database ${file} is ${what}; moved it aside to ${path.basename(dest)} and started a new one.`
    );
  };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const found = inspect(file);
    if (found !== 'none' && found !== 'database') movedAside(found);
  } catch (err) {
    throw fail(err); // an unwritable HERMES_HOME, say
  }
  for (let attempt = 0; ; attempt++) {
    let db;
    try {
      db = new mod.DatabaseSync(file);
      prepareSchema(db);
      return new SessionStore(db, codec);
    } catch (err) {
      try {
        db?.close();
      } catch {
        // already closed
      }
      if (attempt > 0 || !isDamage(err)) throw fail(err);
      try {
        movedAside(`damaged (${err.message})`);
      } catch (moveErr) {
        throw fail(moveErr);
      }
    }
  }
}

/** WAL, a wait for other writers, the tables; columns an older store lacks are added. */
function prepareSchema(db) {
  db.exec('PRAGMA busy_timeout = 30000');
  db.exec('PRAGMA journal_mode = WAL');
  // A commit survives a killed process (not a power cut) without an fsync of its own. Upstream
  // leaves SQLite's build default unless config.yaml's database.synchronous says otherwise.
  db.exec('PRAGMA synchronous = NORMAL');
  for (const statement of SCHEMA) db.exec(statement);
  for (const [name, cols] of TABLES) {
    const have = new Set(
      db
        .prepare(`PRAGMA table_info(${name})`)
        .all()
        .map(c => c.name)
    );
    for (const [column, type] of cols)
      if (!have.has(column))
        db.exec(
          `ALTER TABLE ${name} ADD COLUMN ${column} ${type.replace(/ ?(PRIMARY KEY|NOT NULL).*/, '')}`
        );
  }
}

/** A value as SQLite takes it: boxed floats unboxed, tool calls as JSON text. */
function bindable(value, codec) {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint')
    return value;
  if (value instanceof codec.Float) return value.value;
  return codec.dumps(value);
}

/** A scalar a column can hold as is (else the value goes to sim_extra, whole). */
const columnValue = (value, codec) =>
  value === null ||
  typeof value === 'number' ||
  typeof value === 'string' ||
  typeof value === 'bigint' ||
  value instanceof codec.Float;

class SessionStore {
  constructor(db, codec) {
    this.db = db;
    this.codec = codec;
    this.open = true;
    const cols = SESSION_NAMES.filter(n => n !== 'id');
    this.sql = {
      owner: db.prepare('SELECT sim_run FROM sessions WHERE id = ?'),
      claim: db.prepare(
        'UPDATE sessions SET sim_run = ?, ended_at = NULL, end_reason = NULL WHERE id = ?'
      ),
      dropMessages: db.prepare('DELETE FROM messages WHERE session_id = ?'),
      dropSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
      insertSession: db.prepare(
        `INSERT INTO sessions (${[...SESSION_NAMES, 'sim_run', 'sim_extra'].join(', ')}) VALUES (${Array(
          SESSION_NAMES.length + 2
        )
          .fill('?')
          .join(', ')})`
      ),
      updateSession: db.prepare(
        `UPDATE sessions SET ${[...cols, 'sim_extra'].map(c => `${c} = ?`).join(', ')} WHERE id = ? AND sim_run = ?`
      ),
      insertMessage: db.prepare(
        `INSERT OR REPLACE INTO messages (${MESSAGE_NAMES.join(', ')}) VALUES (${MESSAGE_NAMES.map(() => '?').join(', ')})`
      ),
      updateCalls: db.prepare('UPDATE messages SET tool_calls = ? WHERE id = ?'),
      session: db.prepare(
        `SELECT ${SESSION_NAMES.join(', ')}, sim_extra FROM sessions WHERE id = ?`
      ),
      messages: db.prepare(
        `SELECT ${MESSAGE_NAMES.join(', ')} FROM messages WHERE session_id = ? ORDER BY id`
      )
    };
  }

  close() {
    if (!this.open) return;
    this.open = false;
    this.db.close();
  }

  transaction(fn) {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      this.db.exec('ROLLBACK');
      throw err;
    }
  }

  /** The stored session `id` as it lies (row and messages, tool_calls as text), for a resume; or null. */
  find(id) {
    const row = this.sql.session.get(id);
    return row ? { row, messages: this.sql.messages.all(id) } : null;
  }

  /** The stored session `id` as the export writes it (row fields, then `messages`), or null. */
  record(id) {
    const row = this.sql.session.get(id);
    if (!row) return null;
    const { Float, parse } = this.codec;
    const float = v => new Float(v);
    const out = new Map();
    for (const name of SESSION_NAMES) {
      const v = row[name];
      out.set(name, SESSION_REAL.has(name) && typeof v === 'number' ? float(v) : v);
    }
    if (row.sim_extra) for (const [k, v] of parse(row.sim_extra)) out.set(k, v);
    const messages = this.sql.messages.all(id).map(m => {
      const msg = new Map();
      for (const name of MESSAGE_NAMES) {
        let v = m[name];
        if (MESSAGE_REAL.has(name) && typeof v === 'number') v = float(v);
        if (name === 'tool_calls' && typeof v === 'string') {
          try {
            v = parse(v);
          } catch {
            // kept as the text it is
          }
        }
        msg.set(name, v);
      }
      return msg;
    });
    out.set('messages', messages);
    return out;
  }

  /** A writer for one run, whose rows carry `token` so that a later run taking the id stops it. */
  writer(token) {
    return new SessionWriter(this, token);
  }
}

class SessionWriter {
  constructor(store, token) {
    this.store = store;
    this.token = token;
    this.touched = new Set(); // messages already stored whose tool_calls grew since
  }

  /** The session's row values for insert/update: [columns…, sim_extra]. */
  rowValues(row) {
    const { codec } = this.store;
    const extra = new Map();
    const values = SESSION_NAMES.map(name => {
      const v = row.get(name);
      if (v !== undefined && !columnValue(v, codec)) {
        extra.set(name, v);
        return null;
      }
      return bindable(v, codec);
    });
    for (const [k, v] of row) if (!SESSION_NAMES.includes(k)) extra.set(k, v);
    return { values, extra: extra.size > 0 ? codec.dumps(extra) : null };
  }

  insertMessages(messages) {
    const { sql, codec } = this.store;
    for (const m of messages) {
      const r = sql.insertMessage.run(...MESSAGE_NAMES.map(n => bindable(m[n], codec)));
      m.id ??= Number(r.lastInsertRowid);
      this.touched.delete(m);
    }
  }

  /** The session as this run has it (`messages`: the earlier turns' too) replaces what has its id. */
  replace({ id, row, messages }) {
    const { sql } = this.store;
    sql.dropMessages.run(id);
    sql.dropSession.run(id);
    const { values, extra } = this.rowValues(row);
    sql.insertSession.run(...values, this.token, extra);
    this.insertMessages(messages);
  }

  /**
   * At init: a resumed session is claimed and gets the new messages; a new one replaces any stored
   * session with its id (a scenario's fixed id; upstream's are never reused).
   */
  begin({ id, resumed, row, messages }) {
    const { sql } = this.store;
    this.store.transaction(() => {
      if (resumed && sql.owner.get(id)) {
        sql.claim.run(this.token, id);
        this.insertMessages(messages.filter(m => m.id == null));
      } else this.replace({ id, row, messages });
    });
  }

  /** Marks a stored message whose tool_calls grew (parallel calls) for the next write. */
  touch(message) {
    if (message.id != null) this.touched.add(message);
  }

  /**
   * Writes what is new: the messages not stored yet, the grown ones, the row. When another run took
   * the id meanwhile, nothing (`final`: the whole session, this run's, replaces theirs). Returns
   * whether it wrote.
   */
  write({ id, row, messages, final }) {
    const { sql, codec } = this.store;
    return this.store.transaction(() => {
      const owner = sql.owner.get(id);
      if (owner?.sim_run !== this.token) {
        if (final) this.replace({ id, row, messages });
        return final;
      }
      this.insertMessages(messages.filter(m => m.id == null));
      for (const m of this.touched) sql.updateCalls.run(bindable(m.tool_calls, codec), m.id);
      this.touched.clear();
      const { values, extra } = this.rowValues(row);
      sql.updateSession.run(...values.slice(1), extra, id, this.token);
      return true;
    });
  }
}

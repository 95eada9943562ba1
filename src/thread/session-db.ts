/**
 * The thread's Hermes session store (`state.db`, SQLite in WAL mode) as it is kept between runs:
 * read from a copy of the agent's files (the database and its `-wal`, which holds committed rows
 * until a checkpoint), every text value redacted in place, then written whole into one new file
 * (`VACUUM INTO`: checkpointed, and without the free pages where text from before the redaction
 * would remain). And the check a restored copy must pass before Hermes gets it.
 */
import { DatabaseSync } from 'node:sqlite';
import type { Redactor } from '../text/redact.js';

/** Names an identifier in SQL: double quotes, doubled inside. */
const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Opens `dir/state.db` (its `-wal` replayed), redacts every text value of every ordinary table with
 * `redact`, and writes the result to `out`. Its triggers and any search index (an FTS table) are
 * dropped: a trigger could undo the redaction, and an index holds the old text in pages of its own.
 */
export function keptCopy(source: string, out: string, redact: Redactor): void {
  const db = new DatabaseSync(source);
  try {
    // The agent's schema runs nothing of its own while it is rewritten: no function of its views
    // or triggers, no CHECK of its tables (one could spin the rewrite for hours).
    db.exec('PRAGMA trusted_schema = OFF; PRAGMA ignore_check_constraints = ON;');
    db.function('hermes_redact', { deterministic: true, directOnly: true }, (value: unknown) => {
      if (typeof value === 'string') return redact(value);
      // Text stored as bytes is text all the same: redacted where it reads as any.
      if (value instanceof Uint8Array) {
        const text = Buffer.from(value).toString('utf8');
        const clean = redact(text);
        return clean === text ? value : clean;
      }
      return value as null;
    });
    const tables = db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'"
      )
      .all() as { name: string; sql: string | null }[];
    // A view's text is the agent's, unredacted: views go (Hermes keeps its rows in tables).
    const views = db.prepare("SELECT name FROM sqlite_master WHERE type = 'view'").all() as {
      name: string;
    }[];
    for (const v of views) db.exec(`DROP VIEW IF EXISTS ${ident(v.name)}`);
    // Shadow tables as SQLite names them, not by a guess at their names.
    const shadows = new Set(
      (db.prepare('PRAGMA table_list').all() as { name: string; type: string }[])
        .filter(t => t.type === 'shadow')
        .map(t => t.name)
    );
    const virtual = tables.filter(t => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(t.sql ?? ''));
    // A virtual table's shadow tables are its own: dropped with it.
    const shadow = (name: string): boolean => shadows.has(name);
    // Every trigger goes first: the agent's file could hold one that undoes the redaction as it
    // runs (an index's feeders among them; Hermes makes its own anew where missing).
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as {
      name: string;
    }[];
    for (const t of triggers) db.exec(`DROP TRIGGER IF EXISTS ${ident(t.name)}`);
    // Indexes too: one on an expression of the agent's would be computed for every row rewritten.
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all() as { name: string }[];
    for (const i of indexes) db.exec(`DROP INDEX IF EXISTS ${ident(i.name)}`);
    for (const v of virtual) db.exec(`DROP TABLE IF EXISTS ${ident(v.name)}`);
    for (const { name } of tables) {
      if (virtual.some(v => v.name === name) || shadow(name)) continue;
      const columns = db.prepare(`PRAGMA table_info(${ident(name)})`).all() as { name: string }[];
      if (columns.length === 0) continue;
      const sets = columns.map(c => `${ident(c.name)} = hermes_redact(${ident(c.name)})`);
      db.exec(`UPDATE ${ident(name)} SET ${sets.join(', ')}`);
    }
    db.prepare('VACUUM INTO ?').run(out);
  } finally {
    db.close();
  }
}

/** Why a restored copy is not one to resume, or undefined: whole, and holding the session. */
export function unusable(file: string, sessionId: string): string | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const check = db.prepare('PRAGMA quick_check').all() as Record<string, unknown>[];
    const verdict = check.map(row => Object.values(row)[0]).join('; ');
    if (verdict !== 'ok') return `the saved state.db is damaged (${verdict.slice(0, 200)})`;
    const row = db.prepare('SELECT 1 AS found FROM sessions WHERE id = ?').get(sessionId);
    return row ? undefined : `the saved state.db has no session ${sessionId}`;
  } catch (error) {
    return `the saved state.db cannot be read (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db?.close();
  }
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ADDED_COLUMNS, SCHEMA } from './schema';

export type Db = Database.Database;

/**
 * Opens (creating when missing) the store database and applies the schema; nothing more (the
 * demo data is `openStore`'s step). `:memory:` gives a throwaway database.
 */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  addMissingColumns(db);
  return db;
}

/** Adds the columns a file made by an older version lacks (see `ADDED_COLUMNS`). */
function addMissingColumns(db: Db): void {
  for (const { table, column, definition } of ADDED_COLUMNS) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
}

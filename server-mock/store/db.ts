import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION } from './schema';

export type Db = Database.Database;

/** A database file written by a newer build than this one: it is left untouched. */
export class NewerSchemaError extends Error {
  constructor(file: string, version: number, known: number = SCHEMA_VERSION) {
    super(
      `${file} has schema version ${version}, newer than this build's ${known}: ` +
        'start the newer build, or restore a backup made by this one.',
    );
    this.name = 'NewerSchemaError';
  }
}

/**
 * Opens (creating when missing) the store database and brings its schema to this build's version
 * ({@link MIGRATIONS}, in one transaction); a file from a newer build is refused
 * ({@link NewerSchemaError}). Nothing more: the demo data is `openStore`'s step. `:memory:` gives a
 * throwaway database; `options` go to better-sqlite3 (tests trace statements with `verbose`).
 */
export function openDb(file: string, options: Database.Options = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, options);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file);
    cacheStatements(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Statements kept per database at most; past it the cache starts over (only ever a bound, not a policy). */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * Makes `db.prepare` return the statement it prepared before for the same SQL text: the store
 * prepares its statements where it runs them, and SQLite's compile costs more than many a query.
 * Safe because no store code changes a statement's mode (`pluck`, `raw`, `expand`) or iterates
 * one; SQLite prepares a statement again by itself after a schema change.
 */
export function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
}

/** Runs the steps the file lacks, all or none; exported for tests with steps of their own. */
export function migrate(db: Db, file: string, steps: readonly ((db: Db) => void)[] = MIGRATIONS): void {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > steps.length) throw new NewerSchemaError(file, version, steps.length);
    for (const step of steps.slice(version)) step(db);
    if (version !== steps.length) db.pragma(`user_version = ${steps.length}`);
  }).immediate();
}

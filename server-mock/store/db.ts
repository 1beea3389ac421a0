import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SCHEMA } from './schema';
import { seedDemoStore, seedMissing } from './seed';

export type Db = Database.Database;

/**
 * Opens (creating when missing) the store database, applies the schema and, on
 * first start, seeds the demo catalog; parts of the demo store added since (forms, users,
 * settings, demo products, images, reviews) are added to older files too. `:memory:` gives a
 * throwaway store.
 */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  seedMissing(db);
  const { n } = db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number };
  if (n === 0) seedDemoStore(db);
  return db;
}

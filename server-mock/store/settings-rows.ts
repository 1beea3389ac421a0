import type { Db } from './db';
import { cachedPerTable } from './table-version';

/**
 * Every row of the settings table (key -> value), read once and again only after the table
 * changed: carts, pages and every request's CORS check read settings, owners rarely write them.
 */
export const settingsRows: (db: Db) => ReadonlyMap<string, string> = cachedPerTable('settings', (db) => {
  const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
  return new Map(rows.map((r) => [r.key, r.value]));
});

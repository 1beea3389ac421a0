import { openDb, type Db } from './db';
import { seedDemoData } from './seed';

/**
 * Opens the demo store: the database (see {@link openDb}) with the demo data seeded on first
 * start; parts of the demo store added since (forms, users, settings, demo products, images,
 * reviews) are added to older files too. `:memory:` gives a throwaway store.
 */
export function openStore(file: string, options?: Parameters<typeof openDb>[1]): Db {
  const db = openDb(file, options);
  seedDemoData(db);
  return db;
}

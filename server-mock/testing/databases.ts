import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openDb, type Db } from '../store/db';
import { openStore } from '../store/open-store';

type DbOptions = Parameters<typeof openDb>[1];

/**
 * Databases for the tests of a file, closed after each test, and database files in folders of
 * their own, removed after it: `store` opens the demo store, `bare` the schema alone, `file`
 * names a new file (`prefix` names its folder).
 */
export function databasesPerTest() {
  const open: Db[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const kept = (db: Db) => (open.push(db), db);
  return {
    store: (file = ':memory:', options?: DbOptions): Db => kept(openStore(file, options)),
    bare: (file = ':memory:', options?: DbOptions): Db => kept(openDb(file, options)),
    file: (prefix: string): string => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      return join(dir, 'store.db');
    },
  };
}

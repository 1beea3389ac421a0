import type Database from 'better-sqlite3';
import type { Db } from './db';

interface Watch {
  /** Writes to the table through this connection (temp triggers count them). */
  writes: number;
}

interface Watches {
  tables: Map<string, Watch>;
  dataVersion: Database.Statement;
  /** `PRAGMA data_version` as read in this turn of the event loop; undefined once it is over. */
  seen: number | undefined;
}

const watches = new WeakMap<Db, Watches>();
let unwatched = 0;

/**
 * A value that changes whenever table `table` may have changed: every insert, update or delete
 * through this connection (counted by temp triggers, rolled back or not) at once, and every commit
 * of another connection (`PRAGMA data_version`) from the next turn of the event loop (it is read
 * once per turn: every request starts in a turn of its own). Caches of a table's rows compare it
 * before use.
 */
export function tableVersion(db: Db, table: string): string {
  let state = watches.get(db);
  if (!state) {
    state = { tables: new Map(), dataVersion: db.prepare('PRAGMA data_version'), seen: undefined };
    watches.set(db, state);
  }
  const { tables } = state;
  let watch = tables.get(table);
  // Triggers made inside a transaction would go with its rollback: start watching outside one.
  if (!watch && db.inTransaction) return `unwatched/${(unwatched += 1)}`;
  if (!watch) {
    if (!/^\w+$/.test(table)) throw new Error(`not a table name: ${table}`);
    const counter: Watch = { writes: 0 };
    const changed = `store_changed_${table}`;
    db.function(changed, { deterministic: false }, () => {
      counter.writes += 1;
      return null;
    });
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${changed}_${op.toLowerCase()} AFTER ${op} ON main.${table} BEGIN SELECT ${changed}(); END`,
      );
    }
    tables.set(table, (watch = counter));
  }
  return `${watch.writes}/${seenDataVersion(state)}`;
}

/** `PRAGMA data_version`, read once per turn of the event loop. */
function seenDataVersion(state: Watches): number {
  if (state.seen === undefined) {
    state.seen = (state.dataVersion.get() as { data_version: number }).data_version;
    const read = state;
    queueMicrotask(() => (read.seen = undefined));
  }
  return state.seen;
}

/**
 * One value that changes whenever any of `tables` may have changed, as {@link tableVersion} of
 * each would: the sum of their write counts (each only grows) and `PRAGMA data_version`.
 */
export function tablesVersion(db: Db, tables: readonly string[]): string {
  let writes = 0;
  for (const table of tables) {
    const watch = watches.get(db)?.tables.get(table);
    if (watch) {
      writes += watch.writes;
      continue;
    }
    // Not watched yet: watched from now on, or (inside a transaction) a value never seen again.
    const version = tableVersion(db, table);
    if (version.startsWith('unwatched/')) return version;
    writes += (watches.get(db)?.tables.get(table) as Watch).writes;
  }
  return `${writes}/${seenDataVersion(watches.get(db) as Watches)}`;
}

/**
 * `load` remembered per database while {@link tableVersion} of `table` stays the same. Only what
 * was read outside a transaction is remembered (a transaction may still roll back what it read);
 * inside one the remembered value serves while nothing wrote the table since.
 */
export function cachedPerTable<T>(table: string, load: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, { version: string; value: T }>();
  return (db) => {
    const version = tableVersion(db, table);
    const hit = cache.get(db);
    if (hit?.version === version) return hit.value;
    const value = load(db);
    if (!db.inTransaction) cache.set(db, { version, value });
    return value;
  };
}

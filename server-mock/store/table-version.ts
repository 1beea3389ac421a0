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

function watchesOf(db: Db): Watches {
  let state = watches.get(db);
  if (!state) {
    state = { tables: new Map(), dataVersion: db.prepare('PRAGMA data_version'), seen: undefined };
    watches.set(db, state);
  }
  return state;
}

/**
 * The write counter of `table`, made (with its temp triggers) on first need; undefined when it
 * does not exist yet and a transaction is open (triggers made in one would go with its rollback).
 */
function watchOf(db: Db, state: Watches, table: string): Watch | undefined {
  const known = state.tables.get(table);
  if (known || db.inTransaction) return known;
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
  state.tables.set(table, counter);
  return counter;
}

/**
 * A value that changes whenever table `table` may have changed: every insert, update or delete
 * through this connection (counted by temp triggers, rolled back or not) at once, and every commit
 * of another connection (`PRAGMA data_version`) from the next check (it is read once per
 * synchronous stretch of work: every request starts in one of its own). Caches of a table's rows
 * compare it before use.
 */
export function tableVersion(db: Db, table: string): string {
  return tablesVersion(db, [table]);
}

/** `PRAGMA data_version`, read once per synchronous stretch (until the next microtask checkpoint). */
function seenDataVersion(state: Watches): number {
  if (state.seen === undefined) {
    state.seen = (state.dataVersion.get() as { data_version: number }).data_version;
    const read = state;
    queueMicrotask(() => (read.seen = undefined));
  }
  return state.seen;
}

/**
 * `PRAGMA data_version` as seen in this synchronous stretch: it changes when another connection
 * commits (from the next turn of the event loop).
 */
export function dataVersion(db: Db): number {
  return seenDataVersion(watchesOf(db));
}

/**
 * One value that changes whenever any of `tables` may have changed, as {@link tableVersion} of
 * each would: the sum of their write counts (each only grows) and `PRAGMA data_version`. Inside a
 * transaction, a table not watched yet gives a value never seen again (nothing is remembered).
 */
export function tablesVersion(db: Db, tables: readonly string[]): string {
  const state = watchesOf(db);
  let writes = 0;
  for (const table of tables) {
    const watch = watchOf(db, state, table);
    if (!watch) return `unwatched/${(unwatched += 1)}`;
    writes += watch.writes;
  }
  return `${writes}/${seenDataVersion(state)}`;
}

/**
 * {@link tablesVersion} with `PRAGMA data_version` read now instead of once per synchronous
 * stretch: for checks inside a write transaction, which must count every other connection's
 * commit made before it began.
 */
export function tablesVersionNow(db: Db, tables: readonly string[]): string {
  watchesOf(db).seen = undefined;
  return tablesVersion(db, tables);
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

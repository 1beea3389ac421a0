import type { Db } from './db';
import { decodeCursor, encodeCursor, twoWayPage, type PageRequest, type TwoWayPage } from './page-cursor';

/** A table read newest first: its name, the columns a page shows, and a condition on its rows. */
interface NewestFirst {
  /** The cursors' list name. */
  list: string;
  table: string;
  /** The columns read, `id` among them (the table's integer primary key, which only grows). */
  columns: string;
  /** An SQL condition with `?` parameters, or '' for every row. */
  where?: string;
  params?: unknown[];
}

/**
 * One page of a table's rows newest first, keyset-paged on the row id (the order they were
 * stored in): after a cursor the older ones, before it the newer ones. A page read backwards that
 * reaches the newest row is the first page.
 */
export function newestFirstPage<R extends { id: number }>(
  db: Db,
  { list, table, columns, where = '', params = [] }: NewestFirst,
  request: PageRequest,
  size: number,
): TwoWayPage<R> {
  const and = where ? `${where} AND` : '';
  let rows: R[];
  if (request.before) {
    const newer = db
      .prepare(`SELECT ${columns} FROM ${table} WHERE ${and} id > ? ORDER BY id LIMIT ?`)
      .all(...params, decodeCursor(list, request.before), size + 1) as R[];
    if (newer.length <= size) return newestFirstPage(db, { list, table, columns, where, params }, {}, size);
    rows = newer.slice(0, size).reverse();
  } else {
    const after = request.after ? decodeCursor(list, request.after) : Number.MAX_SAFE_INTEGER;
    rows = db
      .prepare(`SELECT ${columns} FROM ${table} WHERE ${and} id < ? ORDER BY id DESC LIMIT ?`)
      .all(...params, after, size) as R[];
  }
  const first = rows[0]?.id ?? Number.MAX_SAFE_INTEGER;
  const last = rows.at(-1)?.id ?? 0;
  const { newer } = db
    .prepare(`SELECT COUNT(*) AS newer FROM (SELECT 1 FROM ${table} WHERE ${and} id > ? LIMIT ?)`)
    .get(...params, first, size + 1) as { newer: number };
  const older = db.prepare(`SELECT 1 FROM ${table} WHERE ${and} id < ? LIMIT 1`).get(...params, last) !== undefined;
  return twoWayPage(
    rows,
    { moreBefore: newer > 0, firstBefore: newer <= size, moreAfter: older },
    (row) => encodeCursor(list, row.id),
    (row) => row,
  );
}

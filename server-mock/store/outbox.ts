import type { Db } from './db';
import { decodeCursor, encodeCursor, twoWayPage, type PageRequest, type TwoWayPage } from './page-cursor';

/** An e-mail the store has sent (the demo store keeps them in the outbox table instead of mailing them). */
export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  body: string;
  /** Epoch milliseconds. */
  created: number;
}

/** Puts one e-mail in the outbox; call inside the transaction that decides to send it. */
export function queueEmail(db: Db, email: Omit<OutboxEmail, 'id' | 'created'>, created = Date.now()): void {
  db.prepare('INSERT INTO outbox (to_address, subject, body, created) VALUES (?, ?, ?, ?)').run(
    email.to,
    email.subject,
    email.body,
    created,
  );
}

/** E-mails per page of the owner's outbox. */
export const OUTBOX_PAGE_SIZE = 50;

const COLUMNS = 'id, to_address AS "to", subject, body, created';

/**
 * One page of the sent e-mails, newest first, keyset-paged on the row id (the order they were
 * queued in): after a cursor the older ones, before it the newer ones. A page read backwards that
 * reaches the newest e-mail is the first page.
 */
export function listOutbox(db: Db, request: PageRequest = {}, size = OUTBOX_PAGE_SIZE): TwoWayPage<OutboxEmail> {
  let rows: OutboxEmail[];
  if (request.before) {
    const newer = db
      .prepare(`SELECT ${COLUMNS} FROM outbox WHERE id > ? ORDER BY id LIMIT ?`)
      .all(decodeCursor('outbox', request.before), size + 1) as OutboxEmail[];
    if (newer.length <= size) return listOutbox(db, {}, size);
    rows = newer.slice(0, size).reverse();
  } else {
    const after = request.after ? decodeCursor('outbox', request.after) : Number.MAX_SAFE_INTEGER;
    rows = db
      .prepare(`SELECT ${COLUMNS} FROM outbox WHERE id < ? ORDER BY id DESC LIMIT ?`)
      .all(after, size) as OutboxEmail[];
  }
  const first = rows[0]?.id ?? Number.MAX_SAFE_INTEGER;
  const last = rows.at(-1)?.id ?? 0;
  const newer = (
    db.prepare('SELECT COUNT(*) AS n FROM (SELECT 1 FROM outbox WHERE id > ? LIMIT ?)').get(first, size + 1) as {
      n: number;
    }
  ).n;
  const older = db.prepare('SELECT 1 FROM outbox WHERE id < ? LIMIT 1').get(last) !== undefined;
  return twoWayPage(
    rows,
    { moreBefore: newer > 0, firstBefore: newer <= size, moreAfter: older },
    (row) => encodeCursor('outbox', row.id),
    (row) => row,
  );
}

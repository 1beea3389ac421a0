import { headerText, isDeliverableEmail } from '../../contract/email';
import type { Db } from './db';
import { newestFirstPage } from './newest-first';
import type { PageRequest, TwoWayPage } from './page-cursor';

/** An e-mail the store has sent (the demo store keeps them in the outbox table instead of mailing them). */
export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  body: string;
  /** Epoch milliseconds. */
  created: number;
}

/**
 * Puts one e-mail in the outbox; call inside the transaction that decides to send it. Its header
 * values are made safe here, for every sender: the subject loses its control characters (a product
 * name with CR/LF cannot add a header), and an address the server's rule refuses (one stored
 * before the rule, with a NUL or a line break) is not mailed. Returns whether it was queued.
 */
export function queueEmail(db: Db, email: Omit<OutboxEmail, 'id' | 'created'>, created = Date.now()): boolean {
  if (!isDeliverableEmail(email.to)) return false;
  db.prepare('INSERT INTO outbox (to_address, subject, body, created) VALUES (?, ?, ?, ?)').run(
    email.to,
    headerText(email.subject),
    email.body,
    created,
  );
  return true;
}

/** E-mails per page of the owner's outbox. */
const OUTBOX_PAGE_SIZE = 50;

/** One page of the sent e-mails, newest first (see {@link newestFirstPage}). */
export function listOutbox(db: Db, request: PageRequest = {}, size = OUTBOX_PAGE_SIZE): TwoWayPage<OutboxEmail> {
  return newestFirstPage<OutboxEmail>(
    db,
    { list: 'outbox', table: 'outbox', columns: 'id, to_address AS "to", subject, body, created' },
    request,
    size,
  );
}

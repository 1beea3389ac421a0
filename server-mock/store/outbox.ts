import type { Db } from './db';

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

/** The latest e-mails, newest first. */
export function listOutbox(db: Db, limit = 200): OutboxEmail[] {
  return db
    .prepare('SELECT id, to_address AS "to", subject, body, created FROM outbox ORDER BY created DESC, id DESC LIMIT ?')
    .all(limit) as OutboxEmail[];
}

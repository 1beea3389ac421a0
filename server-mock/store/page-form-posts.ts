import { createHash } from 'node:crypto';
import type { Db } from './db';

/**
 * The posts of the pages' own forms (for visitors without JavaScript) by the one-time key each
 * rendered form carries: the first post with a key acts and its answer is kept; a post with the
 * same key again gets that answer and changes nothing. Only a digest of the key (and of what it
 * was posted to) is kept, for a day.
 */

/** How long a key's answer is kept. */
export const PAGE_FORM_POST_MS = 24 * 3600_000;

/** What a post answered: where it sent the browser, and the cart it left the browser with. */
export interface PageFormAnswer {
  location: string;
  cartId?: string;
}

/** A key's state when a post arrives with it. */
export type PageFormClaim =
  | { kind: 'first' }
  | { kind: 'answered'; answer: PageFormAnswer }
  /** Another post with the key is still acting (in this process or another). */
  | { kind: 'acting' };

/** The digest the key is kept under, bound to what it was posted to (`scope`: the path and the form's row). */
export function postDigest(key: string, scope: string): string {
  return createHash('sha256').update(`${scope}\n${key}`).digest('base64url');
}

/** Claims the key for a post: the first to claim it acts, any other gets its answer (or waits). */
export function claimPageFormPost(db: Db, digest: string, now: number): PageFormClaim {
  const inserted = db
    .prepare('INSERT INTO page_form_posts (key_hash, created) VALUES (?, ?) ON CONFLICT (key_hash) DO NOTHING')
    .run(digest, now);
  if (inserted.changes === 1) return { kind: 'first' };
  const row = db.prepare('SELECT answer FROM page_form_posts WHERE key_hash = ?').get(digest) as
    { answer: string | null } | undefined;
  if (!row) return claimPageFormPost(db, digest, now);
  return row.answer === null
    ? { kind: 'acting' }
    : { kind: 'answered', answer: JSON.parse(row.answer) as PageFormAnswer };
}

/** Keeps the answer of the post that claimed the key. */
export function answerPageFormPost(db: Db, digest: string, answer: PageFormAnswer): void {
  db.prepare('UPDATE page_form_posts SET answer = ? WHERE key_hash = ?').run(JSON.stringify(answer), digest);
}

/** Lets the key go again: its post was refused and changed nothing, so the same form may be posted again. */
export function releasePageFormPost(db: Db, digest: string): void {
  db.prepare('DELETE FROM page_form_posts WHERE key_hash = ? AND answer IS NULL').run(digest);
}

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db';
import { queueEmail } from './outbox';
import { websiteSettings } from './settings';
import { createMember, type SiteUser } from './site-users';

/**
 * Account creation that tells nobody whether an address has an account: every creation is
 * answered the same, and the address's owner gets an e-mail: a link that finishes creating the
 * account (kept here as a digest, with the password's hash, for a day), or, when the address has
 * an account already, a word that it has.
 */

/** How long the link of a creation works. */
export const PENDING_MEMBER_MS = 24 * 3600_000;
/** E-mails about account creation one address gets at most per hour (whoever asks). */
export const ACCOUNT_EMAILS_PER_HOUR = 3;
/** The subject of both e-mails: the same whether or not the address has an account. */
const subject = (site: string) => `Your account at ${site}`;

const digest = (code: string) => createHash('sha256').update(code).digest('base64url');
const CODE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Takes an account creation for `email` (its password already hashed): mails the link that
 * finishes it, or, when the address has an account, says so to its owner. Nothing is mailed past
 * {@link ACCOUNT_EMAILS_PER_HOUR} an hour to one address. The caller answers the same either way.
 */
export function requestMember(db: Db, email: string, passwordHash: string, origin: string, now = Date.now()): void {
  db.transaction(() => {
    const site = websiteSettings(db).title;
    const mailed = db
      .prepare('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ? COLLATE NOCASE AND subject = ? AND created > ?')
      .get(email, subject(site), now - 3600_000) as { n: number };
    if (mailed.n >= ACCOUNT_EMAILS_PER_HOUR) return;
    const exists = db.prepare('SELECT 1 FROM site_users WHERE email = ? COLLATE NOCASE').get(email);
    if (exists) {
      queueEmail(
        db,
        {
          to: email,
          subject: subject(site),
          body:
            `Someone, perhaps you, asked to create an account at ${site} with this e-mail address. ` +
            `It has one already: sign in at ${origin}/account.\n\n` +
            'If it was not you, there is nothing to do: nothing was changed.\n',
        },
        now,
      );
      return;
    }
    const code = randomBytes(32).toString('base64url');
    db.prepare(
      'INSERT INTO pending_members (code_hash, email, password_hash, created, expires) VALUES (?, ?, ?, ?, ?)',
    ).run(digest(code), email, passwordHash, now, now + PENDING_MEMBER_MS);
    queueEmail(
      db,
      {
        to: email,
        subject: subject(site),
        body:
          `Follow this link to finish creating your account at ${site}:\n${origin}/account/confirm?code=${code}\n\n` +
          'The link works for 24 hours. If you did not ask for an account, there is nothing to do.\n',
      },
      now,
    );
  }).immediate();
}

/** Whether `code` is the live link of an account creation (nothing is spent). */
export function isPendingMember(db: Db, code: unknown, now = Date.now()): boolean {
  if (typeof code !== 'string' || !CODE.test(code)) return false;
  return (
    db.prepare('SELECT 1 FROM pending_members WHERE code_hash = ? AND expires > ?').get(digest(code), now) !== undefined
  );
}

/**
 * Finishes the account creation `code` links to, once: the member it made, or undefined for a
 * link that is not live (unknown, spent, expired) or an address that has an account since.
 */
export function confirmMember(db: Db, code: unknown, now = Date.now()): SiteUser | undefined {
  if (typeof code !== 'string' || !CODE.test(code)) return undefined;
  return db
    .transaction(() => {
      const pending = db
        .prepare('DELETE FROM pending_members WHERE code_hash = ? AND expires > ? RETURNING email, password_hash')
        .get(digest(code), now) as { email: string; password_hash: string } | undefined;
      if (!pending) return undefined;
      const member = createMember(db, pending.email, pending.password_hash, now);
      // Its other links are spent with it.
      if (member) db.prepare('DELETE FROM pending_members WHERE email = ? COLLATE NOCASE').run(pending.email);
      return member;
    })
    .immediate();
}

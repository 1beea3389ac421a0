import type { Db } from './db';
import { revokeMemberCartTokens } from './cart-tokens';
import { accountKey } from './keyed-hash';
import { isOwner } from './site-users';
import { StoreError } from './store-error';

/** Refusals of an export or erasure. */
export const SHOPPER_DATA_MESSAGES = {
  email: 'Enter the e-mail address of the shopper.',
  owner: 'This e-mail address belongs to an owner account: owner accounts are not erased here.',
} as const;

/** Everything the store holds about one e-mail address. */
export interface ShopperData {
  email: string;
  account: { id: string; email: string; roles: number[]; created: number; lastSeen: number | null } | null;
  sessions: { created: number; expires: number }[];
  restockSignUps: {
    id: string;
    productId: string;
    sku: string;
    email: string;
    joinedMailingList: boolean;
    created: number;
    sent: number | null;
  }[];
  formSubmissions: { id: number; formId: string; answers: unknown; pagePath: string; created: number }[];
  outbox: { id: number; to: string; subject: string; body: string; created: number }[];
  /** Sign-in throttling records kept under a keyed hash of the address (failures, addresses signed in from). */
  signInRecords: number;
  /** Account creations waiting for their e-mail's link (the password's hash is not given out). */
  accountRequests: { created: number; expires: number }[];
}

/** Something @ something, no spaces or control characters: any address the store may have kept. */
const ADDRESS = /^[^\s\p{Cc}@]+@[^\s\p{Cc}@]+$/u;

/** The e-mail address as given, trimmed, or the refusal. */
function checkedEmail(email: unknown): string {
  const trimmed = typeof email === 'string' ? email.trim() : '';
  if (trimmed.length > 256 || !ADDRESS.test(trimmed)) {
    throw new StoreError('invalid', SHOPPER_DATA_MESSAGES.email);
  }
  return trimmed;
}

/** Whether `value` is, or holds at any depth, the e-mail address `lower` (any case). */
function mentions(value: unknown, lower: string): boolean {
  if (typeof value === 'string') return value.trim().toLowerCase() === lower;
  if (Array.isArray(value)) return value.some((v) => mentions(v, lower));
  if (value && typeof value === 'object') return Object.values(value).some((v) => mentions(v, lower));
  return false;
}

/** Form submissions with an answer that is the address (the text search only narrows the rows to parse). */
function submissionsOf(db: Db, lower: string): ShopperData['formSubmissions'] {
  const rows = db
    .prepare(
      `SELECT id, form_id, answers, page_path, created FROM form_submissions
       WHERE instr(lower(answers), ?) > 0 ORDER BY id`,
    )
    .all(lower) as { id: number; form_id: string; answers: string; page_path: string; created: number }[];
  return rows.flatMap((r) => {
    const answers: unknown = JSON.parse(r.answers);
    return mentions(answers, lower)
      ? [{ id: r.id, formId: r.form_id, answers, pagePath: r.page_path, created: r.created }]
      : [];
  });
}

/** Everything the store holds about the e-mail address (any case), for the owner's export. */
export function findShopperData(db: Db, email: unknown): ShopperData {
  const address = checkedEmail(email);
  const lower = address.toLowerCase();
  const user = db
    .prepare('SELECT id, email, roles, created, last_seen FROM site_users WHERE email = ?')
    .get(address) as
    { id: string; email: string; roles: string; created: number; last_seen: number | null } | undefined;
  const account = user
    ? {
        id: user.id,
        email: user.email,
        roles: JSON.parse(user.roles) as number[],
        created: user.created,
        lastSeen: user.last_seen,
      }
    : null;
  const key = accountKey(db, address);
  const count = (sql: string) => (db.prepare(sql).get(key) as { n: number }).n;
  return {
    email: address,
    account,
    sessions: user
      ? (db
          .prepare('SELECT created, expires FROM site_user_sessions WHERE user_id = ? ORDER BY created')
          .all(user.id) as ShopperData['sessions'])
      : [],
    restockSignUps: (
      db
        .prepare(
          `SELECT id, product_id, sku, email, is_join_mailing_list, created, sent FROM restock_sign_ups
           WHERE email_key = ? ORDER BY seq`,
        )
        .all(lower) as {
        id: string;
        product_id: string;
        sku: string;
        email: string;
        is_join_mailing_list: number;
        created: number;
        sent: number | null;
      }[]
    ).map((r) => ({
      id: r.id,
      productId: r.product_id,
      sku: r.sku,
      email: r.email,
      joinedMailingList: r.is_join_mailing_list === 1,
      created: r.created,
      sent: r.sent,
    })),
    formSubmissions: submissionsOf(db, lower),
    outbox: db
      .prepare(
        `SELECT id, to_address AS "to", subject, body, created FROM outbox
         WHERE to_address = ? COLLATE NOCASE ORDER BY id`,
      )
      .all(address) as ShopperData['outbox'],
    signInRecords:
      count('SELECT COUNT(*) AS n FROM sign_in_failures WHERE account_key = ?') +
      count('SELECT COUNT(*) AS n FROM sign_in_addresses WHERE account_key = ?'),
    accountRequests: db
      .prepare('SELECT created, expires FROM pending_members WHERE email = ? COLLATE NOCASE ORDER BY created')
      .all(address) as ShopperData['accountRequests'],
  };
}

/** What an erasure deleted, per kind. */
export interface Erased {
  account: number;
  sessions: number;
  restockSignUps: number;
  formSubmissions: number;
  outbox: number;
  signInRecords: number;
  accountRequests: number;
}

/**
 * Deletes everything the store holds about the e-mail address (as {@link findShopperData} finds
 * it), in one transaction. An owner account is refused and nothing is deleted: the store must keep
 * someone who can run it.
 */
export function eraseShopperData(db: Db, email: unknown): Erased {
  return db
    .transaction((): Erased => {
      const data = findShopperData(db, email);
      const { account } = data;
      if (account && isOwner(account)) throw new StoreError('conflict', SHOPPER_DATA_MESSAGES.owner);
      const key = accountKey(db, data.email);
      const run = (sql: string, ...params: unknown[]) => db.prepare(sql).run(...params).changes;
      const deleteSubmission = db.prepare('DELETE FROM form_submissions WHERE id = ?');
      for (const s of data.formSubmissions) deleteSubmission.run(s.id);
      return {
        sessions: account
          ? run('DELETE FROM site_user_sessions WHERE user_id = ?', account.id) +
            revokeMemberCartTokens(db, account.id, Date.now())
          : 0,
        account: account ? run('DELETE FROM site_users WHERE id = ?', account.id) : 0,
        restockSignUps: run('DELETE FROM restock_sign_ups WHERE email_key = ?', data.email.toLowerCase()),
        formSubmissions: data.formSubmissions.length,
        outbox: run('DELETE FROM outbox WHERE to_address = ? COLLATE NOCASE', data.email),
        signInRecords:
          run('DELETE FROM sign_in_failures WHERE account_key = ?', key) +
          run('DELETE FROM sign_in_addresses WHERE account_key = ?', key),
        accountRequests: run('DELETE FROM pending_members WHERE email = ? COLLATE NOCASE', data.email),
      };
    })
    .immediate();
}

/** One CSV cell: quoted, and text a spreadsheet would run as a formula marked as text. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The export as CSV (RFC 4180, CRLF): one row per record, `kind,id,created,data` (data: the record as JSON). */
export function shopperDataCsv(data: ShopperData): string {
  const rows: unknown[][] = [['kind', 'id', 'created', 'data']];
  const at = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
  if (data.account) rows.push(['account', data.account.id, at(data.account.created), data.account]);
  for (const s of data.sessions) rows.push(['session', '', at(s.created), s]);
  for (const r of data.restockSignUps) rows.push(['restock sign-up', r.id, at(r.created), r]);
  for (const f of data.formSubmissions) rows.push(['form submission', f.id, at(f.created), f]);
  for (const e of data.outbox) rows.push(['e-mail sent', e.id, at(e.created), e]);
  if (data.signInRecords > 0) rows.push(['sign-in records', '', '', { count: data.signInRecords }]);
  for (const r of data.accountRequests) rows.push(['account asked for', '', at(r.created), r]);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

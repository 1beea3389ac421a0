import type { RestockSignUp, RestockSignUpGroup } from '../../contract/restock';
import { randomBytes } from 'node:crypto';
import { isDeliverableEmail } from '../../contract/email';
import { CAPTCHA_REQUIRED, RESTOCK_EMAIL_MESSAGES } from '../../contract/messages';
import type { CaptchaCheck } from './captcha';
import { findVariant, variantDescription, type VariantLookupMessages } from './catalog';
import type { Db } from './db';
import { queueEmail } from './outbox';
import { decodeCursor, toPage, type KeysetPage } from './page-cursor';
import { restockSettings, websiteSettings } from './settings';
import { StoreError } from './store-error';

/** What a visitor reads when a sign-up is refused (the widget shows the message as it is). */
export const RESTOCK_MESSAGES = {
  blankEmail: RESTOCK_EMAIL_MESSAGES.blank,
  invalidEmail: RESTOCK_EMAIL_MESSAGES.invalid,
  captcha: CAPTCHA_REQUIRED,
  mailingListType: 'isJoinMailingList must be true or false.',
  tooManyRequests: 'Send at most 100 send requests at a time.',
  sendRequestsType: 'sendRequests must be a list of {productId, variantId}.',
} as const;

const PRODUCT_LOOKUP: VariantLookupMessages = {
  productRequired: 'productId is required.',
  noProduct: 'This product does not exist.',
  variantRequired: 'variantId is required for a product with several variants.',
  variantType: 'variantId must be a string.',
  noVariant: 'This product variant does not exist.',
};

/** Largest `sendRequests` list one send-all call may carry. */
export const MAX_SEND_REQUESTS = 100;

/** A sign-up as posted, unchecked. */
export interface RestockSignUpInput {
  productId: unknown;
  variantId: unknown;
  siteVisitorEmail: unknown;
  isJoinMailingList: unknown;
  captchaToken: unknown;
}

/**
 * Records a back-in-stock sign-up, committed before it returns. A repeat of a pending sign-up
 * (same product, variant and e-mail in any case) stores nothing and still succeeds. When the
 * store asks for a CAPTCHA, the token is verified (and spent) by `captcha` once the sign-up is
 * otherwise good, before it is stored. Returns whether a new sign-up was stored.
 */
export async function addRestockSignUp(db: Db, input: RestockSignUpInput, captcha: CaptchaCheck): Promise<boolean> {
  const email = typeof input.siteVisitorEmail === 'string' ? input.siteVisitorEmail.trim() : input.siteVisitorEmail;
  if (email === undefined || email === null || email === '')
    throw new StoreError('invalid', RESTOCK_MESSAGES.blankEmail);
  if (typeof email !== 'string' || !isDeliverableEmail(email))
    throw new StoreError('invalid', RESTOCK_MESSAGES.invalidEmail);
  const join = input.isJoinMailingList ?? false;
  if (typeof join !== 'boolean') throw new StoreError('invalid', RESTOCK_MESSAGES.mailingListType);
  const { product, variant } = findVariant(db, input.productId, input.variantId, PRODUCT_LOOKUP);
  const settings = restockSettings(db);

  if (settings.captcha && !(await captcha(input.captchaToken))) {
    throw new StoreError('invalid', RESTOCK_MESSAGES.captcha);
  }
  const run = db.transaction(() => {
    const { changes } = db
      .prepare(
        `INSERT INTO restock_sign_ups (id, product_id, sku, email, email_key, is_join_mailing_list, created)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (product_id, sku, email_key) WHERE sent IS NULL DO NOTHING`,
      )
      .run(
        randomBytes(12).toString('hex'),
        product.id,
        variant.sku,
        email,
        email.toLowerCase(),
        join && settings.mailingListSignUpEnabled ? 1 : 0,
        Date.now(),
      );
    return changes === 1;
  });
  return run.immediate();
}

export type { RestockSignUp, RestockSignUpGroup };

/**
 * Pending sign-ups grouped by product variant, a page at a time. Groups are ordered by their
 * oldest pending sign-up, which later sign-ups never change, so a new group always lands after
 * the pages already read.
 */
export function listRestockGroups(db: Db, cursor: string | undefined, size: number): KeysetPage<RestockSignUpGroup> {
  const after = decodeCursor('groups', cursor);
  // restock_groups is the roll-up of pending sign-ups per variant (schema-roll-ups.ts).
  const rows = db
    .prepare(
      `SELECT g.product_id, g.sku, p.name, v.attributes, g.count, g.first_seq AS first
       FROM restock_groups g JOIN products p ON p.id = g.product_id JOIN variants v ON v.sku = g.sku
       WHERE g.first_seq > ?
       ORDER BY g.first_seq
       LIMIT ?`,
    )
    .all(after, size + 1) as {
    product_id: string;
    sku: string;
    name: string;
    attributes: string;
    count: number;
    first: number;
  }[];
  return toPage(
    'groups',
    rows,
    size,
    (r) => r.first,
    (r) => ({
      productId: r.product_id,
      variantId: r.sku,
      productName: r.name,
      variantName: variantDescription(JSON.parse(r.attributes) as Record<string, string>),
      count: r.count,
    }),
  );
}

/** Pending sign-ups of one product variant, oldest first, a page at a time (keyset on the sign-up order). */
export function listRestockSignUps(
  db: Db,
  productId: unknown,
  variantId: unknown,
  cursor: string | undefined,
  size: number,
): KeysetPage<RestockSignUp> {
  const after = decodeCursor('sign-ups', cursor);
  const { product, variant } = findVariant(db, productId, variantId, PRODUCT_LOOKUP);
  const rows = db
    .prepare(
      `SELECT seq, id, email, is_join_mailing_list, created FROM restock_sign_ups
       WHERE product_id = ? AND sku = ? AND sent IS NULL AND seq > ?
       ORDER BY seq LIMIT ?`,
    )
    .all(product.id, variant.sku, after, size + 1) as {
    seq: number;
    id: string;
    email: string;
    is_join_mailing_list: number;
    created: number;
  }[];
  return toPage(
    'sign-ups',
    rows,
    size,
    (r) => r.seq,
    (r) => ({ id: r.id, email: r.email, isJoinMailingList: r.is_join_mailing_list === 1, createdOn: r.created }),
  );
}

/** The product variants of a send-all body, checked: a list of at most 100 {productId, variantId}. */
export function parseSendRequests(value: unknown): { productId: unknown; variantId: unknown }[] {
  if (!Array.isArray(value)) throw new StoreError('invalid', RESTOCK_MESSAGES.sendRequestsType);
  if (value.length > MAX_SEND_REQUESTS) throw new StoreError('invalid', RESTOCK_MESSAGES.tooManyRequests);
  return value.map((request: unknown) => {
    if (!request || typeof request !== 'object' || Array.isArray(request)) {
      throw new StoreError('invalid', RESTOCK_MESSAGES.sendRequestsType);
    }
    const { productId, variantId } = request as Record<string, unknown>;
    return { productId, variantId };
  });
}

/** Sign-ups sent per transaction: the next batch waits for the event loop to come round. */
export const SEND_BATCH = 200;

/** Waits for the event loop to come round (other requests run meanwhile). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sends the restock e-mail to every pending sign-up of the given product variants: one outbox
 * row each, the sign-ups marked sent in the same transaction, at most {@link SEND_BATCH} of one
 * variant per transaction, with a turn of the event loop between two transactions. Every variant must exist (checked before anything
 * is sent). `shopOrigin` prefixes the product link ('' gives a site-relative link). Resolves to
 * the number sent.
 */
export async function sendRestockEmails(
  db: Db,
  requests: { productId: unknown; variantId: unknown }[],
  shopOrigin: string,
): Promise<number> {
  const site = websiteSettings(db);
  const targets = requests.map((r) => findVariant(db, r.productId, r.variantId, PRODUCT_LOOKUP));
  let sent = 0;
  let batches = 0;
  for (const { product, variant } of targets) {
    const options = variantDescription(variant.attributes);
    const what = options ? `${product.name} (${options})` : product.name;
    const link = `${shopOrigin}/shop/p/${encodeURIComponent(product.slug)}`;
    const email = (to: string) => ({
      to,
      subject: `${product.name} is back in stock`,
      body:
        `Good news: ${what} is back in stock at ${site.title}.\n\n` +
        `Get yours before it sells out again: ${link}\n\n` +
        `You are receiving this e-mail because you asked ${site.title} to tell you when it was back in stock.\n`,
    });
    // Keyset over seq: a sign-up left pending (its address refused) is not read again.
    let after = 0;
    const batch = db.transaction(() => {
      const now = Date.now();
      const pending = db
        .prepare(
          'SELECT seq, email FROM restock_sign_ups WHERE product_id = ? AND sku = ? AND sent IS NULL AND seq > ? ORDER BY seq LIMIT ?',
        )
        .all(product.id, variant.sku, after, SEND_BATCH) as { seq: number; email: string }[];
      let mailed = 0;
      for (const signUp of pending) {
        after = signUp.seq;
        // An address stored before the server's rule (a NUL, a line break) stays pending, unmailed.
        if (!queueEmail(db, email(signUp.email), now)) continue;
        db.prepare('UPDATE restock_sign_ups SET sent = ? WHERE seq = ?').run(now, signUp.seq);
        mailed += 1;
      }
      return { read: pending.length, mailed };
    });
    for (let read = SEND_BATCH; read === SEND_BATCH;) {
      if (batches > 0) await nextTurn();
      const done = batch.immediate();
      read = done.read;
      sent += done.mailed;
      batches += 1;
    }
  }
  return sent;
}

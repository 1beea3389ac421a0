import { createHash, randomBytes } from 'node:crypto';
import { CART_LIFETIME_MS } from './carts';
import type { Db } from './db';

/**
 * Cart tokens: the cart credential of pages on other sites, which keep it in their own storage and
 * send it in a header (never a cookie, a URL or a log). Only a SHA-256 of each is stored. A token
 * lives while it is used (the cart cookie's lifetime after its last use), dies with its cart
 * (bought or swept), and can be revoked.
 *
 * Hand-offs take such a cart to the store's own pages: a one-time code (minutes, bound to the cart)
 * that a form posts to the store, exchanged there for a one-time ticket in a cookie of the store's
 * own site, which the store's next page exchanges for its cart cookie.
 */

/** A token unused this long is dead. */
export const CART_TOKEN_IDLE_MS = CART_LIFETIME_MS;
/** How long a hand-off code may wait for its form to arrive. */
export const HANDOFF_CODE_MS = 2 * 60_000;
/** How long the ticket the code was exchanged for may wait for the redirect that spends it. */
export const HANDOFF_TICKET_MS = 60_000;
/** A token's expiry is pushed out again at most this often (not one write per request). */
const TOUCH_EVERY_MS = 60 * 60_000;

/** 32 random bytes, base64url: 43 characters. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A live token as a request presents it. */
export interface CartTokenRecord {
  /** The token's digest: how the store names it. */
  hash: string;
  /** The cart it is bound to; null until the first add. */
  cartId: string | null;
  /** The member signed in through it (a member only: owner pages never honour a token). */
  siteUserId: string | null;
}

interface TokenRow {
  token_hash: string;
  cart_id: string | null;
  site_user_id: string | null;
  expires: number;
  revoked: number | null;
  cart_exists: number | null;
  is_purchased: number | null;
}

/** How long a bare cart id from before signed cart cookies is still taken after its first use (the browser's calls in flight). */
export const BARE_CART_COOKIE_GRACE_MS = 60_000;

/**
 * Whether a bare cart id (a cart cookie from before cart cookies were signed) still opens its
 * cart: only a cart that was open when the store moved to signed cookies, and only the first time
 * (and for {@link BARE_CART_COOKIE_GRACE_MS} after it, for the same browser's calls in flight);
 * then its browser holds a signed cookie and the bare id opens nothing.
 */
export function takeBareCartCookie(db: Db, cartId: string, now: number): boolean {
  return (
    db
      .prepare(
        `UPDATE carts SET bare_cookie_until = CASE WHEN bare_cookie_until = 0 THEN ? ELSE bare_cookie_until END
          WHERE id = ? AND is_purchased = 0 AND (bare_cookie_until = 0 OR bare_cookie_until > ?)`,
      )
      .run(now + BARE_CART_COOKIE_GRACE_MS, cartId, now).changes === 1
  );
}

/** A fresh token for `cartId` (or none yet) and `siteUserId`; the secret is returned once and never stored. */
export function issueCartToken(
  db: Db,
  binding: { cartId: string | null; siteUserId: string | null },
  now: number,
): { token: string; record: CartTokenRecord } {
  const token = newSecret();
  const hash = digest(token);
  db.prepare(
    'INSERT INTO cart_tokens (token_hash, cart_id, site_user_id, created, expires) VALUES (?, ?, ?, ?, ?)',
  ).run(hash, binding.cartId, binding.siteUserId, now, now + CART_TOKEN_IDLE_MS);
  return { token, record: { hash, cartId: binding.cartId, siteUserId: binding.siteUserId } };
}

/**
 * The live token `token` names, or undefined: malformed, unknown, revoked, expired, or its cart is
 * bought or gone. A live token's expiry moves on with use.
 */
export function resolveCartToken(db: Db, token: string, now: number): CartTokenRecord | undefined {
  if (!SECRET.test(token)) return undefined;
  const row = db
    .prepare(
      `SELECT t.token_hash, t.cart_id, t.site_user_id, t.expires, t.revoked,
              c.id IS NOT NULL AS cart_exists, c.is_purchased
         FROM cart_tokens t LEFT JOIN carts c ON c.id = t.cart_id
        WHERE t.token_hash = ?`,
    )
    .get(digest(token)) as TokenRow | undefined;
  if (!row || row.revoked !== null || row.expires <= now) return undefined;
  if (row.cart_id !== null && (!row.cart_exists || row.is_purchased)) return undefined;
  if (row.expires - now < CART_TOKEN_IDLE_MS - TOUCH_EVERY_MS) {
    db.prepare('UPDATE cart_tokens SET expires = ? WHERE token_hash = ?').run(now + CART_TOKEN_IDLE_MS, row.token_hash);
  }
  return { hash: row.token_hash, cartId: row.cart_id, siteUserId: row.site_user_id };
}

/** Binds a token that had no cart yet to the cart its first add made. */
export function bindCartToken(db: Db, hash: string, cartId: string): void {
  db.prepare('UPDATE cart_tokens SET cart_id = ? WHERE token_hash = ? AND cart_id IS NULL').run(cartId, hash);
}

/** Ends one token at once. */
export function revokeCartToken(db: Db, hash: string, now: number): void {
  db.prepare('UPDATE cart_tokens SET revoked = ? WHERE token_hash = ? AND revoked IS NULL').run(now, hash);
}

/** Ends every token a member signed in through (the store's revocation, when the owner erases the member). */
export function revokeMemberCartTokens(db: Db, siteUserId: string, now: number): number {
  return db
    .prepare('UPDATE cart_tokens SET revoked = ? WHERE site_user_id = ? AND revoked IS NULL')
    .run(now, siteUserId).changes;
}

/**
 * Forgets up to `limit` tokens dead for a day (expired, revoked, or their cart gone) and as many
 * hand-offs past their time: a spent ticket is kept as long as its cart, since it says the cart
 * reached the store's own pages.
 */
export function sweepCartTokens(db: Db, now: number, limit: number): number {
  const dayAgo = now - 24 * 3600_000;
  const tokens = db
    .prepare(
      `DELETE FROM cart_tokens WHERE rowid IN (
         SELECT rowid FROM cart_tokens
          WHERE expires < ? OR revoked < ? OR (cart_id IS NOT NULL AND cart_id NOT IN (SELECT id FROM carts))
          LIMIT ?)`,
    )
    .run(dayAgo, dayAgo, limit).changes;
  const handoffs = db
    .prepare(
      `DELETE FROM cart_handoffs WHERE rowid IN (
         SELECT rowid FROM cart_handoffs
          WHERE (expires < ? AND (kind = 'code' OR used IS NULL)) OR cart_id NOT IN (SELECT id FROM carts)
          LIMIT ?)`,
    )
    .run(dayAgo, limit).changes;
  return tokens + handoffs;
}

/**
 * After its token was revoked: a cart that no live token names and that never reached the store's
 * own pages (no hand-off) can be reached by no browser any more, so its entries stop holding stock.
 */
export function releaseUnreachableCart(db: Db, cartId: string): boolean {
  const reachable = db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM cart_tokens WHERE cart_id = ? AND revoked IS NULL)
           OR EXISTS (SELECT 1 FROM cart_handoffs WHERE cart_id = ? AND kind = 'ticket' AND used IS NOT NULL) AS yes`,
    )
    .get(cartId, cartId) as { yes: number };
  if (reachable.yes) return false;
  db.prepare('UPDATE cart_entries SET held_until = NULL WHERE cart_id = ? AND held_until IS NOT NULL').run(cartId);
  return true;
}

/** A one-time hand-off code for the token's cart, valid {@link HANDOFF_CODE_MS}. */
export function createHandoffCode(db: Db, token: CartTokenRecord & { cartId: string }, now: number): string {
  const code = newSecret();
  db.prepare(
    "INSERT INTO cart_handoffs (hash, kind, cart_id, token_hash, created, expires) VALUES (?, 'code', ?, ?, ?, ?)",
  ).run(digest(code), token.cartId, token.hash, now, now + HANDOFF_CODE_MS);
  return code;
}

/**
 * Spends a code or ticket of `kind`: the hand-off it names, once. Unknown, malformed, expired or
 * already spent: undefined (and a spent one stays spent, whoever presents it again).
 */
function spend(db: Db, kind: 'code' | 'ticket', secret: unknown, now: number) {
  if (typeof secret !== 'string' || !SECRET.test(secret)) return undefined;
  const row = db
    .prepare(
      `UPDATE cart_handoffs SET used = ? WHERE hash = ? AND kind = ? AND used IS NULL AND expires > ?
       RETURNING cart_id, token_hash`,
    )
    .get(now, digest(secret), kind, now) as { cart_id: string; token_hash: string } | undefined;
  return row && { cartId: row.cart_id, tokenHash: row.token_hash };
}

/**
 * Exchanges a hand-off code (posted by the shopper's browser) for a ticket: a second one-time
 * secret, kept in a cookie of the store's own site until the next page spends it. Undefined when
 * the code is not a live one, or its token or cart died meanwhile.
 */
export function exchangeHandoffCode(db: Db, code: unknown, now: number): string | undefined {
  const spent = spend(db, 'code', code, now);
  if (!spent) return undefined;
  const live = db
    .prepare(
      `SELECT 1 FROM cart_tokens t JOIN carts c ON c.id = t.cart_id
        WHERE t.token_hash = ? AND t.cart_id = ? AND t.revoked IS NULL AND t.expires > ? AND c.is_purchased = 0`,
    )
    .get(spent.tokenHash, spent.cartId, now);
  if (!live) return undefined;
  const ticket = newSecret();
  db.prepare(
    "INSERT INTO cart_handoffs (hash, kind, cart_id, token_hash, created, expires) VALUES (?, 'ticket', ?, ?, ?, ?)",
  ).run(digest(ticket), spent.cartId, spent.tokenHash, now, now + HANDOFF_TICKET_MS);
  return ticket;
}

/** Spends a ticket: the handed-over cart and the token it came from, once. */
export function spendHandoffTicket(
  db: Db,
  ticket: unknown,
  now: number,
): { cartId: string; tokenHash: string } | undefined {
  return spend(db, 'ticket', ticket, now);
}

interface HandedEntry {
  id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  held_until: number | null;
}

/**
 * Joins a handed-over cart to the cart the shopper already has on the store's own site, in one
 * transaction, and answers the cart the store's cookie should name from now on; every token of the
 * handed-over cart then names it too, so the page on the other site shows the same cart. No cart
 * there (or a bought one): the handed-over cart is the shopper's. The same variant with the same
 * answers in both: the larger quantity stays, with its hold (nothing is added that stock would have
 * to cover anew). Every other entry moves over with its hold.
 */
export function handOverCart(db: Db, fromCartId: string, intoCartId: string | null, now: number): string {
  return db
    .transaction(() => {
      const into =
        intoCartId === null || intoCartId === fromCartId
          ? undefined
          : (db.prepare('SELECT id FROM carts WHERE id = ? AND is_purchased = 0').get(intoCartId) as
              { id: string } | undefined);
      if (!into) return fromCartId;
      const entries = db
        .prepare('SELECT id, sku, quantity, additional_fields, held_until FROM cart_entries WHERE cart_id = ?')
        .all(fromCartId) as HandedEntry[];
      const twinOf = db.prepare(
        'SELECT id, quantity FROM cart_entries WHERE cart_id = ? AND sku = ? AND additional_fields IS ? LIMIT 1',
      );
      for (const entry of entries) {
        const twin = twinOf.get(into.id, entry.sku, entry.additional_fields) as
          { id: string; quantity: number } | undefined;
        if (!twin) {
          db.prepare('UPDATE cart_entries SET cart_id = ? WHERE id = ?').run(into.id, entry.id);
          continue;
        }
        if (entry.quantity > twin.quantity) {
          db.prepare('UPDATE cart_entries SET quantity = ?, held_until = ? WHERE id = ?').run(
            entry.quantity,
            entry.held_until,
            twin.id,
          );
        }
        db.prepare('DELETE FROM cart_entries WHERE id = ?').run(entry.id);
      }
      db.prepare('UPDATE cart_tokens SET cart_id = ? WHERE cart_id = ?').run(into.id, fromCartId);
      db.prepare('UPDATE cart_handoffs SET cart_id = ? WHERE cart_id = ?').run(into.id, fromCartId);
      db.prepare('DELETE FROM carts WHERE id = ?').run(fromCartId);
      db.prepare('UPDATE carts SET updated = ? WHERE id = ?').run(now, into.id);
      return into.id;
    })
    .immediate();
}

import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { HAS_CART_COOKIE } from '../../contract/embedding';
import { cartTokenCall } from '../middleware/cart-token';
import { bindCartToken, issueCartToken, takeBareCartCookie } from '../store/cart-tokens';
import { CART_LIFETIME_MS } from '../store/carts';
import type { Db } from '../store/db';
import { keyedHash } from '../store/keyed-hash';
import { requestCookie } from './request-cookie';

/**
 * The cart cookie of the store's own pages: the cart's id and a keyed hash of it (the store's
 * secret), so knowing a cart's id (it is in cart answers and analytics rows) opens nothing.
 * HttpOnly: the widgets learn that there is a cart from {@link HAS_CART_COOKIE}.
 */
export const CART_COOKIE = 'CART';

declare module 'hono' {
  interface ContextVariableMap {
    /** The cart this response told the browser's cookie to name. */
    rememberedCart: string;
    /** The cart the request's cart cookie opens (null: none), once read. */
    cookieCart: string | null;
  }
}

const SIGNED = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{22})$/;
const BARE = /^[0-9a-f]{24}$/;
const COOKIE_OPTIONS = { path: '/', sameSite: 'Lax', maxAge: CART_LIFETIME_MS / 1000 } as const;

/** The cart cookie's value for `cartId`. */
export function cartCookieValue(db: Db, cartId: string): string {
  return `${cartId}.${keyedHash(db, 'cart', cartId)}`;
}

/** Tells the browser to keep `cartId` in its cart cookie (and that it has a cart). */
function setCartCookie(c: Context, db: Db, cartId: string): void {
  setCookie(c, CART_COOKIE, cartCookieValue(db, cartId), { ...COOKIE_OPTIONS, httpOnly: true });
  setCookie(c, HAS_CART_COOKIE, '1', COOKIE_OPTIONS);
}

/**
 * The cart the request's cart cookie opens: a signed value whose hash matches; or, once, the bare
 * id of a cart open before cookies were signed (its browser is given the signed cookie).
 */
function cookieCart(c: Context, db: Db, now: number): string | null {
  const value = requestCookie(c, CART_COOKIE);
  if (value === undefined) return null;
  const signed = SIGNED.exec(value);
  if (signed) {
    const [, id = '', given = ''] = signed;
    if (!timingSafeEqual(Buffer.from(keyedHash(db, 'cart', id)), Buffer.from(given))) return null;
    if (requestCookie(c, HAS_CART_COOKIE) === undefined) setCookie(c, HAS_CART_COOKIE, '1', COOKIE_OPTIONS);
    return id;
  }
  if (BARE.test(value) && takeBareCartCookie(db, value, now)) {
    setCartCookie(c, db, value);
    c.set('rememberedCart', value);
    return value;
  }
  return null;
}

/** The visitor's cart id: the live cart token's cart on a token call, else the one the cart cookie opens, if any. */
export function cartIdOf(c: Context, db: Db, now = Date.now()): string | null {
  const call = cartTokenCall(c);
  if (call) return call.record?.cartId ?? null;
  let id = c.get('cookieCart');
  if (id === undefined) c.set('cookieCart', (id = cookieCart(c, db, now)));
  return id;
}

/**
 * Remembers the visitor's cart: on a token call the token names it (a token without a cart yet is
 * bound to it; without a live token a new one is issued and answered), else the cart cookie does,
 * for 14 days.
 */
export function rememberCart(c: Context, db: Db, cartId: string, now: number): void {
  const call = cartTokenCall(c);
  if (call) {
    const { record } = call;
    if (record?.cartId === cartId) return;
    if (record && record.cartId === null) {
      bindCartToken(db, record.hash, cartId);
      call.record = { ...record, cartId };
      return;
    }
    const issued = issueCartToken(db, { cartId, siteUserId: record?.siteUserId ?? null }, now);
    call.record = issued.record;
    call.answer = issued.token;
    return;
  }
  // The browser holds it already, or this response gives it (a cookie of before, moved over).
  const held =
    cartIdOf(c, db, now) === cartId &&
    (SIGNED.test(requestCookie(c, CART_COOKIE) ?? '') || c.get('rememberedCart') === cartId);
  c.set('rememberedCart', cartId);
  if (held) return;
  c.set('cookieCart', cartId);
  setCartCookie(c, db, cartId);
}

/** Tells the browser to forget its cart (a signed-out visitor who starts with none). */
export function forgetCart(c: Context): void {
  deleteCookie(c, CART_COOKIE, { path: '/' });
  deleteCookie(c, HAS_CART_COOKIE, { path: '/' });
}

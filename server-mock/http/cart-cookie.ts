import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { cartTokenCall } from '../middleware/cart-token';
import { bindCartToken, issueCartToken } from '../store/cart-tokens';
import type { Db } from '../store/db';
import { requestCookie } from './request-cookie';

export const CART_COOKIE = 'CART';

declare module 'hono' {
  interface ContextVariableMap {
    /** The cart this response told the browser's cookie to name. */
    rememberedCart: string;
  }
}

/** The visitor's cart id: the live cart token's cart on a token call, else the cart cookie's, if any. */
export function cartIdOf(c: Context): string | null {
  const call = cartTokenCall(c);
  if (call) return call.record?.cartId ?? null;
  const id = requestCookie(c, CART_COOKIE);
  return id && /^[0-9a-f]{24}$/.test(id) ? id : null;
}

/**
 * Remembers the visitor's cart: on a token call the token names it (a token without a cart yet is
 * bound to it; without a live token a new one is issued and answered), else the cart cookie does,
 * for 14 days (readable by scripts: the cart store checks for it).
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
  c.set('rememberedCart', cartId);
  if (requestCookie(c, CART_COOKIE) === cartId) return;
  setCookie(c, CART_COOKIE, cartId, { path: '/', sameSite: 'Lax', maxAge: 14 * 24 * 3600 });
}

import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { requestCookie } from './request-cookie';

export const CART_COOKIE = 'CART';

/** The visitor's cart id from the cart cookie, if any. */
export function cartIdOf(c: Context): string | null {
  const id = requestCookie(c, CART_COOKIE);
  return id && /^[0-9a-f]{24}$/.test(id) ? id : null;
}

/** Remembers the visitor's cart for 14 days. Readable by scripts: the cart store checks for it. */
export function rememberCart(c: Context, cartId: string): void {
  if (requestCookie(c, CART_COOKIE) === cartId) return;
  setCookie(c, CART_COOKIE, cartId, { path: '/', sameSite: 'Lax', maxAge: 14 * 24 * 3600 });
}

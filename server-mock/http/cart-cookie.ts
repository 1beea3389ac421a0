import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

export const CART_COOKIE = 'CART';

/** The visitor's cart id from the cart cookie, if any. */
export function cartIdOf(c: Context): string | null {
  const id = getCookie(c, CART_COOKIE);
  return id && /^[0-9a-f]{24}$/.test(id) ? id : null;
}

/** Remembers the visitor's cart for 14 days. Readable by scripts: the cart store checks for it. */
export function rememberCart(c: Context, cartId: string): void {
  if (getCookie(c, CART_COOKIE) === cartId) return;
  setCookie(c, CART_COOKIE, cartId, { path: '/', sameSite: 'Lax', maxAge: 14 * 24 * 3600 });
}

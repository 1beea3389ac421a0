import type { Context, MiddlewareHandler } from 'hono';
import { CART_TOKEN_HEADER, NO_CART_TOKEN } from '../../contract/embedding';
import { ignoreCookies } from '../http/request-cookie';
import { resolveCartToken, type CartTokenRecord } from '../store/cart-tokens';
import type { Db } from '../store/db';

/** A call made with the cart-token header: the token it presented (live or not), and the one to answer. */
export interface CartTokenCall {
  /** The live token presented; undefined for none, or a dead one. */
  record: CartTokenRecord | undefined;
  /** Whether a token (not "none") was presented. */
  presented: boolean;
  /** The token the page should keep from now on, when it changes. */
  answer?: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set on calls made with the cart-token header (pages on other sites); absent on cookie calls. */
    cartToken: CartTokenCall;
  }
}

/**
 * Calls carrying the cart-token header are cookie-less: whatever cookies come along are ignored (the
 * visitor is the token alone), so no crumb is needed, as no ambient credential is in play; a page
 * can only send the header after a CORS preflight, which other origins fail. The answer tells the
 * page which token to keep: a new one when a route issued it, `none` when the presented one is dead.
 */
export function cartTokenMiddleware(db: Db, now: () => number): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header(CART_TOKEN_HEADER);
    if (header === undefined || !c.req.path.startsWith('/api/')) return next();
    ignoreCookies(c);
    const presented = header !== NO_CART_TOKEN;
    const call: CartTokenCall = { record: presented ? resolveCartToken(db, header, now()) : undefined, presented };
    c.set('cartToken', call);
    await next();
    const answer = call.answer ?? (presented && !call.record ? NO_CART_TOKEN : undefined);
    if (answer !== undefined) c.res.headers.set(CART_TOKEN_HEADER, answer);
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

/** The cart-token call this request is, or undefined for a cookie call. */
export function cartTokenCall(c: Context): CartTokenCall | undefined {
  return c.get('cartToken');
}

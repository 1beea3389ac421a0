import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { HANDOFF_PAGE_PATH } from '../../contract/embedding';
import { HANDOFF_MESSAGES } from '../../contract/messages';
import { cartIdOf, rememberCart } from '../http/cart-cookie';
import { requestCookie } from '../http/request-cookie';
import { isOwnOrigin, type CorsOptions } from '../middleware/cors';
import { errorHtml } from '../pages/error-html';
import { exchangeHandoffCode, handOverCart, HANDOFF_TICKET_MS, spendHandoffTicket } from '../store/cart-tokens';
import type { Db } from '../store/db';
import { sameSitePath } from './site-users';

/** The store's own cookie that carries a hand-off ticket from the posted form to the page after it. */
const TICKET_COOKIE = 'CART_HANDOFF';
const DEFAULT_NEXT = '/cart';

/** `next` as the form or query gives it: a path of this store, else the cart page. */
const nextPath = (next: unknown) => sameSitePath(next, DEFAULT_NEXT);

/**
 * The store's side of a hand-off (docs/embedding.md): a page on another site posts a one-time code
 * here in a top-level form (no URL, Referer or log ever holds it). Its origin must be one the store
 * allows. The code is exchanged for a ticket in a cookie of the store's own site, and a redirect
 * lands on the GET, which, now first-party and with the shopper's own cookies, joins the handed-over
 * cart to theirs and goes on to `next`. A spent, expired or forged code or ticket just goes on to
 * `next`, with the shopper's own cart.
 */
export function cartHandoffRoutes(db: Db, options: CorsOptions & { now: () => number }): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const origin = c.req.header('Origin');
    const allowed =
      origin !== undefined &&
      (isOwnOrigin(c, origin, options.publicOrigin?.()) || options.allowedOrigins().includes(origin));
    if (!allowed) return refused(c, db);
    const ticket = exchangeHandoffCode(db, form.code, options.now());
    if (ticket) {
      setCookie(c, TICKET_COOKIE, ticket, {
        path: HANDOFF_PAGE_PATH,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: HANDOFF_TICKET_MS / 1000,
      });
    }
    const query = new URLSearchParams({ next: nextPath(form.next) });
    return c.redirect(`${HANDOFF_PAGE_PATH}?${query}`, 303);
  });

  app.get('/', (c) => {
    const next = nextPath(c.req.query('next'));
    const ticket = requestCookie(c, TICKET_COOKIE);
    if (ticket === undefined) return c.redirect(next, 303);
    deleteCookie(c, TICKET_COOKIE, { path: HANDOFF_PAGE_PATH });
    const now = options.now();
    const handed = spendHandoffTicket(db, ticket, now);
    if (handed) rememberCart(c, db, handOverCart(db, handed.cartId, cartIdOf(c, db), now), now);
    return c.redirect(next, 303);
  });

  return app;
}

/** The page a hand-off from an origin the store does not allow gets: nothing changes. */
function refused(c: Context, db: Db): Response {
  return c.html(errorHtml(db, HANDOFF_MESSAGES.originRefused, 'Not allowed'), 403);
}

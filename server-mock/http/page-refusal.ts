import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * A page form's own page, rendered again with its form as posted and the words of a refused post;
 * undefined when there is no such page (a product that is not there): the error page says it.
 */
export type PageRefusal = (c: Context) => Response | undefined | Promise<Response | undefined>;

/** The refusal page of each route handler that has one. */
const refusals = new WeakMap<object, PageRefusal>();

/**
 * Declares `refusal` as the page a limit answers with when it refuses a post to `handler`'s route
 * (the limit answers itself: the handler never runs); returns `handler` for the route table.
 */
export function refusesWith<H extends object>(handler: H, refusal: PageRefusal): H {
  refusals.set(handler, refusal);
  return handler;
}

/** The refusal page declared by a route this request matched, if any. */
export function pageRefusalOf(c: Context): PageRefusal | undefined {
  for (const route of matchedRoutes(c)) {
    const refusal = refusals.get(route.handler);
    if (refusal) return refusal;
  }
  return undefined;
}

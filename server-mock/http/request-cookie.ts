import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** Each request's cookies, parsed on first need (by hono's parser, as `getCookie` reads them). */
const parsed = new WeakMap<Request, Readonly<Record<string, string>>>();

/**
 * The value of cookie `name` of this request, as hono's `getCookie(c, name)` reads it; the Cookie
 * header is parsed once per request however many cookies the middleware and the route read.
 */
export function requestCookie(c: Context, name: string): string | undefined {
  const request = c.req.raw;
  let cookies = parsed.get(request);
  if (!cookies) {
    cookies = getCookie(c);
    parsed.set(request, cookies);
  }
  return cookies[name];
}

/** Makes every later read of this request's cookies find none (a call that must not act on them). */
export function ignoreCookies(c: Context): void {
  parsed.set(c.req.raw, {});
}

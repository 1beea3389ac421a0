import type { Context, MiddlewareHandler, Next } from 'hono';
import { requestCookie } from '../http/request-cookie';
import { socketAddress } from './security-headers';

/** A fixed window: how many state-changing calls, how long, counted per whom. */
export interface RateLimitOptions {
  /** State-changing calls allowed per window and key. */
  limit: number;
  windowMs: number;
  /**
   * Whom the limit counts: the visitor (their crumb and address together, else the address; the
   * default) or the address alone, which a robot cannot shed by dropping cookies.
   */
  by?: 'visitor' | 'address';
  /**
   * The answer over the limit (`Retry-After` is already set): by default 429 `{message}` JSON;
   * an HTML form's path answers with its page instead (or hands on to a handler that renders it).
   */
  refuse?: (c: Context, message: string, next: Next) => Response | Promise<Response | void>;
}

/** What a caller over the limit is told. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a few seconds.';

/** Every state-changing API call, per visitor. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 10_000 };

/**
 * The ceiling over the per-visitor limit: every state-changing API call but analytics, per
 * address, whatever crumbs the calls carry (a fresh crumb costs one GET). Higher than the
 * per-visitor limit so a few shoppers behind one address still get through.
 */
export const DEFAULT_ADDRESS_RATE_LIMIT: RateLimitOptions = { limit: 50, windowMs: 10_000, by: 'address' };

/**
 * Analytics calls (census, event trackers, error reports, performance records), per visitor and
 * apart from the shop's limit: a busy page sends a dozen, and they must never use up the
 * budget an add to cart needs.
 */
export const DEFAULT_ANALYTICS_RATE_LIMIT: RateLimitOptions = { limit: 300, windowMs: 60_000 };

/**
 * The ceiling over the analytics limit, per address whatever the cookies: four visitors' worth,
 * so a household or office behind one address is counted in full.
 */
export const DEFAULT_ANALYTICS_ADDRESS_RATE_LIMIT: RateLimitOptions = { limit: 1200, windowMs: 60_000, by: 'address' };

/** Restock sign-ups and form submissions, per address (each call its own window). */
export const DEFAULT_SUBMIT_RATE_LIMIT: RateLimitOptions = { limit: 5, windowMs: 60_000, by: 'address' };

/** Sign-in attempts, per address. */
export const DEFAULT_SIGN_IN_RATE_LIMIT: RateLimitOptions = { limit: 10, windowMs: 60_000, by: 'address' };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The caller's address: the one `securityHeaders` recorded (the socket's, or behind a trusted
 * proxy the forwarded one), else the socket's ('unknown' without one, as in `app.request` tests).
 */
export function remoteAddress(c: Context): string {
  return c.get('clientAddress') ?? socketAddress(c);
}

function keyOf(c: Context, by: RateLimitOptions['by']): string {
  const address = remoteAddress(c);
  const crumb = by === 'address' ? undefined : requestCookie(c, 'crumb');
  return crumb ? `crumb:${address}|${crumb}` : `ip:${address}`;
}

/**
 * Fixed-window limit on the state-changing calls it is mounted on. Over the limit: 429 with
 * `Retry-After` in seconds. Reads pass uncounted.
 */
export function rateLimit(options: RateLimitOptions = DEFAULT_RATE_LIMIT): MiddlewareHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    }
    const key = keyOf(c, options.by);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + options.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > options.limit) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))));
      return Promise.resolve(
        options.refuse ? options.refuse(c, TOO_MANY_REQUESTS, next) : c.json({ message: TOO_MANY_REQUESTS }, 429),
      );
    }
    return next();
  };
}

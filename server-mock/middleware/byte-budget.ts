import type { MiddlewareHandler } from 'hono';
import { remoteAddress, TOO_MANY_REQUESTS, windowCounter } from './rate-limit';

/** How many request-body bytes one address may send in a window. */
export interface ByteBudgetOptions {
  bytes: number;
  windowMs: number;
}

/**
 * Analytics bytes per address: 8 MB per 10 minutes. A visitor's page sends a few kilobytes;
 * a robot at the call limit with full-size bodies would write hundreds of megabytes.
 */
export const DEFAULT_ANALYTICS_BYTE_BUDGET: ByteBudgetOptions = { bytes: 8 * 1024 * 1024, windowMs: 10 * 60_000 };

/**
 * Counts the body bytes of the calls it is mounted on per address (what a client cannot shed
 * by dropping cookies); over the budget: 429 `{message}` with `Retry-After`, until the window
 * ends. Mount after the body-size limit, so one call is already bounded.
 */
export function byteBudget(options: ByteBudgetOptions = DEFAULT_ANALYTICS_BYTE_BUDGET): MiddlewareHandler {
  const counter = windowCounter({ limit: options.bytes, windowMs: options.windowMs });
  return async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PUT') return next();
    // The body as received (Hono keeps it, so the route reads it again for free).
    const size = (await c.req.arrayBuffer()).byteLength;
    const wait = counter.hit(remoteAddress(c), undefined, Date.now(), size);
    if (wait > 0) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(wait / 1000))));
      return c.json({ message: TOO_MANY_REQUESTS }, 429);
    }
    return next();
  };
}

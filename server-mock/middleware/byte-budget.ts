import type { MiddlewareHandler } from 'hono';
import { remoteAddress, TOO_MANY_REQUESTS } from './rate-limit';

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
  const windows = new Map<string, { bytes: number; resetAt: number }>();
  return async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PUT') return next();
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    }
    const key = remoteAddress(c);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { bytes: 0, resetAt: now + options.windowMs };
      windows.set(key, window);
    }
    // The body as received (Hono keeps it, so the route reads it again for free).
    const size = (await c.req.arrayBuffer()).byteLength;
    if (window.bytes + size > options.bytes) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))));
      return c.json({ message: TOO_MANY_REQUESTS }, 429);
    }
    window.bytes += size;
    return next();
  };
}

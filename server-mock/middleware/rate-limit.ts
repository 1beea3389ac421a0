import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';

export interface RateLimitOptions {
  /** State-changing API calls allowed per window and visitor. */
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 10_000 };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function visitorKey(c: Parameters<MiddlewareHandler>[0]): string {
  const crumb = getCookie(c, 'crumb');
  if (crumb) return `crumb:${crumb}`;
  try {
    return `ip:${getConnInfo(c).remote.address ?? 'unknown'}`;
  } catch {
    return 'ip:unknown';
  }
}

/**
 * Fixed-window limit on state-changing API calls per visitor (their crumb, else
 * their address). Over the limit: 429 with `Retry-After` in seconds.
 */
export function rateLimit(options: RateLimitOptions = DEFAULT_RATE_LIMIT): MiddlewareHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method) || !c.req.path.startsWith('/api/')) return next();
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    }
    const key = visitorKey(c);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + options.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > options.limit) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))));
      return c.json({ message: 'Too many requests. Please try again in a few seconds.' }, 429);
    }
    return next();
  };
}

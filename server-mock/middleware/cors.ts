import type { Context, MiddlewareHandler, Next } from 'hono';
import { CART_TOKEN_HEADER, CRUMB_RESPONSE_HEADER, originRefusedMessage } from '../../contract/embedding';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = `Content-Type, X-CSRF-Token, ${CART_TOKEN_HEADER}`;
const EXPOSED_HEADERS = `${CRUMB_RESPONSE_HEADER}, ${CART_TOKEN_HEADER}, Retry-After`;

export interface CorsOptions {
  /**
   * Origins (`https://theme.example`) whose pages may call `/api/*` with the visitor's cookies;
   * read per request (the store setting may change). The store's own origin is always allowed.
   */
  allowedOrigins: () => readonly string[];
  /** The store's public origin (same as the request's own origin when unset). */
  publicOrigin?: () => string;
}

/** `https://shop.example` from an origin-like text, or undefined when it is not an http(s) origin. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function addVary(c: Context, name: string): void {
  const vary = c.res.headers.get('Vary');
  const names = (vary ?? '').split(',').map((s) => s.trim().toLowerCase());
  if (!names.includes(name.toLowerCase())) c.res.headers.set('Vary', vary ? `${vary}, ${name}` : name);
}

/**
 * Whether a call with this `Origin` comes from the store's own pages: the browser says so
 * (`Sec-Fetch-Site: same-origin`, a header no page can set), or the origin is the one the request
 * was made to (its host, whatever the scheme: a TLS proxy in front makes ours `http:`) or the
 * store's public origin.
 */
export function isOwnOrigin(c: Context, origin: string, publicOrigin: string | undefined): boolean {
  if (c.req.header('Sec-Fetch-Site') === 'same-origin') return true;
  const own = new URL(c.req.url);
  if (origin === publicOrigin || origin === own.origin) return true;
  try {
    return new URL(origin).host === own.host;
  } catch {
    return false;
  }
}

/**
 * Credentialed CORS for `/api/*`. A call from the store's own origin (or with no `Origin`) passes
 * untouched. A call from an allowed origin gets `Access-Control-Allow-Origin` (its origin, never
 * `*`), credentials, and the visitor's crumb in `X-CSRF-Token` (exposed), since that page cannot
 * read our cookies; the crumb check itself is unchanged. A call from any other origin never
 * reaches a route: it gets 403 `{originRefused: true, message}`, readable by the page (so its
 * widgets can say why), and no cookie. Preflights are answered here for every origin, so the
 * refusal arrives as that readable 403 rather than as an opaque network error.
 */
export function corsMiddleware(options: CorsOptions): MiddlewareHandler {
  return (c, next) => {
    if (!c.req.path.startsWith('/api/')) return next();
    const origin = c.req.header('Origin');
    if (origin === undefined || isOwnOrigin(c, origin, options.publicOrigin?.())) return next();
    return crossOrigin(c, next, origin, options);
  };
}

/** {@link corsMiddleware} for a call from another origin. */
async function crossOrigin(c: Context, next: Next, origin: string, options: CorsOptions): Promise<Response | void> {
  const allowed = options.allowedOrigins().includes(origin);
  const corsHeaders: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  };
  const preflight = c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined;
  if (preflight) {
    return c.body(null, 204, {
      ...corsHeaders,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
      'Cache-Control': 'no-store',
    });
  }
  if (!allowed) {
    return c.json({ originRefused: true, message: originRefusedMessage(origin) }, 403, {
      ...corsHeaders,
      'Cache-Control': 'no-store',
    });
  }
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', origin);
  c.res.headers.set('Access-Control-Allow-Credentials', 'true');
  c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  addVary(c, 'Origin');
  const crumb = c.get('crumb');
  if (crumb) {
    c.res.headers.set(CRUMB_RESPONSE_HEADER, crumb);
    c.res.headers.set('Cache-Control', 'no-store');
  }
}

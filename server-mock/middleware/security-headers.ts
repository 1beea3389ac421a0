import { getPath } from 'hono/utils/url';
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { newCspNonce, withCspNonce } from '../http/csp-nonce';

declare module 'hono' {
  interface ContextVariableMap {
    /** The client's address: the socket's, or behind a trusted proxy the one it forwarded. */
    clientAddress: string;
  }
}

/**
 * The Content-Security-Policy of every HTML page: scripts, styles and everything else from this
 * origin only (no inline code, no eval), plus the scripts carrying this response's nonce (the
 * owner's site-form success scripts), and framing by this origin only. `captchaSources` (the
 * production CAPTCHA provider's origins) may also serve scripts and frames; `assetOrigin` (where the
 * bundle is served from, a CDN) serves storefront.css.
 */
export function contentSecurityPolicy(
  nonce: string,
  captchaSources: readonly string[] = [],
  assetOrigin?: string,
): string {
  const afterNonce = assetOrigin
    ? CSP_AFTER_NONCE.replace("style-src 'self'", `style-src 'self' ${assetOrigin}`)
    : CSP_AFTER_NONCE;
  if (captchaSources.length === 0) return CSP_BEFORE_NONCE + nonce + afterNonce;
  const sources = captchaSources.join(' ');
  // The part after the nonce opens with the nonce's closing quote.
  return `${CSP_BEFORE_NONCE}${nonce}' ${sources}${afterNonce.slice(1)}; frame-src 'self' ${sources}`;
}

const CSP_BEFORE_NONCE = "default-src 'self'; script-src 'self' 'nonce-";
const CSP_AFTER_NONCE = [
  "'",
  "style-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Sent on every HTML page, with the Content-Security-Policy. */
const PAGE_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/** Whether answers on this path must never be stored by a browser or proxy: owner pages and the sign-in page. */
function isPrivatePath(path: string): boolean {
  return path === '/config' || path.startsWith('/config/') || path === '/account/login';
}

/** The address of the socket the request came in on ('unknown' without one, as in `app.request` tests). */
export function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The last address of `X-Forwarded-For`: the one the trusted proxy in front of us appended (the
 * ones before it are what the client claimed).
 */
function forwardedFor(c: Context): string | undefined {
  const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last && last.length <= 100 ? last : undefined;
}

/** Whether the request reached us over HTTPS: directly, or (only behind a trusted proxy) per `X-Forwarded-Proto`. */
export function cameOverHttps(c: Context, trustProxy: boolean): boolean {
  if (c.req.url.startsWith('https:')) return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** Adds `Secure` to every cookie the response sets that lacks it. */
function secureCookies(c: Context): void {
  const lines = c.res.headers.getSetCookie();
  if (lines.length === 0 || lines.every((line) => /;\s*secure\s*(;|$)/i.test(line))) return;
  c.res.headers.delete('Set-Cookie');
  for (const line of lines) {
    c.res.headers.append('Set-Cookie', /;\s*secure\s*(;|$)/i.test(line) ? line : `${line}; Secure`);
  }
}

export interface SecurityHeaderOptions {
  /**
   * Whether a reverse proxy we trust stands in front: then `X-Forwarded-For` names the client's
   * address and `X-Forwarded-Proto` says whether it came over HTTPS. Off by default: a client
   * could send either header itself.
   */
  trustProxy?: boolean;
  /** Origins of the CAPTCHA provider's scripts and frames, allowed by every page's policy (none by default). */
  captchaSources?: readonly string[];
  /** The store's public origin: pages learn their canonical address from it and the path asked for. */
  publicOrigin?: () => string;
  /** The origin of the bundle when it is not the store's (ASSET_BASE_URL): its storefront.css is a page's style. */
  assetOrigin?: string;
}

/**
 * Mounted first on every path. Records the client's address (see `clientAddress`) and gives the
 * request a CSP nonce (see `cspNonce`), and on the way out: the Content-Security-Policy with that
 * nonce, nosniff, SAMEORIGIN framing and the referrer policy on HTML pages, nosniff on JSON,
 * `Cache-Control: no-store` on owner pages and the sign-in page, and `Secure` on every cookie of
 * a request that came over HTTPS.
 */
export function securityHeaders({
  trustProxy = false,
  captchaSources = [],
  publicOrigin,
  assetOrigin,
}: SecurityHeaderOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', (trustProxy ? forwardedFor(c) : undefined) ?? socketAddress(c));
    // Only pages carry a nonce: API calls and files answer without entering the nonce's storage.
    const nonce = c.req.path.startsWith('/api/') ? undefined : newCspNonce();
    if (nonce === undefined) await next();
    else
      await withCspNonce(nonce, next, publicOrigin ? { origin: publicOrigin(), path: getPath(c.req.raw) } : undefined);
    const apply = () => {
      const type = c.res.headers.get('Content-Type') ?? '';
      if (type.startsWith('text/html')) {
        // An HTML answer to an API path (none today) still gets the page headers, with a nonce no script carries.
        const policyNonce = nonce ?? newCspNonce();
        for (const [name, value] of PAGE_HEADERS) c.res.headers.set(name, value);
        c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(policyNonce, captchaSources, assetOrigin));
      } else if (type.startsWith('application/json')) {
        c.res.headers.set('X-Content-Type-Options', 'nosniff');
      }
      if (isPrivatePath(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
      if (cameOverHttps(c, trustProxy)) secureCookies(c);
    };
    try {
      apply();
    } catch {
      // A response whose headers cannot change (none of ours today) is copied, then marked.
      c.res = new Response(c.res.body, c.res);
      apply();
    }
  };
}

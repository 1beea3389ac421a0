import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { requestCookie } from '../http/request-cookie';
import { cartTokenCall } from './cart-token';
import { SESSION_COOKIE } from './site-user-session';
import { cookiesBlockedMessage } from '../../contract/embedding';
import { SESSION_EXPIRED } from '../../contract/messages';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

declare module 'hono' {
  interface ContextVariableMap {
    /** The visitor's valid crumb: the one they sent, or the one this response sets. */
    crumb: string;
    /** The crumb cookie this request came with, when it is valid. */
    requestCrumb: string;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A crumb is refused this long after it was issued (the visitor gets a fresh one with the refusal). */
export const CRUMB_LIFETIME_MS = 24 * 3600_000;
/** Past this age a valid crumb is replaced on the visitor's next request, long before it expires. */
const CRUMB_RENEW_AFTER_MS = CRUMB_LIFETIME_MS / 2;

/**
 * The HMAC of a crumb's nonce and issue time, bound to the visitor's sign-in session (the session
 * cookie's value, '' when signed out): a crumb is worth nothing in another session, as OWASP's
 * signed double-submit describes.
 */
function signature(secret: string, nonce: string, issued: string, session: string): string {
  return createHmac('sha256', secret).update(`${nonce}.${issued}.${session}`).digest('base64url').slice(0, 32);
}

/** A fresh signed crumb for `session` ('' when signed out): `nonce.issued.signature`, issued in seconds, base 36. */
export function issueCrumb(secret: string, session = '', now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const issued = Math.floor(now / 1000).toString(36);
  return `${nonce}.${issued}.${signature(secret, nonce, issued, session)}`;
}

/** When a crumb was issued (ms since 1970), if it is one of ours for `session` and not older than its lifetime. */
export function crumbIssuedAt(
  secret: string,
  crumb: string | undefined,
  session = '',
  now = Date.now(),
): number | undefined {
  if (!crumb || crumb.length > 200) return undefined;
  const [nonce, issued, given, extra] = crumb.split('.');
  if (!nonce || !issued || !given || extra !== undefined || !/^[0-9a-z]{1,10}$/.test(issued)) return undefined;
  const expected = Buffer.from(signature(secret, nonce, issued, session));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const at = parseInt(issued, 36) * 1000;
  return at <= now + 60_000 && now - at < CRUMB_LIFETIME_MS ? at : undefined;
}

/** Crumbs one middleware remembers as verified at most; past it the oldest are forgotten first. */
export const VERIFIED_CRUMBS_KEPT = 10_000;

/**
 * {@link crumbIssuedAt} for one secret, remembering what it verified (most recent
 * {@link VERIFIED_CRUMBS_KEPT}, per crumb and session): a visitor sends the same crumb with every
 * request, and its HMAC need not be computed again each time. Only valid crumbs are remembered; a
 * remembered one still expires.
 */
export function crumbVerifier(
  secret: string,
): (crumb: string | undefined, session?: string, now?: number) => number | undefined {
  const verified = new Map<string, number>();
  return (crumb, session = '', now = Date.now()) => {
    if (crumb === undefined) return undefined;
    const key = `${session}|${crumb}`;
    const known = verified.get(key);
    if (known !== undefined) return now - known < CRUMB_LIFETIME_MS ? known : undefined;
    const issued = crumbIssuedAt(secret, crumb, session, now);
    if (issued === undefined) return undefined;
    if (verified.size >= VERIFIED_CRUMBS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(key, issued);
    return issued;
  };
}

function setCrumb(c: Context, crumb: string): void {
  setCookie(c, CRUMB_COOKIE, crumb, { path: '/', sameSite: 'Lax' });
  c.set('crumb', crumb);
}

/**
 * Gives the visitor a fresh crumb for the session they have from this answer on (sign-in: the new
 * session's token; sign-out: none), so a crumb known before is worth nothing after.
 */
export function rotateCrumb(c: Context, secret: string, session: string | undefined): string {
  const crumb = issueCrumb(secret, session ?? '');
  setCrumb(c, crumb);
  return crumb;
}

/** Whether a crumb posted in an HTML form matches the visitor's valid crumb cookie (forms outside /api/). */
export function isFormCrumbValid(c: Context, posted: unknown): boolean {
  const cookie = requestCookie(c, CRUMB_COOKIE);
  return typeof posted === 'string' && posted === cookie && c.get('requestCrumb') === cookie;
}

/**
 * Signed double-submit CSRF check. Every response to a visitor without a valid
 * crumb sets one; every state-changing API call must echo the cookie in the
 * `X-CSRF-Token` header, or it gets 403 with `crumbFail: true`. Calls in `exempt`
 * (exact paths: the analytics beacons, which cannot carry a header) skip the check.
 */
export function crumbMiddleware(
  secret: string,
  exempt: readonly string[] = [],
  now: () => number = Date.now,
): MiddlewareHandler {
  const skip = new Set(exempt);
  const issuedAt = crumbVerifier(secret);
  return (c, next) => {
    // A cart-token call acts on no cookie, so there is nothing to forge and no crumb to give.
    if (cartTokenCall(c)) return next();
    const time = now();
    const session = requestCookie(c, SESSION_COOKIE) ?? '';
    const cookie = requestCookie(c, CRUMB_COOKIE);
    const issued = issuedAt(cookie, session, time);
    const valid = issued !== undefined;
    if (valid) {
      c.set('crumb', cookie as string);
      c.set('requestCrumb', cookie as string);
    }
    // The old crumb stays good until it expires: a page that still holds it is not refused.
    if (!valid || time - issued > CRUMB_RENEW_AFTER_MS) setCrumb(c, issueCrumb(secret, session, time));
    if (UNSAFE.has(c.req.method) && c.req.path.startsWith('/api/') && !skip.has(c.req.path)) {
      const header = c.req.header(CRUMB_HEADER);
      // A crumb we signed, sent by a page that got it from an answer of ours, but no crumb cookie at
      // all: the browser keeps our cookies from that page (a third-party context). Still refused.
      if (cookie === undefined && issuedAt(header, session, time) !== undefined) {
        const message = cookiesBlockedMessage(new URL(c.req.url).origin);
        return Promise.resolve(c.json({ crumbFail: true, cookiesBlocked: true, message }, 403));
      }
      if (!valid || header !== cookie) {
        return Promise.resolve(c.json({ crumbFail: true, message: SESSION_EXPIRED }, 403));
      }
    }
    return next();
  };
}

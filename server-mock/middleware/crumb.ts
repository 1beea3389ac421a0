import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { requestCookie } from '../http/request-cookie';
import { cookiesBlockedMessage } from '../../contract/embedding';
import { SESSION_EXPIRED } from '../../contract/messages';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

declare module 'hono' {
  interface ContextVariableMap {
    /** The visitor's valid crumb: the one they sent, or the one this response sets. */
    crumb: string;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function signature(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 32);
}

/** A fresh signed crumb: `nonce.signature`. */
export function issueCrumb(secret: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, nonce)}`;
}

export function isValidCrumb(secret: string, crumb: string | undefined): crumb is string {
  if (!crumb || crumb.length > 200) return false;
  const dot = crumb.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(signature(secret, crumb.slice(0, dot)));
  const given = Buffer.from(crumb.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Crumbs one middleware remembers as verified at most; past it the oldest are forgotten first. */
export const VERIFIED_CRUMBS_KEPT = 10_000;

/**
 * {@link isValidCrumb} for one secret, remembering the crumbs it verified (most recent
 * {@link VERIFIED_CRUMBS_KEPT}): a visitor sends the same crumb with every request, and its HMAC
 * need not be computed again each time. Only valid crumbs are remembered.
 */
export function crumbVerifier(secret: string): (crumb: string | undefined) => crumb is string {
  const verified = new Map<string, true>();
  return (crumb): crumb is string => {
    if (crumb === undefined) return false;
    if (verified.has(crumb)) return true;
    if (!isValidCrumb(secret, crumb)) return false;
    if (verified.size >= VERIFIED_CRUMBS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(crumb, true);
    return true;
  };
}

function setCrumb(c: Context, crumb: string): void {
  setCookie(c, CRUMB_COOKIE, crumb, { path: '/', sameSite: 'Lax' });
  c.set('crumb', crumb);
}

/** Gives the visitor a fresh crumb (on sign-in, so a crumb known before it is worth nothing after). */
export function rotateCrumb(c: Context, secret: string): string {
  const crumb = issueCrumb(secret);
  setCrumb(c, crumb);
  return crumb;
}

/** Whether a crumb posted in an HTML form matches the visitor's valid crumb cookie (forms outside /api/). */
export function isFormCrumbValid(c: Context, posted: unknown): boolean {
  const cookie = requestCookie(c, CRUMB_COOKIE);
  return typeof posted === 'string' && posted === cookie && c.get('crumb') === cookie;
}

/**
 * Signed double-submit CSRF check. Every response to a visitor without a valid
 * crumb sets one; every state-changing API call must echo the cookie in the
 * `X-CSRF-Token` header, or it gets 403 with `crumbFail: true`. Calls in `exempt`
 * (exact paths: the analytics beacons, which cannot carry a header) skip the check.
 */
export function crumbMiddleware(secret: string, exempt: readonly string[] = []): MiddlewareHandler {
  const skip = new Set(exempt);
  const isValid = crumbVerifier(secret);
  return (c, next) => {
    const cookie = requestCookie(c, CRUMB_COOKIE);
    const valid = isValid(cookie);
    if (valid) c.set('crumb', cookie);
    else setCrumb(c, issueCrumb(secret));
    if (UNSAFE.has(c.req.method) && c.req.path.startsWith('/api/') && !skip.has(c.req.path)) {
      const header = c.req.header(CRUMB_HEADER);
      // A crumb we signed, sent by a page that got it from an answer of ours, but no crumb cookie at
      // all: the browser keeps our cookies from that page (a third-party context). Still refused.
      if (cookie === undefined && isValid(header)) {
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

import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { requestCookie } from '../http/request-cookie';
import type { Db } from '../store/db';
import { createSession, deleteSession, isOwner, SESSION_TTL_MS, sessionUser, type SiteUser } from '../store/site-users';

/** The HttpOnly cookie holding the session token. */
export const SESSION_COOKIE = 'SiteUserSession';
/** The readable cookie the storefront checks: URL-encoded JSON `{authenticated, siteUserId}`. */
export const USER_INFO_COOKIE = 'SiteUserInfo';

/** The signed-in user of this request, or undefined. */
export function currentSiteUser(c: Context, db: Db): SiteUser | undefined {
  return sessionUser(db, requestCookie(c, SESSION_COOKIE));
}

/** Signs the user in (ending any session the browser had): a new session and both cookies (kept for 30 days when remembered, else until the browser closes). */
export function startSiteUserSession(c: Context, db: Db, user: SiteUser, rememberMe: boolean): string {
  deleteSession(db, requestCookie(c, SESSION_COOKIE));
  const { token } = createSession(db, user.id, rememberMe);
  const lifetime = rememberMe ? { maxAge: SESSION_TTL_MS.remembered / 1000 } : {};
  setCookie(c, SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Lax', ...lifetime });
  setCookie(c, USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId: user.id }), {
    path: '/',
    sameSite: 'Lax',
    ...lifetime,
  });
  return token;
}

/** Signs out: the session ends on the server and both cookies are cleared. */
export function endSiteUserSession(c: Context, db: Db): void {
  deleteSession(db, requestCookie(c, SESSION_COOKIE));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, USER_INFO_COOKIE, { path: '/' });
}

/** Why {@link ownerOnly} turned a request away. */
export type Refusal = 'signed-out' | 'not-owner';

/**
 * Lets only a signed-in owner (admin or store manager) through; everyone else gets what
 * `refuse` answers (401/403 JSON for calls, a sign-in redirect or 403 page for pages).
 */
export function ownerOnly(
  db: Db,
  refuse: (c: Context, why: Refusal) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    const user = currentSiteUser(c, db);
    if (!user) return refuse(c, 'signed-out');
    if (!isOwner(user)) return refuse(c, 'not-owner');
    await next();
  };
}

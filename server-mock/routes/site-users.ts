import { PageType } from '../../contract/enumerations';
import { Hono, type Context } from 'hono';
import { pageData } from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { SESSION_EXPIRED } from '../../contract/messages';
import { isFormCrumbValid, rotateCrumb } from '../middleware/crumb';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';
import { endSiteUserSession, startSiteUserSession } from '../middleware/site-user-session';
import { deleteCookie } from 'hono/cookie';
import { CART_COOKIE } from '../http/cart-cookie';
import type { Db } from '../store/db';
import { crumbSecret, websiteSettings } from '../store/settings';
import { OWNER_CSS_PATH } from './owner-pages';
import { authenticate, createMember, hashPasswordAsync } from '../store/site-users';
import { isValidEmail } from '../../contract/email';
import { MEMBER_PASSWORD_MIN, REGISTER_MESSAGES, type RegisterResponse } from '../../contract/site-users';

/** Messages of refused sign-ins and sign-outs. */
export const SIGN_IN_MESSAGES = {
  wrong: 'Your email or password is incorrect.',
  missing: 'Enter your email and password.',
  cloneCart: 'cloneCart must be true or false.',
} as const;

/** Where the sign-in page sends an owner when no (usable) `next` is given. */
export const AFTER_SIGN_IN = '/config';

/** `next` when it is a path of this site ('/…', never '//host' or another origin), else the fallback. */
export function sameSitePath(next: unknown, fallback = AFTER_SIGN_IN): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.length > 2048) return fallback;
  const base = 'http://same-site.invalid';
  try {
    const url = new URL(next, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The fields of a posted HTML form; a body that is not a readable form has none. */
async function formFields(c: Context): Promise<Record<string, string>> {
  try {
    const body = await c.req.parseBody();
    return Object.fromEntries(
      Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** What the sign-in page shows filled in. */
export interface SignInForm {
  next?: string;
  email?: string;
  rememberMe?: boolean;
  error?: string;
}

/** The HTML sign-in page, with the form filled in as given. */
export function signInPage(c: Context, db: Db, status: 200 | 400 | 401 | 403 | 429, form: SignInForm = {}): Response {
  return c.html(
    renderPage(
      'login',
      pageData(
        websiteSettings(db),
        'Sign in',
        {
          cartPill: false,
          pageCss: OWNER_CSS_PATH,
          crumb: c.get('crumb'),
          next: sameSitePath(form.next ?? c.req.query('next')),
          email: form.email ?? '',
          rememberMe: form.rememberMe === true,
          ...(form.error ? { error: form.error } : {}),
        },
        { pageType: PageType.PAGE, pageId: 'sign-in' },
      ),
    ),
    status,
  );
}

/** Visitor sign-in and sign-out: the JSON session calls (platform spec, section 7) and a plain HTML sign-in page. */
export function siteUserRoutes(db: Db): Hono {
  const app = new Hono();
  const secret = crumbSecret(db);

  app.post('/api/site-users/account/session', async (c) => {
    const { email, password, rememberMe } = await readJsonObject(c);
    if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '') {
      throw new HttpError(400, SIGN_IN_MESSAGES.missing);
    }
    const user = await authenticate(db, email, password);
    if (!user) return c.json({ message: SIGN_IN_MESSAGES.wrong }, 401);
    startSiteUserSession(c, db, user, rememberMe === true);
    return c.json({ xsrfToken: rotateCrumb(c, secret) });
  });

  // A member account: created, then signed in (not remembered) like a sign-in.
  app.post('/api/site-users/account', async (c) => {
    const { email, password } = await readJsonObject(c);
    const address = typeof email === 'string' ? email.trim() : '';
    if (!isValidEmail(address)) throw new HttpError(400, REGISTER_MESSAGES.invalidEmail);
    if (typeof password !== 'string' || [...password].length < MEMBER_PASSWORD_MIN || password.length > 1000) {
      throw new HttpError(400, REGISTER_MESSAGES.shortPassword);
    }
    const user = createMember(db, address, await hashPasswordAsync(password));
    if (!user) return c.json({ message: REGISTER_MESSAGES.taken }, 409);
    startSiteUserSession(c, db, user, false);
    return c.json({ xsrfToken: rotateCrumb(c, secret), siteUserId: user.id } satisfies RegisterResponse, 201);
  });

  app.delete('/api/site-users/account/session', (c) => {
    const cloneCart = c.req.query('cloneCart');
    if (cloneCart !== undefined && cloneCart !== 'true' && cloneCart !== 'false' && cloneCart !== '') {
      throw new HttpError(400, SIGN_IN_MESSAGES.cloneCart);
    }
    endSiteUserSession(c, db);
    // cloneCart=false: the signed-out visitor starts with an empty cart (the member's stays theirs).
    if (cloneCart === 'false') deleteCookie(c, CART_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

  app.get('/account/login', (c) => signInPage(c, db, 200));

  app.post('/account/login', async (c) => {
    const form = await formFields(c);
    const text = (name: string) => form[name] ?? '';
    const entered = { next: text('next'), email: text('email'), rememberMe: text('rememberMe') === 'true' };
    if (!isFormCrumbValid(c, form.crumb)) return signInPage(c, db, 403, { ...entered, error: SESSION_EXPIRED });
    if (entered.email === '' || text('password') === '') {
      return signInPage(c, db, 400, { ...entered, error: SIGN_IN_MESSAGES.missing });
    }
    const user = await authenticate(db, entered.email, text('password'));
    if (!user) return signInPage(c, db, 401, { ...entered, error: SIGN_IN_MESSAGES.wrong });
    startSiteUserSession(c, db, user, entered.rememberMe);
    rotateCrumb(c, secret);
    return c.redirect(sameSitePath(entered.next), 303);
  });

  app.post('/account/logout', async (c) => {
    const form = await formFields(c);
    if (isFormCrumbValid(c, form.crumb)) endSiteUserSession(c, db);
    return c.redirect('/account/login', 303);
  });

  return app;
}

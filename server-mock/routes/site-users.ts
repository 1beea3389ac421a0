import { PageType } from '../../contract/enumerations';
import { Hono, type Context } from 'hono';
import { pageData } from '../pages/page-data';
import { renderPage } from '../pages/render-page';
import { SESSION_EXPIRED } from '../../contract/messages';
import { isFormCrumbValid, rotateCrumb } from '../middleware/crumb';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';
import { fieldText, readFormFields, type FormFields } from '../http/page-form';
import { refusesWith } from '../http/page-refusal';
import { endSiteUserSession, startSiteUserSession } from '../middleware/site-user-session';
import { forgetCart } from '../http/cart-cookie';
import type { Db } from '../store/db';
import { crumbSecret, websiteSettings } from '../store/settings';
import { cartTokenCall, type CartTokenCall } from '../middleware/cart-token';
import { issueCartToken, releaseUnreachableCart, revokeCartToken } from '../store/cart-tokens';
import { NO_CART_TOKEN } from '../../contract/embedding';
import type { LoginResponse } from '../../contract/site-users';
import { accountKey } from '../store/keyed-hash';
import { isKnownAddress, signInSucceeded, startSignIn, type SignInAttempt } from '../store/sign-in-throttle';
import { addressKey } from '../http/address-key';
import {
  DEFAULT_SIGN_IN_RATE_LIMIT,
  remoteAddress,
  TOO_MANY_REQUESTS,
  windowCounter,
  type RateLimitOptions,
} from '../middleware/rate-limit';
import { OWNER_CSS_PATH } from './owner-pages';
import { authenticate, hashPasswordAsync } from '../store/site-users';
import { confirmMember, isPendingMember, requestMember } from '../store/pending-members';
import { isDeliverableEmail } from '../../contract/email';
import { MEMBER_PASSWORD_MIN, REGISTER_MESSAGES, type RegisterResponse } from '../../contract/site-users';

/** Messages of refused sign-ins and sign-outs. */
export const SIGN_IN_MESSAGES = {
  wrong: 'Your email or password is incorrect.',
  missing: 'Enter your email and password.',
  cloneCart: 'cloneCart must be true or false.',
  /** The account's progressive delay after failed sign-ins. */
  accountWait: (ms: number) => {
    const seconds = Math.ceil(ms / 1000);
    const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
    return `Too many failed sign-ins for this account. Please try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
  },
} as const;

export interface SignInOptions {
  /** Where shoppers reach the store: the origin of the link an account creation mails. */
  publicOrigin: () => string;
  /** Sign-in attempts per address, from addresses the account has not signed in from (default 10 a minute). */
  signInRateLimit?: RateLimitOptions;
  /** The clock of the per-account throttle (ms since 1970); tests pass their own. */
  now?: () => number;
}

/** A sign-in refused before its password is checked: the status is 429, with `Retry-After`. */
interface Throttled {
  message: string;
  retryAfterMs: number;
}

/**
 * The gate every sign-in passes before its password is checked: the per-address limit (not for
 * an address the account has signed in from) and the account's progressive delay
 * (`store/sign-in-throttle.ts`). Answers the counted attempt, or why it must wait.
 */
function signInGate(db: Db, options: Omit<SignInOptions, 'publicOrigin'>) {
  const perAddress = windowCounter(options.signInRateLimit ?? DEFAULT_SIGN_IN_RATE_LIMIT);
  const clock = options.now ?? Date.now;
  return (c: Context, email: string): { attempt: SignInAttempt } | Throttled => {
    const now = clock();
    const account = accountKey(db, email);
    const address = addressKey(db, c);
    if (!isKnownAddress(db, account, address, now)) {
      const wait = perAddress.hit(remoteAddress(c), undefined, Date.now());
      if (wait > 0) return { message: TOO_MANY_REQUESTS, retryAfterMs: wait };
    }
    const started = startSignIn(db, account, address, now);
    if ('wait' in started) return { message: SIGN_IN_MESSAGES.accountWait(started.wait), retryAfterMs: started.wait };
    return started;
  };
}

/** Sets `Retry-After` for a throttled sign-in. */
function retryAfter(c: Context, throttled: Throttled): void {
  c.header('Retry-After', String(Math.max(1, Math.ceil(throttled.retryAfterMs / 1000))));
}

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
export function siteUserRoutes(db: Db, options: SignInOptions): Hono {
  const api = new Hono();
  const secret = crumbSecret(db);
  const gate = signInGate(db, options);
  const clock = options.now ?? Date.now;

  api.post('/session', async (c) => {
    const { email, password, rememberMe } = await readJsonObject(c);
    if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '') {
      throw new HttpError(400, SIGN_IN_MESSAGES.missing);
    }
    const passed = gate(c, email);
    if (!('attempt' in passed)) {
      retryAfter(c, passed);
      return c.json({ message: passed.message }, 429);
    }
    const user = await authenticate(db, email, password);
    if (!user) return c.json({ message: SIGN_IN_MESSAGES.wrong }, 401);
    signInSucceeded(db, passed.attempt, clock());
    const tokenCall = cartTokenCall(c);
    if (tokenCall) {
      // A page on another site: the member goes on its cart token, a new one (the old one ends).
      renewCartToken(db, tokenCall, user.id);
      return c.json({ xsrfToken: '', siteUserId: user.id } satisfies LoginResponse);
    }
    const session = startSiteUserSession(c, db, user, rememberMe === true);
    return c.json({ xsrfToken: rotateCrumb(c, secret, session), siteUserId: user.id } satisfies LoginResponse);
  });

  // A member account, asked for: the same answer (and the same work, the password's hash
  // included) whether or not the address has one; its owner finishes it from the e-mail.
  api.post('/', async (c) => {
    const { email, password } = await readJsonObject(c);
    const address = typeof email === 'string' ? email.trim() : '';
    if (!isDeliverableEmail(address)) throw new HttpError(400, REGISTER_MESSAGES.invalidEmail);
    if (typeof password !== 'string' || [...password].length < MEMBER_PASSWORD_MIN || password.length > 1000) {
      throw new HttpError(400, REGISTER_MESSAGES.shortPassword);
    }
    requestMember(db, address, await hashPasswordAsync(password), options.publicOrigin(), clock());
    return c.json({ message: REGISTER_MESSAGES.checkEmail } satisfies RegisterResponse, 202);
  });

  api.delete('/session', (c) => {
    const cloneCart = c.req.query('cloneCart');
    if (cloneCart !== undefined && cloneCart !== 'true' && cloneCart !== 'false' && cloneCart !== '') {
      throw new HttpError(400, SIGN_IN_MESSAGES.cloneCart);
    }
    const tokenCall = cartTokenCall(c);
    if (tokenCall) {
      renewCartToken(db, tokenCall, null, cloneCart === 'false');
      return c.body(null, 204);
    }
    endSiteUserSession(c, db);
    rotateCrumb(c, secret, undefined);
    // cloneCart=false: the signed-out visitor starts with an empty cart (the member's stays theirs).
    if (cloneCart === 'false') forgetCart(c);
    return c.body(null, 204);
  });

  const pages = new Hono();
  pages.get('/login', (c) => signInPage(c, db, 200));

  // The link of an account creation's e-mail: a page whose button finishes it (a mail scanner
  // following the link finishes nothing), then the new member is signed in.
  const confirmPage = (c: Context, code: unknown, status: 200 | 400 | 403) => {
    const live = isPendingMember(db, code, clock());
    const data = {
      cartPill: false,
      crumb: c.get('crumb'),
      code: live ? code : '',
      error: live ? (status === 403 ? SESSION_EXPIRED : null) : REGISTER_MESSAGES.linkExpired,
    };
    const page = renderPage(
      'account-confirm',
      pageData(websiteSettings(db), 'Create your account', data, {
        pageType: PageType.PAGE,
        pageId: 'account-confirm',
      }),
    );
    return c.html(page, live ? status : 400);
  };
  pages.get('/confirm', (c) => confirmPage(c, c.req.query('code'), 200));
  pages.post('/confirm', async (c) => {
    const form = await readFormFields(c);
    if (!isFormCrumbValid(c, form.crumb)) return confirmPage(c, fieldText(form, 'code'), 403);
    const member = confirmMember(db, fieldText(form, 'code'), clock());
    if (!member) return confirmPage(c, undefined, 400);
    rotateCrumb(c, secret, startSiteUserSession(c, db, member, false));
    return c.redirect('/account', 303);
  });

  const enteredOf = (form: FormFields) => {
    const text = (name: string) => fieldText(form, name);
    return { next: text('next'), email: text('email'), rememberMe: text('rememberMe') === 'true' };
  };
  const signInRoute = async (c: Context) => {
    const form = await readFormFields(c);
    const text = (name: string) => fieldText(form, name);
    const entered = enteredOf(form);
    if (!isFormCrumbValid(c, form.crumb)) return signInPage(c, db, 403, { ...entered, error: SESSION_EXPIRED });
    if (entered.email === '' || text('password') === '') {
      return signInPage(c, db, 400, { ...entered, error: SIGN_IN_MESSAGES.missing });
    }
    const passed = gate(c, entered.email);
    if (!('attempt' in passed)) {
      retryAfter(c, passed);
      return signInPage(c, db, 429, { ...entered, error: passed.message });
    }
    const user = await authenticate(db, entered.email, text('password'));
    if (!user) return signInPage(c, db, 401, { ...entered, error: SIGN_IN_MESSAGES.wrong });
    signInSucceeded(db, passed.attempt, clock());
    rotateCrumb(c, secret, startSiteUserSession(c, db, user, entered.rememberMe));
    return c.redirect(sameSitePath(entered.next), 303);
  };
  pages.post(
    '/login',
    refusesWith(signInRoute, async (c) =>
      signInPage(c, db, 429, { ...enteredOf(await readFormFields(c)), error: TOO_MANY_REQUESTS }),
    ),
  );

  pages.post('/logout', async (c) => {
    const form = await readFormFields(c);
    if (isFormCrumbValid(c, form.crumb)) {
      endSiteUserSession(c, db);
      rotateCrumb(c, secret, undefined);
    }
    return c.redirect(sameSitePath(fieldText(form, 'next'), '/account/login'), 303);
  });

  // Two prefixes in one group: the JSON calls and the page share one sign-in throttle.
  return new Hono().route('/api/site-users/account', api).route('/account', pages);
}

/**
 * A sign-in or out through a cart token: the token in use ends and the page gets a new one for the
 * same cart with `siteUserId` signed in (null: signed out), so a token known before is worth
 * nothing after. `dropCart`: the signed-out visitor starts with no cart (and no token).
 */
function renewCartToken(db: Db, call: CartTokenCall, siteUserId: string | null, dropCart = false): void {
  const now = Date.now();
  const cartId = call.record?.cartId ?? null;
  if (call.record) revokeCartToken(db, call.record.hash, now);
  if (dropCart) {
    if (cartId) releaseUnreachableCart(db, cartId);
    call.record = undefined;
    call.answer = NO_CART_TOKEN;
    return;
  }
  const issued = issueCartToken(db, { cartId, siteUserId }, now);
  call.record = issued.record;
  call.answer = issued.token;
}

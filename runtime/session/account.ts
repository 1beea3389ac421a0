/**
 * Member sign-in and sign-out (platform spec, sections 4 and 7): the session calls, the
 * anti-forgery token as a default header afterwards, and the page following the new state
 * without a reload (the cart read again, `store-session-change` for the census and widgets).
 * The password goes in the JSON body of one POST and nowhere else: no URL, log or storage.
 */
import type { LoginRequest, LoginResponse, RegisterRequest } from '../../contract/site-users';
import { ACCOUNT_STRINGS } from '../../contract/widget-messages/account';
import { translator } from '../i18n/t';
import { cartStore } from '../cart/cart-store';
import { emit } from '../events';
import { CSRF_HEADER, http, isHttpError, setDefaultHeader } from '../http/client';
import { StoreApiError, toStoreApiError } from '../http/errors';
import { siteUserInfo, type SiteUserInfo } from './cookies';
import { setTokenSiteUser, tokenSiteUser, usesCartToken } from './cart-token';

/** Who is signed in on this page: through the cart token on another site, else by the store's cookie. */
export function currentSiteUserInfo(): SiteUserInfo {
  return usesCartToken() ? tokenSiteUser() : siteUserInfo();
}

const ACCOUNT = '/api/site-users/account';
const SESSION = `${ACCOUNT}/session`;
const t = translator(ACCOUNT_STRINGS);

/** The failure of a session call as the shopper should read it (never the request itself). */
function accountError(error: unknown): StoreApiError {
  const known = toStoreApiError(error);
  if (known.status === 429) {
    // The account's own delay grows past a minute: say how long (Retry-After, in seconds).
    const wait = isHttpError(error) ? Number(error.response.headers.get('retry-after')) : 0;
    const message = wait > 60 ? t('account.lockedOutFor', { minutes: Math.ceil(wait / 60) }) : t('account.lockedOut');
    return new StoreApiError(message, 429);
  }
  if (known.status === 0) return new StoreApiError(t('account.network'), 0);
  if (known.status === 401) return new StoreApiError(t('account.wrongPassword'), 401);
  return known;
}

/** After a sign-in or out: the cart of the new state, and the news for whoever follows the session. */
function sessionChanged(): SiteUserInfo {
  const info = currentSiteUserInfo();
  void cartStore()
    .getState()
    .reload()
    .catch(() => undefined);
  emit(
    'store-session-change',
    { signedIn: info.authenticated, ...(info.siteUserId ? { siteUserId: info.siteUserId } : {}) },
    globalThis.document,
  );
  return info;
}

/**
 * Posts e-mail and password to a call that starts a session (sign-in, account creation); the
 * anti-forgery token of the new session then goes with every later call. Rejects with a
 * {@link StoreApiError} whose message the shopper can read.
 */
async function startSession(path: string, json: LoginRequest | RegisterRequest): Promise<void> {
  if (json.email.trim() === '' || json.password === '') throw new StoreApiError(t('account.missing'), 400);
  let answer: LoginResponse;
  try {
    answer = await http().post(path, { json }).json<LoginResponse>();
  } catch (error) {
    throw accountError(error);
  }
  if (typeof answer.xsrfToken === 'string' && answer.xsrfToken !== '') setDefaultHeader(CSRF_HEADER, answer.xsrfToken);
  if (usesCartToken()) setTokenSiteUser(typeof answer.siteUserId === 'string' ? answer.siteUserId : undefined);
}

/** Signs a member in; rejects with a {@link StoreApiError} whose message the shopper can read. */
export async function signIn(credentials: LoginRequest): Promise<SiteUserInfo> {
  await startSession(SESSION, credentials);
  return sessionChanged();
}

/**
 * Creates a member account and signs it in; the ads pixel hears CompleteRegistration before the
 * session change (the census stops while a member is signed in). Rejects like {@link signIn}.
 */
export async function register(details: RegisterRequest): Promise<SiteUserInfo> {
  await startSession(ACCOUNT, details);
  emit('store-ads-pixel', { name: 'CompleteRegistration', method: 'email' }, globalThis.document);
  return sessionChanged();
}

/**
 * Signs the member out. `cloneCart`: keep the cart for the signed-out visitor (true) or start
 * empty (false). A refusal for a stale crumb is tried once more by the HTTP client itself.
 */
export async function signOut(options: { cloneCart: boolean }): Promise<SiteUserInfo> {
  try {
    await http().delete(SESSION, { searchParams: { cloneCart: String(options.cloneCart) } });
  } catch (error) {
    const known = accountError(error);
    throw known.status === 0 || known.status === 429
      ? known
      : new StoreApiError(t('account.signOutFailed'), known.status);
  }
  setDefaultHeader(CSRF_HEADER, undefined);
  if (usesCartToken()) setTokenSiteUser(undefined);
  return sessionChanged();
}

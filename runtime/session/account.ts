/**
 * Member sign-in and sign-out (platform spec, sections 4 and 7): the session calls, the
 * anti-forgery token as a default header afterwards, and the page following the new state
 * without a reload (the cart read again, `store-session-change` for the census and widgets).
 * The password goes in the JSON body of one POST and nowhere else: no URL, log or storage.
 */
import type { LoginRequest, LoginResponse, RegisterRequest, RegisterResponse } from '../../contract/site-users';
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

/** Posts e-mail and password to `path`; rejects with a {@link StoreApiError} whose message the shopper can read. */
async function postCredentials<T>(path: string, json: LoginRequest | RegisterRequest): Promise<T> {
  if (json.email.trim() === '' || json.password === '') throw new StoreApiError(t('account.missing'), 400);
  try {
    return await http().post(path, { json }).json<T>();
  } catch (error) {
    throw accountError(error);
  }
}

/**
 * Signs a member in; the anti-forgery token of the new session then goes with every later call.
 * Rejects with a {@link StoreApiError} whose message the shopper can read.
 */
export async function signIn(credentials: LoginRequest): Promise<SiteUserInfo> {
  const answer = await postCredentials<LoginResponse>(SESSION, credentials);
  if (typeof answer.xsrfToken === 'string' && answer.xsrfToken !== '') setDefaultHeader(CSRF_HEADER, answer.xsrfToken);
  if (usesCartToken()) setTokenSiteUser(typeof answer.siteUserId === 'string' ? answer.siteUserId : undefined);
  return sessionChanged();
}

/**
 * Asks for a member account: the store answers the same whether or not the address has one, and
 * mails its owner the link that finishes it. Resolves with what the shopper is to do next; the
 * ads pixel hears CompleteRegistration. Rejects like {@link signIn}.
 */
export async function register(details: RegisterRequest): Promise<string> {
  const answer = await postCredentials<RegisterResponse>(ACCOUNT, details);
  emit('store-ads-pixel', { name: 'CompleteRegistration', method: 'email' }, globalThis.document);
  return typeof answer.message === 'string' && answer.message !== '' ? answer.message : t('account.checkEmail');
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

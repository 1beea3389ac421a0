import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { cartStore } from '../cart/cart-store';
import { on } from '../events';
import { createHttpClient, http, setHttpClient } from '../http/client';
import { signIn, signOut } from './account';

const SESSION = '/api/site-users/account/session';
const USER_INFO = `SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'member-1' }))}; path=/`;
let api: FakeApi;

beforeEach(() => {
  api = fakeApi({
    [`POST ${SESSION}`]: () => {
      document.cookie = USER_INFO;
      return jsonResponse({ xsrfToken: 'token-after-sign-in' });
    },
    [`DELETE ${SESSION}`]: () => {
      document.cookie = 'SiteUserInfo=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      return new Response(null, { status: 204 });
    },
    'GET /api/commerce/shopping-cart': () => jsonResponse(fakeCart([{ itemId: 'p', sku: 's', quantity: 2 }])),
    'GET /api/other': () => jsonResponse({}),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

describe('signIn', () => {
  it('posts the credentials once, in the body; the token becomes a header of later calls; the page follows', async () => {
    const changes: unknown[] = [];
    on('store-session-change', (event) => changes.push(event.detail), document);
    const info = await signIn({ email: 'ada@example.com', password: 's3cret pass', rememberMe: true });
    expect(info).toEqual({ authenticated: true, siteUserId: 'member-1' });
    const [call] = api.callsTo(`POST ${SESSION}`);
    expect(call?.body).toEqual({ email: 'ada@example.com', password: 's3cret pass', rememberMe: true });
    expect(call?.search.toString()).toBe('');
    await http().get('/api/other');
    expect(api.callsTo('GET /api/other')[0]?.headers.get('X-CSRF-Token')).toBe('token-after-sign-in');
    expect(changes).toEqual([{ signedIn: true, siteUserId: 'member-1' }]);
    // The signed-in member's cart is read without a reload.
    await vi.waitFor(() => expect(cartStore().getState().cart?.totalQuantity).toBe(2));
    expect(JSON.stringify({ ...localStorage })).not.toContain('s3cret');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('s3cret');
    expect(document.cookie).not.toContain('s3cret');
  });

  it('says clearly what went wrong: wrong password, locked out, network, nothing entered', async () => {
    api.on(`POST ${SESSION}`, () => jsonResponse({ message: 'Your email or password is incorrect.' }, 401));
    await expect(signIn({ email: 'a@b.c', password: 'x', rememberMe: false })).rejects.toThrow(
      'Your email or password is incorrect.',
    );
    api.on(`POST ${SESSION}`, () => jsonResponse({ message: 'Too many' }, 429, { 'Retry-After': '60' }));
    await expect(signIn({ email: 'a@b.c', password: 'x', rememberMe: false })).rejects.toThrow(
      'Too many sign-in attempts. Wait a minute, then try again.',
    );
    api.on(`POST ${SESSION}`, () => jsonResponse({ message: 'Too many' }, 429, { 'Retry-After': '480' }));
    await expect(signIn({ email: 'a@b.c', password: 'x', rememberMe: false })).rejects.toThrow(
      'Too many failed sign-ins for this account. Try again in 8 minutes.',
    );
    api.on(`POST ${SESSION}`, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(signIn({ email: 'a@b.c', password: 'x', rememberMe: false })).rejects.toThrow(
      'Unable to connect. Please try again',
    );
    await expect(signIn({ email: ' ', password: '', rememberMe: false })).rejects.toThrow(
      'Enter your email and password.',
    );
    // Each refused attempt was one call: nothing is retried with the password.
    expect(api.callsTo(`POST ${SESSION}`)).toHaveLength(4);
  });
});

describe('signOut', () => {
  it('passes cloneCart, drops the token header and tells the page', async () => {
    await signIn({ email: 'ada@example.com', password: 'pw', rememberMe: false });
    const changes: unknown[] = [];
    on('store-session-change', (event) => changes.push(event.detail), document);
    expect(await signOut({ cloneCart: false })).toEqual({ authenticated: false });
    expect(api.callsTo(`DELETE ${SESSION}`)[0]?.search.get('cloneCart')).toBe('false');
    await http().get('/api/other');
    expect(api.callsTo('GET /api/other')[0]?.headers.get('X-CSRF-Token')).toBeNull();
    expect(changes).toEqual([{ signedIn: false }]);
  });

  it('is tried once more when the answer flags crumbFail, and only once', async () => {
    let refusals = 1;
    api.on(`DELETE ${SESSION}`, () =>
      refusals-- > 0 ? jsonResponse({ crumbFail: true, message: 'expired' }, 403) : new Response(null, { status: 204 }),
    );
    await signOut({ cloneCart: true });
    expect(api.callsTo(`DELETE ${SESSION}`).map((c) => c.search.get('cloneCart'))).toEqual(['true', 'true']);

    refusals = 5;
    await expect(signOut({ cloneCart: true })).rejects.toThrow('We could not sign you out. Please try again.');
    expect(api.callsTo(`DELETE ${SESSION}`)).toHaveLength(4);
  });
});

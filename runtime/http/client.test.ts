import { describe, expect, it } from 'vitest';
import { fakeApi, fakeCart, jsonResponse } from '../../testing/fake-api';
import { createHttpClient } from './client';

describe('HTTP client for a store on another origin', () => {
  it('sends cookies by CORS, fetches the crumb once before the first change, and keeps the newest one it is handed', async () => {
    document.cookie = 'crumb=page-cookie; path=/';
    const api = fakeApi({
      'GET /api/crumb': () => jsonResponse({ crumb: 'first.sig' }, 200, { 'X-CSRF-Token': 'first.sig' }),
      'POST /api/commerce/shopping-cart/entries': () =>
        jsonResponse({ shoppingCart: fakeCart([]) }, 200, { 'X-CSRF-Token': 'rotated.sig' }),
      'GET /api/commerce/shopping-cart': () => jsonResponse(fakeCart([])),
    });
    const client = createHttpClient({ fetch: api.fetch, baseUrl: 'http://store.example', crossOrigin: true });
    await client.post('/api/commerce/shopping-cart/entries', { json: {} }).json();
    await client.post('/api/commerce/shopping-cart/entries', { json: {} }).json();
    await client.get('/api/commerce/shopping-cart').json();

    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/crumb',
      'POST /api/commerce/shopping-cart/entries',
      'POST /api/commerce/shopping-cart/entries',
      'GET /api/commerce/shopping-cart',
    ]);
    const posts = api.callsTo('POST /api/commerce/shopping-cart/entries');
    // Never the page's own crumb cookie: the store's crumb as it handed it over.
    expect(posts.map((c) => c.headers.get('X-CSRF-Token'))).toEqual(['first.sig', 'rotated.sig']);
    expect(api.calls.map((c) => c.credentials)).toEqual(['include', 'include', 'include', 'include']);
    document.cookie = 'crumb=; max-age=0; path=/';
  });
});

const clearCrumb = () => {
  document.cookie = 'crumb=; max-age=0; path=/';
};

describe('HTTP client for a store on another site (cart token)', () => {
  it('sends no cookies and no crumb, only the token it keeps, and takes the token the store answers', async () => {
    document.cookie = 'crumb=page-cookie; path=/';
    let kept: string | undefined;
    const keeper = { read: () => kept, keep: (token: string | undefined) => (kept = token) };
    const api = fakeApi({
      'POST /api/commerce/shopping-cart/entries': () =>
        jsonResponse({ shoppingCart: fakeCart([]) }, 200, { 'X-Store-Cart-Token': 't'.repeat(43) }),
      'GET /api/commerce/shopping-cart': () => jsonResponse(fakeCart([]), 200, { 'X-Store-Cart-Token': 'none' }),
    });
    const client = createHttpClient({ fetch: api.fetch, baseUrl: 'https://store.example', cartToken: keeper });
    await client.post('/api/commerce/shopping-cart/entries', { json: {} }).json();
    expect(kept).toBe('t'.repeat(43));
    await client.get('/api/commerce/shopping-cart').json();
    expect(kept).toBeUndefined();

    expect(api.calls.map((c) => c.headers.get('X-Store-Cart-Token'))).toEqual(['none', 't'.repeat(43)]);
    expect(api.calls.map((c) => c.headers.get('X-CSRF-Token'))).toEqual([null, null]);
    expect(api.calls.map((c) => c.credentials)).toEqual(['omit', 'omit']);
    expect(api.callsTo('GET /api/crumb')).toEqual([]);
    clearCrumb();
  });
});

describe("HTTP client on the store's own origin", () => {
  it('gets a crumb first when the page has none yet (a static or cached page), then sends it', async () => {
    clearCrumb();
    const api = fakeApi({
      'GET /api/crumb': () => {
        document.cookie = 'crumb=fresh.crumb; path=/';
        return jsonResponse({ crumb: 'fresh.crumb' });
      },
      'POST /api/form/FormSubmissionKey': () => jsonResponse({ key: 'k' }),
    });
    const client = createHttpClient({ fetch: api.fetch });
    await client.post('/api/form/FormSubmissionKey').json();
    await client.post('/api/form/FormSubmissionKey').json();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/crumb',
      'POST /api/form/FormSubmissionKey',
      'POST /api/form/FormSubmissionKey',
    ]);
    expect(api.callsTo('POST /api/form/FormSubmissionKey').map((c) => c.headers.get('X-CSRF-Token'))).toEqual([
      'fresh.crumb',
      'fresh.crumb',
    ]);
    expect(api.calls[0]?.credentials).toBe('same-origin');
    clearCrumb();
  });

  it('tries a change once more after a refusal that renewed its crumb, and never twice', async () => {
    document.cookie = 'crumb=old.crumb; path=/';
    let refusals = 0;
    const api = fakeApi({
      'POST /api/commerce/shopping-cart/entries': (call) => {
        if (call.headers.get('X-CSRF-Token') === 'new.crumb' && refusals < 5) return jsonResponse({ ok: true });
        refusals += 1;
        document.cookie = 'crumb=new.crumb; path=/';
        return jsonResponse({ crumbFail: true, message: 'expired' }, 403);
      },
    });
    const client = createHttpClient({ fetch: api.fetch });
    expect(await client.post('/api/commerce/shopping-cart/entries', { json: {} }).json()).toEqual({ ok: true });
    expect(api.calls.map((c) => c.headers.get('X-CSRF-Token'))).toEqual(['old.crumb', 'new.crumb']);

    refusals = 5;
    await expect(client.post('/api/commerce/shopping-cart/entries', { json: {} }).json()).rejects.toThrow();
    expect(api.calls).toHaveLength(4);
    clearCrumb();
  });

  it('does not try again when the refusal says cookies are blocked', async () => {
    document.cookie = 'crumb=old.crumb; path=/';
    const api = fakeApi({
      'POST /api/commerce/shopping-cart/entries': () =>
        jsonResponse({ crumbFail: true, cookiesBlocked: true, message: 'blocked' }, 403),
    });
    const client = createHttpClient({ fetch: api.fetch });
    await expect(client.post('/api/commerce/shopping-cart/entries', { json: {} }).json()).rejects.toThrow();
    expect(api.calls).toHaveLength(1);
    clearCrumb();
  });
});

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

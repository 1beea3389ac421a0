import { describe, expect, it } from 'vitest';
import { isApiCrossOrigin, resolveApiOrigin, setApiOrigin, storeUrl } from './api-origin';

describe('the API origin', () => {
  const page = 'http://theme.example:8080/shop/index.html';

  it("is the script's origin unless the store context names another", () => {
    expect(resolveApiOrigin(undefined, 'http://store.example/chunks/runtime-ab.js', page)).toBe('http://store.example');
    expect(resolveApiOrigin('https://api.example/v1/', 'http://cdn.example/storefront.js', page)).toBe(
      'https://api.example',
    );
    // `/`: the page's own origin (the bundle on a CDN, the API beside the page).
    expect(resolveApiOrigin('/', 'http://cdn.example/chunks/runtime-ab.js', page)).toBe('http://theme.example:8080');
  });

  it('is undefined (relative calls) when neither is an http(s) URL', () => {
    expect(resolveApiOrigin(undefined, 'file:///work/runtime/session/api-origin.ts', page)).toBeUndefined();
    expect(resolveApiOrigin(undefined, 'not a url', undefined)).toBeUndefined();
  });

  it('puts store pages on the store when it is on another origin, and leaves them relative otherwise', () => {
    setApiOrigin(location.origin);
    expect(isApiCrossOrigin()).toBe(false);
    expect(storeUrl('/cart')).toBe('/cart');
    setApiOrigin('http://store.example');
    expect(isApiCrossOrigin()).toBe(true);
    expect(storeUrl('/cart')).toBe('http://store.example/cart');
    expect(storeUrl('/shop/p/linen-shirt')).toBe('http://store.example/shop/p/linen-shirt');
  });
});

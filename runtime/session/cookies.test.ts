import { describe, expect, it } from 'vitest';
import { hasCartToLoad, readCookie, siteUserInfo } from './cookies';

describe('cookies', () => {
  it('reads one cookie, decoded', () => {
    expect(readCookie('b', 'a=1; b=x%20y; c=3')).toBe('x y');
    expect(readCookie('d', 'a=1')).toBeUndefined();
    expect(readCookie('a', 'aa=1; a=2')).toBe('2');
  });

  it('reads SiteUserInfo JSON, treating anything malformed as anonymous', () => {
    const info = encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }));
    expect(siteUserInfo(`SiteUserInfo=${info}`)).toEqual({ authenticated: true, siteUserId: 'u1' });
    expect(siteUserInfo('SiteUserInfo={oops')).toEqual({ authenticated: false });
    expect(siteUserInfo('SiteUserInfo=%7B%22authenticated%22%3A%22yes%22%7D')).toEqual({ authenticated: false });
    expect(siteUserInfo('')).toEqual({ authenticated: false });
  });

  it('loads the cart only for an authenticated visitor or one with a cart cookie', () => {
    expect(hasCartToLoad('')).toBe(false);
    expect(hasCartToLoad('crumb=x')).toBe(false);
    // The store's readable mark beside its HttpOnly cart cookie, or a readable cart cookie of before.
    expect(hasCartToLoad('HAS_CART=1')).toBe(true);
    expect(hasCartToLoad('CART=abc')).toBe(true);
    expect(hasCartToLoad(`SiteUserInfo=${encodeURIComponent('{"authenticated":true}')}`)).toBe(true);
    expect(hasCartToLoad(`SiteUserInfo=${encodeURIComponent('{"authenticated":false}')}`)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readLanguagePrefix, withLanguagePrefix } from './language-prefix';

describe('readLanguagePrefix', () => {
  it('is the prefix for `/` and a short lowercase code, else empty', () => {
    expect(readLanguagePrefix('/de')).toBe('/de');
    expect(readLanguagePrefix('/ja')).toBe('/ja');
    for (const value of ['', '/', '//evil.example', '/\\evil', 'javascript:', '/De', '/de/', '/abcd', undefined, 7])
      expect(readLanguagePrefix(value), String(value)).toBe('');
  });
});

describe('withLanguagePrefix', () => {
  it('puts store pages, with their query and fragment, under the prefix', () => {
    expect(withLanguagePrefix('/cart', '/de')).toBe('/de/cart');
    expect(withLanguagePrefix('/checkout', '/de')).toBe('/de/checkout');
    expect(withLanguagePrefix('/shop', '/de')).toBe('/de/shop');
    expect(withLanguagePrefix('/shop/p/linen-shirt', '/de')).toBe('/de/shop/p/linen-shirt');
    expect(withLanguagePrefix('/commerce/subscription?cartToken=a%20b', '/de')).toBe(
      '/de/commerce/subscription?cartToken=a%20b',
    );
    expect(withLanguagePrefix('/commerce/gift-card?itemId=p&sku=GC-25', '/fr')).toBe(
      '/fr/commerce/gift-card?itemId=p&sku=GC-25',
    );
    expect(withLanguagePrefix('/shop#top', '/de')).toBe('/de/shop#top');
    expect(withLanguagePrefix('/', '/de')).toBe('/de/');
    // Pages whose names start like a language code are pages still.
    expect(withLanguagePrefix('/department', '/de')).toBe('/de/department');
    expect(withLanguagePrefix('/den/x', '/de')).toBe('/de/den/x');
  });

  it('leaves every path as it is on the default language', () => {
    expect(withLanguagePrefix('/cart', '')).toBe('/cart');
  });

  it('never prefixes API calls, files, owner pages or paths already in a language', () => {
    for (const path of [
      '/api/commerce/shopping-cart',
      '/api',
      '/storefront.js',
      '/captcha/test-provider.js?render=explicit',
      '/img/img-linen-shirt-sand.svg',
      '/config/languages',
      '/settings',
      '/de',
      '/de/cart',
      '/de?x=1',
      '/fr/shop/p/linen-shirt',
    ])
      expect(withLanguagePrefix(path, '/de'), path).toBe(path);
  });

  it('never touches absolute, protocol-relative, relative or script URLs', () => {
    for (const url of [
      'https://elsewhere.example/thanks',
      '//evil.example/cart',
      '/\\evil.example/cart',
      'javascript:alert(1)',
      'cart',
      '?x=1',
      '#reviews',
      '',
    ])
      expect(withLanguagePrefix(url, '/de'), url).toBe(url);
  });

  it('ignores a hostile prefix: the path stays on the store, as it was', () => {
    for (const prefix of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)//',
      'https://evil.example',
      '/de/..',
    ])
      expect(withLanguagePrefix('/cart', prefix), prefix).toBe('/cart');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { setApiOrigin } from './api-origin';
import { navigate, ROUTES, setNavigator, storePageUrl } from './navigate';
import { storeContextOf } from '../../testing/store-context';

/** Puts a store context with `languagePrefix` in the head (read again on next use). */
function inLanguage(languagePrefix: unknown): void {
  storeContextOf({ languagePrefix });
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('storePageUrl', () => {
  it("keeps store pages in the page's language", () => {
    inLanguage('/de');
    expect(storePageUrl(ROUTES.cart)).toBe('/de/cart');
    expect(storePageUrl(ROUTES.checkout)).toBe('/de/checkout');
    expect(storePageUrl(ROUTES.subscription('tok 1'))).toBe('/de/commerce/subscription?cartToken=tok%201');
    expect(storePageUrl(ROUTES.giftCard('p', 'GC-25'))).toBe('/de/commerce/gift-card?itemId=p&sku=GC-25');
    expect(storePageUrl('/shop/p/linen-shirt')).toBe('/de/shop/p/linen-shirt');
    // Already in the language, not a page, or not the store's: as it is.
    for (const kept of [
      '/de/shop',
      '/api/commerce/shopping-cart',
      '/captcha/test-provider.js',
      'https://elsewhere.example/thanks',
    ]) {
      expect(storePageUrl(kept), kept).toBe(kept);
    }
  });

  it('leaves store pages as they are on the default language, or with an unusable prefix', () => {
    expect(storePageUrl('/cart')).toBe('/cart');
    for (const hostile of ['//evil.example', 'javascript:alert(1)', '/de/../..', '/de"><img src=x>', 42]) {
      inLanguage(hostile);
      expect(storePageUrl('/cart'), String(hostile)).toBe('/cart');
      expect(storePageUrl('//evil.example'), String(hostile)).toBe('//evil.example');
    }
  });

  it("puts the language's page on the store's origin when the widgets are embedded elsewhere", () => {
    inLanguage('/de');
    setApiOrigin('http://store.example');
    expect(storePageUrl('/cart')).toBe('http://store.example/de/cart');
    expect(storePageUrl('/shop/p/linen-shirt')).toBe('http://store.example/de/shop/p/linen-shirt');
  });

  it('navigates to the page in the language', () => {
    const visited: string[] = [];
    setNavigator((url) => visited.push(url));
    inLanguage('/fr');
    navigate(ROUTES.checkout);
    expect(visited).toEqual(['/fr/checkout']);
  });
});

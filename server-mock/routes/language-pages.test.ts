import { describe, expect, it } from 'vitest';
import { currentLanguage, pathIn } from '../../contract/site-settings';
import { parseStoreContext } from '../../contract/store-context';
import { saveSiteLanguages, servedLanguages } from '../store/site-settings';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

function storeContextOf(page: string) {
  const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(page)?.[1];
  return parseStoreContext(json);
}

/** Shopper pages, in the default language and in others. */
const PAGES = [
  '/',
  '/shop',
  '/shop/p/linen-shirt',
  '/search?q=linen',
  '/cart',
  '/journal/indigo-vat',
  '/events',
  '/contact',
  '/account/login',
  '/de/shop',
  '/fr/journal',
  '/de/shop/p/field-guide',
];

describe('pages under a language prefix', () => {
  it('every link the language picker offers on a page answers 200, in its language', async () => {
    saveSiteLanguages(store.db, ['en', 'fr', 'de']);
    const languages = servedLanguages(store.db);
    for (const page of PAGES) {
      const response = await store.app.request(page);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain('<store-language-picker>');
      // What <store-language-picker> links to from this page.
      const pathname = new URL(page, 'http://x').pathname;
      const here = currentLanguage(languages, pathname);
      for (const language of languages) {
        const link = pathIn(language, here, pathname);
        const answer = await store.app.request(link);
        expect(answer.status, `${page} -> ${link}`).toBe(200);
        const html = await answer.text();
        expect(html, link).toContain(`<html lang="${language.code}">`);
        expect(storeContextOf(html).locale, link).toBe(
          { en: 'en-US', fr: 'fr-FR', de: 'de-DE' }[language.code as 'en' | 'fr' | 'de'],
        );
      }
    }
  });

  it('keeps links to store pages in the language, not those to owner pages or other languages', async () => {
    saveSiteLanguages(store.db, ['en', 'de']);
    const page = await (await store.app.request('/de/')).text();
    expect(page).toContain('<a class="site-title" href="/de/">');
    expect(page).toContain('href="/de/shop"');
    expect(page).toContain('href="/de/qa/tag/linen-shirt"');
    expect(page).toContain('href="/fr/shop/p/linen-shirt" hreflang="fr"');
    // Every link to a page of the store stays in German (files and preloads are no links).
    expect(page).not.toMatch(/<a\b[^>]*\shref="\/(?!de\/|fr\/|\/)/);
    const shop = await (await store.app.request('/de/shop')).text();
    expect(shop).toContain('href="/de/shop/p/linen-shirt"');
    const settings = await (await store.app.request('/de/config/settings')).text();
    expect(settings).not.toContain('href="/de/qa/flags"');
  });

  it('serves only the site languages: others are not found, and the French store variant stays', async () => {
    saveSiteLanguages(store.db, ['en', 'fr']);
    expect((await store.app.request('/de/shop')).status).toBe(404);
    expect((await store.app.request('/fr/shop')).status).toBe(200);
    expect((await store.app.request('/fr/no/such/page')).status).toBe(404);
    expect((await store.app.request('/fr/api/multilingual/status')).status).toBe(404);
    saveSiteLanguages(store.db, ['en']);
    expect((await store.app.request('/fr/shop')).status).toBe(404);
    const french = await store.app.request('/fr/shop/p/linen-shirt');
    expect(french.status).toBe(200);
    expect(storeContextOf(await french.text())).toMatchObject({ locale: 'fr-FR', currency: 'EUR' });
  });

  it('shows a product in German with widget tags, in the store currency', async () => {
    saveSiteLanguages(store.db, ['en', 'de']);
    const page = await (await store.app.request('/de/shop/p/linen-shirt')).text();
    expect(page).toContain('<store-add-to-cart data-item-id="prod-linen-shirt"');
    expect(storeContextOf(page)).toMatchObject({ locale: 'de-DE', timeZone: 'Europe/Berlin', currency: 'USD' });
  });
});

describe("the page's language prefix in the store context", () => {
  /** The store context as the server wrote it. */
  function rawContextOf(page: string): Record<string, unknown> {
    const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(page)?.[1];
    return JSON.parse(json ?? '{}') as Record<string, unknown>;
  }

  it('is the prefix under a language, and absent on the default language', async () => {
    saveSiteLanguages(store.db, ['en', 'de', 'fr']);
    for (const [path, prefix] of [
      ['/de/shop/p/linen-shirt', '/de'],
      ['/de/', '/de'],
      ['/fr/cart', '/fr'],
      ['/shop/p/linen-shirt', undefined],
      ['/cart', undefined],
    ] as const) {
      const response = await store.app.request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(rawContextOf(html).languagePrefix, path).toBe(prefix);
      expect(storeContextOf(html).languagePrefix, path).toBe(prefix ?? '');
    }
    // The French store variant outside the site's languages is not under a language prefix.
    saveSiteLanguages(store.db, ['en']);
    expect(rawContextOf(await (await store.app.request('/fr/shop/p/linen-shirt')).text())).not.toHaveProperty(
      'languagePrefix',
    );
  });

  it('serves every page the widgets link or navigate to under the prefix', async () => {
    saveSiteLanguages(store.db, ['en', 'de']);
    const visitor = store.visitor();
    const subscription = await visitor.call('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'prod-coffee-club',
      sku: 'COFFEE-BEAN',
      qty: 1,
    });
    const { cartToken } = (await subscription.json()) as { cartToken: string };
    for (const path of [
      '/de/cart',
      '/de/checkout',
      '/de/shop',
      `/de/commerce/subscription?cartToken=${encodeURIComponent(cartToken)}`,
      '/de/commerce/gift-card?itemId=prod-gift-card&sku=GC-50',
      '/de/forms/redirect',
    ]) {
      const response = await visitor.call('GET', path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('<html lang="de">');
      expect(storeContextOf(html).languagePrefix, path).toBe('/de');
    }
  });
});

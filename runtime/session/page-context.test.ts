import { describe, expect, it } from 'vitest';
import { PRODUCT_COLLECTION, PRODUCT_ITEM, productPageContext } from '../../testing/product-page-context';
import { isProductPage, parsePageContext, readPageContext } from './page-context';

const full = productPageContext({
  templateId: 'tpl-9',
  featureFlags: ['commerce-site-visitor-metrics', 3, 'census-disabled'],
  account: { roles: [10, 'x'] },
  cookiePolicy: { restrictive: true },
  isCloneable: true,
  storeSettings: { selectedCurrency: 'EUR' },
});

describe('page context', () => {
  it('reads every analytics key', () => {
    expect(parsePageContext(full)).toEqual({
      websiteId: 'site-1',
      templateId: 'tpl-9',
      websiteLocale: 'en-US',
      pageType: 50,
      pageId: 'page-7',
      item: PRODUCT_ITEM,
      collection: PRODUCT_COLLECTION,
      featureFlags: ['commerce-site-visitor-metrics', 'census-disabled'],
      account: { roles: [10] },
      cookiePolicy: { restrictive: true },
      isCloneable: true,
      sourceEnvironment: 'dev',
      currency: 'EUR',
    });
  });

  it('treats malformed values as absent', () => {
    expect(
      parsePageContext({
        websiteId: 5,
        pageType: '50',
        item: { recordType: 11 },
        collection: [],
        featureFlags: 'census-disabled',
        account: 'admin',
        cookiePolicy: { restrictive: 'yes' },
        isCloneable: 'true',
        storeSettings: { selectedCurrency: 'euro' },
      }),
    ).toEqual({
      item: null,
      collection: null,
      featureFlags: [],
      account: null,
      cookiePolicy: { restrictive: false },
      isCloneable: false,
    });
    expect(parsePageContext(null).featureFlags).toEqual([]);
    expect(parsePageContext([1, 2]).account).toBeNull();
  });

  it('an account without a roles list has no roles (still a signed-in account)', () => {
    expect(parsePageContext({ account: {} }).account).toEqual({ roles: [] });
  });

  it('reads the #store-context script and survives malformed JSON', () => {
    document.body.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify(full)}</script>`;
    expect(readPageContext(document).websiteId).toBe('site-1');
    document.body.innerHTML = '<script type="application/json" id="store-context">{oops</script>';
    expect(readPageContext(document)).toMatchObject({ item: null, account: null, featureFlags: [] });
  });

  it('a product page is a content-item page of a store item', () => {
    expect(isProductPage(parsePageContext(full))).toBe(true);
    expect(isProductPage(parsePageContext({ ...full, pageType: 2 }))).toBe(false);
    expect(isProductPage(parsePageContext({ ...full, item: { id: 'post', recordType: 1 } }))).toBe(false);
  });
});

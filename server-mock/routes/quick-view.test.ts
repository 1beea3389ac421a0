import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../contract/currencies';
import { MONEY_SHAPES, shaped, STORE_CURRENCIES } from '../../contract/examples/money-shapes';
import { renderPage } from '../pages/render-page';
import { okBody, storePerTest } from '../testing/test-store';

const store = storePerTest();

describe('quick view', () => {
  it("answers the product's title, price, add-to-cart tag and page link as an HTML fragment", async () => {
    const html = await okBody(store.visitor(), '/api/commerce/products/prod-linen-shirt/quick-view', /^text\/html/);
    expect(html).not.toContain('<html');
    expect(html).toContain('<h2 class="store-quick-view__title" id="store-quick-view-title">Linen Shirt</h2>');
    expect(html).toMatch(/<store-add-to-cart data-item-id="prod-linen-shirt"/);
    expect(html).toContain('href="/shop/p/linen-shirt"');
  });

  it('prints the price of an item written in every money-object shape, under priceMoney or price', () => {
    const objects = MONEY_SHAPES.filter((shape) => typeof shaped(shape, 1, 'USD').value === 'object');
    const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(
        fc.constantFrom(...objects),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...STORE_CURRENCIES),
        fc.constantFrom('priceMoney', 'price'),
        (shape, minor, currency, field) => {
          const { value } = shaped(shape, minor, currency);
          const variant = { sku: 'a', attributes: {}, [field]: value, qtyInStock: 3 };
          const item = {
            id: 'p',
            title: 'T',
            fullUrl: '/x',
            structuredContent: { productType: 1, variants: [variant] },
          };
          // Amounts print as the page script reads them back (sqs-money-native): two decimals, US layout.
          const amount = twoDecimals.format(minor / 10 ** CURRENCIES[currency].fractionDigits);
          expect(renderPage('quick-view', { item }), shape).toContain(
            `<span class="sqs-money-native">${amount}</span>`,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers an unknown product with 404 and a JSON message', async () => {
    const response = await store.visitor().call('GET', '/api/commerce/products/nope/quick-view');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Unable to locate content' });
  });

  it('puts a quick-view button on every shop card', async () => {
    const html = await (await store.visitor().call('GET', '/shop')).text();
    expect(html).toContain(
      'class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="prod-linen-shirt"',
    );
  });
});

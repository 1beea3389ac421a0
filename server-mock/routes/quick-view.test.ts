import { describe, expect, it } from 'vitest';
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

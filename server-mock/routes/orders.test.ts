import { newFormKey } from '../http/form-key';
import { describe, expect, it } from 'vitest';
import { storePerTest } from '../testing/test-store';
import { storeContextOf } from '../testing/store-context-of';
import type { Visitor } from '../testing/visitor';
import { json } from '../testing/visitor';

const store = storePerTest();
const { visitor } = store;

/** Posts the checkout form as a browser does, with the visitor's crumb unless another is given. */
function placeOrder(v: Visitor, crumb = v.cookies.get('crumb') ?? '') {
  return v.call('POST', '/checkout', new URLSearchParams({ crumb, formKey: newFormKey() }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
}

function stockOf(sku: string): number {
  return (store.db.prepare('SELECT qty_in_stock AS n FROM variants WHERE sku = ?').get(sku) as { n: number }).n;
}

describe('placing an order', () => {
  it('takes the units from stock, empties the cart and confirms the order on a page of type 202', async () => {
    const v = visitor();
    expect((await v.add('prod-linen-shirt', 'LS-S-SAND', 2)).status).toBe(200);
    const cart = await json(await v.call('GET', '/api/commerce/shopping-cart'));
    const stock = stockOf('LS-S-SAND');
    const checkout = await (await v.call('GET', '/checkout')).text();
    expect(checkout).toContain('<form class="checkout-form" method="post" action="/checkout">');

    const placed = await placeOrder(v);
    expect(placed.status).toBe(303);
    const location = placed.headers.get('location') ?? '';
    expect(location).toMatch(/^\/commerce\/order-confirmed\/[0-9a-f]{24}$/);
    expect(stockOf('LS-S-SAND')).toBe(stock - 2);
    expect((await json(await v.call('GET', '/api/commerce/shopping-cart'))).entries).toEqual([]);

    const page = await v.call('GET', location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Thank you for your order');
    const context = storeContextOf(html);
    expect(context.pageType).toBe(202);
    expect(context.order).toEqual({
      id: location.split('/').pop(),
      created: expect.any(Number),
      currencyCode: 'USD',
      subtotalCents: cart.subtotalCents,
      taxCents: cart.taxCents,
      shippingCostCents: cart.shippingCostCents,
      grandTotalCents: cart.grandTotalCents,
      items: [{ id: 'prod-linen-shirt', sku: 'LS-S-SAND', name: 'Linen Shirt', quantity: 2, priceCents: 4800 }],
    });
  });

  it('refuses an empty cart, a stale crumb and a cart whose units are gone, placing nothing', async () => {
    const empty = visitor();
    await empty.call('GET', '/checkout');
    const refused = await placeOrder(empty);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('You have nothing in your shopping cart.');

    const v = visitor();
    await v.add('prod-linen-shirt', 'LS-S-SAND', 1);
    const stale = await placeOrder(v, 'not-the-crumb');
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('Your session has expired. Please reload the page and try again.');

    store.db.prepare('UPDATE variants SET qty_in_stock = 0 WHERE sku = ?').run('LS-S-SAND');
    const gone = await placeOrder(v);
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain('Sorry, we do not have enough of that item available.');
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 0 });
    expect((await json(await v.call('GET', '/api/commerce/shopping-cart'))).totalQuantity).toBe(1);
  });

  it('answers an unknown order with the not-found page', async () => {
    const response = await visitor().call('GET', '/commerce/order-confirmed/0123456789abcdef01234567');
    expect(response.status).toBe(404);
  });
});

describe('the store minimum', () => {
  it("refuses an order below it with the cart page's words", async () => {
    const v = visitor();
    expect((await v.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(200);
    const refused = await placeOrder(v);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('To check out, your order subtotal must be $20.00 or more.');
  });
});

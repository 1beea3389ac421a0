import { describe, expect, it } from 'vitest';
import { percentOf } from '../store/carts';
import { COMMERCE_SETTINGS_KEY, setEnabledFeatures, setSetting } from '../store/settings';
import { storePerTest } from '../testing/test-store';
import type { Visitor } from '../testing/visitor';
import { json } from '../testing/visitor';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const OUT_OF_STOCK = 'Sorry, we do not have enough of that item available.';
const NOT_FOUND = 'This cart entry does not exist.';
const BAD_QUANTITY = 'Quantity must be a whole number between 1 and 9999.';

const store = storePerTest();

const { visitor } = store;

/** Adds units and answers the id of the entry they went to. */
async function addEntry(v: Visitor, itemId: string, sku: string, quantity: number, extra = {}): Promise<string> {
  const response = await v.add(itemId, sku, quantity, extra);
  expect(response.status).toBe(200);
  const cart = (await json(response)).shoppingCart;
  return cart.entries.find((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku === sku).id as string;
}

const setQuantity = (v: Visitor, entryId: string, quantity: unknown) =>
  v.call('PUT', `${ENTRIES}/${entryId}`, { quantity });
const remove = (v: Visitor, entryId: string) => v.call('DELETE', `${ENTRIES}/${entryId}`);

function held(sku: string): number {
  return (
    store.db.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_entries WHERE sku = ?').get(sku) as { n: number }
  ).n;
}

function commerce(settings: Record<string, unknown>) {
  setSetting(store.db, COMMERCE_SETTINGS_KEY, JSON.stringify(settings));
}

describe('changing the quantity of a cart entry', () => {
  it('sets the quantity and answers the whole cart', async () => {
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    const response = await setQuantity(v, id, 5);
    expect(response.status).toBe(200);
    const { shoppingCart } = await json(response);
    expect(shoppingCart.entries).toHaveLength(1);
    expect(shoppingCart.entries[0]).toMatchObject({
      id,
      quantity: 5,
      subTotal: { currencyCode: 'USD', decimalValue: '240.00' },
    });
    expect(shoppingCart).toMatchObject({ totalQuantity: 5, subtotalCents: 24000 });
    expect(await json(await v.call('GET', '/api/commerce/shopping-cart'))).toEqual(shoppingCart);
    expect((await setQuantity(v, id, 2)).status).toBe(200);
    expect(held('LS-S-SAND')).toBe(2);
  });

  it('refuses more than the stock left after what other carts hold, and changes nothing', async () => {
    const a = visitor();
    const b = visitor('203.0.113.11');
    const id = await addEntry(a, 'prod-linen-shirt', 'LS-M-SAND', 1); // 3 in stock
    await addEntry(b, 'prod-linen-shirt', 'LS-M-SAND', 1);
    const refused = await setQuantity(a, id, 3);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ message: OUT_OF_STOCK });
    expect(held('LS-M-SAND')).toBe(2);
    // Its own units count as its own: 1 held by b leaves 2 for a.
    expect((await setQuantity(a, id, 2)).status).toBe(200);
    expect(held('LS-M-SAND')).toBe(3);
  });

  it('gives the last units to one of two carts asking at once', async () => {
    const a = visitor();
    const b = visitor('203.0.113.11');
    const ids = [
      await addEntry(a, 'prod-linen-shirt', 'LS-M-SAND', 1),
      await addEntry(b, 'prod-linen-shirt', 'LS-M-SAND', 1),
    ];
    const responses = await Promise.all([setQuantity(a, ids[0] as string, 2), setQuantity(b, ids[1] as string, 2)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(held('LS-M-SAND')).toBe(3);
  });

  it('lets a variant with unlimited stock go up to 9999', async () => {
    const v = visitor();
    const id = await addEntry(v, 'prod-field-guide', 'GUIDE-PDF', 1);
    expect((await setQuantity(v, id, 9999)).status).toBe(200);
    expect(held('GUIDE-PDF')).toBe(9999);
  });

  it('always accepts a smaller quantity, even when stock fell below what the cart holds', async () => {
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 2);
    store.db.prepare("UPDATE variants SET qty_in_stock = 0 WHERE sku = 'LS-S-SAND'").run();
    expect((await setQuantity(v, id, 1)).status).toBe(200);
    expect((await setQuantity(v, id, 2)).status).toBe(409);
    expect(held('LS-S-SAND')).toBe(1);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['over the maximum', 10_000],
    ['huge', 1e12],
    ['fractional', 1.5],
    ['a numeric string', '2'],
    ['null', null],
    ['a boolean', true],
    ['a list', [2]],
    ['an object', { n: 2 }],
  ])('refuses a quantity that is %s with 400', async (_name, quantity) => {
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    const response = await setQuantity(v, id, quantity);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: BAD_QUANTITY });
    expect(held('LS-S-SAND')).toBe(1);
  });

  it.each([
    ['no quantity', '{}', BAD_QUANTITY],
    ['malformed JSON', '{"quantity":', 'The request body is not valid JSON.'],
    ['a list', '[3]', 'The request body must be a JSON object.'],
    ['an empty body', '', 'The request body must be a JSON object.'],
  ])('refuses a body with %s with 400', async (_name, body, message) => {
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    const response = await v.call('PUT', `${ENTRIES}/${id}`, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message });
  });
});

describe('removing a cart entry', () => {
  it('removes one entry, then the last, leaving an empty cart; the units are free again', async () => {
    const v = visitor();
    const lantern = await addEntry(v, 'prod-brass-lantern', 'LANTERN-1', 1);
    const guide = await addEntry(v, 'prod-field-guide', 'GUIDE-PDF', 2);
    const cartId = v.cookies.get('CART')?.split('.')[0];

    const first = await remove(v, lantern);
    expect(first.status).toBe(200);
    const after = (await json(first)).shoppingCart;
    expect(after.entries.map((e: { id: string }) => e.id)).toEqual([guide]);
    expect(after).toMatchObject({ totalQuantity: 2, subtotalCents: 2400, requiresShipping: false });
    expect((await visitor().add('prod-brass-lantern', 'LANTERN-1', 1)).status).toBe(200);

    const last = await json(await remove(v, guide));
    expect(last.shoppingCart).toMatchObject({ id: cartId, entries: [], totalQuantity: 0, subtotalCents: 0 });
    expect(last.shoppingCart.grandTotalCents).toBe(0);
    expect((await json(await v.call('GET', '/api/commerce/shopping-cart'))).entries).toEqual([]);

    const again = await remove(v, guide);
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ message: NOT_FOUND });
  });
});

describe('whose entry it is', () => {
  it('answers 404 to another visitor, to a visitor without a cart and for unknown ids', async () => {
    const owner = visitor();
    const id = await addEntry(owner, 'prod-linen-shirt', 'LS-S-SAND', 1);
    const other = visitor();
    await addEntry(other, 'prod-field-guide', 'GUIDE-PDF', 1);
    for (const response of [
      await setQuantity(other, id, 3),
      await remove(other, id),
      await setQuantity(visitor(), id, 3),
      await remove(visitor(), id),
      await setQuantity(owner, 'f'.repeat(24), 3),
      await remove(owner, 'nope'),
      await remove(owner, encodeURIComponent("' OR 1=1 --")),
      await remove(owner, 'x'.repeat(5000)),
    ]) {
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ message: NOT_FOUND });
    }
    expect(held('LS-S-SAND')).toBe(1);
  });

  it('answers 404 for an entry of a purchased cart', async () => {
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    store.db.prepare('UPDATE carts SET is_purchased = 1').run();
    expect((await setQuantity(v, id, 2)).status).toBe(404);
    expect((await remove(v, id)).status).toBe(404);
  });

  it('refuses a change or removal without the crumb header with 403', async () => {
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    const noCrumb = { 'x-csrf-token': 'forged' };
    const put = await v.call('PUT', `${ENTRIES}/${id}`, { quantity: 3 }, noCrumb);
    const del = await v.call('DELETE', `${ENTRIES}/${id}`, undefined, noCrumb);
    for (const response of [put, del]) {
      expect(response.status).toBe(403);
      expect((await json(response)).crumbFail).toBe(true);
    }
    expect(held('LS-S-SAND')).toBe(1);
  });
});

describe('cart totals', () => {
  it('adds tax on physical items and flat shipping, in cents', async () => {
    const v = visitor();
    await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 2); // 96.00, physical
    const { shoppingCart: cart } = await json(await v.add('prod-field-guide', 'GUIDE-PDF', 1)); // 12.00, digital
    expect(cart).toMatchObject({
      currencyCode: 'USD',
      subtotalCents: 10800,
      taxCents: 768, // 8 % of 96.00 only
      shippingCostCents: 700,
      discountCents: 0,
      grandTotalCents: 10800 + 768 + 700,
      requiresShipping: true,
      minimumSubtotalCents: 2000,
    });
  });

  it('charges no tax or shipping on a cart of digital goods', async () => {
    const { shoppingCart: cart } = await json(await visitor().add('prod-field-guide', 'GUIDE-PDF', 3));
    expect(cart).toMatchObject({
      subtotalCents: 3600,
      taxCents: 0,
      shippingCostCents: 0,
      grandTotalCents: 3600,
      requiresShipping: false,
    });
  });

  it('rounds tax half up to a whole cent', async () => {
    commerce({ taxRatePercent: 8.875, flatShippingCents: 0 });
    const { shoppingCart: cart } = await json(await visitor().add('prod-linen-shirt', 'LS-L-SAND', 1)); // 52.00
    expect(cart.taxCents).toBe(462); // 461.5
    expect(cart.grandTotalCents).toBe(5662);
    expect(cart).not.toHaveProperty('minimumSubtotalCents');
  });

  it('keeps JPY amounts in whole yen', async () => {
    setSetting(store.db, 'selected_currency', 'JPY');
    const v = visitor();
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 3); // ¥4800 each
    const { shoppingCart: cart } = await json(await setQuantity(v, id, 2));
    expect(cart.currencyCode).toBe('JPY');
    expect(cart.entries[0].subTotal).toEqual({ currencyCode: 'JPY', decimalValue: '9600' });
    expect(cart).toMatchObject({ subtotalCents: 9600, taxCents: 768, shippingCostCents: 700, grandTotalCents: 11068 });
    commerce({ taxRatePercent: 8.875, flatShippingCents: 500, minimumSubtotalCents: 3000 });
    const again = await json(await v.call('GET', '/api/commerce/shopping-cart'));
    expect(again).toMatchObject({
      taxCents: 852,
      shippingCostCents: 500,
      grandTotalCents: 10952,
      minimumSubtotalCents: 3000,
    });
    for (const key of ['subtotalCents', 'taxCents', 'shippingCostCents', 'grandTotalCents']) {
      expect(Number.isInteger(again[key])).toBe(true);
    }
  });

  it('answers the cart as it is now after any write to what it is read from', async () => {
    const v = visitor();
    const cart = async () => json(await v.call('GET', '/api/commerce/shopping-cart'));
    const id = await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 2);
    expect((await cart()).subtotalCents).toBe(9600);
    expect(await cart()).toEqual(await cart());
    store.db.prepare('UPDATE variants SET price_cents = 5000 WHERE sku = ?').run('LS-S-SAND');
    expect((await cart()).subtotalCents).toBe(10000);
    store.db.prepare("UPDATE products SET name = 'Hemp Shirt' WHERE id = 'prod-linen-shirt'").run();
    expect((await cart()).entries[0].title).toBe('Hemp Shirt');
    store.db.prepare('UPDATE cart_entries SET quantity = 3 WHERE id = ?').run(id);
    expect((await cart()).totalQuantity).toBe(3);
    commerce({ taxRatePercent: 10, flatShippingCents: 0 });
    expect((await cart()).taxCents).toBe(1500);
    store.db.prepare('UPDATE carts SET is_purchased = 1').run();
    expect((await cart()).entries).toEqual([]);
  });

  it('tells the store minimum on every cart, also the empty one', async () => {
    expect((await json(await store.app.request('/api/commerce/shopping-cart'))).minimumSubtotalCents).toBe(2000);
    commerce({ taxRatePercent: 8 });
    expect(await json(await store.app.request('/api/commerce/shopping-cart'))).not.toHaveProperty(
      'minimumSubtotalCents',
    );
  });

  it('links each entry to its product page and names its additional-fields form', async () => {
    const v = visitor();
    await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    const { shoppingCart: cart } = await json(
      await v.add('prod-engraved-pen', 'PEN-BRASS', 1, {
        additionalFields: '{"engraving-text":"Ada","engraving-font":"Serif"}',
      }),
    );
    expect(cart.entries.map((e: Record<string, unknown>) => [e.url, e.additionalFieldsFormId])).toEqual([
      ['/shop/p/linen-shirt', null],
      ['/shop/p/engraved-pen', 'form-engraving'],
    ]);
  });
});

describe('percentOf', () => {
  it.each([
    [9600, 8, 768],
    [5200, 8.875, 462],
    [5199, 8.875, 461],
    [1, 50, 1],
    [1, 49.999, 0],
    [0, 8, 0],
    [12345, 0, 0],
    [9_000_000_000_000, 8.25, 742_500_000_000],
  ])('%d at %d %% is %d', (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});

describe('stock holds', () => {
  const MINUTE = 60_000;
  let now = Date.UTC(2026, 0, 1);
  const clock = () => now;
  /** Reopens the store on the test clock, with a hold of `minutes` when given (default 30). */
  /** A store on the test's clock; `shareOff`: one visitor may hold more than half (the hold window alone is tested). */
  function onClock(minutes?: number, shareOff = false) {
    now = Date.UTC(2026, 0, 1);
    store.reopen({
      now: clock,
      ...(minutes === undefined ? {} : { stockHoldMinutes: minutes }),
      ...(shareOff ? { scarceStock: 0 } : {}),
    });
  }
  /** Gives the linen shirt in S and sand more units than a scarce variant has. */
  const plentiful = (units: number) =>
    store.db.prepare("UPDATE variants SET qty_in_stock = ? WHERE sku = 'LS-S-SAND'").run(units);
  const stockLeft = async (v: Visitor, itemId: string, sku: string) =>
    (await json(await v.call('GET', `/api/commerce/inventory/stock/?itemId=${itemId}`))).results.find(
      (r: { sku: string }) => r.sku === sku,
    ).qtyInStock as number;

  it('releases the last unit once the hold lapses; the entry stays but re-checks stock when increased', async () => {
    onClock();
    const a = visitor();
    const id = await addEntry(a, 'prod-brass-lantern', 'LANTERN-1', 1); // 1 in stock: scarce, held 10 minutes
    const b = visitor('203.0.113.11');
    now += 10 * MINUTE - 1;
    expect((await b.add('prod-brass-lantern', 'LANTERN-1', 1)).status).toBe(409);
    expect(await stockLeft(b, 'prod-brass-lantern', 'LANTERN-1')).toBe(0);
    now += 1;
    expect(await stockLeft(b, 'prod-brass-lantern', 'LANTERN-1')).toBe(1);
    expect((await b.add('prod-brass-lantern', 'LANTERN-1', 1)).status).toBe(200);
    const cart = await json(await a.call('GET', '/api/commerce/shopping-cart'));
    expect(cart.entries.map((e: { id: string; quantity: number }) => [e.id, e.quantity])).toEqual([[id, 1]]);
    // b holds the unit now: a's lapsed entry cannot take it back, and the same quantity holds nothing again.
    expect((await setQuantity(a, id, 1)).status).toBe(200);
    expect(await stockLeft(a, 'prod-brass-lantern', 'LANTERN-1')).toBe(0);
    expect((await a.add('prod-brass-lantern', 'LANTERN-1', 1)).status).toBe(409);
    expect((await remove(a, id)).status).toBe(200);
  });

  it('holds the units of a subscription checkout: one of many concurrent checkouts wins the last unit, until its hold lapses', async () => {
    onClock();
    store.db.prepare("UPDATE variants SET unlimited = 0, qty_in_stock = 1 WHERE sku = 'COFFEE-BEAN'").run();
    const subscribe = (v: Visitor) =>
      v.call('POST', '/api/3/commerce/cart/subscription', { itemId: 'prod-coffee-club', sku: 'COFFEE-BEAN', qty: 1 });
    const shoppers = Array.from({ length: 20 }, () => visitor());
    const statuses = (await Promise.all(shoppers.map(subscribe))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await stockLeft(visitor(), 'prod-coffee-club', 'COFFEE-BEAN')).toBe(0);
    now += 10 * MINUTE; // a scarce hold
    expect(await stockLeft(visitor(), 'prod-coffee-club', 'COFFEE-BEAN')).toBe(1);
    expect((await subscribe(visitor('203.0.113.11'))).status).toBe(200);
  });

  it('refuses a subscription checkout with a clear message while commerce subscriptions (flag 50) is off', async () => {
    const subscribe = () =>
      visitor().call('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'prod-coffee-club',
        sku: 'COFFEE-BEAN',
        qty: 1,
      });
    setEnabledFeatures(store.db, [40, 64, 66]);
    const refused = await subscribe();
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: 'Subscriptions are not available in this store right now.' });
    setEnabledFeatures(store.db, [50]);
    expect((await subscribe()).status).toBe(200);
  });

  it('refuses a gift card purchase with a clear message while gift cards (flag 40) is off', async () => {
    const buy = () => visitor().call('GET', '/commerce/gift-card?itemId=prod-gift-card&sku=GC-50');
    setEnabledFeatures(store.db, [50, 64, 66]);
    const refused = await buy();
    expect(refused.status).toBe(403);
    const page = await refused.text();
    expect(page).toContain('<p role="alert">Gift cards are not available in this store right now.</p>');
    expect(page).not.toContain('$50.00');
    setEnabledFeatures(store.db, [40]);
    const open = await buy();
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('<strong>$50.00</strong>');
  });

  it('answers every add with the cart exactly as it reads back, in the order entries were made', async () => {
    onClock();
    const v = visitor();
    const cart = async () => json(await v.call('GET', '/api/commerce/shopping-cart'));
    const adds: [string, string, number, Record<string, unknown>?][] = [
      ['prod-linen-shirt', 'LS-S-SAND', 1],
      ['prod-linen-shirt', 'LS-S-SAND', 2],
      ['prod-engraved-pen', 'PEN-BRASS', 1, { additionalFields: '{"engraving-text":"Ada","engraving-font":"Serif"}' }],
      ['prod-engraved-pen', 'PEN-BRASS', 1, { additionalFields: '{"engraving-text":"Bo","engraving-font":"Serif"}' }],
      ['prod-engraved-pen', 'PEN-BRASS', 2, { additionalFields: '{"engraving-text":"Ada","engraving-font":"Serif"}' }],
      ['prod-linen-shirt', 'LS-M-SAND', 1],
    ];
    for (const [itemId, sku, quantity, extra] of adds) {
      now += MINUTE;
      const response = await v.add(itemId, sku, quantity, extra ?? {});
      expect(response.status).toBe(200);
      const { shoppingCart } = await json(response);
      expect(shoppingCart).toEqual(await cart());
    }
    // A clock set back: the new entry sorts by when it was made, first here.
    now -= 10 * MINUTE;
    const { shoppingCart } = await json(await v.add('prod-linen-shirt', 'LS-L-SAND', 1));
    expect(shoppingCart).toEqual(await cart());
    expect(shoppingCart.entries[0].chosenVariant.sku).toBe('LS-L-SAND');
    expect(shoppingCart.entries.map((e: { quantity: number }) => e.quantity)).toEqual([1, 3, 3, 1, 1]);
    expect(shoppingCart.totalQuantity).toBe(9);
  });

  it('renews an entry hold when the shopper asks for more, never for the same or less', async () => {
    onClock(undefined, true);
    plentiful(100);
    const a = visitor();
    const id = await addEntry(a, 'prod-linen-shirt', 'LS-S-SAND', 60);
    now += 20 * MINUTE;
    expect((await setQuantity(a, id, 70)).status).toBe(200);
    now += 20 * MINUTE; // 40 minutes after the add, 20 after the change
    expect((await setQuantity(a, id, 70)).status).toBe(200);
    expect((await setQuantity(a, id, 65)).status).toBe(200);
    const b = visitor('203.0.113.11');
    expect((await b.add('prod-linen-shirt', 'LS-S-SAND', 36)).status).toBe(409);
    expect((await b.add('prod-linen-shirt', 'LS-S-SAND', 35)).status).toBe(200);
    now += 10 * MINUTE; // 30 minutes after the raise: the same quantity and the smaller one renewed nothing
    expect((await b.add('prod-linen-shirt', 'LS-S-SAND', 65)).status).toBe(200);
  });

  it('takes its window from the stockHoldMinutes option', async () => {
    onClock(5, true);
    plentiful(100);
    await addEntry(visitor(), 'prod-linen-shirt', 'LS-S-SAND', 100);
    now += 5 * MINUTE - 1;
    expect((await visitor('203.0.113.11').add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(409);
    now += 1;
    expect((await visitor('203.0.113.11').add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(200);
  });

  it('re-holds a lapsed entry when it is increased and the stock is there', async () => {
    onClock();
    const a = visitor();
    const id = await addEntry(a, 'prod-linen-shirt', 'LS-M-SAND', 1); // 3 in stock
    now += 61 * MINUTE; // past the scarce span and its pause
    expect((await setQuantity(a, id, 2)).status).toBe(200);
    expect((await visitor('203.0.113.11').add('prod-linen-shirt', 'LS-M-SAND', 2)).status).toBe(409);
    expect((await visitor('203.0.113.11').add('prod-linen-shirt', 'LS-M-SAND', 1)).status).toBe(200);
  });

  it('sweeps carts nobody touched for 14 days, a bounded number per call', async () => {
    onClock();
    for (let i = 0; i < 30; i++) await addEntry(visitor(), 'prod-field-guide', 'GUIDE-PDF', 1);
    const carts = () => (store.db.prepare('SELECT COUNT(*) AS n FROM carts').get() as { n: number }).n;
    expect(carts()).toBe(30);
    now += 14 * 24 * 60 * MINUTE + 1;
    const fresh = visitor();
    await addEntry(fresh, 'prod-field-guide', 'GUIDE-PDF', 1);
    expect(carts()).toBe(31 - 20);
    await addEntry(fresh, 'prod-field-guide', 'GUIDE-PDF', 1);
    expect(carts()).toBe(1);
    expect(held('GUIDE-PDF')).toBe(2);
  });

  it('after a sweep that left nothing stale, sweeps again once a second of the clock has passed', async () => {
    onClock();
    await addEntry(visitor(), 'prod-field-guide', 'GUIDE-PDF', 1);
    now += 500;
    await addEntry(visitor(), 'prod-field-guide', 'GUIDE-PDF', 1);
    const carts = () => (store.db.prepare('SELECT COUNT(*) AS n FROM carts').get() as { n: number }).n;
    // The first cart goes stale; the second a moment later.
    now += 14 * 24 * 60 * MINUTE - 500 + 1;
    const fresh = visitor();
    await addEntry(fresh, 'prod-field-guide', 'GUIDE-PDF', 1);
    expect(carts()).toBe(2);
    now += 500;
    await addEntry(fresh, 'prod-field-guide', 'GUIDE-PDF', 1);
    expect(carts()).toBe(2);
    now += 500;
    await addEntry(fresh, 'prod-field-guide', 'GUIDE-PDF', 1);
    expect(carts()).toBe(1);
  });
});

describe('hoarding scarce stock', () => {
  const MINUTE = 60_000;
  let now = Date.UTC(2026, 0, 1);
  const onClock = () => {
    now = Date.UTC(2026, 0, 1);
    store.reopen({ now: () => now });
  };
  const DESK = ['prod-walnut-writing-desk', 'DESK-WALNUT'] as const; // 3 in stock
  const SHARE = 'Sorry, that item is in short supply: you can hold at most 2 at a time.';

  it('lets one cart hold at most half of a scarce variant, with a message', async () => {
    onClock();
    const v = visitor();
    const refused = await v.add(...DESK, 3);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ message: SHARE });
    const id = await addEntry(v, ...DESK, 2);
    expect((await v.add(...DESK, 1)).status).toBe(409);
    expect((await setQuantity(v, id, 3)).status).toBe(409);
    expect(held('DESK-WALNUT')).toBe(2);
    expect((await visitor('198.51.100.2').add(...DESK, 1)).status).toBe(200);
  });

  it('lets one cart and one address hold at most half of any limited variant, scarce or not', async () => {
    onClock();
    // 51 units: one more than the scarce rules cover.
    store.db.prepare("UPDATE variants SET qty_in_stock = 51 WHERE sku = 'LS-S-SAND'").run();
    const v = visitor('198.51.100.7');
    const refused = await v.add('prod-linen-shirt', 'LS-S-SAND', 51);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      message: 'Sorry, that item is in short supply: you can hold at most 26 at a time.',
    });
    expect((await v.add('prod-linen-shirt', 'LS-S-SAND', 26)).status).toBe(200);
    // Fresh carts from the same address get no more.
    expect((await visitor('198.51.100.7').add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(409);
    expect(held('LS-S-SAND')).toBe(26);
    // The rest is there for others.
    expect((await visitor('198.51.100.8').add('prod-linen-shirt', 'LS-S-SAND', 25)).status).toBe(200);
    expect(held('LS-S-SAND')).toBe(51);
  });

  it('lets one address hold at most its share, whatever carts and crumbs it rotates', async () => {
    onClock();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await visitor('198.51.100.3').add('prod-linen-shirt', 'LS-L-SAND', 1)).status); // 4 in stock
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    expect(held('LS-L-SAND')).toBe(2);
  });

  it('lets one cart hold at most its share, from whatever addresses it is used', async () => {
    onClock();
    const roaming = visitor('198.51.100.4');
    await addEntry(roaming, ...DESK, 2);
    const elsewhere = visitor('198.51.100.5');
    elsewhere.cookies = new Map(roaming.cookies);
    const refused = await elsewhere.add(...DESK, 1);
    expect(await json(refused)).toEqual({ message: SHARE });
    expect(held('DESK-WALNUT')).toBe(2);
  });

  it('holds a scarce variant for a third of the window, and asking again for the same renews nothing', async () => {
    onClock();
    const hoarder = visitor();
    const id = await addEntry(hoarder, ...DESK, 2);
    for (let i = 0; i < 3; i++) {
      now += 3 * MINUTE;
      expect((await setQuantity(hoarder, id, 2)).status).toBe(200);
    }
    now += MINUTE; // 10 minutes after the add
    const other = visitor('198.51.100.6');
    expect((await other.add(...DESK, 2)).status).toBe(200);
  });

  it('never holds a scarce variant for one cart or address longer than the window in all, then pauses them', async () => {
    onClock();
    const hoarder = visitor();
    const id = await addEntry(hoarder, ...DESK, 2);
    // Real progress each time (1 -> 2), every 5 minutes, from fresh carts too.
    for (let minute = 5; minute < 30; minute += 5) {
      now += 5 * MINUTE;
      expect((await setQuantity(hoarder, id, 1)).status).toBe(200);
      expect((await setQuantity(hoarder, id, 2)).status).toBe(200);
    }
    now += 5 * MINUTE; // 30 minutes after the first hold
    const other = visitor('198.51.100.7');
    expect((await other.add(...DESK, 2)).status).toBe(200);
    now += 10 * MINUTE; // 40 minutes after the first hold: the cart and the address are paused for 20 more
    const pause = { message: 'Sorry, we can no longer hold that item for you. Please try again in 20 minutes.' };
    expect((await setQuantity(hoarder, id, 1)).status).toBe(200);
    const again = await setQuantity(hoarder, id, 2);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual(pause);
    const freshCart = await visitor().add(...DESK, 1);
    expect(freshCart.status).toBe(409);
    expect(await json(freshCart)).toEqual(pause);
    now += 20 * MINUTE;
    expect((await visitor().add(...DESK, 1)).status).toBe(200);
  });

  it('holds a subscription checkout of a scarce variant to the same share', async () => {
    onClock();
    store.db.prepare("UPDATE variants SET unlimited = 0, qty_in_stock = 3 WHERE sku = 'COFFEE-BEAN'").run();
    const subscribe = (v: Visitor, qty: number) =>
      v.call('POST', '/api/3/commerce/cart/subscription', { itemId: 'prod-coffee-club', sku: 'COFFEE-BEAN', qty });
    expect(await json(await subscribe(visitor(), 3))).toEqual({ message: SHARE });
    expect((await subscribe(visitor(), 2)).status).toBe(200);
    expect((await subscribe(visitor(), 1)).status).toBe(409);
    expect((await subscribe(visitor('198.51.100.8'), 1)).status).toBe(200);
  });

  it('follows the plain rules for every variant with the scarceStock option at 0', async () => {
    store.reopen({ scarceStock: 0 });
    expect((await visitor().add(...DESK, 3)).status).toBe(200);
  });

  it('keeps exactly one winner among many addresses asking for the last unit at once', async () => {
    onClock();
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        async (_, i) => (await visitor(`198.51.100.${20 + i}`).add('prod-brass-lantern', 'LANTERN-1', 1)).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
  });
});

describe('the size of one cart', () => {
  it(`refuses a new entry past ${100} with a message, and still takes more of an entry it has`, async () => {
    const v = visitor();
    const first = await addEntry(v, 'prod-field-guide', 'GUIDE-PDF', 1);
    const cartId = (store.db.prepare('SELECT cart_id FROM cart_entries WHERE id = ?').get(first) as { cart_id: string })
      .cart_id;
    const insert = store.db.prepare(
      `INSERT INTO cart_entries (id, cart_id, product_id, sku, quantity, additional_fields, created, held_until)
       VALUES (?, ?, 'prod-engraved-pen', 'PEN-BRASS', 1, ?, ?, NULL)`,
    );
    for (let i = 1; i < 100; i++) insert.run(`filler-${i}`, cartId, `{"n":${i}}`, Date.now() + i);
    const refused = await v.add('prod-linen-shirt', 'LS-S-SAND', 1);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      message: 'Sorry, your cart can hold at most 100 different items. Please remove one to add another.',
    });
    expect((await v.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(200);
  });
});

describe('the cart GET query: calculateSubtotal, mock, timecode', () => {
  const CART = '/api/commerce/shopping-cart';

  it('computes the totals by default and with calculateSubtotal=true, and leaves them out with false', async () => {
    const v = visitor();
    await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 2);
    const byDefault = await json(await v.call('GET', CART));
    expect(byDefault).toMatchObject({ subtotalCents: 9600, totalQuantity: 2 });
    expect(byDefault.grandTotalCents).toBeGreaterThan(9600);
    expect(await json(await v.call('GET', `${CART}?calculateSubtotal=true`))).toEqual(byDefault);
    const without = await json(await v.call('GET', `${CART}?calculateSubtotal=false`));
    expect(without).toMatchObject({
      subtotalCalculated: false,
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      grandTotalCents: 0,
      totalQuantity: 2,
      entries: byDefault.entries,
    });
  });

  it('answers a sample cart with mock=true, without touching or creating the visitor cart', async () => {
    const v = visitor();
    const response = await v.call('GET', `${CART}?mock=true`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('CART'))).toBe(false);
    const mock = await json(response);
    expect(mock).toMatchObject({ id: 'mock', mock: true, totalQuantity: 2 });
    expect(mock.entries).toHaveLength(2);
    expect(mock.subtotalCents).toBe(
      mock.entries.reduce((n: number, e: { purchasePriceCents: number }) => n + e.purchasePriceCents, 0),
    );
    await addEntry(v, 'prod-linen-shirt', 'LS-S-SAND', 1);
    expect(await json(await v.call('GET', `${CART}?mock=true`))).toEqual(mock);
    expect((await json(await v.call('GET', `${CART}?mock=false`))).totalQuantity).toBe(1);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM carts').get()).toEqual({ n: 1 });
  });

  it('echoes timecode and marks that answer not to be cached', async () => {
    const v = visitor();
    const response = await v.call('GET', `${CART}?timecode=1732780800123`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await json(response)).toMatchObject({ timecode: '1732780800123', entries: [] });
    expect((await json(await v.call('GET', CART))).timecode).toBeUndefined();
  });

  it.each([
    ['calculateSubtotal=yes', 'yes is not one of the expected options'],
    ['mock=1', '1 is not one of the expected options'],
    ['timecode=abc', 'timecode must be 1 to 20 digits.'],
    ['timecode=123456789012345678901', 'timecode must be 1 to 20 digits.'],
  ])('refuses %s with a 400 and a message', async (query, message) => {
    const response = await visitor().call('GET', `${CART}?${query}`);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message });
  });
});

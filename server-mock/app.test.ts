import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from './app';
import type { Db } from './store/db';
import { openStore } from './store/open-store';
import { json, Visitor as TestVisitor } from './testing/visitor';

let db: Db;
let app: Hono;

beforeEach(() => {
  db = openStore(':memory:');
  app = createApp({ db, distDir: 'dist' });
});
afterEach(() => db.close());

/** A visitor of this file's app (or of the app given). */
class Visitor extends TestVisitor {
  constructor(target: () => Hono = () => app, address?: string) {
    super(target, address);
  }
}

describe('pages', () => {
  it('renders a product page for every product type from its template, with the platform markup', async () => {
    for (const slug of ['linen-shirt', 'field-guide', 'portrait-session', 'gift-card', 'coffee-club', 'ceramic-mug']) {
      const response = await app.request(`/shop/p/${slug}`);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toMatch(
        /<div class="sqs-add-to-cart-button [^"]*" role="button" tabindex="0"[^>]* data-item-id="prod-/,
      );
      expect(page).toMatch(/<script type="module" src="\/storefront.js" nonce="[^"]+"><\/script>/);
      expect(page).toContain('<span class="sqs-money-native">');
      expect(page).not.toMatch(/data-variants="\[\{"/);
    }
    const tagged = await (await app.request('/qa/tag/linen-shirt')).text();
    expect(tagged).toContain('<store-add-to-cart data-item-id="prod-linen-shirt"');
  });

  it('escapes catalog text in rendered pages', async () => {
    db.prepare("UPDATE products SET name = ? WHERE id = 'prod-field-guide'").run('<script>alert(1)</script> & "Guide"');
    const page = await (await app.request('/shop/p/field-guide')).text();
    // The store context JSON may carry the name too, with its `</` escaped (`<\/script>`).
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Guide"');
  });

  it('lists 48 products in the shop grid', async () => {
    const page = await (await app.request('/shop')).text();
    expect(page.match(/<li class="card">/g)).toHaveLength(48);
    expect(page).toContain('48 products');
  });

  it('answers unknown pages with a 404 page and unknown API calls with JSON', async () => {
    expect((await app.request('/shop/p/nope')).status).toBe(404);
    // Every not-found page declares itself one (page type 100), so the census records no page view there.
    for (const path of ['/shop/p/nope', '/no-such-page']) {
      const page = await app.request(path);
      expect(page.status).toBe(404);
      const context = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(
        await page.text(),
      );
      expect(JSON.parse(context?.[1] ?? '{}').pageType).toBe(100);
    }
    const api = await app.request('/api/nope');
    expect(api.status).toBe(404);
    expect((await json(api)).message).toContain('/api/nope');
  });

  it('sets a readable, signed crumb cookie', async () => {
    const response = await app.request('/shop');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('crumb='));
    expect(cookie).toMatch(/^crumb=[\w-]+\.[0-9a-z]+\.[\w-]{32}; Path=\/; SameSite=Lax$/);
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without the crumb header, with crumbFail', async () => {
    const v = new Visitor();
    await v.call('GET', '/shop');
    const response = await v.call(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 1 },
      { 'x-csrf-token': 'nope' },
    );
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({
      crumbFail: true,
      message: 'Your session has expired. Please reload the page and try again.',
    });
  });

  it('refuses a forged crumb even when header and cookie agree', async () => {
    const response = await app.request('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { cookie: 'crumb=abc.def', 'x-csrf-token': 'abc.def', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect((await json(response)).crumbFail).toBe(true);
  });

  it('lets reads through without a crumb', async () => {
    expect((await app.request('/api/commerce/shopping-cart')).status).toBe(200);
  });
});

describe('cart entries', () => {
  it('adds an entry, sets the cart cookie and returns the cart and what was added', async () => {
    const v = new Visitor();
    const response = await v.add('prod-linen-shirt', 'LS-S-SAND', 2);
    expect(response.status).toBe(200);
    const body = await json(response);
    // The cart cookie is the cart's id and its keyed hash, HttpOnly; a readable mark says there is a cart.
    expect(v.cookies.get('CART')).toMatch(new RegExp(`^${body.shoppingCart.id}\\.[\\w-]{22}$`));
    const set = response.headers.getSetCookie();
    expect(set.find((line) => line.startsWith('CART='))).toMatch(/; HttpOnly/);
    expect(set.find((line) => line.startsWith('HAS_CART='))).toMatch(
      /^HAS_CART=1; Max-Age=1209600; Path=\/; SameSite=Lax$/,
    );
    expect(body.newlyAdded).toEqual({
      chosenVariant: { sku: 'LS-S-SAND', attributes: { Size: 'S', Color: 'Sand' } },
      subTotal: { currencyCode: 'USD', decimalValue: '96.00' },
      title: 'Linen Shirt',
      quantity: 2,
      purchasePriceCents: 4800,
    });
    // The demo store: 8 % tax on physical items and a flat $7.00 shipping.
    expect(body.shoppingCart).toMatchObject({
      totalQuantity: 2,
      subtotalCents: 9600,
      taxCents: 768,
      shippingCostCents: 700,
      grandTotalCents: 11068,
      requiresShipping: true,
    });

    await v.add('prod-linen-shirt', 'LS-S-SAND', 1);
    await v.add('prod-field-guide', 'GUIDE-PDF', 1);
    const cart = await json(await v.call('GET', '/api/commerce/shopping-cart'));
    expect(
      cart.entries.map((e: { chosenVariant: { sku: string }; quantity: number }) => [e.chosenVariant.sku, e.quantity]),
    ).toEqual([
      ['LS-S-SAND', 3],
      ['GUIDE-PDF', 1],
    ]);
    expect(cart).toMatchObject({ totalQuantity: 4, subtotalCents: 15600, hasDigital: true, purelyDigital: false });
  });

  it('takes the only variant when a single-variant product comes without a sku', async () => {
    const response = await new Visitor().call('POST', '/api/commerce/shopping-cart/entries', {
      itemId: 'prod-field-guide',
      quantity: 2,
    });
    expect(response.status).toBe(200);
    expect((await json(response)).newlyAdded.chosenVariant.sku).toBe('GUIDE-PDF');
  });

  it('returns an empty cart to a visitor who has none', async () => {
    const cart = await json(await app.request('/api/commerce/shopping-cart'));
    expect(cart).toMatchObject({ entries: [], totalQuantity: 0, subtotalCents: 0, currencyCode: 'USD' });
  });

  it.each([
    ['unknown item', { itemId: 'nope', sku: 'X', quantity: 1 }, 404, 'This item does not exist.'],
    ['unknown sku', { itemId: 'prod-linen-shirt', sku: 'NOPE', quantity: 1 }, 404, 'This item variant does not exist.'],
    [
      'sku of another item',
      { itemId: 'prod-linen-shirt', sku: 'GUIDE-PDF', quantity: 1 },
      404,
      'This item variant does not exist.',
    ],
    [
      'zero quantity',
      { itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 0 },
      400,
      'Quantity must be a whole number between 1 and 9999.',
    ],
    [
      'huge quantity',
      { itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 1e12 },
      400,
      'Quantity must be a whole number between 1 and 9999.',
    ],
    [
      'fractional quantity',
      { itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 1.5 },
      400,
      'Quantity must be a whole number between 1 and 9999.',
    ],
    [
      'string quantity',
      { itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: '2' },
      400,
      'Quantity must be a whole number between 1 and 9999.',
    ],
    ['item id of the wrong type', { itemId: 42, sku: 'GUIDE-PDF', quantity: 1 }, 400, 'itemId is required.'],
    ['sku of the wrong type', { itemId: 'prod-field-guide', sku: 7, quantity: 1 }, 400, 'sku must be a string.'],
    [
      'no sku for a product with several variants',
      { itemId: 'prod-linen-shirt', quantity: 1 },
      400,
      'sku is required for a product with several variants.',
    ],
    [
      'additional fields not JSON',
      { itemId: 'prod-engraved-pen', sku: 'PEN-BRASS', quantity: 1, additionalFields: '{x' },
      400,
      'additionalFields must be a JSON string.',
    ],
    [
      'additional fields for a product without a form',
      { itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 1, additionalFields: '{"engraving-text":"A"}' },
      400,
      'This product has no additional fields.',
    ],
    [
      'additional fields that are not an object',
      { itemId: 'prod-engraved-pen', sku: 'PEN-BRASS', quantity: 1, additionalFields: '["A"]' },
      400,
      'additionalFields must be a JSON object of answers by field id.',
    ],
    [
      'gift card',
      { itemId: 'prod-gift-card', sku: 'GC-25', quantity: 1 },
      400,
      'Gift cards are bought on the gift card page.',
    ],
    [
      'subscription',
      { itemId: 'prod-coffee-club', sku: 'COFFEE-BEAN', quantity: 1 },
      400,
      'This product is sold by subscription.',
    ],
    [
      'form product without answers',
      { itemId: 'prod-engraved-pen', sku: 'PEN-BRASS', quantity: 1 },
      400,
      'This product needs its additional fields filled in.',
    ],
    [
      'sold out',
      { itemId: 'prod-ceramic-mug', sku: 'MUG-1', quantity: 1 },
      409,
      'Sorry, we do not have enough of that item available.',
    ],
  ])('refuses %s with a clear JSON error', async (_name, body, status, message) => {
    const response = await new Visitor().call('POST', '/api/commerce/shopping-cart/entries', body);
    expect(response.status).toBe(status);
    expect(await json(response)).toEqual({ message });
  });

  it.each([
    ['a text over its maxLength', { 'engraving-text': 'x'.repeat(21), 'engraving-font': 'Serif' }, 'engraving-text'],
    ['a missing required answer', { 'engraving-text': 'Ada' }, 'engraving-font'],
    ['an option not offered', { 'engraving-text': 'Ada', 'engraving-font': 'Comic' }, 'engraving-font'],
    [
      'an answer of the wrong kind',
      { 'engraving-text': { deep: [[['x']]] }, 'engraving-font': 'Serif' },
      'engraving-text',
    ],
    [
      'an answer nested 9,000 deep',
      `{"engraving-text":${'['.repeat(9_000)}${']'.repeat(9_000)},"engraving-font":"Serif"}`,
      'engraving-text',
    ],
    ['a malformed e-mail', { 'engraving-text': 'Ada', 'engraving-font': 'Serif', 'gift-email': 'nope' }, 'gift-email'],
  ])(
    'checks additional fields against the product form as the widget does: refuses %s',
    async (_name, answers, field) => {
      const v = new Visitor();
      const body = {
        itemId: 'prod-engraved-pen',
        sku: 'PEN-BRASS',
        quantity: 1,
        additionalFields: typeof answers === 'string' ? answers : JSON.stringify(answers),
      };
      for (const path of ['/api/commerce/shopping-cart/entries', '/api/3/commerce/cart/subscription']) {
        const response = await v.call('POST', path, { ...body, qty: 1 });
        expect(response.status).toBe(400);
        const refusal = await json(response);
        if (path.includes('subscription')) continue; // the pen is not sold by subscription: refused before its fields
        expect(refusal.message).toBe('One or more fields is invalid, please check your entries.');
        expect(Object.keys(refusal.fieldErrors)).toEqual([field]);
      }
      expect((await json(await v.call('GET', '/api/commerce/shopping-cart'))).entries).toEqual([]);
    },
  );

  it('keeps only the form fields of additional-fields answers', async () => {
    const v = new Visitor();
    const response = await v.add('prod-engraved-pen', 'PEN-BRASS', 1, {
      additionalFields: JSON.stringify({ 'engraving-text': 'Ada', 'engraving-font': 'Serif', extra: { a: 1 } }),
    });
    expect(response.status).toBe(200);
    expect((await json(response)).shoppingCart.entries[0].additionalFields).toBe(
      '{"engraving-text":"Ada","engraving-font":"Serif"}',
    );
  });

  it.each([
    ['malformed JSON', '{"itemId":', 'The request body is not valid JSON.'],
    ['an array', '[1,2]', 'The request body must be a JSON object.'],
    ['an empty body', '', 'The request body must be a JSON object.'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const response = await new Visitor().call('POST', '/api/commerce/shopping-cart/entries', body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await new Visitor().call('POST', '/api/commerce/shopping-cart/entries', {
      itemId: 'prod-field-guide',
      sku: 'GUIDE-PDF',
      quantity: 1,
      additionalFields: JSON.stringify({ a: 'x'.repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe('The request body is too large.');
  });

  it('reserves stock: more than is left is refused, and nothing is stored', async () => {
    const a = new Visitor();
    // 3 in stock, so one visitor may hold 2 (a scarce variant's fair share).
    expect((await a.add('prod-linen-shirt', 'LS-M-SAND', 2)).status).toBe(200);
    expect((await new Visitor(undefined, '198.18.1.1').add('prod-linen-shirt', 'LS-M-SAND', 1)).status).toBe(200);
    const b = new Visitor();
    const refused = await b.add('prod-linen-shirt', 'LS-M-SAND', 1);
    expect(refused.status).toBe(409);
    expect(b.cookies.has('CART')).toBe(false);
    const stock = await json(await b.call('GET', '/api/commerce/inventory/stock/?itemId=prod-linen-shirt'));
    expect(stock.results.find((r: { sku: string }) => r.sku === 'LS-M-SAND')).toEqual({
      sku: 'LS-M-SAND',
      variantId: 'LS-M-SAND',
      unlimited: false,
      qtyInStock: 0,
    });
    const own = await json(await a.call('GET', '/api/commerce/inventory/stock/?itemId=prod-linen-shirt'));
    expect(own.results.find((r: { sku: string }) => r.sku === 'LS-M-SAND').qtyInStock).toBe(2);
  });

  it('gives the last unit to exactly one of 100 concurrent shoppers', async () => {
    // 100 shoppers at 100 addresses: the per-address ceiling is not what this is about.
    const shoppers = Array.from({ length: 100 }, (_, i) => new Visitor(() => app, `198.18.0.${i + 1}`));
    await Promise.all(shoppers.map((s) => s.call('GET', '/shop/p/brass-lantern')));
    const responses = await Promise.all(shoppers.map((s) => s.add('prod-brass-lantern', 'LANTERN-1', 1)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const { n } = db
      .prepare("SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_entries WHERE sku = 'LANTERN-1'")
      .get() as { n: number };
    expect(n).toBe(1);
  });

  it('updates the additional fields of an entry in the visitor cart only', async () => {
    const v = new Visitor();
    const added = await json(
      await v.add('prod-engraved-pen', 'PEN-BRASS', 1, {
        additionalFields: '{"engraving-text":"A","engraving-font":"Serif"}',
      }),
    );
    const entryId = added.shoppingCart.entries[0].id;
    const path = `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`;
    const answers = '{"engraving-text":"B","engraving-font":"Script"}';
    const update = { itemId: 'prod-engraved-pen', sku: 'PEN-BRASS', additionalFields: answers };
    const response = await v.call('PUT', path, update);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.updatedEntry.additionalFields).toBe(answers);
    expect(body.shoppingCart.entries[0].additionalFields).toBe(answers);
    const tooLong = await v.call('PUT', path, {
      ...update,
      additionalFields: JSON.stringify({ 'engraving-text': 'x'.repeat(21), 'engraving-font': 'Serif' }),
    });
    expect(tooLong.status).toBe(400);
    expect((await json(await v.call('GET', '/api/commerce/shopping-cart'))).entries[0].additionalFields).toBe(answers);
    expect((await new Visitor().call('PUT', path, update)).status).toBe(404);
    expect((await v.call('PUT', path, { ...update, sku: 'OTHER' })).status).toBe(400);
  });
});

describe('subscriptions, stock, forms', () => {
  it('creates a subscription cart token that opens the subscription page', async () => {
    const v = new Visitor();
    const response = await v.call('POST', '/api/3/commerce/cart/subscription', {
      itemId: 'prod-coffee-club',
      sku: 'COFFEE-GROUND',
      qty: 1,
    });
    expect(response.status).toBe(200);
    const { cartToken } = await json(response);
    expect(cartToken).toMatch(/^[0-9a-f]{24}$/);
    const page = await (await app.request(`/commerce/subscription?cartToken=${cartToken}`)).text();
    expect(page).toContain('Coffee Club');
    expect(page).toContain('$20.00 every month');
    expect(
      (
        await v.call('POST', '/api/3/commerce/cart/subscription', {
          itemId: 'prod-field-guide',
          sku: 'GUIDE-PDF',
          qty: 1,
        })
      ).status,
    ).toBe(400);
  });

  it('reports stock per variant and refuses a missing or unknown item', async () => {
    const stock = await json(await app.request('/api/commerce/inventory/stock/?itemId=prod-field-guide'));
    expect(stock).toEqual({ results: [{ sku: 'GUIDE-PDF', variantId: 'GUIDE-PDF', unlimited: true, qtyInStock: 0 }] });
    expect((await app.request('/api/commerce/inventory/stock/')).status).toBe(400);
    expect((await app.request('/api/commerce/inventory/stock/?itemId=nope')).status).toBe(404);
  });

  it('serves the form template schema and refuses other types', async () => {
    const schema = await json(await app.request('/api/template/GetTemplateSchema?type=form'));
    expect(schema.fieldTypes.map((f: { type: string }) => f.type)).toContain('likert');
    expect((await app.request('/api/template/GetTemplateSchema?type=page')).status).toBe(400);
  });

  it('validates form answers on the server, field id -> message', async () => {
    const v = new Visitor();
    const bad = await v.call('POST', '/api/rest/forms/validate/form-engraving', {
      'engraving-text': 'x'.repeat(21),
      'gift-email': 'not-an-email',
      'engraving-font': 'Comic',
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toEqual({
      'engraving-text': 'You have exceeded the character limit.',
      'engraving-font': 'Please choose one of the listed options.',
      'gift-email': 'Email is not valid. Email addresses should follow the format user@domain.com.',
    });
    const good = await v.call('POST', '/api/rest/forms/validate/form-engraving', {
      'engraving-text': 'Ada',
      'engraving-font': 'Serif',
    });
    expect(good.status).toBe(200);
    expect((await v.call('POST', '/api/rest/forms/validate/nope', {})).status).toBe(404);
  });

  it('opens the gift card page only for a gift card denomination', async () => {
    const page = await app.request('/commerce/gift-card?itemId=prod-gift-card&sku=GC-50');
    expect(await page.text()).toContain('$50.00');
    expect((await app.request('/commerce/gift-card?itemId=prod-linen-shirt&sku=LS-S-SAND')).status).toBe(404);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a visitor exceeds the limit', async () => {
    const limited = createApp({ db, rateLimit: { limit: 3, windowMs: 60_000 } });
    const v = new Visitor(() => limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await v.add('prod-field-guide', 'GUIDE-PDF', 1)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const response = await v.add('prod-field-guide', 'GUIDE-PDF', 1);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(response)).message).toBe('Too many requests. Please try again in a few seconds.');
    const other = new Visitor(() => limited);
    expect((await other.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(200);
  });
});

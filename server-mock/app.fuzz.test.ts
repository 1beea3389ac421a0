import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from './app';
import { openDb, type Db } from './store/db';

let db: Db;
let app: Hono;
let cookie: string;
let crumb: string;

beforeAll(async () => {
  db = openDb(':memory:');
  app = createApp({ db, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  const page = await app.request('/shop');
  const set = page.headers.getSetCookie().find((c) => c.startsWith('crumb=')) ?? '';
  crumb = set.slice('crumb='.length, set.indexOf(';'));
  cookie = `crumb=${crumb}`;
});
afterAll(() => db.close());

const ROUTES: [string, string][] = [
  ['POST', '/api/commerce/shopping-cart/entries'],
  ['PUT', '/api/commerce/shopping-cart/entries/0123456789abcdef01234567/additionalFields'],
  ['PUT', '/api/commerce/shopping-cart/entries/0123456789abcdef01234567'],
  ['DELETE', '/api/commerce/shopping-cart/entries/0123456789abcdef01234567'],
  ['POST', '/api/3/commerce/cart/subscription'],
  ['POST', '/api/rest/forms/validate/form-engraving'],
];

/** Bodies shaped like the real ones, with every field replaced by anything JSON can carry. */
const body = fc
  .oneof(
    fc.record(
      {
        itemId: fc.oneof(fc.constantFrom('prod-linen-shirt', 'prod-field-guide', 'prod-coffee-club'), fc.jsonValue()),
        sku: fc.oneof(fc.constantFrom('LS-S-SAND', 'GUIDE-PDF', 'COFFEE-BEAN'), fc.jsonValue()),
        quantity: fc.oneof(fc.integer(), fc.double(), fc.jsonValue()),
        qty: fc.jsonValue(),
        additionalFields: fc.oneof(fc.json(), fc.jsonValue()),
        'engraving-text': fc.jsonValue(),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
  )
  .map((value) => JSON.stringify(value));

describe('server-mock under arbitrary input', () => {
  it('answers any JSON body with 2xx or a 4xx JSON error, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), fc.oneof(body, fc.string()), async ([method, path], text) => {
        const response = await app.request(path, {
          method,
          headers: { cookie, 'x-csrf-token': crumb, 'content-type': 'application/json' },
          body: text,
        });
        expect(response.status).toBeLessThan(500);
        const json = (await response.json()) as Record<string, unknown>;
        if (response.status >= 400) expect(typeof json.message).toBe('string');
      }),
      { numRuns: 400 },
    );
  });

  it('answers arbitrary stock queries and page paths without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (itemId, slug) => {
        const stock = await app.request(`/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`);
        expect(stock.status).toBeLessThan(500);
        const page = await app.request(`/shop/p/${encodeURIComponent(slug)}`);
        expect(page.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('answers arbitrary reviews, image and installment queries without a 500', async () => {
    const q = encodeURIComponent;
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string(), fc.string(), async (a, b, c, d) => {
        for (const path of [
          `/api/commerce/products/${q(a)}/reviews?cursor=${q(b)}`,
          `/api/commerce/products/prod-linen-shirt/reviews?cursor=${q(b)}`,
          `/img/${q(c)}.svg?format=${q(d)}`,
          `/img/img-ceramic-mug.svg?format=${q(d)}`,
          `/api/commerce/installments/info?language=${q(a)}&country=${q(c)}`,
        ]) {
          expect((await app.request(path)).status).toBeLessThan(500);
        }
      }),
      { numRuns: 200 },
    );
  });
});

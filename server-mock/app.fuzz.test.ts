import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from './app';
import type { Db } from './store/db';
import { openStore } from './store/open-store';
import {
  addButton,
  censusPage,
  commerceContent,
  errorReports,
  hitForm,
  image,
  pageSpeed,
  recordEventFormFor,
  siteVisitorContent,
  userTiming,
} from '../contract/examples/analytics';

let db: Db;
let app: Hono;
let cookie: string;
let crumb: string;
let pageLoadId: string;

beforeAll(async () => {
  db = openStore(':memory:');
  const plenty = { limit: 1_000_000, windowMs: 60_000 };
  app = createApp({ db, rateLimit: plenty, addressRateLimit: plenty, analyticsRateLimit: plenty });
  const page = await app.request('/shop');
  const set = page.headers.getSetCookie().find((c) => c.startsWith('crumb=')) ?? '';
  crumb = set.slice('crumb='.length, set.indexOf(';'));
  cookie = `crumb=${crumb}; ss_cid=fuzz-visitor`;
  pageLoadId = ((await (await app.request('/api/1/performance/settings')).json()) as { pageLoadId: string }).pageLoadId;
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

  /** A value where a field was: usually one of the right kind, sometimes anything JSON can carry, sometimes gone. */
  const mutate = (value: unknown): fc.Arbitrary<unknown> =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: fc.jsonValue() },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
      { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer()) },
    );
  /**
   * Objects shaped like `shape`: as is, with one field replaced or dropped, or with every field
   * kept, replaced or dropped and maybe an extra one.
   */
  const shaped = (shape: object): fc.Arbitrary<Record<string, unknown>> => {
    const fields = shape as Record<string, unknown>;
    const keys = Object.keys(fields);
    return fc.oneof(
      fc.constant(fields),
      fc.constantFrom(...keys).chain((key) => mutate(fields[key]).map((value) => ({ ...fields, [key]: value }))),
      fc
        .tuple(
          fc.record(Object.fromEntries(keys.map((k) => [k, mutate(fields[k])]))),
          fc.option(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 2 }), { nil: undefined }),
        )
        .map(([some, extra]) => ({ ...some, ...extra })),
    );
  };

  const ANALYTICS_JSON: [string, fc.Arbitrary<unknown>][] = [
    ['/api/census/button-click', shaped({ ...censusPage(), ...addButton() })],
    ['/api/census/button-render', shaped({ ...censusPage(), buttons: [addButton()] })],
    ['/api/census/form-render', shaped({ ...censusPage(), formId: 'contact' })],
    ['/api/census/overlay', shaped({ ...censusPage(), overlayId: 'promo' })],
    ['/api/events/RecordJavascriptErrors', fc.array(shaped(errorReports()[0] ?? {}), { maxLength: 25 })],
    [
      '/api/v1/clanker/events',
      fc
        .tuple(
          mutate('commerce_event'),
          fc.oneof(shaped(commerceContent()), shaped(siteVisitorContent()), fc.jsonValue()),
          fc.boolean(),
        )
        .map(([schema, content, asString]) => ({
          eventSchemaName: schema,
          eventContent: asString ? JSON.stringify(content) : content,
        })),
    ],
    [
      '/api/v1/clanker/validate-event-content/commerce_event',
      shaped(commerceContent()).map((content) => ({
        eventSchemaName: 'commerce_event',
        eventContent: JSON.stringify(content),
      })),
    ],
    [
      '/api/1/performance/records',
      fc.array(
        // chain: the page load id exists only once beforeAll has run.
        fc.oneof(
          fc.constant(null).chain(() => shaped(pageSpeed(pageLoadId))),
          fc.constant(null).chain(() => shaped(image(pageLoadId))),
          fc.constant(null).chain(() => shaped(userTiming(pageLoadId))),
          fc.jsonValue(),
        ),
        { maxLength: 5 },
      ),
    ],
  ];

  it('answers analytics calls with 2xx or a 4xx JSON error, never a 500, whatever the JSON', async () => {
    const routes = fc.oneof(
      ...ANALYTICS_JSON.map(([path, bodies]) =>
        fc.tuple(
          fc.constant(path),
          fc.oneof({ weight: 4, arbitrary: bodies.map((b) => JSON.stringify(b) ?? '') }, fc.string()),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        routes,
        fc.constantFrom('application/json', 'text/plain;charset=UTF-8'),
        async ([path, text], type) => {
          const response = await app.request(path, {
            method: 'POST',
            headers: { cookie, 'x-csrf-token': crumb, 'content-type': type },
            body: text,
          });
          expect(response.status).toBeLessThan(500);
          const json = (await response.json()) as Record<string, unknown>;
          if (response.status >= 400) expect(typeof json.message).toBe('string');
        },
      ),
      { numRuns: 600 },
    );
    // The generated bodies reach the stores too, not only the checks.
    const stored = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(stored('analytics_events')).toBeGreaterThan(0);
    expect(stored('performance_records')).toBeGreaterThan(0);
    expect(stored('analytics_error_reports')).toBeGreaterThan(0);
  });

  it('answers the form-encoded analytics calls and quick views without a 500', async () => {
    const hitFields = (() => {
      const form = hitForm();
      return { ...form, data: JSON.parse(form.data ?? '{}') as Record<string, unknown> };
    })();
    const eventFields = (() => {
      const form = recordEventFormFor(crumb, 'x');
      return { ...form, data: JSON.parse(form.data ?? '{}') as Record<string, unknown> };
    })();
    const form = (path: string, fields: typeof hitFields | typeof eventFields) =>
      fc
        .tuple(
          shaped(fields.data),
          fc.record(
            Object.fromEntries(Object.keys(fields).map((k) => [k, fc.oneof(fc.string(), fc.constant(undefined))])),
          ),
          fc.boolean(),
        )
        .map(([data, strings, keep]) => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries({
            ...fields,
            ...(keep ? {} : strings),
            data: JSON.stringify(data),
          })) {
            if (typeof value === 'string') params.append(key, value);
          }
          return [path, params.toString()] as const;
        });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          form('/api/census/RecordHit', hitFields),
          form('/api/events/RecordEvent', eventFields),
          fc.tuple(fc.constant('/api/census/RecordHit'), fc.string()),
          fc.tuple(
            fc.string({ minLength: 1 }).map((id) => `/api/census/RecordQuickView/${encodeURIComponent(id)}`),
            fc.constantFrom('', '{}'),
          ),
        ),
        async ([path, body]) => {
          const response = await app.request(path, {
            method: 'POST',
            headers: {
              cookie,
              'x-csrf-token': crumb,
              'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
            },
            body,
          });
          expect(response.status).toBeLessThan(500);
          const json = (await response.json()) as Record<string, unknown>;
          if (response.status >= 400) expect(typeof json.message).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
    expect((db.prepare('SELECT COUNT(*) AS n FROM analytics_hits').get() as { n: number }).n).toBeGreaterThan(0);
  });

  it('renders the owner analytics page over whatever was stored, without a 500', async () => {
    const owner = await app.request('/api/site-users/account/session', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@fieldandforge.test', password: 'demo-owner-pass', rememberMe: false }),
    });
    const session = owner.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await fc.assert(
      fc.asyncProperty(fc.string(), async (visitor) => {
        const response = await app.request(`/config/analytics?visitor=${encodeURIComponent(visitor)}`, {
          headers: { cookie: `${cookie}; ${session}` },
        });
        expect(response.status).toBe(200);
      }),
      { numRuns: 30 },
    );
  });
});

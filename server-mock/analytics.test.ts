import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { formatVital, vitalChart, VITALS } from './pages/analytics-view';
import { MAX_ANALYTICS_ROWS, recordHit, recordPerformance, vitalDistribution } from './store/analytics';
import {
  addButton,
  censusPage,
  commerceContent,
  errorReports,
  eventBody,
  hitForm,
  image,
  pageSpeed,
  recordEventFormFor,
  siteVisitorContent,
  userTiming,
  VISITOR_ID,
} from './testing/analytics-fixtures';
import { storePerTest } from './testing/test-store';
import type { Visitor } from './testing/visitor';
import { fromAddress, json, OWNER, VIEWER } from './testing/visitor';

const store = storePerTest();

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';
const BEACON = 'text/plain;charset=UTF-8';

/** A shopper's browser: it has a crumb and the census visitor cookie. */
async function shopper(id = VISITOR_ID): Promise<Visitor> {
  const v = store.visitor();
  await v.call('GET', '/shop');
  v.cookies.set('ss_cid', id);
  return v;
}

function postForm(v: Visitor, path: string, fields: Record<string, string>) {
  return v.call('POST', path, new URLSearchParams(fields).toString(), { 'content-type': FORM });
}

/** What `navigator.sendBeacon` sends: the cookies, a text/plain body and no CSRF header. */
function beacon(v: Visitor, path: string, body: string, target: Hono = store.app) {
  return target.request(
    path,
    {
      method: 'POST',
      headers: {
        cookie: [...v.cookies].map(([k, value]) => `${k}=${value}`).join('; '),
        'content-type': BEACON,
      },
      body,
    },
    fromAddress(v.address),
  );
}

const count = (table: string, where = '1 = 1') =>
  (store.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;

function countAll() {
  return {
    hits: count('analytics_hits'),
    events: count('analytics_events'),
    errors: count('analytics_error_reports'),
    performance: count('performance_records'),
  };
}

const NOTHING = { hits: 0, events: 0, errors: 0, performance: 0 };

async function expect400(response: Response | Promise<Response>, message: string | RegExp) {
  const r = await response;
  expect(r.status).toBe(400);
  const body = await json(r);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(countAll()).toEqual(NOTHING);
}

async function pageLoadId(v: Visitor): Promise<string> {
  const response = await v.call('GET', '/api/1/performance/settings');
  expect(response.status).toBe(200);
  const { pageLoadId: id } = await json(response);
  expect(typeof id).toBe('string');
  return id as string;
}

async function owner(): Promise<Visitor> {
  const v = store.visitor();
  expect((await v.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  return v;
}

async function analyticsPage(query = ''): Promise<string> {
  const response = await (await owner()).call('GET', `/config/analytics${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('POST /api/census/RecordHit', () => {
  it('stores a page view with its path, title, item and the census visitor id', async () => {
    const v = await shopper();
    const response = await postForm(v, '/api/census/RecordHit', hitForm());
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({});
    const row = store.db.prepare('SELECT * FROM analytics_hits').get() as Record<string, unknown>;
    expect(row).toMatchObject({
      visitor_id: VISITOR_ID,
      event_type: 1,
      path: '/shop/p/linen-shirt',
      title: 'Linen Shirt · Field & Forge',
      item_id: 'prod-linen-shirt',
      collection_id: 'shop',
      website_id: 'site-field-and-forge',
    });
    expect(JSON.parse(row.data as string)).toMatchObject({
      recordType: 11,
      viewportInnerWidth: 1280,
      url: '/shop/p/linen-shirt',
    });
  });

  it('takes the visitor id from the visitor record when the visitor cookie is missing, and none without cookies', async () => {
    const v = store.visitor();
    await postForm(v, '/api/census/RecordHit', hitForm('/'));
    await postForm(v, '/api/census/RecordHit', { ...hitForm('/cart'), ss_cvr: '' });
    const rows = store.db.prepare('SELECT path, visitor_id AS visitor FROM analytics_hits ORDER BY id').all();
    expect(rows).toEqual([
      { path: '/', visitor: VISITOR_ID },
      { path: '/cart', visitor: null },
    ]);
  });

  it.each([
    ['a missing data field', { event: '1', ss_cvr: '' }, 'data is required.'],
    ['an unknown form field', { ...hitForm(), extra: 'x' }, 'extra is not a known field.'],
    ['an unknown event type', { ...hitForm(), event: '7' }, 'event must be one of 1, 2, 10, 20, 21.'],
    ['malformed data JSON', { ...hitForm(), data: '{"url":' }, 'data is not valid JSON.'],
    ['data that is not an object', { ...hitForm(), data: '[]' }, 'data must be an object.'],
    [
      'a number sent as text',
      hitForm('/', { viewportInnerHeight: '720' }),
      'data.viewportInnerHeight must be a number.',
    ],
    [
      'a url that is not a path',
      hitForm('/', { url: 'https://evil.test/' }),
      'data.url must be a path starting with /.',
    ],
    ['an oversized title', hitForm('/', { title: 'x'.repeat(501) }), 'data.title must be at most 500 characters.'],
    ['an unknown data field', hitForm('/', { color: 'red' }), 'data.color is not a known field.'],
    ['a negative client date', hitForm('/', { clientDate: -1 }), /^data.clientDate must be between 0 and/],
    ['a malformed visitor record', { ...hitForm(), ss_cvr: 'abc|1|2' }, /^ss_cvr must be a visitor record/],
  ])('refuses %s with 400 and stores nothing', async (_name, fields, message) => {
    const v = await shopper();
    await expect400(postForm(v, '/api/census/RecordHit', fields as Record<string, string>), message);
  });

  it('refuses a form field sent twice', async () => {
    const v = await shopper();
    const body = `${new URLSearchParams(hitForm()).toString()}&event=1`;
    await expect400(
      v.call('POST', '/api/census/RecordHit', body, { 'content-type': FORM }),
      'event must be sent once.',
    );
  });

  it('refuses a missing required data field', async () => {
    const data = JSON.parse(hitForm().data as string) as Record<string, unknown>;
    delete data.referrer;
    const v = await shopper();
    await expect400(
      postForm(v, '/api/census/RecordHit', { ...hitForm(), data: JSON.stringify(data) }),
      'data.referrer is required.',
    );
  });
});

describe('census JSON calls', () => {
  it('stores a button click, each rendered button, a form render, an overlay and a quick view', async () => {
    const v = await shopper();
    const statuses = [
      (await v.call('POST', '/api/census/button-click', { ...censusPage(), ...addButton() })).status,
      (
        await v.call('POST', '/api/census/button-render', {
          ...censusPage(),
          buttons: [addButton(), { buttonType: 'button-block', buttonId: null, buttonText: null }],
        })
      ).status,
      (await v.call('POST', '/api/census/form-render', { ...censusPage(), formId: 'contact' })).status,
      (await v.call('POST', '/api/census/overlay', censusPage())).status,
      (await v.call('POST', '/api/census/overlay', { ...censusPage(), overlayId: 'promo' })).status,
      (await v.call('POST', '/api/census/RecordQuickView/prod-linen-shirt')).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = store.db
      .prepare(
        'SELECT name, page_path AS path, item_id AS item, visitor_id AS visitor, payload FROM analytics_events ORDER BY id',
      )
      .all() as { name: string; path: string | null; item: string | null; visitor: string; payload: string }[];
    expect(rows.map((r) => [r.name, r.path, r.item, r.visitor])).toEqual([
      ['button-click', '/shop/p/linen-shirt', 'prod-linen-shirt', VISITOR_ID],
      ['button-render', '/shop/p/linen-shirt', 'prod-linen-shirt', VISITOR_ID],
      ['button-render', '/shop/p/linen-shirt', 'prod-linen-shirt', VISITOR_ID],
      ['form-render', '/shop/p/linen-shirt', 'prod-linen-shirt', VISITOR_ID],
      ['overlay', '/shop/p/linen-shirt', 'prod-linen-shirt', VISITOR_ID],
      ['overlay', '/shop/p/linen-shirt', 'prod-linen-shirt', VISITOR_ID],
      ['quick-view', null, 'prod-linen-shirt', VISITOR_ID],
    ]);
    expect(JSON.parse(rows[1]?.payload ?? '')).toMatchObject({ buttonType: 'add-to-cart', buttonText: 'Add To Cart' });
    expect(JSON.parse(rows[2]?.payload ?? '')).toMatchObject({ buttonType: 'button-block', buttonId: null });
    expect(JSON.parse(rows[5]?.payload ?? '')).toMatchObject({ overlayId: 'promo' });
  });

  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...addButton(), buttonId: `b${i}` }));

  it.each([
    ['button-click', 'malformed JSON', '{"pagePath":', 'The request body is not valid JSON.'],
    ['button-click', 'an empty body', '', 'The request body must not be empty.'],
    ['button-click', 'a list', '[]', 'body must be an object.'],
    [
      'button-click',
      'a missing page path',
      { ...addButton(), ...censusPage({ pagePath: undefined }) },
      'body.pagePath is required.',
    ],
    [
      'button-click',
      'an empty button type',
      { ...censusPage(), ...addButton(), buttonType: '' },
      'body.buttonType must not be empty.',
    ],
    [
      'button-click',
      'an oversized button text',
      { ...censusPage(), ...addButton(), buttonText: 'x'.repeat(201) },
      'body.buttonText must be at most 200 characters.',
    ],
    [
      'button-click',
      'a numeric item id',
      { ...censusPage({ itemId: 7 }), ...addButton() },
      'body.itemId must be a string.',
    ],
    ['button-render', 'no buttons', { ...censusPage(), buttons: [] }, 'body.buttons must not be empty.'],
    ['button-render', '51 buttons', { ...censusPage(), buttons: many(51) }, 'body.buttons must hold at most 50 items.'],
    [
      'button-render',
      'a button with an unknown field',
      { ...censusPage(), buttons: [{ ...addButton(), color: 'red' }] },
      'body.buttons[0].color is not a known field.',
    ],
    ['form-render', 'a missing form id', censusPage(), 'body.formId is required.'],
    ['overlay', 'a null overlay id', { ...censusPage(), overlayId: null }, 'body.overlayId must be a string.'],
    [
      'overlay',
      'a bad visitor cookie',
      censusPage({ visitorCookie: 'x' }),
      /^body.visitorCookie must be a visitor record/,
    ],
  ])('%s: refuses %s with 400', async (call, _name, body, message) => {
    const v = await shopper();
    await expect400(
      v.call('POST', `/api/census/${call}`, typeof body === 'string' ? body : JSON.stringify(body)),
      message,
    );
  });

  it('takes 50 buttons in one render call', async () => {
    const v = await shopper();
    expect((await v.call('POST', '/api/census/button-render', { ...censusPage(), buttons: many(50) })).status).toBe(
      200,
    );
    expect(count('analytics_events', "name = 'button-render'")).toBe(50);
  });

  it('refuses a quick view with a body', async () => {
    const v = await shopper();
    await expect400(
      v.call('POST', '/api/census/RecordQuickView/prod-linen-shirt', '{}'),
      'The request body must be empty.',
    );
  });
});

describe('POST /api/events/RecordEvent', () => {
  it('stores the event with its page fields and its own data', async () => {
    const v = await shopper();
    const response = await postForm(
      v,
      '/api/events/RecordEvent',
      recordEventFormFor(v.cookies.get('crumb'), 'gallery-open', { slide: 3 }),
    );
    expect(response.status).toBe(200);
    const row = store.db
      .prepare('SELECT source, name, page_path AS path, payload FROM analytics_events')
      .get() as Record<string, string>;
    expect(row).toMatchObject({ source: 'record-event', name: 'gallery-open', path: '/shop/p/linen-shirt' });
    expect(JSON.parse(row.payload ?? '')).toMatchObject({
      slide: 3,
      websiteId: 'site-field-and-forge',
      variantId: null,
    });
  });

  it('takes an empty crumb field (a visitor whose crumb cookie could not be read)', async () => {
    const v = await shopper();
    expect((await postForm(v, '/api/events/RecordEvent', recordEventFormFor(undefined, 'x'))).status).toBe(200);
  });

  const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });

  it.each([
    [
      'a crumb field of someone else',
      (crumb: string) => recordEventFormFor(`${crumb}x`, 'x'),
      "crumb must be the visitor's crumb cookie.",
    ],
    [
      'an event name with spaces',
      (crumb: string) => recordEventFormFor(crumb, 'no spaces'),
      /^event must be an event name/,
    ],
    [
      'a missing page field',
      (crumb: string) => {
        const form = recordEventFormFor(crumb, 'x');
        const data = JSON.parse(form.data ?? '') as Record<string, unknown>;
        delete data.pagePath;
        return { ...form, data: JSON.stringify(data) };
      },
      'data.pagePath is required.',
    ],
    [
      'data nested too deep',
      (crumb: string) => recordEventFormFor(crumb, 'x', { deep: deep(12) }),
      /must not nest deeper than 8 levels\.$/,
    ],
    [
      'data that is a list',
      (crumb: string) => ({ ...recordEventFormFor(crumb, 'x'), data: '[1]' }),
      'data must be an object.',
    ],
  ])('refuses %s with 400', async (_name, form, message) => {
    const v = await shopper();
    await expect400(postForm(v, '/api/events/RecordEvent', form(v.cookies.get('crumb') ?? '')), message);
  });
});

describe('POST /api/events/RecordJavascriptErrors', () => {
  it('stores each report', async () => {
    const v = await shopper();
    const response = await v.call('POST', '/api/events/RecordJavascriptErrors', errorReports(2));
    expect(response.status).toBe(200);
    const rows = store.db
      .prepare('SELECT message, source, url, reported, visitor_id AS visitor FROM analytics_error_reports ORDER BY id')
      .all();
    expect(rows).toEqual([
      {
        message: 'Unable to resolve pageLoadId',
        source: 'store-census',
        url: 'http://shop.test/shop/p/linen-shirt',
        reported: 1_795_310_813_944,
        visitor: VISITOR_ID,
      },
      expect.objectContaining({ reported: 1_795_310_813_945 }),
    ]);
  });

  it.each([
    ['an empty list', [], 'body must not be empty.'],
    ['21 reports', errorReports(21), 'body must hold at most 20 items.'],
    ['an object', { reports: [] }, 'body must be a list.'],
    [
      'a stack over 5000 characters',
      [{ ...errorReports()[0], data: { ...errorReports()[0]?.data, stack: 'x'.repeat(5001) } }],
      'body[0].data.stack must be at most 5000 characters.',
    ],
    ['a missing timestamp', [{ ...errorReports()[0], timestamp: undefined }], 'body[0].timestamp is required.'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const v = await shopper();
    await expect400(v.call('POST', '/api/events/RecordJavascriptErrors', body), message);
  });
});

describe('POST /api/v1/clanker/events', () => {
  it('answers 202 to a commerce event sent by beacon (text/plain, no CSRF header) and stores it', async () => {
    const v = await shopper();
    const response = await beacon(v, '/api/v1/clanker/events', eventBody('commerce_event', commerceContent()));
    expect(response.status).toBe(202);
    const row = store.db.prepare('SELECT * FROM analytics_events').get() as Record<string, unknown>;
    expect(row).toMatchObject({
      source: 'event-service',
      schema: 'commerce_event',
      name: 'add_to_cart',
      item_id: 'prod-linen-shirt',
      page_path: '/shop/p/linen-shirt',
      visitor_id: VISITOR_ID,
    });
    expect(JSON.parse(row.payload as string)).toMatchObject({
      item_price: 48,
      client_version: '3.8.0',
      currency_code: 'USD',
    });
  });

  it('stores a site-visitor metric, and takes the XHR fallback (JSON with the CSRF header)', async () => {
    const v = await shopper();
    expect(
      (await v.call('POST', '/api/v1/clanker/events', eventBody('site_visitor_metrics', siteVisitorContent()))).status,
    ).toBe(202);
    expect(
      (
        await v.call(
          'POST',
          '/api/v1/clanker/events',
          eventBody('commerce_event', commerceContent('visit-product-page')),
        )
      ).status,
    ).toBe(202);
    const rows = store.db.prepare('SELECT schema, name, item_id AS item FROM analytics_events ORDER BY id').all();
    expect(rows).toEqual([
      { schema: 'site_visitor_metrics', name: 'product_page_view', item: 'prod-linen-shirt' },
      { schema: 'commerce_event', name: 'visit_product_page', item: 'prod-linen-shirt' },
    ]);
  });

  it.each([
    [
      'an unknown schema',
      eventBody('page_event', commerceContent()),
      'body.eventSchemaName must be one of commerce_event, site_visitor_metrics.',
    ],
    [
      'content that is not JSON',
      JSON.stringify({ eventSchemaName: 'commerce_event', eventContent: '{"a":' }),
      'body.eventContent is not valid JSON.',
    ],
    [
      'content as an object, not a string',
      JSON.stringify({ eventSchemaName: 'commerce_event', eventContent: {} }),
      'body.eventContent must be a string.',
    ],
    [
      'an unknown event name',
      eventBody('commerce_event', { ...commerceContent(), event_name: 'purchase' }),
      /^eventContent.event_name must be one of/,
    ],
    [
      'content of another schema',
      eventBody('commerce_event', siteVisitorContent()),
      /^eventContent\.(event_name|website_id|product_page|product|custom_schema_name)/,
    ],
    [
      'a schema name that does not match the content',
      eventBody('commerce_event', { ...commerceContent(), custom_schema_name: 'site_visitor_metrics' }),
      'eventContent.custom_schema_name must be commerce_event, the schema the event is sent as.',
    ],
    [
      'a missing field',
      eventBody('commerce_event', { ...commerceContent(), cart_value: undefined }),
      'eventContent.cart_value is required.',
    ],
    [
      'an unknown field',
      eventBody('commerce_event', { ...commerceContent(), extra: 1 }),
      'eventContent.extra is not a known field.',
    ],
    [
      'an unknown source environment',
      eventBody('commerce_event', { ...commerceContent(), source_environment: 'production' }),
      'eventContent.source_environment must be one of dev, qa, staging, prod.',
    ],
    [
      'a price as text',
      eventBody('commerce_event', { ...commerceContent(), item_price: '48' }),
      'eventContent.item_price must be a number.',
    ],
    ['malformed JSON', '{"eventSchemaName":', 'The request body is not valid JSON.'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const v = await shopper();
    await expect400(beacon(v, '/api/v1/clanker/events', body), message);
  });

  it('validates content without storing it (validation mode)', async () => {
    const v = await shopper();
    const ok = await v.call(
      'POST',
      '/api/v1/clanker/validate-event-content/commerce_event',
      eventBody('commerce_event', commerceContent()),
    );
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ valid: true });
    await expect400(
      v.call(
        'POST',
        '/api/v1/clanker/validate-event-content/commerce_event',
        eventBody('commerce_event', { ...commerceContent(), item_price: -1 }),
      ),
      /^eventContent.item_price must be between 0 and/,
    );
    await expect400(
      v.call(
        'POST',
        '/api/v1/clanker/validate-event-content/site_visitor_metrics',
        eventBody('commerce_event', commerceContent()),
      ),
      'body.eventSchemaName must be site_visitor_metrics, the schema in the path.',
    );
    await expect400(
      v.call(
        'POST',
        '/api/v1/clanker/validate-event-content/page_event',
        eventBody('commerce_event', commerceContent()),
      ),
      'The schema in the path must be one of commerce_event, site_visitor_metrics.',
    );
    expect(countAll()).toEqual(NOTHING);
  });
});

describe('performance collector calls', () => {
  it('gives out a fresh page load id per page', async () => {
    const v = await shopper();
    const a = await pageLoadId(v);
    expect(a).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(await pageLoadId(v)).not.toBe(a);
  });

  it('stores page-speed, image and user-timing records sent by beacon, with the vitals of the page-speed record', async () => {
    const v = await shopper();
    const id = await pageLoadId(v);
    const response = await beacon(
      v,
      '/api/1/performance/records',
      JSON.stringify([pageSpeed(id, { lcp: 1500, cls: 0.1 }), image(id), userTiming(id)]),
    );
    expect(response.status).toBe(200);
    const rows = store.db
      .prepare(
        'SELECT record_type AS type, page_load_id AS load, pathname, lcp, fcp, cls, inp, fid, visitor_id AS visitor FROM performance_records ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      {
        type: 'page-speed',
        load: id,
        pathname: '/shop/p/linen-shirt',
        lcp: 1500,
        fcp: 800,
        cls: 0.1,
        inp: 120,
        fid: 12,
        visitor: VISITOR_ID,
      },
      {
        type: 'image',
        load: id,
        pathname: null,
        lcp: null,
        fcp: null,
        cls: null,
        inp: null,
        fid: null,
        visitor: VISITOR_ID,
      },
      {
        type: 'user-timing',
        load: id,
        pathname: null,
        lcp: null,
        fcp: null,
        cls: null,
        inp: null,
        fid: null,
        visitor: VISITOR_ID,
      },
    ]);
  });

  it('takes the XHR fallback (text/plain with the CSRF header) and ignores a second page-speed record of the same page load', async () => {
    const v = await shopper();
    const id = await pageLoadId(v);
    const send = () =>
      v.call('POST', '/api/1/performance/records', JSON.stringify([pageSpeed(id)]), { 'content-type': BEACON });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(count('performance_records')).toBe(1);
  });

  it('stores unmeasured vitals as null', async () => {
    const v = await shopper();
    const id = await pageLoadId(v);
    await beacon(v, '/api/1/performance/records', JSON.stringify([pageSpeed(id, { inp: null, fid: null })]));
    expect(store.db.prepare('SELECT inp, fid FROM performance_records').get()).toEqual({ inp: null, fid: null });
  });

  it.each([
    ['an empty list', () => [], 'body must not be empty.'],
    [
      'an unknown record type',
      (id: string) => [{ ...userTiming(id), recordType: 'long-task' }],
      'body[0].recordType must be one of page-speed, image, user-timing.',
    ],
    [
      'a record that is not an object',
      () => ['x'],
      'body[0].recordType must be one of page-speed, image, user-timing.',
    ],
    [
      'a page load id this server never gave out',
      () => [pageSpeed('abc.def')],
      'body[0].pageLoadId is not a page load this server started.',
    ],
    [
      'a good record followed by a bad one',
      (id: string) => [pageSpeed(id), { ...image(id), intersectionRatio: 2 }],
      'body[1].intersectionRatio must be between 0 and 1.',
    ],
    [
      'a negative timing',
      (id: string) => [pageSpeed(id, { lcp: -5 })],
      /^body\[0\].timings.largestContentfulPaint must be between 0 and/,
    ],
    [
      'an unknown delivery type',
      (id: string) => [{ ...pageSpeed(id), deliveryType: 'fetch' }],
      'body[0].deliveryType must be one of beacon, xhr.',
    ],
    [
      'a missing timing',
      (id: string) => {
        const record = pageSpeed(id);
        const { tlsTime: _gone, ...timings } = record.timings;
        return [{ ...record, timings }];
      },
      'body[0].timings.tlsTime is required.',
    ],
    ['401 records', () => Array.from({ length: 401 }, () => 0), 'body must hold at most 400 items.'],
    ['an object instead of a list', (id: string) => pageSpeed(id), 'body must be a list.'],
  ])('refuses %s with 400 and stores none of the batch', async (_name, records, message) => {
    const v = await shopper();
    const id = await pageLoadId(v);
    await expect400(beacon(v, '/api/1/performance/records', JSON.stringify(records(id))), message);
  });

  it('refuses a batch over the body limit with 413 and stores nothing', async () => {
    store.reopen({ maxBodyBytes: 2048 });
    const v = await shopper();
    const id = await pageLoadId(v);
    const response = await beacon(
      v,
      '/api/1/performance/records',
      JSON.stringify(Array.from({ length: 20 }, () => userTiming(id))),
    );
    expect(response.status).toBe(413);
    expect(countAll()).toEqual(NOTHING);
  });
});

describe('CSRF on analytics calls', () => {
  const headerless: [string, string, string][] = [
    ['/api/census/RecordHit', new URLSearchParams(hitForm()).toString(), FORM],
    ['/api/census/button-click', JSON.stringify({ ...censusPage(), ...addButton() }), 'application/json'],
    ['/api/census/button-render', JSON.stringify({ ...censusPage(), buttons: [addButton()] }), 'application/json'],
    ['/api/census/form-render', JSON.stringify({ ...censusPage(), formId: 'contact' }), 'application/json'],
    ['/api/census/overlay', JSON.stringify(censusPage()), 'application/json'],
    ['/api/census/RecordQuickView/prod-linen-shirt', '', 'text/plain'],
    ['/api/events/RecordEvent', new URLSearchParams(recordEventFormFor('', 'x')).toString(), FORM],
    ['/api/events/RecordJavascriptErrors', JSON.stringify(errorReports()), 'application/json'],
    ['/api/v1/clanker/validate-event-content/commerce_event', eventBody('commerce_event', commerceContent()), BEACON],
    [
      '/api/commerce/shopping-cart/entries',
      JSON.stringify({ itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 1 }),
      'application/json',
    ],
  ];

  it.each(headerless)('%s still needs the X-CSRF-Token header (403 crumbFail)', async (path, body, type) => {
    const v = await shopper();
    const response = await store.app.request(path, {
      method: 'POST',
      headers: { cookie: `crumb=${v.cookies.get('crumb')}; ss_cid=${VISITOR_ID}`, 'content-type': type },
      body,
    });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ crumbFail: true });
    expect(countAll()).toEqual(NOTHING);
  });

  it('lets beacons to the event service and the performance records in without the header, even without a crumb cookie', async () => {
    const v = await shopper();
    const id = await pageLoadId(v);
    const stranger = store.visitor();
    expect(
      (await beacon(stranger, '/api/v1/clanker/events', eventBody('commerce_event', commerceContent()))).status,
    ).toBe(202);
    expect((await beacon(stranger, '/api/1/performance/records', JSON.stringify([pageSpeed(id)]))).status).toBe(200);
    expect(countAll()).toEqual({ ...NOTHING, events: 1, performance: 1 });
  });

  it('exempts only the exact beacon paths', async () => {
    const v = await shopper();
    const response = await beacon(v, '/api/v1/clanker/events/', eventBody('commerce_event', commerceContent()));
    expect(response.status).toBe(403);
  });
});

describe('rate limits', () => {
  it('counts analytics apart from the shop: analytics never use up the add-to-cart budget, and the other way round', async () => {
    store.reopen({
      rateLimit: { limit: 3, windowMs: 60_000 },
      analyticsRateLimit: { limit: 5, windowMs: 60_000 },
    });
    const v = await shopper();
    const analytics: number[] = [];
    for (let i = 0; i < 6; i++) analytics.push((await postForm(v, '/api/census/RecordHit', hitForm())).status);
    expect(analytics).toEqual([200, 200, 200, 200, 200, 429]);

    const adds: number[] = [];
    for (let i = 0; i < 4; i++) adds.push((await v.add('prod-field-guide', 'GUIDE-PDF', 1)).status);
    expect(adds).toEqual([200, 200, 200, 429]);

    const other = await shopper('other-visitor');
    for (let i = 0; i < 4; i++) await other.add('prod-field-guide', 'GUIDE-PDF', 1);
    const late = await other.call('POST', '/api/events/RecordJavascriptErrors', errorReports());
    expect(late.status).toBe(200);
  });

  it('puts every analytics call under the analytics limit, beacons too', async () => {
    store.reopen({
      rateLimit: { limit: 1, windowMs: 60_000 },
      analyticsRateLimit: { limit: 1_000, windowMs: 60_000 },
    });
    const v = await shopper();
    const id = await pageLoadId(v);
    const statuses = [
      (await postForm(v, '/api/census/RecordHit', hitForm())).status,
      (await v.call('POST', '/api/census/button-click', { ...censusPage(), ...addButton() })).status,
      (await v.call('POST', '/api/census/button-render', { ...censusPage(), buttons: [addButton()] })).status,
      (await v.call('POST', '/api/census/form-render', { ...censusPage(), formId: 'contact' })).status,
      (await v.call('POST', '/api/census/overlay', censusPage())).status,
      (await v.call('POST', '/api/census/RecordQuickView/prod-linen-shirt')).status,
      (await postForm(v, '/api/events/RecordEvent', recordEventFormFor(v.cookies.get('crumb'), 'x'))).status,
      (await v.call('POST', '/api/events/RecordJavascriptErrors', errorReports())).status,
      (await beacon(v, '/api/v1/clanker/events', eventBody('commerce_event', commerceContent()))).status,
      (
        await v.call(
          'POST',
          '/api/v1/clanker/validate-event-content/commerce_event',
          eventBody('commerce_event', commerceContent()),
        )
      ).status,
      (await beacon(v, '/api/1/performance/records', JSON.stringify([pageSpeed(id)]))).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 202, 200, 200]);
    // The shop's limit of 1 is untouched by all that.
    expect((await v.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(200);
    expect((await v.add('prod-field-guide', 'GUIDE-PDF', 1)).status).toBe(429);
  });

  it('answers an error reporter over the analytics limit with 429 and Retry-After', async () => {
    store.reopen({ analyticsRateLimit: { limit: 1, windowMs: 30_000 } });
    const v = await shopper();
    expect((await v.call('POST', '/api/events/RecordJavascriptErrors', errorReports())).status).toBe(200);
    const refused = await v.call('POST', '/api/events/RecordJavascriptErrors', errorReports());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(count('analytics_error_reports')).toBe(1);
  });
});

describe('GET /config/analytics', () => {
  it('sends visitors to sign in, refuses a viewer and shows the owner the page', async () => {
    const anonymous = await store.visitor().call('GET', '/config/analytics?visitor=x');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(
      `/account/login?next=${encodeURIComponent('/config/analytics?visitor=x')}`,
    );
    const viewer = store.visitor();
    await viewer.signIn(VIEWER.email, VIEWER.password);
    const refused = await viewer.call('GET', '/config/analytics');
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('Page views per path');
    expect(await analyticsPage()).toContain('<h1>Analytics</h1>');
  });

  it('says so when nothing has been recorded', async () => {
    const page = await analyticsPage();
    expect(page).toContain('<p>No page views yet.</p>');
    expect(page).toContain('<p>No events yet.</p>');
    expect(page).toContain('<p>No error reports.</p>');
    expect(page).toContain('No page-speed records yet.');
    expect(page).not.toContain('<svg id="vital-');
  });

  it('shows page views per path, events by type, error reports (escaped) and a histogram of each web vital', async () => {
    const v = await shopper();
    for (const path of ['/', '/shop/p/linen-shirt', '/', '/cart'])
      await postForm(v, '/api/census/RecordHit', hitForm(path));
    await v.call('POST', '/api/census/button-render', {
      ...censusPage(),
      buttons: [addButton(), { ...addButton(), buttonId: 'b2' }],
    });
    await v.call('POST', '/api/census/button-click', { ...censusPage(), ...addButton() });
    await beacon(v, '/api/v1/clanker/events', eventBody('commerce_event', commerceContent()));
    await v.call(
      'POST',
      '/api/events/RecordJavascriptErrors',
      errorReports(1, '<img src=x onerror=alert(1)> & "broke"'),
    );
    for (const [lcp, cls] of [
      [800, 0],
      [2700, 0.15],
      [9000, 0.3],
    ] as const) {
      const id = await pageLoadId(v);
      await beacon(
        v,
        '/api/1/performance/records',
        JSON.stringify([pageSpeed(id, { lcp, cls, inp: null }), image(id)]),
      );
    }

    const page = await analyticsPage();
    const rows = (cls: string) => {
      const table = page.slice(
        page.indexOf(`<table class="${cls}">`),
        page.indexOf('</table>', page.indexOf(`<table class="${cls}">`)),
      );
      return [...table.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) =>
        [...(m[1] ?? '').matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((c) => c[1]),
      );
    };
    expect(rows('analytics-page-views')).toEqual([
      ['Path', 'Page views', 'Visitors'],
      ['/', '2', '1'],
      ['/cart', '1', '1'],
      ['/shop/p/linen-shirt', '1', '1'],
    ]);
    expect(rows('analytics-events')).toEqual([
      ['Source', 'Event', 'Count'],
      ['Census', 'button-render', '2'],
      ['Census', 'button-click', '1'],
      ['Event service', 'commerce_event: add_to_cart', '1'],
    ]);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; "broke"');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain(
      'Performance records: <strong>3</strong> page-speed, <strong>3</strong> image, <strong>0</strong> user-timing',
    );

    // LCP: one good (0.5-1 s), one needing improvement (2.5-3 s), one poor in the open-ended last bin.
    const lcp = page.slice(
      page.indexOf('<section class="vital" aria-labelledby="vital-lcp-heading">'),
      page.indexOf('</section>', page.indexOf('vital-lcp-heading')),
    );
    expect(lcp).toContain(
      'aria-label="Largest contentful paint of 3 page loads: 1 good, 1 needing improvement, 1 poor; 75th percentile 9 s. By range: 0 ms to 500 ms: 0; 500 ms to 1 s: 1;',
    );
    expect(lcp).toContain('<tr><td>500 ms to 1 s</td><td>1</td><td>good</td></tr>');
    expect(lcp).toContain('<tr><td>2.5 s to 3 s</td><td>1</td><td>needs improvement</td></tr>');
    expect(lcp).toContain('<tr><td>5 s or more</td><td>1</td><td>poor</td></tr>');
    expect(
      [...lcp.matchAll(/<rect [^>]*height="(\d+)"[^>]*fill="(#[0-9a-f]+)"/g)]
        .filter((m) => m[1] !== '0')
        .map((m) => m[2]),
    ).toEqual(['#1e7b45', '#a65f00', '#b3261e']);
    // CLS 0.15 sits in the 0.15-0.2 bin, not below it.
    expect(page).toContain('<tr><td>0.15 to 0.2</td><td>1</td><td>needs improvement</td></tr>');
    // No INP was measured: its chart says so.
    const inp = page.slice(
      page.indexOf('vital-inp-heading'),
      page.indexOf('</section>', page.indexOf('vital-inp-heading')),
    );
    expect(inp).toContain('<p>No page loads measured yet.</p>');
    expect(inp).not.toContain('<svg');
  });

  it('shows one visitor only when asked, and escapes the id in the form', async () => {
    const a = await shopper('visitor-a');
    const b = await shopper('visitor-b');
    await postForm(a, '/api/census/RecordHit', hitForm('/'));
    await postForm(b, '/api/census/RecordHit', hitForm('/cart'));
    await b.call('POST', '/api/events/RecordJavascriptErrors', errorReports());
    const onlyA = await analyticsPage('?visitor=visitor-a');
    expect(onlyA).toContain('<td style="overflow-wrap:anywhere">/</td><td>1</td>');
    expect(onlyA).not.toContain('>/cart</td>');
    expect(onlyA).toContain('<p>No error reports.</p>');
    expect(onlyA).toContain('Showing visitor <code>visitor-a</code> only.');
    const odd = await analyticsPage(`?visitor=${encodeURIComponent('"><b>x')}`);
    expect(odd).toContain('value="&quot;&gt;&lt;b&gt;x"');
    expect(odd).not.toContain('"><b>x');
    expect(odd).toContain('<p>No page views yet.</p>');
  });
});

describe('analytics store', () => {
  it('bins a vital from 0 with an open-ended last bin, keeps edge values in the bin they start, and finds the 75th percentile', () => {
    const rows = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 2].map((cls, i) => ({
      visitorId: i < 3 ? 'a' : 'b',
      pageLoadId: `load-${i}`,
      recordType: 'page-speed' as const,
      pathname: '/',
      vitals: { lcp: null, fcp: null, cls, inp: null, fid: null },
      data: {},
    }));
    recordPerformance(store.db, rows);
    expect(vitalDistribution(store.db, 'cls', { width: 0.05, bins: 6 })).toEqual({
      counts: [1, 1, 1, 1, 1, 1, 3],
      total: 9,
      p75: 0.3,
    });
    expect(vitalDistribution(store.db, 'cls', { width: 0.05, bins: 6 }, { visitorId: 'a' })).toEqual({
      counts: [1, 1, 1, 0, 0, 0, 0],
      total: 3,
      p75: 0.1,
    });
    expect(vitalDistribution(store.db, 'lcp', { width: 500, bins: 10 })).toEqual({
      counts: Array(11).fill(0),
      total: 0,
      p75: null,
    });
  });

  it('keeps the latest rows of a table only', () => {
    const insert = store.db.prepare(
      "INSERT INTO analytics_hits (created, event_type, path, title, data) VALUES (0, 1, '/old', '', '{}')",
    );
    store.db.transaction(() => {
      for (let i = 0; i < MAX_ANALYTICS_ROWS; i++) insert.run();
    })();
    recordHit(store.db, {
      visitorId: null,
      eventType: 1,
      path: '/new',
      title: '',
      websiteId: null,
      itemId: null,
      collectionId: null,
      visitorRecord: '',
      data: {},
    });
    expect(count('analytics_hits')).toBe(MAX_ANALYTICS_ROWS);
    expect(count('analytics_hits', "path = '/new'")).toBe(1);
    expect((store.db.prepare('SELECT MIN(id) AS id FROM analytics_hits').get() as { id: number }).id).toBe(2);
  });
});

describe('web vital charts', () => {
  it('formats values as people read them', () => {
    expect(formatVital({ unit: 'ms' }, 120.4)).toBe('120 ms');
    expect(formatVital({ unit: 'ms' }, 2500)).toBe('2.5 s');
    expect(formatVital({ unit: 'ms' }, 2745, true)).toBe('2.75 s');
    expect(formatVital({ unit: '' }, 0.1)).toBe('0.1');
    expect(formatVital({ unit: '' }, 0.0456, true)).toBe('0.046');
  });

  it('scales bars to the fullest bin and puts the 75th-percentile marker where the value falls', () => {
    const lcp = VITALS.find((v) => v.key === 'lcp');
    if (!lcp) throw new Error('no LCP spec');
    const chart = vitalChart(lcp, { counts: [0, 4, 2, 0, 0, 0, 0, 0, 0, 0, 1], total: 7, p75: 1250 });
    expect(chart.bars.map((b) => b.height)).toEqual([0, 120, 60, 0, 0, 0, 0, 0, 0, 0, 30]);
    expect(chart.bars.map((b) => b.shown)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    // 1250 ms is 2.5 bins of 500 ms from the left edge (40) at 40 units a bin.
    expect(chart.p75X).toBe(140);
    expect(chart.p75).toBe('1.25 s');
    expect(chart.bars[10]?.tick).toBe('5 s+');
  });
});

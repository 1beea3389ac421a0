import { describe, expect, it } from 'vitest';
import { addButton, censusPage, hitForm, VISITOR_ID } from '../../contract/examples/analytics';
import { analyticsCalls, FORM } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';

const store = storePerTest();

const { shopper, postForm, count, expect400 } = analyticsCalls(store);

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

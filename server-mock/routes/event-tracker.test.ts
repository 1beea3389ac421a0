import { describe, expect, it } from 'vitest';
import { errorReports, recordEventFormFor, VISITOR_ID } from '../../contract/examples/analytics';
import { analyticsCalls } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

const { shopper, postForm, expect400 } = analyticsCalls(store);

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

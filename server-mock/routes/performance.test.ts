import { describe, expect, it } from 'vitest';
import { image, pageSpeed, userTiming, VISITOR_ID } from '../../contract/examples/analytics';
import { analyticsCalls, BEACON, NOTHING } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

const { shopper, beacon, count, countAll, expect400, pageLoadId } = analyticsCalls(store);

/** A stored image or user-timing record: no page path and no vitals. */
function rowWithoutVitals(type: string, load: string) {
  return { type, load, pathname: null, lcp: null, fcp: null, cls: null, inp: null, fid: null, visitor: VISITOR_ID };
}

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
      rowWithoutVitals('image', id),
      rowWithoutVitals('user-timing', id),
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

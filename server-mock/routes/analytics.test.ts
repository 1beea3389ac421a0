import { describe, expect, it } from 'vitest';
import {
  addButton,
  censusPage,
  commerceContent,
  errorReports,
  eventBody,
  hitForm,
  pageSpeed,
  recordEventFormFor,
  VISITOR_ID,
} from '../../contract/examples/analytics';
import { analyticsCalls, BEACON, FORM, NOTHING } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';
import { json } from '../testing/visitor';

const store = storePerTest();

const { shopper, postForm, beacon, count, countAll, pageLoadId } = analyticsCalls(store);

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

  it('checks the body size and the analytics limit before the crumb, as the shop calls do', async () => {
    store.reopen({ maxBodyBytes: 2048, analyticsRateLimit: { limit: 1, windowMs: 60_000 } });
    const v = await shopper();
    const big = JSON.stringify({ ...censusPage(), ...addButton(), padding: 'x'.repeat(4096) });
    expect((await beacon(v, '/api/census/button-click', big)).status).toBe(413);
    const small = JSON.stringify({ ...censusPage(), ...addButton() });
    expect((await beacon(v, '/api/census/button-click', small)).status).toBe(403);
    expect((await beacon(v, '/api/census/button-click', small)).status).toBe(429);
    expect(countAll()).toEqual(NOTHING);
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

  it('gives a visitor one analytics budget across the census, the trackers and the performance collector', async () => {
    store.reopen({ analyticsRateLimit: { limit: 4, windowMs: 60_000 } });
    const v = await shopper();
    const id = await pageLoadId(v);
    const statuses = [
      (await postForm(v, '/api/census/RecordHit', hitForm())).status,
      (await v.call('POST', '/api/events/RecordJavascriptErrors', errorReports())).status,
      (await beacon(v, '/api/v1/clanker/events', eventBody('commerce_event', commerceContent()))).status,
      (await beacon(v, '/api/1/performance/records', JSON.stringify([pageSpeed(id)]))).status,
      (await postForm(v, '/api/census/RecordHit', hitForm())).status,
      (await beacon(v, '/api/1/performance/records', JSON.stringify([pageSpeed(id)]))).status,
    ];
    expect(statuses).toEqual([200, 200, 202, 200, 429, 429]);
  });

  it('caps analytics calls per address, whatever crumbs and visitor ids the calls carry', async () => {
    store.reopen({ analyticsAddressRateLimit: { limit: 3, windowMs: 60_000, by: 'address' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const fresh = await shopper(`robot-${i}`); // a new crumb and visitor id every call
      statuses.push((await fresh.call('POST', '/api/events/RecordJavascriptErrors', errorReports())).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(count('analytics_error_reports')).toBe(3);
  });

  it('caps the analytics bytes an address sends, whatever its cookies, with 429 and Retry-After', async () => {
    const reports = errorReports(4, 'x'.repeat(400));
    const size = Buffer.byteLength(JSON.stringify(reports));
    expect(size).toBeGreaterThan(3_000);
    // Room for three such calls, not four.
    store.reopen({ analyticsByteBudget: { bytes: size * 3 + size / 2, windowMs: 60_000 } });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 5; i++) {
      const fresh = await shopper(`robot-${i}`);
      const response = await fresh.call('POST', '/api/events/RecordJavascriptErrors', reports);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused?.json()).toEqual({ message: 'Too many requests. Please try again in a few seconds.' });
    expect(count('analytics_error_reports')).toBe(12);
  });
});

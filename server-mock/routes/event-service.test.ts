import { describe, expect, it } from 'vitest';
import { commerceContent, eventBody, siteVisitorContent, VISITOR_ID } from '../../contract/examples/analytics';
import { analyticsCalls, NOTHING } from '../testing/analytics-calls';
import { storePerTest } from '../testing/test-store';
import { storeContextOf } from '../testing/store-context-of';
import { json } from '../testing/visitor';

const store = storePerTest();

const { shopper, beacon, countAll, expect400 } = analyticsCalls(store);

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

describe('event validation mode on QA pages', () => {
  it('is on in the store context of a QA page asked with eventValidation=1, and nowhere else', async () => {
    const context = async (path: string) => storeContextOf(await (await store.visitor().call('GET', path)).text());
    expect((await context('/qa/p/linen-shirt?eventValidation=1')).eventValidationMode).toBe(true);
    expect(await context('/qa/p/linen-shirt')).not.toHaveProperty('eventValidationMode');
    expect(await context('/shop/p/linen-shirt?eventValidation=1')).not.toHaveProperty('eventValidationMode');
  });
});

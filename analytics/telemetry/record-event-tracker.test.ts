import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse } from '../../testing/fake-api';
import { createAnalyticsHttp } from './analytics-http';
import { createRecordEventTracker, type OlderTrackerPayload } from './record-event-tracker';

const page: OlderTrackerPayload = {
  pageHash: '#reviews',
  pagePath: '/shop/p/shirt',
  websiteId: 'site-1',
  templateId: 'tpl-1',
  variantId: null,
  memberAccountId: 'm1',
  member_locale: null,
  website_locale: 'en-US',
};

describe('older event tracker', () => {
  it('posts form-encoded crumb, event and data (page fields merged in)', async () => {
    const api = fakeApi({ 'POST /api/events/RecordEvent': () => jsonResponse({}) });
    const client = createHttpClient({ fetch: api.fetch });
    const tracker = createRecordEventTracker({
      http: createAnalyticsHttp({ client: () => client }),
      crumb: () => 'c.1',
      page: () => page,
    });
    expect(await tracker.track('restock_signup', { productId: 'p1', pagePath: 'ignored' })).toBe(200);
    const [call] = api.callsTo('POST /api/events/RecordEvent');
    expect(call?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(call?.body as string);
    expect([...form.keys()]).toEqual(['crumb', 'event', 'data']);
    expect(form.get('crumb')).toBe('c.1');
    expect(form.get('event')).toBe('restock_signup');
    expect(JSON.parse(form.get('data') ?? '')).toEqual({ productId: 'p1', ...page });
  });

  it('never rejects: a failing server resolves to its status', async () => {
    const api = fakeApi({ 'POST /api/events/RecordEvent': () => jsonResponse({ message: 'no' }, 500) });
    const client = createHttpClient({ fetch: api.fetch });
    const tracker = createRecordEventTracker({
      http: createAnalyticsHttp({ client: () => client }),
      crumb: () => undefined,
      page: () => page,
    });
    await expect(tracker.track('x')).resolves.toBe(500);
    expect(new URLSearchParams(api.callsTo('POST /api/events/RecordEvent')[0]?.body as string).get('crumb')).toBe('');
  });
});

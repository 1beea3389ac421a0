import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../runtime/events';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { productPageContext } from '../../testing/product-page-context';
import './census.element';

const productPage = productPageContext();

let api: FakeApi;
let beacons: [string, string][];

beforeEach(() => {
  api = fakeApi({
    'POST /api/census/RecordHit': () => jsonResponse({}),
    'POST /api/census/RecordQuickView/early': () => jsonResponse({}),
    'POST /api/census/button-click': () => jsonResponse({}),
    'GET /api/1/performance/settings': () => jsonResponse({ pageLoadId: 'pl-1' }),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
  beacons = [];
  vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
    beacons.push([String(url), String(data)]);
    return true;
  });
  // While the page is visible a beacon is a keepalive fetch (it waits in the analytics lane).
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    beacons.push([String(url), String(init.body)]);
    return Promise.resolve(new Response(null, { status: 202 }));
  });
});

function page(context: object, tags = '<store-census data-performance="false"></store-census>') {
  document.body.innerHTML = `<script type="application/json" id="store-context">${JSON.stringify(context)}</script>${tags}`;
}

describe('<store-census>', () => {
  it('records the page view and the product visit, and renders nothing', async () => {
    page(productPage);
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/RecordHit')).toHaveLength(1));
    const form = new URLSearchParams(api.callsTo('POST /api/census/RecordHit')[0]?.body as string);
    expect(form.get('event')).toBe('1');
    expect(JSON.parse(form.get('data') ?? '')).toMatchObject({
      websiteId: 'site-1',
      itemId: 'prod-1',
      url: '/shop/p/item',
    });
    expect(form.get('ss_cvr')).toMatch(/\|1$/);
    const [url, body] = beacons[0] ?? [];
    expect(url).toBe('/api/v1/clanker/events');
    expect(JSON.parse(JSON.parse(body ?? '{}').eventContent)).toMatchObject({
      event_name: 'visit_product_page',
      item_id: 'prod-1',
    });
    expect(document.querySelector('store-census')?.innerHTML).toBe('');
  });

  it('two elements start one census', async () => {
    page(
      productPage,
      '<store-census data-performance="false"></store-census><store-census data-performance="false"></store-census>',
    );
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/RecordHit')).toHaveLength(1));
    // A later event's call is the barrier: a second census would have recorded its hit before it.
    emit('store-button-click', { buttonType: 'add-to-cart', buttonId: 'barrier' });
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/button-click')).toHaveLength(1));
    expect(api.callsTo('POST /api/census/RecordHit')).toHaveLength(1);
  });

  it('sends nothing for a signed-in owner', async () => {
    page({ ...productPage, account: { roles: [1] } });
    const run = () =>
      (globalThis as Record<symbol, { skipped: string | null } | undefined>)[Symbol.for('storefront.census')];
    const listening = vi.spyOn(document, 'addEventListener');
    await vi.waitFor(() => expect(run()?.skipped).toBe('owner-signed-in'));
    // Skipped before it listens: no census handler is attached, so no event can reach the server.
    expect(listening.mock.calls.map(([name]) => name).filter((name) => name === 'store-button-click')).toEqual([]);
    emit('store-button-click', { buttonType: 'add-to-cart' });
    expect(api.calls).toEqual([]);
    expect(beacons).toEqual([]);
  });

  it('sends what widgets emitted before it loaded, and listens afterwards', async () => {
    emit('store-quick-view', { itemId: 'early' });
    page({ ...productPage, item: null, pageType: 2 });
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/RecordQuickView/early')).toHaveLength(1));
    emit('store-button-click', { buttonType: 'add-to-cart', buttonId: 'p2' });
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/button-click')).toHaveLength(1));
  });

  it('starts the performance collector unless data-performance="false"', async () => {
    page(productPage, '<store-census></store-census>');
    await vi.waitFor(() => expect(api.callsTo('GET /api/1/performance/settings')).toHaveLength(1));
  });

  it('follows a member signing in and out on the page: stops while signed in, starts after', async () => {
    const run = () =>
      (globalThis as Record<symbol, { skipped: string | null } | undefined>)[Symbol.for('storefront.census')];
    page({ ...productPage, item: null, pageType: 2 });
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/RecordHit')).toHaveLength(1));
    document.cookie = `SiteUserInfo=${encodeURIComponent('{"authenticated":true}')}; path=/`;
    emit('store-session-change', { signedIn: true });
    expect(run()?.skipped).toBe('member-signed-in');
    // Sent in order: had this click gone out, it would be the first call checked below.
    emit('store-button-click', { buttonType: 'add-to-cart', buttonId: 'while-signed-in' });

    document.cookie = 'SiteUserInfo=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    emit('store-session-change', { signedIn: false });
    expect(run()?.skipped).toBeNull();
    emit('store-button-click', { buttonType: 'add-to-cart', buttonId: 'after' });
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/button-click')).toHaveLength(1));
    expect(api.callsTo('POST /api/census/button-click')[0]?.body).toMatchObject({ buttonId: 'after' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { createAnalyticsHttp } from '../telemetry/analytics-http';
import {
  BUTTON_RENDER_BATCH,
  createCensusClient,
  FORM_ANALYTICS_TIMEOUT_MS,
  type CensusPageFields,
} from './census-client';
import type { HitData } from './hit-data';

const page: CensusPageFields = {
  websiteId: 'site-1',
  pageId: 'page-1',
  pagePath: '/shop/p/shirt',
  pageTitle: 'Shirt',
  itemId: 'prod-1',
  collectionId: 'col-1',
};

const ok = () => jsonResponse({}, 200);
let api: FakeApi;

function client(fetchImpl: typeof fetch = api.fetch, timeoutSignal?: (ms: number) => AbortSignal) {
  const kyClient = createHttpClient({ fetch: fetchImpl });
  return createCensusClient({
    http: createAnalyticsHttp({ client: () => kyClient, ...(timeoutSignal ? { timeoutSignal } : {}) }),
    visitorCookie: () => 'v1|1|0|1|1',
    page: () => page,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
  });
}

beforeEach(() => {
  api = fakeApi({
    'POST /api/census/RecordHit': ok,
    'POST /api/census/button-click': ok,
    'POST /api/census/button-render': ok,
    'POST /api/census/form-render': ok,
    'POST /api/census/overlay': ok,
    'POST /api/census/RecordQuickView/prod%201': ok,
  });
});
afterEach(() => vi.useRealTimers());

describe('census calls', () => {
  it('RecordHit is form-encoded: event 1, data JSON, ss_cvr, with the CSRF header', async () => {
    document.cookie = 'crumb=abc.def; path=/';
    const data = { url: '/shop', title: 'Shop' } as HitData;
    expect(await client().recordHit(data, 'v1|1|0|1|1')).toBe(200);
    const [call] = api.callsTo('POST /api/census/RecordHit');
    expect(call?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call?.headers.get('x-csrf-token')).toBe('abc.def');
    const form = new URLSearchParams(call?.body as string);
    expect([...form.keys()]).toEqual(['event', 'data', 'ss_cvr']);
    expect(form.get('event')).toBe('1');
    expect(JSON.parse(form.get('data') ?? '')).toEqual(data);
    expect(form.get('ss_cvr')).toBe('v1|1|0|1|1');
  });

  it('button-click carries the visitor cookie, page fields and the button (JSON)', async () => {
    await client().buttonClick({ buttonType: 'add-to-cart', buttonId: 'prod-1', buttonText: '  Add To Cart ' });
    expect(api.callsTo('POST /api/census/button-click')[0]?.body).toEqual({
      visitorCookie: 'v1|1|0|1|1',
      ...page,
      buttonType: 'add-to-cart',
      buttonId: 'prod-1',
      buttonText: 'Add To Cart',
    });
  });

  it('button renders are gathered for 1 s, each button once, and sent together', async () => {
    vi.useFakeTimers();
    const census = client();
    census.buttonRender({ buttonType: 'add-to-cart', buttonId: 'a', buttonText: 'Add To Cart' });
    census.buttonRender({ buttonType: 'add-to-cart', buttonId: 'a', buttonText: 'Add To Cart' });
    census.buttonRender({ buttonType: 'add-to-cart', buttonId: 'b' });
    await vi.advanceTimersByTimeAsync(BUTTON_RENDER_BATCH.delayMs - 1);
    expect(api.callsTo('POST /api/census/button-render')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/button-render')).toHaveLength(1));
    expect(api.callsTo('POST /api/census/button-render')[0]?.body).toEqual({
      visitorCookie: 'v1|1|0|1|1',
      ...page,
      buttons: [
        { buttonType: 'add-to-cart', buttonId: 'a', buttonText: 'Add To Cart' },
        { buttonType: 'add-to-cart', buttonId: 'b', buttonText: null },
      ],
    });
    census.buttonRender({ buttonType: 'add-to-cart', buttonId: 'a', buttonText: 'Add To Cart' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(api.callsTo('POST /api/census/button-render')).toHaveLength(1);
  });

  it('more than 50 renders go in several calls', async () => {
    vi.useFakeTimers();
    const census = client();
    for (let i = 0; i < 120; i++) census.buttonRender({ buttonType: 'add-to-cart', buttonId: `p${i}` });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(api.callsTo('POST /api/census/button-render')).toHaveLength(3));
    const sizes = api
      .callsTo('POST /api/census/button-render')
      .map((c) => (c.body as { buttons: unknown[] }).buttons.length);
    expect(sizes).toEqual([50, 50, 20]);
  });

  it('form-render, overlay and quick view', async () => {
    const census = client();
    await census.formRender('form-9');
    await census.overlay();
    await census.quickView('prod 1');
    expect(api.callsTo('POST /api/census/form-render')[0]?.body).toEqual({
      visitorCookie: 'v1|1|0|1|1',
      ...page,
      formId: 'form-9',
    });
    expect(api.callsTo('POST /api/census/overlay')[0]?.body).toEqual({ visitorCookie: 'v1|1|0|1|1', ...page });
    expect(api.callsTo('POST /api/census/RecordQuickView/prod%201')[0]?.body).toBeUndefined();
  });

  it('button calls give up after 2.5 s and resolve to 0, never rejecting', async () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const timeoutSignal = (ms: number) => {
      seen.push(ms);
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
      return controller.signal;
    };
    let aborted = false;
    const hanging = ((input: Request) =>
      new Promise<Response>((_, reject) => {
        input.signal.addEventListener('abort', () => {
          aborted = true;
          reject(input.signal.reason);
        });
      })) as unknown as typeof fetch;
    let status: number | undefined;
    void client(hanging, timeoutSignal)
      .buttonClick({ buttonType: 'add-to-cart' })
      .then((s) => (status = s));
    await vi.advanceTimersByTimeAsync(FORM_ANALYTICS_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    expect(status).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(status).toBe(0));
    expect(aborted).toBe(true);
    expect(seen).toEqual([2500]);
  });

  it('a network failure resolves to 0', async () => {
    const failing = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(client(failing).recordHit({} as HitData, '')).resolves.toBe(0);
  });
});

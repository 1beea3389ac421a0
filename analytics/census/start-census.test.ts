import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, type BufferedEvent } from '../../runtime/events';
import { fakeCart } from '../../testing/fake-api';
import type { AnalyticsBody, AnalyticsHttp } from '../telemetry/analytics-http';
import type { VisitorEnvironment } from '../telemetry/site-visitor-payload';
import { fakeCookieJar, type FakeCookieJar } from '../../testing/fake-cookie-jar';
import { productPageContext } from '../../testing/product-page-context';
import type { HitEnvironment } from './hit-data';
import { parsePageContext } from '../../runtime/session/page-context';
import { browserStorage, createStoredValues } from '../../runtime/storage/stored-values';
import { startCensus, type CensusDeps, type CensusIds } from './start-census';

interface Sent {
  path: string;
  body: AnalyticsBody;
  timeoutMs: number | undefined;
}

const hitEnv: HitEnvironment = {
  localStorageSupported: true,
  queryString: 'utm=x',
  referrer: 'https://example.org/',
  userAgent: 'test-agent',
  clientDate: 1_700_000_000_000,
  viewportInnerHeight: 800,
  viewportInnerWidth: 1200,
  screenHeight: 1080,
  screenWidth: 1920,
  path: '/shop/p/shirt',
  title: 'Linen Shirt',
};

const visitorEnv: VisitorEnvironment = {
  browserLanguage: 'en-GB',
  browserLocale: 'en-GB',
  windowHeight: 800,
  windowWidth: 1200,
  pageHost: 'shop.test',
  pagePath: '/shop/p/shirt',
  pageQueryParams: 'utm=x',
  pageReferrerUrl: null,
  userAgent: 'test-agent',
  now: 1_700_000_000_000,
};

const productPage = productPageContext({
  featureFlags: ['commerce-site-visitor-metrics'],
  storeSettings: { selectedCurrency: 'USD' },
});

let sent: Sent[];
let tracked: { schema: string; content: Record<string, unknown> }[];
let pixels: unknown[];
let jar: FakeCookieJar;
let events: EventTarget;
let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
let startPerformance: ReturnType<typeof vi.fn<(ids: CensusIds) => void>>;

const http: AnalyticsHttp = {
  post: async (path, body, timeoutMs) => {
    sent.push({ path, body, timeoutMs });
    return 200;
  },
};

function deps(context: object, overrides: Partial<CensusDeps> = {}): CensusDeps {
  let n = 0;
  return {
    context: parsePageContext(context),
    path: '/shop/p/shirt',
    hash: '#top',
    query: 'utm=x',
    member: { authenticated: false },
    cookies: jar,
    tabValues: () => createStoredValues(browserStorage('sessionStorage'), jar, () => 0),
    visitorValues: () => createStoredValues(browserStorage('localStorage'), jar, () => 0),
    now: () => 1_700_000_000_000,
    newId: () => `id-${++n}`,
    warn,
    http,
    eventService: {
      track: async (schema, content) => {
        tracked.push({ schema, content: content as Record<string, unknown> });
      },
    },
    hitEnvironment: () => hitEnv,
    visitorEnvironment: () => visitorEnv,
    pageTitle: () => 'Linen Shirt',
    cart: () => null,
    adsPixel: { track: (event) => pixels.push(event) },
    events,
    takeBuffered: () => [],
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    startPerformance,
    ...overrides,
  };
}

function form(s: Sent | undefined): URLSearchParams {
  return new URLSearchParams((s?.body as { form: Record<string, string> }).form);
}

beforeEach(() => {
  sent = [];
  tracked = [];
  pixels = [];
  jar = fakeCookieJar();
  events = new EventTarget();
  warn = vi.fn<(message: string) => void>();
  startPerformance = vi.fn<(ids: CensusIds) => void>();
});

describe('page view', () => {
  it('records the hit with every data field and the visitor record', () => {
    const run = startCensus(deps(productPage));
    expect(run.skipped).toBeNull();
    const hits = sent.filter((s) => s.path === '/api/census/RecordHit');
    expect(hits).toHaveLength(1);
    const fields = form(hits[0]);
    expect(fields.get('event')).toBe('1');
    expect(fields.get('ss_cvr')).toBe(jar.values.get('ss_cvr'));
    expect(fields.get('ss_cvr')).toMatch(/^id-\d\|1700000000000\|0\|1700000000000\|1$/);
    // The browser's fields as read; its path and title are the url and title below.
    const { path: _path, title: _title, ...browser } = hitEnv;
    expect(JSON.parse(fields.get('data') ?? '')).toEqual({
      ...browser,
      websiteId: 'site-1',
      templateId: 'tpl-1',
      website_locale: 'en-US',
      url: '/shop/p/shirt',
      title: 'Linen Shirt',
      itemId: 'prod-1',
      recordType: 11,
      collectionId: 'col-1',
    });
  });

  it('writes the visitor cookies, the analytics id and the session id', () => {
    startCensus(deps(productPage));
    expect(new Set(jar.writes.map((w) => w.name))).toEqual(
      new Set(['ss_cid', 'ss_cvr', 'ss_cpvisit', 'ss_cvisit', 'ss_cvt', 'ss_aid', 'ss_sid']),
    );
    expect(sessionStorage.getItem('ss_landing')).not.toBeNull();
    expect(localStorage.getItem('ss_first_session')).not.toBeNull();
  });

  it('the search page records no page view, but other analytics go on', () => {
    startCensus(deps({ ...productPage, pageType: 102, item: null }, { path: '/search', query: 'q=linen%20shirt' }));
    expect(sent.filter((s) => s.path === '/api/census/RecordHit')).toHaveLength(0);
    expect(pixels).toEqual([{ name: 'Search', searchString: 'linen shirt' }]);
    emit('store-quick-view', { itemId: 'p9' }, events);
    expect(sent.map((s) => s.path)).toEqual(['/api/census/RecordQuickView/p9']);
  });

  it('a product page sends visit-product-page, the site-visitor product view and ViewContent', () => {
    startCensus(deps(productPage));
    expect(tracked.map((t) => [t.schema, t.content.event_name])).toEqual([
      ['commerce_event', 'visit_product_page'],
      ['site_visitor_metrics', 'product_page_view'],
    ]);
    expect(tracked[0]?.content).toMatchObject({
      custom_schema_name: 'commerce_event',
      context_website_id: 'site-1',
      source_environment: 'dev',
      object_identifier: 'prod-1',
      analytics_id: jar.values.get('ss_aid'),
      session_id: jar.values.get('ss_sid'),
      client_version: '3.8.0',
      first_landing: true,
      first_session: true,
      item_id: 'prod-1',
      item_type: 'PHYSICAL',
      currency_code: 'USD',
    });
    expect(tracked[1]?.content).toMatchObject({
      product_page: 'pdp',
      product: { item_id: 'prod-1', item_collection_name: 'Shop' },
    });
    expect(pixels).toEqual([
      { name: 'ViewContent', contentIds: ['prod-1'], contents: [{ id: 'prod-1', quantity: 1 }], currency: 'USD' },
    ]);
  });

  it('site-visitor metrics need their feature flag', () => {
    startCensus(deps({ ...productPage, featureFlags: [] }));
    expect(tracked.map((t) => t.schema)).toEqual(['commerce_event']);
  });

  it('starts the performance collector with the ids', () => {
    startCensus(deps({ ...productPage }, { member: { authenticated: false } }));
    expect(startPerformance).toHaveBeenCalledWith({
      websiteId: 'site-1',
      analyticsId: jar.values.get('ss_aid'),
      marketingId: null,
      memberId: null,
    });
  });

  it('hands session recording the analytics id and the older tracker (skipped censuses never reach it)', async () => {
    jar = fakeCookieJar({ crumb: 'c.1' });
    const sessionRecording = vi.fn<NonNullable<CensusDeps['sessionRecording']>>();
    startCensus(deps({ ...productPage }, { sessionRecording }));
    expect(sessionRecording).toHaveBeenCalledTimes(1);
    const run = sessionRecording.mock.calls[0]?.[0];
    expect(run?.visitorId).toBe(jar.values.get('ss_aid'));
    expect(run?.cookiesUsed).toBe(true);
    sent = [];
    await run?.track('session_recording', { recording: false, reason: 'few-cores', sessionRecordingId: null });
    expect(sent.map((s) => s.path)).toEqual(['/api/events/RecordEvent']);
    expect(form(sent[0]).get('event')).toBe('session_recording');
    expect(JSON.parse(form(sent[0]).get('data') ?? '')).toMatchObject({ recording: false, reason: 'few-cores' });

    const restrictive = vi.fn<NonNullable<CensusDeps['sessionRecording']>>();
    startCensus(deps({ ...productPage, cookiePolicy: { restrictive: true } }, { sessionRecording: restrictive }));
    expect(restrictive.mock.calls[0]?.[0]).toMatchObject({ visitorId: null, cookiesUsed: false });

    const skipped = vi.fn();
    startCensus(deps({ ...productPage, pageType: 100 }, { sessionRecording: skipped }));
    expect(skipped).not.toHaveBeenCalled();
  });

  it("logs a bad source environment: 'sourceEnvironment needs to be set to one of dev, staging, or prod'", () => {
    startCensus(deps({ ...productPage, sourceEnvironment: 'production' }));
    expect(warn).toHaveBeenCalledWith('sourceEnvironment needs to be set to one of dev, staging, or prod');
    expect(tracked[0]?.content.source_environment).toBeNull();
  });
});

describe('skip rules stop everything', () => {
  const cases: [string, object, Partial<CensusDeps>][] = [
    ['owner', { ...productPage, account: { roles: [1] } }, {}],
    ['viewer on /config', { ...productPage, account: { roles: [10] } }, { path: '/config/pages' }],
    ['member', productPage, { member: { authenticated: true, siteUserId: 'm1' } }],
    ['not found', { ...productPage, pageType: 100 }, {}],
    ['lock screen', { ...productPage, pageType: 103 }, {}],
    ['member area access denied', { ...productPage, pageType: 106 }, {}],
    ['census-disabled flag', { ...productPage, featureFlags: ['census-disabled'] }, {}],
  ];
  it.each(cases)('%s', (_, context, overrides) => {
    const takeBuffered = vi.fn(() => [] as BufferedEvent[]);
    const run = startCensus(deps(context, { ...overrides, takeBuffered }));
    expect(run.skipped).not.toBeNull();
    emit('store-button-click', { buttonType: 'add-to-cart' }, events);
    emit('store-commerce', { event: 'add-to-cart', itemId: 'prod-1' }, events);
    expect(sent).toEqual([]);
    expect(tracked).toEqual([]);
    expect(pixels).toEqual([]);
    expect(jar.writes).toEqual([]);
    expect(startPerformance).not.toHaveBeenCalled();
    expect(takeBuffered).toHaveBeenCalled();
  });

  it('a viewer-only account off /config is tracked', () => {
    expect(startCensus(deps({ ...productPage, account: { roles: [10] } })).skipped).toBeNull();
    expect(sent.map((s) => s.path)).toContain('/api/census/RecordHit');
  });
});

describe('cookie policy', () => {
  it('a restrictive policy writes no analytics cookies, clears the visit cookies and sends no ids', () => {
    jar = fakeCookieJar({ ss_cid: 'old', ss_cvr: 'old|1|0|1|1', ss_aid: 'aid' });
    const run = startCensus(deps({ ...productPage, cookiePolicy: { restrictive: true } }));
    expect(run.cookiesUsed).toBe(false);
    expect(jar.writes).toEqual([]);
    expect(jar.removed).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    expect(form(sent.find((s) => s.path === '/api/census/RecordHit')).get('ss_cvr')).toBe('');
    expect(tracked[0]?.content).toMatchObject({ analytics_id: null, session_id: null, marketing_id: null });
    expect(sessionStorage.getItem('ss_landing')).toBeNull();
    emit('store-button-click', { buttonType: 'add-to-cart' }, events);
    expect((sent.at(-1)?.body as { json: { visitorCookie: unknown } }).json.visitorCookie).toBeNull();
  });

  it('a cloneable site writes no analytics cookies either', () => {
    const run = startCensus(deps({ ...productPage, isCloneable: true }));
    expect(run.cookiesUsed).toBe(false);
    expect(jar.writes).toEqual([]);
    expect(sent.map((s) => s.path)).toContain('/api/census/RecordHit');
  });
});

describe('bus events', () => {
  it('each store event reaches its census call', async () => {
    vi.useFakeTimers();
    startCensus(deps({ ...productPage, item: null, pageType: 2 }, { path: '/shop' }));
    sent = [];
    emit('store-button-click', { buttonType: 'add-to-cart', buttonId: 'p1', buttonText: 'Add To Cart' }, events);
    emit('store-button-render', { buttonType: 'add-to-cart', buttonId: 'p1' }, events);
    emit('store-form-render', { formId: 'f1' }, events);
    emit('store-overlay-show', {}, events);
    emit('store-quick-view', { itemId: 'p1' }, events);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((s) => [s.path, s.timeoutMs])).toEqual([
      ['/api/census/button-click', 2500],
      ['/api/census/form-render', 2500],
      ['/api/census/overlay', undefined],
      ['/api/census/RecordQuickView/p1', undefined],
      ['/api/census/button-render', 2500],
    ]);
    expect((sent[0]?.body as { json: object }).json).toMatchObject({
      visitorCookie: jar.values.get('ss_cvr'),
      websiteId: 'site-1',
      pageId: 'page-7',
      pagePath: '/shop',
      pageTitle: 'Linen Shirt',
      buttonType: 'add-to-cart',
      buttonId: 'p1',
      buttonText: 'Add To Cart',
    });
  });

  it('an add to cart sends the commerce event, the site-visitor metric and AddToCart', () => {
    const cart = fakeCart([{ itemId: 'prod-1', sku: 'S', quantity: 1 }], { id: 'cart-1' });
    startCensus(deps(productPage, { cart: () => cart }));
    tracked = [];
    pixels = [];
    emit(
      'store-commerce',
      { event: 'add-to-cart', itemId: 'prod-1', sku: 'S', quantity: 1, unitPriceCents: 4800 },
      events,
    );
    expect(tracked.map((t) => [t.schema, t.content.event_name])).toEqual([
      ['commerce_event', 'add_to_cart'],
      ['site_visitor_metrics', 'add_to_cart'],
    ]);
    expect(tracked[0]?.content).toMatchObject({
      cart_id: 'cart-1',
      num_items_in_cart: 1,
      cart_value: 48,
      item_price: 48,
    });
    expect(pixels).toEqual([
      {
        name: 'AddToCart',
        contentIds: ['prod-1'],
        contents: [{ id: 'prod-1', quantity: 1, itemPrice: 48 }],
        currency: 'USD',
        value: 48,
      },
    ]);
  });

  it('a full-page cart of the platform (its root, no <store-cart-page>) sends view-cart with the page view', () => {
    startCensus(deps({ ...productPage, item: null }, { platformCartPage: () => true }));
    expect(tracked.map((t) => t.content.event_name)).toEqual(['view_cart']);
    tracked = [];
    startCensus(deps({ ...productPage, item: null }, { platformCartPage: () => false }));
    expect(tracked).toEqual([]);
  });

  it('the order-confirmed page sends Purchase once per order, in major units', () => {
    localStorage.clear();
    const order = {
      id: 'order-1',
      created: 1,
      currencyCode: 'USD',
      subtotalCents: 9600,
      taxCents: 852,
      shippingCostCents: 600,
      grandTotalCents: 11052,
      items: [{ id: 'prod-1', sku: 'S1', name: 'Linen Shirt', quantity: 2, priceCents: 4800 }],
    };
    const confirmed = { storeSettings: { selectedCurrency: 'USD' }, pageType: 202, order };
    startCensus(deps(confirmed));
    const purchase = {
      name: 'Purchase',
      transactionId: 'order-1',
      value: 110.52,
      shipping: 6,
      tax: 8.52,
      currency: 'USD',
      items: [{ id: 'prod-1', name: 'Linen Shirt', quantity: 2, price: 48 }],
    };
    expect(pixels).toEqual([purchase]);
    // A reload is no second purchase; another order is.
    startCensus(deps(confirmed));
    expect(pixels).toHaveLength(1);
    startCensus(deps({ ...confirmed, order: { ...order, id: 'order-2' } }));
    expect(pixels).toEqual([purchase, { ...purchase, transactionId: 'order-2' }]);
    // The order on another page type is no purchase.
    localStorage.clear();
    startCensus(deps({ ...confirmed, pageType: 2 }));
    expect(pixels).toHaveLength(2);
  });

  it('the other commerce events and the ads-pixel pass-through', () => {
    startCensus(deps({ ...productPage, item: null }));
    tracked = [];
    for (const event of ['view-cart', 'remove-from-cart', 'reviews-tab-click', 'reviews-anchor-click'] as const) {
      emit('store-commerce', { event, itemId: 'p2' }, events);
    }
    emit(
      'store-ads-pixel',
      { name: 'Purchase', transactionId: 'o1', value: 10, shipping: 1, tax: 2, currency: 'USD', items: [] },
      events,
    );
    expect(tracked.map((t) => t.content.event_name)).toEqual([
      'view_cart',
      'remove_from_cart',
      'reviews_tab_click',
      'reviews_anchor_click',
    ]);
    expect(pixels).toEqual([
      { name: 'Purchase', transactionId: 'o1', value: 10, shipping: 1, tax: 2, currency: 'USD', items: [] },
    ]);
  });

  it('store-track-event goes to the older tracker with the crumb and the older page fields', () => {
    jar = fakeCookieJar({ crumb: 'c.1' });
    startCensus(deps({ ...productPage, item: null }, { member: { authenticated: false } }));
    sent = [];
    emit('store-track-event', { event: 'installment_modal_open', data: { itemId: 'p1' } }, events);
    expect(sent[0]?.path).toBe('/api/events/RecordEvent');
    const fields = form(sent[0]);
    expect(fields.get('crumb')).toBe('c.1');
    expect(fields.get('event')).toBe('installment_modal_open');
    expect(JSON.parse(fields.get('data') ?? '')).toEqual({
      itemId: 'p1',
      pageHash: '#top',
      pagePath: '/shop/p/shirt',
      websiteId: 'site-1',
      templateId: 'tpl-1',
      variantId: null,
      memberAccountId: null,
      member_locale: null,
      website_locale: 'en-US',
    });
  });

  it('replays what widgets emitted before the census listened', () => {
    const buffered: BufferedEvent[] = [
      { name: 'store-quick-view', detail: { itemId: 'early' } },
      { name: 'store-cart-change', detail: {} },
    ];
    startCensus(deps({ ...productPage, item: null }, { takeBuffered: () => buffered }));
    expect(sent.map((s) => s.path)).toContain('/api/census/RecordQuickView/early');
  });

  it('stop() stops listening', () => {
    const run = startCensus(deps({ ...productPage, item: null }));
    run.stop();
    sent = [];
    emit('store-quick-view', { itemId: 'p1' }, events);
    expect(sent).toEqual([]);
  });
});

describe('failures are swallowed', () => {
  it('a throwing network, event service and pixel break nothing', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const broken = deps(productPage, {
        http: {
          post: () => {
            throw new Error('boom');
          },
        },
        eventService: { track: () => Promise.reject(new Error('Error tracking event: HTTP Status 500')) },
        adsPixel: {
          track: () => {
            throw new Error('pixel');
          },
        },
        cart: () => {
          throw new Error('cart');
        },
      });
      expect(() => startCensus(broken)).not.toThrow();
      expect(() => emit('store-commerce', { event: 'add-to-cart', itemId: 'prod-1' }, events)).not.toThrow();
      expect(() => emit('store-button-click', { buttonType: 'add-to-cart' }, events)).not.toThrow();
      await new Promise((r) => setTimeout(r, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a click is not held up by a server that never answers', () => {
    const pending: Promise<number>[] = [];
    startCensus(
      deps(productPage, {
        http: {
          post: () => {
            const never = new Promise<number>(() => undefined);
            pending.push(never);
            return never;
          },
        },
      }),
    );
    const before = pending.length;
    const t0 = performance.now();
    emit('store-button-click', { buttonType: 'add-to-cart' }, events);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(pending.length).toBe(before + 1);
  });
});

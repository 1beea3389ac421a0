import { NamedFlag, PageType } from '../../contract/enumerations';
import { parseQuery } from '../../contract/query-string';
import {
  ANALYTICS_EVENTS,
  type AdsPixelEvent,
  type BufferedEvent,
  type CommerceEventDetail,
  type StoreEventMap,
} from '../../runtime/events';
import type { ShoppingCart } from '../../contract/cart';
import type { AnalyticsHttp } from '../telemetry/analytics-http';
import type { EventServiceTracker } from '../telemetry/event-service-tracker';
import { createRecordEventTracker, type OlderTrackerPayload } from '../telemetry/record-event-tracker';
import {
  resolveSourceEnvironment,
  siteVisitorPayload,
  type VisitorEnvironment,
  type VisitorIdentity,
} from '../telemetry/site-visitor-payload';
import { productPixelEvent, purchasePixelEvent, type AdsPixelSink } from './ads-pixel';
import { createCensusClient, type CensusPageFields } from './census-client';
import {
  commerceEventFields,
  EVENT_SCHEMAS,
  siteVisitorMetricsFields,
  type CommerceState,
  type SiteVisitorMetricsFields,
} from './commerce-payloads';
import { readOnlyCookieJar, type CookieJar } from '../../runtime/session/cookie-jar';
import { hitData, type HitEnvironment } from './hit-data';
import { isProductPage, type PageContext } from '../../runtime/session/page-context';
import { sessionInfo } from './session-info';
import type { StoredValues } from '../../runtime/storage/stored-values';
import { analyticsSkipReason, recordsPageView, type SkipReason } from './skip-rules';
import {
  ANALYTICS_COOKIES,
  ensureAnalyticsId,
  ensureSessionId,
  recordVisit,
  resetAnalyticsCookies,
} from './visitor-cookies';

/** The ids the performance collector attaches to its records. */
export interface CensusIds {
  websiteId: string | null;
  analyticsId: string | null;
  marketingId: string | null;
  memberId: string | null;
}

/** Everything the census touches, injected (see `page-census.ts` for the browser's). */
export interface CensusDeps {
  context: PageContext;
  /** `location.pathname`. */
  path: string;
  /** `location.hash`. */
  hash: string;
  /** `location.search` without '?'. */
  query: string;
  /** The signed-in member per the SiteUserInfo cookie. */
  member: { authenticated: boolean; siteUserId?: string };
  cookies: CookieJar;
  tabValues: () => StoredValues;
  visitorValues: () => StoredValues;
  now: () => number;
  newId: () => string;
  /** Logs a warning (console.warn). */
  warn: (message: string) => void;
  http: AnalyticsHttp;
  /** The newer event tracker. */
  eventService: EventServiceTracker;
  hitEnvironment: () => HitEnvironment;
  visitorEnvironment: () => VisitorEnvironment;
  pageTitle: () => string;
  /** The cart as the page's cart store holds it (null: not loaded). */
  cart: () => ShoppingCart | null;
  adsPixel: AdsPixelSink;
  /** Where the store events arrive (the document). */
  events: EventTarget;
  /** Analytics events emitted before the census listened. */
  takeBuffered: () => BufferedEvent[];
  setTimeout: (callback: () => void, ms: number) => unknown;
  /**
   * Whether the page is a full-page cart that reports no view-cart of its own: the platform's cart
   * root without `<store-cart-page>` (which reports once it shows the cart).
   */
  platformCartPage?: () => boolean;
  /** Starts the performance collector; absent: no performance records. */
  startPerformance?: (ids: CensusIds) => void;
  /**
   * Decides whether the visit is session-recorded and sends the decision through `track` (the
   * older tracker); absent: no decision. `visitorId` is the analytics id (null without cookies).
   */
  sessionRecording?: (run: {
    visitorId: string | null;
    /** Whether cookies may be written (not under a restrictive policy, not on a cloneable site). */
    cookiesUsed: boolean;
    track: (event: string, data: object) => unknown;
  }) => unknown;
}

/** A started (or skipped) census. */
export interface CensusRun {
  /** Why nothing runs, or null. */
  skipped: SkipReason | null;
  /** Whether visitor cookies are used (not under a restrictive policy or on a cloneable site). */
  cookiesUsed: boolean;
  /** Stops listening to the bus (requests already sent go on). */
  stop(): void;
}

/** The bus events the census listens to: every analytics event. */
export const CENSUS_LISTENS_TO = ANALYTICS_EVENTS;

/** Visitor storage key of the last order whose Purchase went to the ads pixel. */
export const PURCHASE_SENT_KEY = 'store-purchase-sent';

type CensusEventName = (typeof CENSUS_LISTENS_TO)[number];
type Handlers = { [K in CensusEventName]: (detail: StoreEventMap[K]['detail']) => void };

/**
 * Starts the page's analytics (storefront spec, sections 6, 7 and 9): unless a skip rule applies,
 * it counts the visit in the visitor cookies, records the page view (not on /search), reports the
 * product page, listens to the store events of the widgets and starts the performance collector.
 * Nothing here throws and nothing waits for the network.
 */
export function startCensus(deps: CensusDeps): CensusRun {
  const { context } = deps;
  const skipped = analyticsSkipReason({ context, memberSignedIn: deps.member.authenticated, path: deps.path });
  if (skipped) {
    deps.takeBuffered();
    return { skipped, cookiesUsed: false, stop: () => undefined };
  }

  const safely = (fn: () => unknown) => {
    try {
      const result = fn();
      if (result instanceof Promise) result.catch(() => undefined);
    } catch {
      // Analytics never breaks the page.
    }
  };

  // Cookies: none written under a restrictive policy or on a cloneable site; the visit cookies are cleared there.
  const cookiesUsed = !context.cookiePolicy.restrictive && !context.isCloneable;
  const jar = cookiesUsed ? deps.cookies : readOnlyCookieJar(deps.cookies);
  if (!cookiesUsed) safely(() => resetAnalyticsCookies(deps.cookies));
  let visitorRecord = '';
  let analyticsId: string | null = null;
  let sessionId: string | null = null;
  let marketingId: string | null = null;
  if (cookiesUsed) {
    safely(() => {
      visitorRecord = recordVisit(jar, deps.now(), deps.newId).visitorRecord;
    });
    safely(() => {
      analyticsId = ensureAnalyticsId(jar, deps.newId, deps.warn);
    });
    safely(() => {
      sessionId = ensureSessionId(jar, deps.newId);
    });
    marketingId = jar.read(ANALYTICS_COOKIES.marketingId) ?? null;
  }
  const flags = sessionInfo({
    tab: deps.tabValues,
    visitor: deps.visitorValues,
    sessionId,
    now: deps.now,
    persist: cookiesUsed,
    warn: deps.warn,
  });

  const memberId = deps.member.authenticated ? (deps.member.siteUserId ?? null) : null;
  const identity: VisitorIdentity = {
    analyticsId,
    marketingId,
    sessionId,
    websiteId: context.websiteId ?? null,
    websiteLocale: context.websiteLocale ?? null,
    memberAccountId: memberId,
    memberAccountLocale: null,
    sourceEnvironment: resolveSourceEnvironment(context.sourceEnvironment, deps.warn),
  };

  const pageFields = (): CensusPageFields => ({
    websiteId: context.websiteId ?? null,
    pageId: context.pageId ?? null,
    pagePath: deps.path,
    pageTitle: deps.pageTitle(),
    itemId: context.item?.id ?? null,
    collectionId: context.item?.collectionId ?? context.collection?.id ?? null,
  });
  const census = createCensusClient({
    http: deps.http,
    visitorCookie: () => (cookiesUsed ? (jar.read(ANALYTICS_COOKIES.visitorRecord) ?? null) : null),
    page: pageFields,
    setTimeout: deps.setTimeout,
  });
  const olderTracker = createRecordEventTracker({
    http: deps.http,
    crumb: () => deps.cookies.read('crumb'),
    page: (): OlderTrackerPayload => ({
      pageHash: deps.hash,
      pagePath: deps.path,
      websiteId: context.websiteId ?? null,
      templateId: context.templateId ?? null,
      variantId: null,
      memberAccountId: memberId,
      member_locale: null,
      website_locale: context.websiteLocale ?? null,
    }),
  });

  const itemTypes = new Map<string, number>();
  if (context.item && context.item.productType !== undefined) itemTypes.set(context.item.id, context.item.productType);
  const safeCart = () => {
    try {
      return deps.cart();
    } catch {
      return null;
    }
  };
  const state = (): CommerceState => ({ context, cart: safeCart(), itemTypes });

  const toEventService = (schema: string, objectIdentifier: string | null, fields: object) =>
    deps.eventService.track(schema, {
      ...siteVisitorPayload(deps.visitorEnvironment(), identity, { customSchemaName: schema, objectIdentifier }),
      first_landing: flags.firstLanding,
      first_session: flags.firstSession,
      ...fields,
    });
  const siteVisitorMetrics = context.featureFlags.includes(NamedFlag.SITE_VISITOR_METRICS);
  const sendSiteVisitorMetric = (
    name: SiteVisitorMetricsFields['event_name'],
    detail: Pick<CommerceEventDetail, 'itemId' | 'title' | 'productType'>,
  ) => {
    if (!siteVisitorMetrics) return;
    const fields = siteVisitorMetricsFields(name, detail, state());
    safely(() => toEventService(EVENT_SCHEMAS.siteVisitorMetrics, fields.product.item_id, fields));
  };
  const pixel = (event: AdsPixelEvent | null) => {
    if (event) safely(() => deps.adsPixel.track(event));
  };
  const currency = () => safeCart()?.currencyCode || context.currency || 'USD';

  const handlers: Handlers = {
    'store-commerce'(detail) {
      if (!detail || typeof detail.event !== 'string') return;
      if (detail.itemId && detail.productType !== undefined) itemTypes.set(detail.itemId, detail.productType);
      const fields = commerceEventFields(detail, state());
      safely(() => toEventService(EVENT_SCHEMAS.commerce, detail.itemId ?? null, fields));
      if (detail.event === 'add-to-cart') {
        sendSiteVisitorMetric('add_to_cart', detail);
        pixel(productPixelEvent('AddToCart', detail, currency()));
      }
    },
    'store-button-render': (detail) => census.buttonRender(detail),
    'store-button-click': (detail) => safely(() => census.buttonClick(detail)),
    'store-form-render': (detail) => safely(() => census.formRender(detail.formId)),
    'store-overlay-show': (detail) => safely(() => census.overlay(detail?.overlayId)),
    'store-quick-view': (detail) => safely(() => census.quickView(detail.itemId)),
    'store-ads-pixel': (detail) => pixel(detail),
    'store-track-event': (detail) => safely(() => olderTracker.track(detail.event, detail.data)),
  };
  const handle = (name: CensusEventName, detail: unknown) =>
    safely(() => (handlers[name] as (d: unknown) => void)(detail));

  // The page itself.
  if (recordsPageView(deps.path, context.pageType)) {
    safely(() => census.recordHit(hitData(deps.hitEnvironment(), context), visitorRecord));
  }
  if (isProductPage(context) && context.item) {
    const { id, title, productType } = context.item;
    const detail: CommerceEventDetail = {
      event: 'visit-product-page',
      itemId: id,
      ...(title === undefined ? {} : { title }),
      ...(productType === undefined ? {} : { productType }),
    };
    handle('store-commerce', detail);
    sendSiteVisitorMetric('product_page_view', detail);
    pixel(productPixelEvent('ViewContent', detail, currency()));
  }
  const searchString = parseQuery(deps.query).get('q')?.trim();
  if (searchString && (deps.path === '/search' || context.pageType === PageType.SEARCH)) {
    pixel({ name: 'Search', searchString });
  }
  if (deps.platformCartPage?.()) handle('store-commerce', { event: 'view-cart' });
  // A reload of the confirmation is no second purchase: the last order sent is kept per visitor.
  if (context.pageType === PageType.ORDER_CONFIRMED && context.order) {
    const order = context.order;
    let sent: string | undefined;
    safely(() => (sent = deps.visitorValues().get(PURCHASE_SENT_KEY)));
    if (sent !== order.id) {
      pixel(purchasePixelEvent(order));
      safely(() => deps.visitorValues().set(PURCHASE_SENT_KEY, order.id));
    }
  }

  // The widgets' events: from now on, and those emitted before the census listened.
  const stops = CENSUS_LISTENS_TO.map((name) => {
    const listener = (event: Event) => handle(name, (event as CustomEvent).detail);
    deps.events.addEventListener(name, listener);
    return () => deps.events.removeEventListener(name, listener);
  });
  for (const { name, detail } of deps.takeBuffered()) {
    if ((CENSUS_LISTENS_TO as readonly string[]).includes(name)) handle(name as CensusEventName, detail);
  }

  safely(() =>
    deps.sessionRecording?.({
      visitorId: analyticsId,
      cookiesUsed,
      track: (event, data) => olderTracker.track(event, { ...data }),
    }),
  );
  safely(() => deps.startPerformance?.({ websiteId: context.websiteId ?? null, analyticsId, marketingId, memberId }));

  return { skipped: null, cookiesUsed, stop: () => stops.forEach((stop) => stop()) };
}

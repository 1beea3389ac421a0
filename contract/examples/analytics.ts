/**
 * Example analytics payloads, written out and typed by contract/analytics.ts: what the storefront
 * sends and the server accepts. The server's tests post them; the client's tests
 * (analytics/wire-payloads.test.ts) build the same payloads with the client's builders and
 * compare, so neither side can drift from the other.
 */
import type {
  ButtonClickBody,
  CensusButton,
  CensusCommonFields,
  CensusHitData,
  CensusHitForm,
  CommerceEventContent,
  EventServiceBody,
  FirstVisitFields,
  ImageRecord,
  PageSpeedContext,
  PageSpeedRecord,
  RecordEventForm,
  RecordEventPageFields,
  SiteVisitorMetricsContent,
  SiteVisitorPayload,
  UserTimingRecord,
  VitalsSnapshot,
} from '../analytics';
import { AnalyticsEventType, RecordType, SourceEnvironment } from '../enumerations';

export const VISITOR_ID = 'c0ffee00-0000-4000-8000-000000000001';
export const VISITOR_RECORD = `${VISITOR_ID}|1795310813895|0|1795310813895|1`;

/** The page view of the linen shirt's product page (the `data` of its RecordHit). */
export const HIT_DATA: CensusHitData = {
  localStorageSupported: true,
  queryString: '',
  referrer: '',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0',
  clientDate: 1_795_310_813_905,
  viewportInnerHeight: 720,
  viewportInnerWidth: 1280,
  screenHeight: 720,
  screenWidth: 1280,
  websiteId: 'site-field-and-forge',
  templateId: 'field-and-forge',
  website_locale: 'en-US',
  url: '/shop/p/linen-shirt',
  title: 'Linen Shirt · Field & Forge',
  itemId: 'prod-linen-shirt',
  recordType: RecordType.STORE_ITEM,
  collectionId: 'shop',
};

/** The form fields of a page view of `path`. */
export function hitForm(path = '/shop/p/linen-shirt', overrides: Record<string, unknown> = {}): CensusHitForm {
  const data = { ...HIT_DATA, url: path, ...overrides };
  return { event: String(AnalyticsEventType.PAGE_VIEW), data: JSON.stringify(data), ss_cvr: VISITOR_RECORD };
}

/** The visitor and page fields of the census JSON calls on the linen shirt's page. */
export const CENSUS_PAGE: CensusCommonFields = {
  visitorCookie: VISITOR_RECORD,
  websiteId: 'site-field-and-forge',
  pageId: 'page-linen-shirt',
  pagePath: '/shop/p/linen-shirt',
  pageTitle: 'Linen Shirt · Field & Forge',
  itemId: 'prod-linen-shirt',
  collectionId: 'shop',
};

/** The page fields of the census JSON calls. */
export function censusPage(overrides: Record<string, unknown> = {}): CensusCommonFields {
  return { ...CENSUS_PAGE, ...overrides };
}

/** The add button of the linen shirt, as the census carries it (`text` already trimmed). */
export function addButton(text = 'Add To Cart'): CensusButton {
  return { buttonType: 'add-to-cart', buttonId: 'prod-linen-shirt', buttonText: text };
}

/** A click on the add button. */
export const BUTTON_CLICK: ButtonClickBody = { ...CENSUS_PAGE, ...addButton() };

/** The page fields of the older tracker's events on the linen shirt's page. */
export const RECORD_EVENT_PAGE: RecordEventPageFields = {
  pageHash: '',
  pagePath: '/shop/p/linen-shirt',
  websiteId: 'site-field-and-forge',
  templateId: 'field-and-forge',
  variantId: null,
  memberAccountId: null,
  member_locale: null,
  website_locale: 'en-US',
};

/** The older tracker's form fields. */
export function recordEventFormFor(
  crumb: string | undefined,
  event: string,
  data: Record<string, unknown> = {},
): RecordEventForm {
  return { crumb: crumb ?? '', event, data: JSON.stringify({ ...data, ...RECORD_EVENT_PAGE }) };
}

/** The site-visitor fields of an event of `schema` about `objectIdentifier`, on a first session. */
function visitorFields(schema: string, objectIdentifier: string | null): SiteVisitorPayload & FirstVisitFields {
  return {
    analytics_id: 'aid-1',
    browser_language: 'en-US',
    browser_locale: 'en-US',
    window_height: 720,
    window_width: 1280,
    client_name: 'storefront-widgets',
    client_version: '3.8.0',
    marketing_id: null,
    page_host: 'shop.test',
    page_path: '/shop/p/linen-shirt',
    page_query_params: '',
    page_referrer_url: null,
    session_id: 'sid-1',
    user_agent: 'Mozilla/5.0',
    event_timestamp: 1_795_310_815_388,
    custom_schema_name: schema,
    source_environment: SourceEnvironment.DEV,
    context_website_id: 'site-field-and-forge',
    destination_url: null,
    member_account_id: null,
    object_identifier: objectIdentifier,
    resolved_locale: 'en-US',
    website_locale: 'en-US',
    member_account_locale: null,
    first_landing: false,
    first_session: true,
  };
}

/** A commerce event's content, as the event service gets it. */
export function commerceContent(event: 'visit-product-page' | 'add-to-cart' = 'add-to-cart'): CommerceEventContent {
  const added = event === 'add-to-cart';
  return {
    ...visitorFields('commerce_event', 'prod-linen-shirt'),
    event_name: added ? 'add_to_cart' : 'visit_product_page',
    website_id: 'site-field-and-forge',
    page_id: 'page-linen-shirt',
    cart_id: null,
    item_id: 'prod-linen-shirt',
    item_sku: added ? 'LS-S-SAND' : null,
    item_quantity: added ? 1 : null,
    item_title: 'Linen Shirt',
    item_price: added ? 48 : null,
    item_type: 'PHYSICAL',
    item_collection_id: 'shop',
    item_collection_name: 'Shop',
    currency_code: 'USD',
    num_items_in_cart: 0,
    cart_value: 0,
    product_types_list: [],
    purchase_type_list: [],
  };
}

export function siteVisitorContent(): SiteVisitorMetricsContent {
  return {
    ...visitorFields('site_visitor_metrics', 'prod-linen-shirt'),
    event_name: 'product_page_view',
    website_id: 'site-field-and-forge',
    page_id: 'page-linen-shirt',
    cart_id: null,
    product_page: 'pdp',
    product: {
      item_id: 'prod-linen-shirt',
      item_type: 'PHYSICAL',
      item_title: 'Linen Shirt',
      item_collection_id: 'shop',
      item_collection_name: 'Shop',
    },
  };
}

/** The body of `POST /api/v1/clanker/events`. */
export function eventBody(schema: string, content: unknown): string {
  const body: EventServiceBody = { eventSchemaName: schema, eventContent: JSON.stringify(content) };
  return JSON.stringify(body);
}

export interface VitalValues {
  lcp?: number | null;
  fcp?: number | null;
  cls?: number | null;
  inp?: number | null;
  fid?: number | null;
}

/** The page and visitor a page-speed record describes. */
export const PAGE_SPEED_CONTEXT: PageSpeedContext = {
  websiteId: 'site-field-and-forge',
  analyticsId: 'aid-1',
  marketingId: null,
  memberId: null,
  connection: { downlink: 10, effectiveType: '4g', rtt: 50, saveData: false },
  display: { screenWidth: 1280, screenHeight: 720, viewportWidth: 1280, viewportHeight: 720, devicePixelRatio: 1 },
  hardware: { deviceMemory: 8, hardwareConcurrency: 2 },
  hash: '',
  hostname: 'shop.test',
  pathname: '/shop/p/linen-shirt',
};

/** The navigation timings a page-speed record takes from the navigation entry as they are. */
export const NAVIGATION_EVENTS_AND_SIZES = {
  loadEventStart: 300,
  loadEventEnd: 310,
  domContentLoadedEventStart: 200,
  domContentLoadedEventEnd: 205,
  encodedBodySize: 4000,
  decodedBodySize: 12000,
  transferSize: 4300,
} as const;

/** The web vitals a page-speed record carries unless a test gives others. */
export const VITALS = {
  largestContentfulPaint: 1200,
  firstContentfulPaint: 800,
  cumulativeLayoutShift: 0.02,
  interactionToNextPaint: 120,
  firstInputDelay: 12,
} as const satisfies VitalsSnapshot;

/** A page-speed record of the page load `pageLoadId`. */
export function pageSpeed(
  pageLoadId: string,
  vitals: VitalValues = {},
  pathname = PAGE_SPEED_CONTEXT.pathname,
): PageSpeedRecord {
  const vital = (value: number | null | undefined, measured: number) => (value === undefined ? measured : value);
  const measured: VitalsSnapshot = {
    largestContentfulPaint: vital(vitals.lcp, VITALS.largestContentfulPaint),
    firstContentfulPaint: vital(vitals.fcp, VITALS.firstContentfulPaint),
    cumulativeLayoutShift: vital(vitals.cls, VITALS.cumulativeLayoutShift),
    interactionToNextPaint: vital(vitals.inp, VITALS.interactionToNextPaint),
    firstInputDelay: vital(vitals.fid, VITALS.firstInputDelay),
  };
  return {
    recordType: 'page-speed',
    pageLoadId,
    collectorVersion: '4.3.0',
    deliveryType: 'beacon',
    ...PAGE_SPEED_CONTEXT,
    pathname,
    timings: {
      ...measured,
      ...NAVIGATION_EVENTS_AND_SIZES,
      domainLookup: 0,
      tcpConnection: 1,
      tlsTime: 0,
    },
  };
}

export function image(pageLoadId: string): ImageRecord {
  return {
    recordType: 'image',
    pageLoadId,
    url: 'http://shop.test/img/img-linen-shirt.svg?format=750w',
    visibleOnLoad: true,
    observationTime: 250.5,
    intersectionRatio: 1,
    naturalWidth: 750,
    naturalHeight: 938,
    renderedWidth: 520,
    renderedHeight: 650,
    sizeServed: 1800,
    loadedBeforeLCP: true,
    resourceTiming: {
      startTime: 100,
      responseEnd: 180,
      duration: 80,
      transferSize: 2000,
      encodedBodySize: 1800,
      decodedBodySize: 1800,
    },
  };
}

export function userTiming(pageLoadId: string): UserTimingRecord {
  return {
    recordType: 'user-timing',
    pageLoadId,
    entryType: 'measure',
    name: 'store:first-render',
    duration: 12.5,
    startTime: 90,
    details: { widgets: 3 },
  };
}

/** Error reports as the page's reporter sends them. */
export function errorReports(count = 1, message = 'Unable to resolve pageLoadId') {
  return Array.from({ length: count }, (_, i) => ({
    event: 'javascript-error',
    data: {
      message,
      stack: `Error: ${message}\n    at census.element.js:1:${i}`,
      source: 'store-census',
      url: 'http://shop.test/shop/p/linen-shirt',
      userAgent: 'Mozilla/5.0',
    },
    timestamp: 1_795_310_813_944 + i,
  }));
}

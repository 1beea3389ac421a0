import type { PerformanceRecordType } from '../../contract/analytics';
import { AnalyticsEventType, SourceEnvironment } from '../../contract/enumerations';
import {
  bool,
  int,
  jsonValue,
  list,
  matching,
  nullable,
  num,
  object,
  oneOf,
  optional,
  text,
  type Checked,
} from './payload-check';

/**
 * The analytics payloads the storefront sends (storefront spec, sections 7 and 9; platform spec,
 * sections 3 and 7), as checks: every field the client sends is required (nullable ones may be
 * null), unknown fields are refused, strings and lists are bounded.
 */

const ID = 200;
const URLISH = 2000;
const LOCALE = 50;

const id = nullable(text(ID));
const path = matching(/^\//, 'a path starting with /', URLISH);
const size = num(0, 1_000_000);
const optionalSize = nullable(size);
/** Milliseconds or bytes the browser measured. */
const amount = nullable(num(0, Number.MAX_SAFE_INTEGER));

/** The `event` field of a census hit: an `AnalyticsEventType` code, as form text. */
export const hitEventType = oneOf(Object.values(AnalyticsEventType).map(String));

/** The `ss_cvr` visitor record: `id|firstVisit|previousVisit|visitStart|visitCount`, or empty without cookies. */
export const visitorRecord = matching(
  /^(?:[^|]{1,100}(?:\|\d{1,16}){4})?$/,
  'a visitor record (id|ms|ms|ms|count)',
  300,
);

/** The `data` JSON of `POST /api/census/RecordHit`. */
export const hitData = object({
  localStorageSupported: bool,
  queryString: text(URLISH),
  referrer: text(URLISH),
  userAgent: text(1000),
  clientDate: int(0),
  viewportInnerHeight: size,
  viewportInnerWidth: size,
  screenHeight: size,
  screenWidth: size,
  websiteId: id,
  templateId: id,
  website_locale: nullable(text(LOCALE)),
  url: path,
  title: text(500),
  itemId: id,
  recordType: nullable(int(0, 10_000)),
  collectionId: id,
});

/** Page fields every census JSON call carries. */
const censusPage = {
  visitorCookie: nullable(visitorRecord),
  websiteId: id,
  pageId: id,
  pagePath: path,
  pageTitle: text(500),
  itemId: id,
  collectionId: id,
};

/** A button as the census calls carry it. */
const button = {
  buttonType: text(100, 1),
  buttonId: nullable(text(200)),
  buttonText: nullable(text(200)),
};

export const buttonClick = object({ ...censusPage, ...button });
export const buttonRender = object({ ...censusPage, buttons: list(object(button), 1, 50) });
export const formRender = object({ ...censusPage, formId: text(ID, 1) });
export const overlay = object({ ...censusPage, overlayId: optional(text(ID, 1)) });
export type CensusPage = Omit<Checked<typeof buttonClick>, keyof typeof button>;

/** The page fields of the older tracker's `data` (platform spec, section 3); the rest is the event's own data. */
export const olderTrackerPage = object({
  pageHash: text(URLISH),
  pagePath: path,
  websiteId: id,
  templateId: id,
  variantId: id,
  memberAccountId: id,
  member_locale: nullable(text(LOCALE)),
  website_locale: nullable(text(LOCALE)),
});
/** The event's own data: any JSON, nested at most this deep. */
export const customData = jsonValue(8);
export const trackerEventName = matching(/^[A-Za-z0-9_.:-]{1,100}$/, 'an event name of letters, digits and _.:-', 100);

/** Schemas the event service knows. */
export const EVENT_SCHEMAS = ['commerce_event', 'site_visitor_metrics'] as const;
export type EventSchema = (typeof EVENT_SCHEMAS)[number];

/** The site-visitor payload (platform spec, section 3) and the session markers every event carries. */
const siteVisitor = {
  analytics_id: id,
  browser_language: nullable(text(LOCALE)),
  browser_locale: nullable(text(LOCALE)),
  window_height: optionalSize,
  window_width: optionalSize,
  client_name: text(100, 1),
  client_version: matching(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'a version like 3.8.0', 20),
  marketing_id: id,
  page_host: text(300),
  page_path: path,
  page_query_params: text(URLISH),
  page_referrer_url: nullable(text(URLISH)),
  session_id: id,
  user_agent: text(1000),
  event_timestamp: int(0),
  custom_schema_name: oneOf(EVENT_SCHEMAS),
  source_environment: nullable(oneOf(Object.values(SourceEnvironment))),
  context_website_id: id,
  destination_url: nullable(text(URLISH)),
  member_account_id: id,
  object_identifier: id,
  resolved_locale: nullable(text(LOCALE)),
  website_locale: nullable(text(LOCALE)),
  member_account_locale: nullable(text(LOCALE)),
  first_landing: bool,
  first_session: bool,
};

const PRODUCT_TYPES = ['PHYSICAL', 'DIGITAL', 'SERVICE', 'GIFT_CARD', 'PAYWALL', 'UNKNOWN'] as const;

/** The six commerce events (storefront spec, section 7). */
export const COMMERCE_EVENTS = [
  'visit_product_page',
  'add_to_cart',
  'view_cart',
  'remove_from_cart',
  'reviews_tab_click',
  'reviews_anchor_click',
] as const;

export const commerceEventContent = object({
  ...siteVisitor,
  event_name: oneOf(COMMERCE_EVENTS),
  website_id: id,
  page_id: id,
  cart_id: id,
  item_id: id,
  item_sku: id,
  item_quantity: nullable(int(0, 9999)),
  item_title: nullable(text(500)),
  item_price: nullable(num(0, 1e12)),
  item_type: nullable(oneOf(PRODUCT_TYPES)),
  item_collection_id: id,
  item_collection_name: nullable(text(500)),
  currency_code: matching(/^[A-Z]{3}$/, 'a three-letter currency code', 3),
  num_items_in_cart: int(0, 1_000_000),
  cart_value: num(0, 1e12),
  product_types_list: list(oneOf(PRODUCT_TYPES), 0, PRODUCT_TYPES.length),
  purchase_type_list: list(oneOf(['ONE_TIME', 'SUBSCRIPTION']), 0, 2),
});

export const siteVisitorMetricsContent = object({
  ...siteVisitor,
  event_name: oneOf(['product_page_view', 'add_to_cart']),
  website_id: id,
  page_id: id,
  cart_id: id,
  product_page: oneOf(['pdp']),
  product: object({
    item_id: id,
    item_type: oneOf(PRODUCT_TYPES),
    item_title: nullable(text(500)),
    item_collection_id: id,
    item_collection_name: nullable(text(500)),
  }),
});

/** The body of `POST /api/v1/clanker/events`: the content travels as a JSON string. */
export const eventServiceBody = object({
  eventSchemaName: oneOf(EVENT_SCHEMAS),
  eventContent: text(32 * 1024, 2),
});

/** A performance record's page load id, as `GET /api/1/performance/settings` gives it out. */
const pageLoadId = text(ID, 1);
const timing = amount;

export const pageSpeedRecord = object({
  recordType: oneOf(['page-speed']),
  pageLoadId,
  collectorVersion: matching(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'a version like 4.3.0', 20),
  deliveryType: oneOf(['beacon', 'xhr']),
  websiteId: id,
  analyticsId: id,
  marketingId: id,
  memberId: id,
  connection: object({
    downlink: nullable(num(0, 1e6)),
    effectiveType: nullable(text(20)),
    rtt: nullable(num(0, 1e6)),
    saveData: nullable(bool),
  }),
  display: object({
    screenWidth: optionalSize,
    screenHeight: optionalSize,
    viewportWidth: optionalSize,
    viewportHeight: optionalSize,
    devicePixelRatio: nullable(num(0, 100)),
  }),
  hardware: object({ deviceMemory: nullable(num(0, 1e6)), hardwareConcurrency: nullable(num(0, 1e6)) }),
  hash: text(URLISH),
  hostname: text(300),
  pathname: path,
  timings: object({
    cumulativeLayoutShift: nullable(num(0, 1000)),
    firstContentfulPaint: timing,
    firstInputDelay: timing,
    interactionToNextPaint: timing,
    largestContentfulPaint: timing,
    loadEventStart: timing,
    loadEventEnd: timing,
    domContentLoadedEventStart: timing,
    domContentLoadedEventEnd: timing,
    encodedBodySize: timing,
    decodedBodySize: timing,
    transferSize: timing,
    domainLookup: timing,
    tcpConnection: timing,
    tlsTime: timing,
  }),
});
export type PageSpeedRecord = Checked<typeof pageSpeedRecord>;

export const imageRecord = object({
  recordType: oneOf(['image']),
  pageLoadId,
  url: text(URLISH, 1),
  visibleOnLoad: bool,
  observationTime: num(0),
  intersectionRatio: num(0, 1),
  naturalWidth: size,
  naturalHeight: size,
  renderedWidth: size,
  renderedHeight: size,
  sizeServed: amount,
  loadedBeforeLCP: nullable(bool),
  resourceTiming: nullable(
    object({
      startTime: num(0),
      responseEnd: num(0),
      duration: num(0),
      transferSize: amount,
      encodedBodySize: amount,
      decodedBodySize: amount,
    }),
  ),
});

export const userTimingRecord = object({
  recordType: oneOf(['user-timing']),
  pageLoadId,
  entryType: oneOf(['mark', 'measure']),
  name: text(500, 1),
  duration: num(0),
  startTime: num(0),
  details: jsonValue(8),
});

/** Record types of `POST /api/1/performance/records`, each with its check. */
export const PERFORMANCE_RECORDS = {
  'page-speed': pageSpeedRecord,
  image: imageRecord,
  'user-timing': userTimingRecord,
} as const satisfies Record<PerformanceRecordType, unknown>;

/** Records one call may carry: the page-speed record, 100 images and 200 user timings of a page, and some room. */
export const MAX_PERFORMANCE_RECORDS = 400;

/** One report of `POST /api/events/RecordJavascriptErrors` (storefront spec, section 9). */
export const errorReport = object({
  event: text(100, 1),
  data: object({
    message: text(1000),
    stack: text(5000),
    source: text(200),
    url: text(URLISH),
    userAgent: text(1000),
  }),
  timestamp: int(0),
});
/** Reports one call may carry (a page sends at most 20, at most 10 at once). */
export const MAX_ERROR_REPORTS = 20;

/**
 * The analytics payloads the storefront sends and the server accepts (storefront spec,
 * sections 7 and 9; platform spec, sections 3 and 7): census calls, the older event tracker,
 * the event service and the performance collector. The client builds them, the server checks
 * them; both are typed by this file.
 */
import type { SourceEnvironment } from './enumerations';

// Census (`/api/census/*`)

/** What the browser says about a page view (the first fields of a census hit's `data`). */
export interface CensusHitBrowserFields {
  localStorageSupported: boolean;
  /** `location.search` without its '?'. */
  queryString: string;
  referrer: string;
  userAgent: string;
  /** Epoch milliseconds. */
  clientDate: number;
  viewportInnerHeight: number;
  viewportInnerWidth: number;
  screenHeight: number;
  screenWidth: number;
}

/** The `data` JSON of `POST /api/census/RecordHit`. */
export interface CensusHitData extends CensusHitBrowserFields {
  websiteId: string | null;
  templateId: string | null;
  website_locale: string | null;
  /** The page's path. */
  url: string;
  title: string;
  itemId: string | null;
  recordType: number | null;
  collectionId: string | null;
}

/** The form fields of `POST /api/census/RecordHit`: the event type (1, a page view), `data` as JSON, the visitor record. */
// A type, not an interface: form fields pass where a Record<string, string> is asked for.
export type CensusHitForm = {
  event: string;
  data: string;
  ss_cvr: string;
};

/** The page fields of the census JSON calls. */
export interface CensusPageFields {
  websiteId: string | null;
  pageId: string | null;
  pagePath: string;
  pageTitle: string;
  itemId: string | null;
  collectionId: string | null;
}

/** What every census JSON call carries: the visitor cookie (`ss_cvr`, null without analytics cookies) and the page. */
export interface CensusCommonFields extends CensusPageFields {
  visitorCookie: string | null;
}

/** A button as the census calls carry it. */
export interface CensusButton {
  buttonType: string;
  buttonId: string | null;
  buttonText: string | null;
}

/** The body of `POST /api/census/button-click`. */
export type ButtonClickBody = CensusCommonFields & CensusButton;

/** The body of `POST /api/census/button-render`: the buttons shown since the last call. */
export interface ButtonRenderBody extends CensusCommonFields {
  buttons: CensusButton[];
}

/** The body of `POST /api/census/form-render`. */
export interface FormRenderBody extends CensusCommonFields {
  formId: string;
}

/** The body of `POST /api/census/overlay`. */
export interface OverlayBody extends CensusCommonFields {
  overlayId?: string;
}

// Older event tracker (`POST /api/events/RecordEvent`)

/** Page fields every event of the older tracker carries in its `data` (platform spec, section 3). */
export interface RecordEventPageFields {
  pageHash: string;
  pagePath: string;
  websiteId: string | null;
  templateId: string | null;
  /** The experiment variant the page was served in, when any. */
  variantId: string | null;
  memberAccountId: string | null;
  member_locale: string | null;
  website_locale: string | null;
}

/** The form fields of `POST /api/events/RecordEvent`: crumb, event, `data` (JSON of the event's data and the page fields). */
// A type, not an interface: form fields pass where a Record<string, string> is asked for.
export type RecordEventForm = {
  crumb: string;
  event: string;
  data: string;
};

// Event service (`POST /api/v1/clanker/events`)

/** The body of `POST /api/v1/clanker/events`: the content travels as a JSON string. */
export interface EventServiceBody {
  eventSchemaName: string;
  eventContent: string;
}

/** The site-visitor event payload (platform spec, section 3), snake_case as the event service takes it. */
export interface SiteVisitorPayload {
  analytics_id: string | null;
  browser_language: string | null;
  browser_locale: string | null;
  window_height: number | null;
  window_width: number | null;
  client_name: string;
  client_version: string;
  marketing_id: string | null;
  page_host: string;
  page_path: string;
  page_query_params: string;
  page_referrer_url: string | null;
  session_id: string | null;
  user_agent: string;
  /** Epoch milliseconds. */
  event_timestamp: number;
  custom_schema_name: string;
  source_environment: SourceEnvironment | null;
  context_website_id: string | null;
  destination_url: string | null;
  member_account_id: string | null;
  object_identifier: string | null;
  /** The locale content is shown in: the member's, else the site's, else the browser's. */
  resolved_locale: string | null;
  website_locale: string | null;
  member_account_locale: string | null;
}

/** Set on the content of the first event of a landing and of a session. */
export interface FirstVisitFields {
  first_landing: boolean;
  first_session: boolean;
}

/** The commerce fields of one commerce event (storefront spec, section 7). */
export interface CommerceEventFields {
  event_name: string;
  website_id: string | null;
  page_id: string | null;
  cart_id: string | null;
  item_id: string | null;
  item_sku: string | null;
  item_quantity: number | null;
  item_title: string | null;
  /** Unit price, major units. */
  item_price: number | null;
  item_type: string | null;
  item_collection_id: string | null;
  item_collection_name: string | null;
  currency_code: string;
  num_items_in_cart: number;
  /** Cart subtotal, major units. */
  cart_value: number;
  product_types_list: string[];
  purchase_type_list: string[];
}

/** The site-visitor metrics payload (storefront spec, section 7). */
export interface SiteVisitorMetricsFields {
  event_name: 'product_page_view' | 'add_to_cart';
  website_id: string | null;
  page_id: string | null;
  cart_id: string | null;
  product_page: 'pdp';
  product: {
    item_id: string | null;
    item_type: string;
    item_title: string | null;
    item_collection_id: string | null;
    item_collection_name: string | null;
  };
}

/** The content of a `commerce_event`. */
export type CommerceEventContent = SiteVisitorPayload & FirstVisitFields & CommerceEventFields;

/** The content of a `site_visitor_metrics` event. */
export type SiteVisitorMetricsContent = SiteVisitorPayload & FirstVisitFields & SiteVisitorMetricsFields;

// Performance collector (`/api/1/performance/*`)

/** The answer of `GET /api/1/performance/settings`. */
export interface PerformanceSettings {
  pageLoadId: string;
}

/** Version of the collector the records say they come from (platform spec, section 9). */
export const COLLECTOR_VERSION = '4.3.0';

/** How a record left the page. */
export type DeliveryType = 'beacon' | 'xhr';

/** Web vitals as they stand (milliseconds, CLS unitless); null until measured. */
export interface VitalsSnapshot {
  cumulativeLayoutShift: number | null;
  firstContentfulPaint: number | null;
  /** From the `first-input` entry: web-vitals 5+ no longer offers FID. */
  firstInputDelay: number | null;
  interactionToNextPaint: number | null;
  largestContentfulPaint: number | null;
}

/** The navigation timings of the page (milliseconds from navigation start, sizes in bytes). */
export interface NavigationTimings {
  loadEventStart: number | null;
  loadEventEnd: number | null;
  domContentLoadedEventStart: number | null;
  domContentLoadedEventEnd: number | null;
  encodedBodySize: number | null;
  decodedBodySize: number | null;
  transferSize: number | null;
  /** DNS lookup time. */
  domainLookup: number | null;
  /** TCP connection time (TLS included). */
  tcpConnection: number | null;
  /** TLS negotiation time (0 without TLS). */
  tlsTime: number | null;
}

export interface ConnectionDetails {
  downlink: number | null;
  effectiveType: string | null;
  /** Round-trip time, ms. */
  rtt: number | null;
  saveData: boolean | null;
}

export interface DisplaySizes {
  screenWidth: number | null;
  screenHeight: number | null;
  viewportWidth: number | null;
  viewportHeight: number | null;
  devicePixelRatio: number | null;
}

export interface HardwareDetails {
  /** GB, as `navigator.deviceMemory` rounds it. */
  deviceMemory: number | null;
  hardwareConcurrency: number | null;
}

/** Everything about the page and visitor a page-speed record carries besides the timings. */
export interface PageSpeedContext {
  websiteId: string | null;
  analyticsId: string | null;
  marketingId: string | null;
  memberId: string | null;
  connection: ConnectionDetails;
  display: DisplaySizes;
  hardware: HardwareDetails;
  hash: string;
  hostname: string;
  pathname: string;
}

/** The page-speed record (platform spec, section 3). */
export interface PageSpeedRecord extends PageSpeedContext {
  recordType: 'page-speed';
  pageLoadId: string;
  collectorVersion: typeof COLLECTOR_VERSION;
  deliveryType: DeliveryType;
  timings: VitalsSnapshot & NavigationTimings;
}

/** Resource timing of one image. */
export interface ImageResourceTiming {
  startTime: number;
  responseEnd: number;
  duration: number;
  transferSize: number | null;
  encodedBodySize: number | null;
  decodedBodySize: number | null;
}

/** One CDN image as seen at load. */
export interface ImageObservation {
  url: string;
  /** Intersecting the viewport when observed at load. */
  visibleOnLoad: boolean;
  /** When it was observed (ms since navigation start). */
  observationTime: number;
  intersectionRatio: number;
  naturalWidth: number;
  naturalHeight: number;
  renderedWidth: number;
  renderedHeight: number;
}

/** An image record (platform spec, section 3): served size against rendered size, visibility, timing. */
export interface ImageRecord extends ImageObservation {
  recordType: 'image';
  pageLoadId: string;
  /** Bytes served (encoded body size), null when the browser does not say. */
  sizeServed: number | null;
  /** Finished loading before the largest contentful paint; null while LCP is unknown or the timing missing. */
  loadedBeforeLCP: boolean | null;
  resourceTiming: ImageResourceTiming | null;
}

/** A user-timing record: a performance mark or measure of the page. */
export interface UserTimingRecord {
  recordType: 'user-timing';
  pageLoadId: string;
  entryType: 'mark' | 'measure';
  name: string;
  duration: number;
  startTime: number;
  /** The entry's `detail`, when it survives JSON. */
  details: unknown;
}

/** One record of `POST /api/1/performance/records`. */
export type PerformanceRecord = PageSpeedRecord | ImageRecord | UserTimingRecord;

/** The record types of `POST /api/1/performance/records`. */
export type PerformanceRecordType = PerformanceRecord['recordType'];

/**
 * Analytics payloads as the storefront sends them, built with the client's own payload builders
 * (runtime/census, runtime/telemetry) so a change on either side shows up in the server tests.
 */
import { censusButton } from '../../analytics/census/census-client';
import {
  commerceEventFields,
  siteVisitorMetricsFields,
  type CommerceState,
} from '../../analytics/census/commerce-payloads';
import { hitData, type HitEnvironment } from '../../analytics/census/hit-data';
import type { PageContext } from '../../analytics/census/page-context';
import { recordEventForm } from '../../analytics/telemetry/record-event-tracker';
import {
  imageRecord,
  navigationTimings,
  pageSpeedRecord,
  userTimingRecord,
  type PageSpeedContext,
} from '../../analytics/telemetry/performance-records';
import { siteVisitorPayload, type VisitorIdentity } from '../../analytics/telemetry/site-visitor-payload';

export const VISITOR_ID = 'c0ffee00-0000-4000-8000-000000000001';
export const VISITOR_RECORD = `${VISITOR_ID}|1795310813895|0|1795310813895|1`;

export const PRODUCT_CONTEXT: PageContext = {
  websiteId: 'site-field-and-forge',
  templateId: 'field-and-forge',
  websiteLocale: 'en-US',
  pageType: 50,
  pageId: 'page-linen-shirt',
  item: { id: 'prod-linen-shirt', recordType: 11, collectionId: 'shop', title: 'Linen Shirt', productType: 1 },
  collection: { id: 'shop', name: 'Shop' },
  featureFlags: [],
  account: null,
  cookiePolicy: { restrictive: false },
  isCloneable: false,
  sourceEnvironment: 'dev',
  currency: 'USD',
};

const HIT_ENV: HitEnvironment = {
  localStorageSupported: true,
  queryString: '',
  referrer: '',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0',
  clientDate: 1_795_310_813_905,
  viewportInnerHeight: 720,
  viewportInnerWidth: 1280,
  screenHeight: 720,
  screenWidth: 1280,
  path: '/shop/p/linen-shirt',
  title: 'Linen Shirt · Field & Forge',
};

/** The form fields of a page view of `path`. */
export function hitForm(path = '/shop/p/linen-shirt', overrides: Record<string, unknown> = {}): Record<string, string> {
  const data = { ...hitData({ ...HIT_ENV, path }, PRODUCT_CONTEXT), ...overrides };
  return { event: '1', data: JSON.stringify(data), ss_cvr: VISITOR_RECORD };
}

/** The page fields of the census JSON calls. */
export function censusPage(overrides: Record<string, unknown> = {}) {
  return {
    visitorCookie: VISITOR_RECORD,
    websiteId: 'site-field-and-forge',
    pageId: 'page-linen-shirt',
    pagePath: '/shop/p/linen-shirt',
    pageTitle: 'Linen Shirt · Field & Forge',
    itemId: 'prod-linen-shirt',
    collectionId: 'shop',
    ...overrides,
  };
}

export function addButton(text = 'Add To Cart') {
  return censusButton({ buttonType: 'add-to-cart', buttonId: 'prod-linen-shirt', buttonText: text });
}

/** The older tracker's form fields. */
export function recordEventFormFor(crumb: string | undefined, event: string, data?: Record<string, unknown>) {
  return recordEventForm(
    crumb,
    event,
    {
      pageHash: '',
      pagePath: '/shop/p/linen-shirt',
      websiteId: 'site-field-and-forge',
      templateId: 'field-and-forge',
      variantId: null,
      memberAccountId: null,
      member_locale: null,
      website_locale: 'en-US',
    },
    data,
  );
}

const IDENTITY: VisitorIdentity = {
  analyticsId: 'aid-1',
  marketingId: null,
  sessionId: 'sid-1',
  websiteId: 'site-field-and-forge',
  websiteLocale: 'en-US',
  memberAccountId: null,
  memberAccountLocale: null,
  sourceEnvironment: 'dev',
};

function visitorFields(schema: string, objectIdentifier: string | null) {
  return {
    ...siteVisitorPayload(
      {
        browserLanguage: 'en-US',
        browserLocale: 'en-US',
        windowHeight: 720,
        windowWidth: 1280,
        pageHost: 'shop.test',
        pagePath: '/shop/p/linen-shirt',
        pageQueryParams: '',
        pageReferrerUrl: null,
        userAgent: 'Mozilla/5.0',
        now: 1_795_310_815_388,
      },
      IDENTITY,
      { customSchemaName: schema, objectIdentifier },
    ),
    first_landing: false,
    first_session: true,
  };
}

const STATE: CommerceState = { context: PRODUCT_CONTEXT, cart: null, itemTypes: new Map([['prod-linen-shirt', 1]]) };

/** A commerce event's content, as the event service gets it. */
export function commerceContent(event: 'visit-product-page' | 'add-to-cart' = 'add-to-cart') {
  const detail =
    event === 'add-to-cart'
      ? { event, itemId: 'prod-linen-shirt', sku: 'LS-S-SAND', quantity: 1, title: 'Linen Shirt', unitPriceCents: 4800 }
      : { event, itemId: 'prod-linen-shirt', title: 'Linen Shirt', productType: 1 };
  return { ...visitorFields('commerce_event', 'prod-linen-shirt'), ...commerceEventFields(detail, STATE) };
}

export function siteVisitorContent() {
  return {
    ...visitorFields('site_visitor_metrics', 'prod-linen-shirt'),
    ...siteVisitorMetricsFields('product_page_view', { itemId: 'prod-linen-shirt' }, STATE),
  };
}

/** The body of `POST /api/v1/clanker/events`. */
export function eventBody(schema: string, content: unknown): string {
  return JSON.stringify({ eventSchemaName: schema, eventContent: JSON.stringify(content) });
}

const SPEED_CONTEXT: PageSpeedContext = {
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

export interface VitalValues {
  lcp?: number | null;
  fcp?: number | null;
  cls?: number | null;
  inp?: number | null;
  fid?: number | null;
}

/** A page-speed record of the page load `pageLoadId`. */
export function pageSpeed(pageLoadId: string, vitals: VitalValues = {}, pathname = '/shop/p/linen-shirt') {
  return pageSpeedRecord(
    pageLoadId,
    'beacon',
    { ...SPEED_CONTEXT, pathname },
    {
      largestContentfulPaint: vitals.lcp === undefined ? 1200 : vitals.lcp,
      firstContentfulPaint: vitals.fcp === undefined ? 800 : vitals.fcp,
      cumulativeLayoutShift: vitals.cls === undefined ? 0.02 : vitals.cls,
      interactionToNextPaint: vitals.inp === undefined ? 120 : vitals.inp,
      firstInputDelay: vitals.fid === undefined ? 12 : vitals.fid,
    },
    navigationTimings({
      loadEventStart: 300,
      loadEventEnd: 310,
      domContentLoadedEventStart: 200,
      domContentLoadedEventEnd: 205,
      encodedBodySize: 4000,
      decodedBodySize: 12000,
      transferSize: 4300,
      domainLookupStart: 1,
      domainLookupEnd: 1,
      connectStart: 1,
      connectEnd: 2,
      secureConnectionStart: 0,
    }),
  );
}

export function image(pageLoadId: string) {
  return imageRecord(
    pageLoadId,
    {
      url: 'http://shop.test/img/img-linen-shirt.svg?format=750w',
      visibleOnLoad: true,
      observationTime: 250.5,
      intersectionRatio: 1,
      naturalWidth: 750,
      naturalHeight: 938,
      renderedWidth: 520,
      renderedHeight: 650,
    },
    {
      startTime: 100,
      responseEnd: 180,
      duration: 80,
      transferSize: 2000,
      encodedBodySize: 1800,
      decodedBodySize: 1800,
    },
    1200,
  );
}

export function userTiming(pageLoadId: string) {
  return userTimingRecord(pageLoadId, {
    entryType: 'measure',
    name: 'store:first-render',
    duration: 12.5,
    startTime: 90,
    detail: { widgets: 3 },
  });
}

/** Error reports as the page's reporter sends them. */
export function errorReports(count = 1, message = 'Unable to resolve pageLoadId') {
  return Array.from({ length: count }, (_, i) => ({
    event: 'javascript-error',
    data: {
      message,
      stack: `Error: ${message}\n    at census-tracker.js:1:${i}`,
      source: 'store-census',
      url: 'http://shop.test/shop/p/linen-shirt',
      userAgent: 'Mozilla/5.0',
    },
    timestamp: 1_795_310_813_944 + i,
  }));
}

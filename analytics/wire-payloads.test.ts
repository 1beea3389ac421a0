import { describe, expect, it, vi } from 'vitest';
import type {
  ButtonClickBody,
  ButtonRenderBody,
  CensusHitForm,
  CommerceEventContent,
  EventServiceBody,
  ImageRecord,
  PageSpeedRecord,
  RecordEventForm,
  SiteVisitorMetricsContent,
  UserTimingRecord,
} from '../contract/analytics';
import * as server from '../contract/examples/analytics';
import { fakeXhrFactory } from '../testing/fake-xhr';
import { censusButton, censusHitForm, createCensusClient } from './census/census-client';
import { commerceEventFields, siteVisitorMetricsFields, type CommerceState } from './census/commerce-payloads';
import { hitData, type HitEnvironment } from './census/hit-data';
import type { PageContext } from '../runtime/session/page-context';
import type { AnalyticsBody } from './telemetry/analytics-http';
import { createEventServiceTracker } from './telemetry/event-service-tracker';
import { imageRecord, navigationTimings, pageSpeedRecord, userTimingRecord } from './telemetry/performance-records';
import { recordEventForm } from './telemetry/record-event-tracker';
import { siteVisitorPayload, type VisitorIdentity } from './telemetry/site-visitor-payload';

/**
 * The server's tests post the payloads of contract/examples/analytics.ts, written out by
 * hand. Here the client builds the same payloads from the page that produced them: the two must
 * be equal, so a change on either side fails one of these.
 */

const PRODUCT_CONTEXT: PageContext = {
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

/** The browser's side of the page view: the hit's browser fields, its url (the path) and title. */
const {
  websiteId: _websiteId,
  templateId: _templateId,
  website_locale: _locale,
  url,
  title,
  itemId: _itemId,
  recordType: _recordType,
  collectionId: _collectionId,
  ...browser
} = server.HIT_DATA;
const HIT_ENV: HitEnvironment = { ...browser, path: url, title };

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

const STATE: CommerceState = { context: PRODUCT_CONTEXT, cart: null, itemTypes: new Map([['prod-linen-shirt', 1]]) };

function visitorFields(schema: string) {
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
      { customSchemaName: schema, objectIdentifier: 'prod-linen-shirt' },
    ),
    first_landing: false,
    first_session: true,
  };
}

describe('the client sends what the server tests post', () => {
  it('census page view (RecordHit form)', () => {
    const form: CensusHitForm = censusHitForm(hitData(HIT_ENV, PRODUCT_CONTEXT), server.VISITOR_RECORD);
    expect(form).toEqual(server.hitForm());
    expect(JSON.parse(form.data)).toEqual(server.HIT_DATA);
  });

  it('census button click and render bodies', async () => {
    const sent: [string, AnalyticsBody][] = [];
    let later: (() => void) | undefined;
    const client = createCensusClient({
      http: { post: async (path, body) => (sent.push([path, body]), 200) },
      visitorCookie: () => server.VISITOR_RECORD,
      page: () => {
        const { visitorCookie: _, ...page } = server.CENSUS_PAGE;
        return page;
      },
      setTimeout: (callback) => (later = callback),
    });
    const button = { buttonType: 'add-to-cart', buttonId: 'prod-linen-shirt', buttonText: ' Add To Cart ' };
    expect(censusButton(button)).toEqual(server.addButton());
    await client.buttonClick(button);
    client.buttonRender(button);
    later?.();
    const click = sent[0]?.[1] as { json: ButtonClickBody };
    const render = sent[1]?.[1] as { json: ButtonRenderBody };
    expect(click.json).toEqual(server.BUTTON_CLICK);
    expect(render.json).toEqual({ ...server.censusPage(), buttons: [server.addButton()] });
  });

  it('older tracker (RecordEvent form)', () => {
    const form: RecordEventForm = recordEventForm('crumb-1', 'gallery-open', server.RECORD_EVENT_PAGE, { slide: 3 });
    expect(form).toEqual(server.recordEventFormFor('crumb-1', 'gallery-open', { slide: 3 }));
    expect(recordEventForm(undefined, 'x', server.RECORD_EVENT_PAGE)).toEqual(
      server.recordEventFormFor(undefined, 'x'),
    );
  });

  it.each(['add-to-cart', 'visit-product-page'] as const)('event service: the %s commerce event', (event) => {
    const detail =
      event === 'add-to-cart'
        ? {
            event,
            itemId: 'prod-linen-shirt',
            sku: 'LS-S-SAND',
            quantity: 1,
            title: 'Linen Shirt',
            unitPriceCents: 4800,
          }
        : { event, itemId: 'prod-linen-shirt', title: 'Linen Shirt', productType: 1 };
    const content: CommerceEventContent = { ...visitorFields('commerce_event'), ...commerceEventFields(detail, STATE) };
    expect(content).toEqual(server.commerceContent(event));
  });

  it('event service: the site-visitor metrics event, and the body it travels in', async () => {
    const content: SiteVisitorMetricsContent = {
      ...visitorFields('site_visitor_metrics'),
      ...siteVisitorMetricsFields('product_page_view', { itemId: 'prod-linen-shirt' }, STATE),
    };
    expect(content).toEqual(server.siteVisitorContent());
    const sendBeacon = vi.fn((_url: string, _data: string) => true);
    const tracker = createEventServiceTracker({ sendBeacon, createXhr: fakeXhrFactory(200).create, warn: vi.fn() });
    await tracker.track('site_visitor_metrics', content);
    const body: EventServiceBody = JSON.parse(sendBeacon.mock.calls[0]?.[1] ?? '');
    expect(body).toEqual(JSON.parse(server.eventBody('site_visitor_metrics', server.siteVisitorContent())));
  });

  it('performance records: page speed, image, user timing', () => {
    const speed: PageSpeedRecord = pageSpeedRecord(
      'pl-1',
      'beacon',
      server.PAGE_SPEED_CONTEXT,
      server.VITALS,
      navigationTimings({
        ...server.NAVIGATION_EVENTS_AND_SIZES,
        domainLookupStart: 1,
        domainLookupEnd: 1,
        connectStart: 1,
        connectEnd: 2,
        secureConnectionStart: 0,
      }),
    );
    expect(speed).toEqual(server.pageSpeed('pl-1'));
    // The image as observed and its timing; the record adds what it concludes from them.
    const {
      recordType: _imageType,
      pageLoadId: _imageLoad,
      sizeServed: _served,
      loadedBeforeLCP: _beforeLcp,
      resourceTiming,
      ...observation
    } = server.image('pl-1');
    const image: ImageRecord = imageRecord('pl-1', observation, resourceTiming, 1200);
    expect(image).toEqual(server.image('pl-1'));
    const timing: UserTimingRecord = userTimingRecord('pl-1', {
      entryType: 'measure',
      name: 'store:first-render',
      duration: 12.5,
      startTime: 90,
      detail: { widgets: 3 },
    });
    expect(timing).toEqual(server.userTiming('pl-1'));
  });
});

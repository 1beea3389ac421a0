import { describe, expect, it } from 'vitest';
import {
  COLLECTOR_VERSION,
  imageRecord,
  imageResourceTiming,
  isCdnImage,
  navigationTimings,
  pageSpeedRecord,
  parseCdnList,
  userTimingRecord,
  type ImageObservation,
} from './performance-records';
import { NAVIGATION_EVENTS_AND_SIZES, PAGE_SPEED_CONTEXT, VITALS } from '../../contract/examples/analytics';

describe('navigation timings', () => {
  it('reads load and DOM events, body sizes, DNS, TCP and TLS times', () => {
    expect(
      navigationTimings({
        ...NAVIGATION_EVENTS_AND_SIZES,
        domainLookupStart: 10,
        domainLookupEnd: 25,
        connectStart: 25,
        secureConnectionStart: 40,
        connectEnd: 70,
      }),
    ).toEqual({
      ...NAVIGATION_EVENTS_AND_SIZES,
      domainLookup: 15,
      tcpConnection: 45,
      tlsTime: 30,
    });
  });

  it('no TLS means 0, no entry means nulls', () => {
    expect(navigationTimings({ secureConnectionStart: 0, connectStart: 1, connectEnd: 2 }).tlsTime).toBe(0);
    expect(Object.values(navigationTimings(undefined)).every((v) => v === null)).toBe(true);
  });
});

describe('records', () => {
  it('the page-speed record has the collector version, delivery type and every timing', () => {
    const record = pageSpeedRecord('pl-1', 'beacon', PAGE_SPEED_CONTEXT, VITALS, navigationTimings(undefined));
    expect(record).toMatchObject({
      recordType: 'page-speed',
      pageLoadId: 'pl-1',
      collectorVersion: '4.3.0',
      deliveryType: 'beacon',
      analyticsId: 'aid-1',
      hostname: 'shop.test',
      hardware: { deviceMemory: 8, hardwareConcurrency: 2 },
      timings: { ...VITALS, loadEventStart: null, tlsTime: null },
    });
    expect(COLLECTOR_VERSION).toBe('4.3.0');
  });

  it('image records compare served and rendered size and the LCP time', () => {
    const observation: ImageObservation = {
      url: '/img/shirt.jpg',
      visibleOnLoad: true,
      observationTime: 120,
      intersectionRatio: 0.5,
      naturalWidth: 1500,
      naturalHeight: 1000,
      renderedWidth: 300,
      renderedHeight: 200,
    };
    // The resource entry's times and sizes, taken as they are.
    const entry = {
      startTime: 100,
      responseEnd: 400,
      duration: 300,
      transferSize: 52_000,
      encodedBodySize: 51_000,
      decodedBodySize: 51_000,
    };
    const timing = imageResourceTiming(entry);
    expect(imageRecord('pl', observation, timing, 500)).toEqual({
      recordType: 'image',
      pageLoadId: 'pl',
      ...observation,
      sizeServed: 51_000,
      loadedBeforeLCP: true,
      resourceTiming: entry,
    });
    expect(imageRecord('pl', observation, timing, 300).loadedBeforeLCP).toBe(false);
    expect(imageRecord('pl', observation, timing, null).loadedBeforeLCP).toBeNull();
    expect(imageRecord('pl', observation, null, 300)).toMatchObject({ loadedBeforeLCP: null, sizeServed: null });
  });

  it('user-timing records keep name, duration, start time and details', () => {
    expect(
      userTimingRecord('pl', { entryType: 'measure', name: 'cart', duration: 12, startTime: 30, detail: { n: 1 } }),
    ).toEqual({
      recordType: 'user-timing',
      pageLoadId: 'pl',
      entryType: 'measure',
      name: 'cart',
      duration: 12,
      startTime: 30,
      details: { n: 1 },
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(
      userTimingRecord('pl', { entryType: 'mark', name: 'm', duration: 0, startTime: 1, detail: cyclic }).details,
    ).toBeNull();
  });
});

describe('CDN images', () => {
  const origin = 'http://shop.test/shop';
  it('hosts of the list and same-origin path prefixes count', () => {
    const cdn = parseCdnList('images.cdn.test, /img/ ,/media/');
    expect(cdn).toEqual({ hosts: ['images.cdn.test'], pathPrefixes: ['/img/', '/media/'] });
    expect(isCdnImage('https://images.cdn.test/a.jpg', origin, cdn)).toBe(true);
    expect(isCdnImage('/img/a.jpg', origin, cdn)).toBe(true);
    expect(isCdnImage('http://shop.test/media/b.png', origin, cdn)).toBe(true);
    expect(isCdnImage('https://elsewhere.test/img/a.jpg', origin, cdn)).toBe(false);
    expect(isCdnImage('/static/a.jpg', origin, cdn)).toBe(false);
  });

  it('the default is the demo store: same-origin /img/', () => {
    expect(isCdnImage('/img/a.jpg', origin, parseCdnList(undefined))).toBe(true);
    expect(isCdnImage('https://images.cdn.test/a.jpg', origin, parseCdnList(''))).toBe(false);
  });
});

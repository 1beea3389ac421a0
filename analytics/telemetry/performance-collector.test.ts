import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryResult, DeliveryType } from './beacon-or-xhr';
import {
  FLUSH_AFTER_LOAD_MS,
  METRICS_WAIT_MS,
  startPerformanceCollector,
  type PerformanceCollectorDeps,
  type UserTimingEntry,
} from './performance-collector';
import {
  navigationTimings,
  type ImageObservation,
  type PageSpeedContext,
  type PerformanceRecord,
} from './performance-records';

const context: PageSpeedContext = {
  websiteId: 'site-1',
  analyticsId: 'aid',
  marketingId: 'mid',
  memberId: null,
  connection: { downlink: null, effectiveType: null, rtt: null, saveData: null },
  display: { screenWidth: 1, screenHeight: 1, viewportWidth: 1, viewportHeight: 1, devicePixelRatio: 1 },
  hardware: { deviceMemory: null, hardwareConcurrency: 8 },
  hash: '',
  hostname: 'shop.test',
  pathname: '/',
};

const image: ImageObservation = {
  url: '/img/a.jpg',
  visibleOnLoad: true,
  observationTime: 50,
  intersectionRatio: 1,
  naturalWidth: 1000,
  naturalHeight: 1000,
  renderedWidth: 250,
  renderedHeight: 250,
};

let sent: { deliveries: PerformanceRecord[][]; delivery: DeliveryType }[];
let reported: string[];
let answer: DeliveryResult;
let load: () => void;
let hide: () => void;
let reportVitals: Record<string, (value: number) => void>;
let marks: UserTimingEntry[];
let resolveId: (id: string | null) => void;

function deps(overrides: Partial<PerformanceCollectorDeps> = {}): PerformanceCollectorDeps {
  const vital = (name: string) => (report: (value: number) => void) => {
    reportVitals[name] = report;
  };
  return {
    vitals: {
      onCLS: vital('CLS'),
      onFCP: vital('FCP'),
      onINP: vital('INP'),
      onLCP: vital('LCP'),
      onFirstInput: vital('FID'),
    },
    pageLoadId: () => new Promise((resolve) => (resolveId = resolve)),
    context: () => context,
    navigation: () => navigationTimings({ loadEventStart: 900, loadEventEnd: 910 }),
    observeImages: (report) => report(image),
    resourceTiming: () => ({
      startTime: 10,
      responseEnd: 200,
      duration: 190,
      transferSize: 900,
      encodedBodySize: 800,
      decodedBodySize: 800,
    }),
    userTimings: () => marks,
    whenLoaded: (callback) => (load = callback),
    whenHidden: (callback) => (hide = callback),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    send: async (body) => {
      const delivery: DeliveryType = answer.delivery;
      sent.push({ deliveries: [JSON.parse(body(delivery)) as PerformanceRecord[]], delivery });
      return answer;
    },
    report: (error) => reported.push(error.message),
    ...overrides,
  };
}

const types = (records: PerformanceRecord[] | undefined) => records?.map((r) => r.recordType);

/** Starts a collector, gives it page load id pl-1, loads the page and hides it. */
async function loadAndHide(collectorDeps: PerformanceCollectorDeps): Promise<void> {
  startPerformanceCollector(collectorDeps);
  resolveId('pl-1');
  load();
  hide();
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  reported = [];
  answer = { delivery: 'beacon' };
  reportVitals = {};
  marks = [{ entryType: 'mark', name: 'hero-shown', duration: 0, startTime: 120 }];
});
afterEach(() => vi.useRealTimers());

describe('performance collector', () => {
  it('flushes image and user-timing records 30 s after load', async () => {
    startPerformanceCollector(deps());
    resolveId('pl-1');
    load();
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_LOAD_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(types(sent[0]?.deliveries[0])).toEqual(['image', 'user-timing']);
    expect(sent[0]?.deliveries[0]?.[0]).toMatchObject({ pageLoadId: 'pl-1', url: '/img/a.jpg', loadedBeforeLCP: null });
    expect(FLUSH_AFTER_LOAD_MS).toBe(30_000);
  });

  it('sends the page-speed record with the metrics when the page is hidden', async () => {
    startPerformanceCollector(deps());
    resolveId('pl-1');
    await vi.advanceTimersByTimeAsync(0);
    load();
    reportVitals.FCP?.(300);
    reportVitals.LCP?.(150);
    reportVitals.LCP?.(700);
    reportVitals.CLS?.(0.05);
    reportVitals.INP?.(80);
    reportVitals.FID?.(6);
    hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    const records = sent[0]?.deliveries[0] ?? [];
    expect(types(records)).toEqual(['page-speed', 'image', 'user-timing']);
    expect(records[0]).toMatchObject({
      recordType: 'page-speed',
      pageLoadId: 'pl-1',
      collectorVersion: '4.3.0',
      deliveryType: 'beacon',
      analyticsId: 'aid',
      marketingId: 'mid',
      timings: {
        firstContentfulPaint: 300,
        largestContentfulPaint: 700,
        cumulativeLayoutShift: 0.05,
        interactionToNextPaint: 80,
        firstInputDelay: 6,
        loadEventStart: 900,
      },
    });
    expect(records[1]).toMatchObject({ recordType: 'image', loadedBeforeLCP: true });
    // Nothing is sent twice.
    hide();
    await vi.advanceTimersByTimeAsync(METRICS_WAIT_MS);
    expect(sent).toHaveLength(1);
  });

  it('without a hide, the page-speed record goes 60 s after load', async () => {
    startPerformanceCollector(deps());
    resolveId('pl-1');
    load();
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_LOAD_MS);
    marks.push({ entryType: 'measure', name: 'late', duration: 5, startTime: 40_000 });
    await vi.advanceTimersByTimeAsync(METRICS_WAIT_MS - FLUSH_AFTER_LOAD_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(types(sent[1]?.deliveries[0])).toEqual(['page-speed', 'user-timing']);
    expect(METRICS_WAIT_MS).toBe(60_000);
  });

  it('waits for the page load id, and sends nothing without one', async () => {
    startPerformanceCollector(deps());
    load();
    hide();
    await vi.advanceTimersByTimeAsync(FLUSH_AFTER_LOAD_MS);
    expect(sent).toHaveLength(0);
    resolveId('late-id');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.deliveries[0]?.every((r) => r.pageLoadId === 'late-id')).toBe(true);

    sent = [];
    startPerformanceCollector(deps());
    resolveId(null);
    load();
    hide();
    await vi.advanceTimersByTimeAsync(METRICS_WAIT_MS);
    expect(sent).toHaveLength(0);
  });

  it("says 'xhr' when the beacon fell back, and reports 'XHR request DONE with unexpected status: {code}'", async () => {
    answer = { delivery: 'xhr', status: 503 };
    await loadAndHide(deps());
    expect(sent[0]?.deliveries[0]?.[0]).toMatchObject({ recordType: 'page-speed', deliveryType: 'xhr' });
    expect(reported).toEqual(['XHR request DONE with unexpected status: 503']);
  });

  it('an XHR answered 2xx reports nothing', async () => {
    answer = { delivery: 'xhr', status: 204 };
    await loadAndHide(deps());
    expect(sent).toHaveLength(1);
    expect(reported).toEqual([]);
  });

  it('a broken metrics source is reported and the rest goes on', async () => {
    const throwing = () => {
      throw new Error('no PerformanceObserver');
    };
    await loadAndHide(
      deps({ vitals: { onCLS: throwing, onFCP: throwing, onINP: throwing, onLCP: throwing, onFirstInput: throwing } }),
    );
    expect(reported).toHaveLength(5);
    expect(types(sent[0]?.deliveries[0])).toEqual(['page-speed', 'image', 'user-timing']);
  });
});

import { onCLS, onFCP, onINP, onLCP } from 'web-vitals';
import { http } from '../../runtime/http/client';
import { browserBeaconOrXhrDeps, sendByBeaconOrXhr } from './beacon-or-xhr';
import type { PerformanceCollectorDeps, UserTimingEntry, VitalsSource } from './performance-collector';
import {
  imageResourceTiming,
  isCdnImage,
  navigationTimings,
  type CdnMatcher,
  type ImageObservation,
  type PageSpeedContext,
} from './performance-records';
import { PERFORMANCE_PATHS, resolvePageLoadId } from './performance-settings';

/**
 * Metric values from `web-vitals` (every change reported, so a record sent early has the
 * values so far). web-vitals 5 and later no longer offer FID: it is read from the
 * browser's `first-input` entry instead (processing start minus start time).
 */
export function webVitalsSource(): VitalsSource {
  const options = { reportAllChanges: true };
  return {
    onCLS: (report) => onCLS((m) => report(m.value), options),
    onFCP: (report) => onFCP((m) => report(m.value), options),
    onINP: (report) => onINP((m) => report(m.value), options),
    onLCP: (report) => onLCP((m) => report(m.value), options),
    onFirstInput(report) {
      if (typeof PerformanceObserver === 'undefined') return;
      try {
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
          if (!entry) return;
          report(Math.max(0, entry.processingStart - entry.startTime));
          observer.disconnect();
        });
        observer.observe({ type: 'first-input', buffered: true });
      } catch {
        // Browsers without first-input entries measure no FID.
      }
    },
  };
}

function renderedSize(img: HTMLImageElement): { width: number; height: number } {
  const rect = img.getBoundingClientRect();
  return { width: Math.round(rect.width), height: Math.round(rect.height) };
}

function observation(img: HTMLImageElement, visible: boolean, ratio: number, time: number): ImageObservation {
  const rendered = renderedSize(img);
  return {
    url: img.currentSrc || img.src,
    visibleOnLoad: visible,
    observationTime: time,
    intersectionRatio: ratio,
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
    renderedWidth: rendered.width,
    renderedHeight: rendered.height,
  };
}

/** Watches the page's CDN images once each: visibility on load by an IntersectionObserver (else their position). */
export function observeCdnImages(
  doc: Document,
  cdn: CdnMatcher,
  report: (observation: ImageObservation) => void,
): void {
  const origin = doc.location?.href ?? globalThis.location?.href ?? 'http://localhost/';
  const images = [...doc.querySelectorAll('img')].filter((img) => isCdnImage(img.currentSrc || img.src, origin, cdn));
  if (images.length === 0) return;
  if (typeof IntersectionObserver === 'undefined') {
    const viewportHeight = globalThis.innerHeight || 0;
    const viewportWidth = globalThis.innerWidth || 0;
    for (const img of images) {
      const r = img.getBoundingClientRect();
      const visible = r.bottom > 0 && r.right > 0 && r.top < viewportHeight && r.left < viewportWidth;
      report(observation(img, visible, visible ? 1 : 0, performance.now()));
    }
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      observer.unobserve(entry.target);
      report(observation(entry.target as HTMLImageElement, entry.isIntersecting, entry.intersectionRatio, entry.time));
    }
  });
  for (const img of images) observer.observe(img);
}

interface NetworkInformationLike {
  downlink?: number;
  effectiveType?: string;
  rtt?: number;
  saveData?: boolean;
}

/** The page and visitor details of page-speed records. */
export function browserPageSpeedContext(ids: {
  websiteId: string | null;
  analyticsId: string | null;
  marketingId: string | null;
  memberId: string | null;
}): PageSpeedContext {
  const nav = globalThis.navigator as
    (Navigator & { connection?: NetworkInformationLike; deviceMemory?: number }) | undefined;
  const connection = nav?.connection;
  const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const loc = globalThis.location;
  return {
    ...ids,
    connection: {
      downlink: n(connection?.downlink),
      effectiveType: typeof connection?.effectiveType === 'string' ? connection.effectiveType : null,
      rtt: n(connection?.rtt),
      saveData: typeof connection?.saveData === 'boolean' ? connection.saveData : null,
    },
    display: {
      screenWidth: n(globalThis.screen?.width),
      screenHeight: n(globalThis.screen?.height),
      viewportWidth: n(globalThis.innerWidth),
      viewportHeight: n(globalThis.innerHeight),
      devicePixelRatio: n(globalThis.devicePixelRatio),
    },
    hardware: { deviceMemory: n(nav?.deviceMemory), hardwareConcurrency: n(nav?.hardwareConcurrency) },
    hash: loc?.hash ?? '',
    hostname: loc?.hostname ?? '',
    pathname: loc?.pathname ?? '',
  };
}

function entries(type: string): PerformanceEntry[] {
  try {
    return globalThis.performance?.getEntriesByType?.(type) ?? [];
  } catch {
    return [];
  }
}

export interface BrowserCollectorOptions {
  doc: Document;
  cdn: CdnMatcher;
  ids: Parameters<typeof browserPageSpeedContext>[0];
  report: (error: Error) => void;
}

/** The collector's dependencies in a browser. */
export function browserCollectorDeps(options: BrowserCollectorOptions): PerformanceCollectorDeps {
  const { doc } = options;
  const beacon = browserBeaconOrXhrDeps();
  return {
    vitals: webVitalsSource(),
    pageLoadId: () =>
      resolvePageLoadId({
        // Not in the analytics lane: every record of the page waits for this one small answer,
        // and a page left before it came would lose its page-speed record.
        fetchSettings: (signal) => http().get(PERFORMANCE_PATHS.settings, { signal, timeout: false, retry: 0 }).json(),
        timeoutSignal: (ms) => AbortSignal.timeout(ms),
        report: options.report,
      }).then((id) => {
        // Readable by other scripts of the page (and tests) to tie their data to this page load.
        if (id !== null) doc.documentElement.dataset.storePageLoadId = id;
        return id;
      }),
    context: () => browserPageSpeedContext(options.ids),
    navigation: () => navigationTimings(entries('navigation')[0] as PerformanceNavigationTiming | undefined),
    observeImages: (report) => observeCdnImages(doc, options.cdn, report),
    resourceTiming(url) {
      try {
        const absolute = new URL(url, doc.location?.href).href;
        const entry = globalThis.performance?.getEntriesByName?.(absolute, 'resource')[0];
        return imageResourceTiming(entry as PerformanceResourceTiming | undefined);
      } catch {
        return null;
      }
    },
    userTimings: () => [...entries('mark'), ...entries('measure')] as UserTimingEntry[],
    whenLoaded(callback) {
      if (doc.readyState === 'complete') queueMicrotask(callback);
      else doc.defaultView?.addEventListener('load', () => callback(), { once: true });
    },
    whenHidden(callback) {
      doc.addEventListener('visibilitychange', () => {
        if (doc.visibilityState === 'hidden') callback();
      });
      doc.defaultView?.addEventListener('pagehide', () => callback());
    },
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    send: (body) => sendByBeaconOrXhr(PERFORMANCE_PATHS.records, body, 'text/plain;charset=UTF-8', beacon),
    report: options.report,
  };
}

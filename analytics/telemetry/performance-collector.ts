import type { DeliveryResult, DeliveryType } from './beacon-or-xhr';
import {
  imageRecord,
  pageSpeedRecord,
  userTimingRecord,
  type ImageObservation,
  type ImageResourceTiming,
  type NavigationTimings,
  type PageSpeedContext,
  type PerformanceRecord,
  type VitalsSnapshot,
} from './performance-records';
import { PERFORMANCE_ERRORS } from './performance-settings';

/** Records go out this long after the load event (and whenever the page is hidden). */
export const FLUSH_AFTER_LOAD_MS = 30_000;
/** The page-speed record waits for its metrics this long after load, or until the page is hidden. */
export const METRICS_WAIT_MS = 60_000;
/** At most this many image and user-timing records per page. */
export const RECORD_LIMITS = { images: 100, userTimings: 200 } as const;

/** Where metric values come from (web-vitals in browsers; fakes in tests). Callbacks may fire repeatedly with newer values. */
export interface VitalsSource {
  onCLS(report: (value: number) => void): void;
  onFCP(report: (value: number) => void): void;
  onINP(report: (value: number) => void): void;
  onLCP(report: (value: number) => void): void;
  /** First input delay, from the `first-input` entry. */
  onFirstInput(report: (value: number) => void): void;
}

/** A mark or measure as the collector reads it. */
export interface UserTimingEntry {
  entryType: string;
  name: string;
  duration: number;
  startTime: number;
  detail?: unknown;
}

export interface PerformanceCollectorDeps {
  vitals: VitalsSource;
  /** The page load id of the settings call (null: unavailable, records are dropped). */
  pageLoadId: () => Promise<string | null>;
  context: () => PageSpeedContext;
  navigation: () => NavigationTimings;
  /** Observes the CDN images once the page has loaded; reports each one once. */
  observeImages: (report: (observation: ImageObservation) => void) => void;
  resourceTiming: (url: string) => ImageResourceTiming | null;
  userTimings: () => UserTimingEntry[];
  /** Calls back once the load event has happened (at once when it already has). */
  whenLoaded: (callback: () => void) => void;
  /** Calls back every time the page is hidden. */
  whenHidden: (callback: () => void) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  /** Sends the records; the body is built per delivery type (beacon or XHR). */
  send: (body: (delivery: DeliveryType) => string) => Promise<DeliveryResult>;
  /** Error reporting. */
  report: (error: Error) => void;
}

export interface PerformanceCollector {
  /** Sends the records not sent yet (once the page load id is known). */
  flush(): void;
  /** The metric values so far. */
  vitals(): VitalsSnapshot;
}

/**
 * The page-speed collector (platform spec, sections 3, 7, 9). Image and user-timing records
 * flush 30 s after load and whenever the page is hidden; the one page-speed record joins them
 * when the page is first hidden or 60 s after load, whichever comes first. Everything waits for
 * the page load id; without one nothing is sent. An XHR answered with another status than 2xx
 * is reported as 'XHR request DONE with unexpected status: {code}'.
 */
export function startPerformanceCollector(deps: PerformanceCollectorDeps): PerformanceCollector {
  const vitals: VitalsSnapshot = {
    cumulativeLayoutShift: null,
    firstContentfulPaint: null,
    firstInputDelay: null,
    interactionToNextPaint: null,
    largestContentfulPaint: null,
  };
  const images: ImageObservation[] = [];
  let imagesSent = 0;
  const timingsSent = new Set<string>();
  let pageSpeedReady = false;
  let pageSpeedSent = false;
  /** undefined: still asking; null: no id. */
  let pageLoadId: string | null | undefined;
  let flushWaiting = false;

  const keep = (key: keyof VitalsSnapshot) => (value: number) => {
    if (Number.isFinite(value)) vitals[key] = value;
  };
  const guard = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      deps.report(error instanceof Error ? error : new Error(String(error)));
    }
  };

  guard(() => deps.vitals.onCLS(keep('cumulativeLayoutShift')));
  guard(() => deps.vitals.onFCP(keep('firstContentfulPaint')));
  guard(() => deps.vitals.onINP(keep('interactionToNextPaint')));
  guard(() => deps.vitals.onLCP(keep('largestContentfulPaint')));
  guard(() => deps.vitals.onFirstInput(keep('firstInputDelay')));

  const collect = (id: string): ((delivery: DeliveryType) => PerformanceRecord)[] => {
    const builders: ((delivery: DeliveryType) => PerformanceRecord)[] = [];
    if (pageSpeedReady && !pageSpeedSent) {
      pageSpeedSent = true;
      const context = deps.context();
      const snapshot = { ...vitals };
      const navigation = deps.navigation();
      builders.push((delivery) => pageSpeedRecord(id, delivery, context, snapshot, navigation));
    }
    for (const observation of images.slice(imagesSent)) {
      const record = imageRecord(id, observation, deps.resourceTiming(observation.url), vitals.largestContentfulPaint);
      builders.push(() => record);
    }
    imagesSent = images.length;
    for (const entry of deps.userTimings()) {
      const key = `${entry.entryType}:${entry.name}:${entry.startTime}`;
      if (timingsSent.has(key) || timingsSent.size >= RECORD_LIMITS.userTimings) continue;
      if (entry.entryType !== 'mark' && entry.entryType !== 'measure') continue;
      timingsSent.add(key);
      const record = userTimingRecord(id, entry);
      builders.push(() => record);
    }
    return builders;
  };

  const flush = () =>
    guard(() => {
      if (pageLoadId === undefined) {
        flushWaiting = true;
        return;
      }
      if (pageLoadId === null) return;
      const builders = collect(pageLoadId);
      if (builders.length === 0) return;
      const body = (delivery: DeliveryType) => JSON.stringify(builders.map((build) => build(delivery)));
      void deps.send(body).then(
        (result) => {
          if (result.delivery === 'xhr' && (result.status < 200 || result.status > 299)) {
            deps.report(new Error(PERFORMANCE_ERRORS.xhrStatus(result.status)));
          }
        },
        () => undefined,
      );
    });

  const finishPageSpeed = () => {
    pageSpeedReady = true;
    flush();
  };

  void deps.pageLoadId().then(
    (id) => {
      pageLoadId = id;
      if (flushWaiting) {
        flushWaiting = false;
        flush();
      }
    },
    () => {
      pageLoadId = null;
    },
  );

  guard(() =>
    deps.whenLoaded(() =>
      guard(() => {
        deps.observeImages((observation) => {
          if (images.length < RECORD_LIMITS.images) images.push(observation);
        });
        deps.setTimeout(flush, FLUSH_AFTER_LOAD_MS);
        deps.setTimeout(finishPageSpeed, METRICS_WAIT_MS);
      }),
    ),
  );
  guard(() => deps.whenHidden(finishPageSpeed));

  return { flush, vitals: () => ({ ...vitals }) };
}

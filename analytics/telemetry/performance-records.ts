import {
  COLLECTOR_VERSION,
  type DeliveryType,
  type ImageObservation,
  type ImageRecord,
  type ImageResourceTiming,
  type NavigationTimings,
  type PageSpeedContext,
  type PageSpeedRecord,
  type UserTimingRecord,
  type VitalsSnapshot,
} from '../../contract/analytics';

export { COLLECTOR_VERSION };
export type {
  ImageObservation,
  ImageRecord,
  ImageResourceTiming,
  NavigationTimings,
  PageSpeedContext,
  PageSpeedRecord,
  PerformanceRecord,
  UserTimingRecord,
  VitalsSnapshot,
} from '../../contract/analytics';

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The navigation timings of a `PerformanceNavigationTiming` entry (all null without one). */
export function navigationTimings(nav: Partial<PerformanceNavigationTiming> | undefined): NavigationTimings {
  const span = (from: unknown, to: unknown) => {
    const a = num(from);
    const b = num(to);
    return a === null || b === null ? null : Math.max(0, b - a);
  };
  const secure = num(nav?.secureConnectionStart);
  return {
    loadEventStart: num(nav?.loadEventStart),
    loadEventEnd: num(nav?.loadEventEnd),
    domContentLoadedEventStart: num(nav?.domContentLoadedEventStart),
    domContentLoadedEventEnd: num(nav?.domContentLoadedEventEnd),
    encodedBodySize: num(nav?.encodedBodySize),
    decodedBodySize: num(nav?.decodedBodySize),
    transferSize: num(nav?.transferSize),
    domainLookup: span(nav?.domainLookupStart, nav?.domainLookupEnd),
    tcpConnection: span(nav?.connectStart, nav?.connectEnd),
    tlsTime: secure === null ? null : secure > 0 ? span(secure, nav?.connectEnd) : 0,
  };
}

/** Builds the page-speed record. */
export function pageSpeedRecord(
  pageLoadId: string,
  deliveryType: DeliveryType,
  context: PageSpeedContext,
  vitals: VitalsSnapshot,
  navigation: NavigationTimings,
): PageSpeedRecord {
  return {
    recordType: 'page-speed',
    pageLoadId,
    collectorVersion: COLLECTOR_VERSION,
    deliveryType,
    ...context,
    timings: { ...vitals, ...navigation },
  };
}

/** The resource timing of a `PerformanceResourceTiming` entry. */
export function imageResourceTiming(entry: Partial<PerformanceResourceTiming> | undefined): ImageResourceTiming | null {
  const startTime = num(entry?.startTime);
  const responseEnd = num(entry?.responseEnd);
  if (startTime === null || responseEnd === null) return null;
  return {
    startTime,
    responseEnd,
    duration: num(entry?.duration) ?? responseEnd - startTime,
    transferSize: num(entry?.transferSize),
    encodedBodySize: num(entry?.encodedBodySize),
    decodedBodySize: num(entry?.decodedBodySize),
  };
}

/** Builds an image record; `lcpTime` is the largest contentful paint so far (null: unknown). */
export function imageRecord(
  pageLoadId: string,
  observation: ImageObservation,
  timing: ImageResourceTiming | null,
  lcpTime: number | null,
): ImageRecord {
  return {
    recordType: 'image',
    pageLoadId,
    ...observation,
    sizeServed: timing?.encodedBodySize || timing?.transferSize || null,
    loadedBeforeLCP: timing && lcpTime !== null ? timing.responseEnd <= lcpTime : null,
    resourceTiming: timing,
  };
}

function jsonSafe(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return null;
  }
}

/** Builds a user-timing record from a mark or measure entry. */
export function userTimingRecord(
  pageLoadId: string,
  entry: Pick<PerformanceEntry, 'entryType' | 'name' | 'duration' | 'startTime'> & { detail?: unknown },
): UserTimingRecord {
  return {
    recordType: 'user-timing',
    pageLoadId,
    entryType: entry.entryType === 'measure' ? 'measure' : 'mark',
    name: entry.name,
    duration: entry.duration,
    startTime: entry.startTime,
    details: jsonSafe(entry.detail),
  };
}

/** Which image URLs come from the platform's CDN: a host of the list, or a same-origin path prefix ("/img/"). */
export interface CdnMatcher {
  /** Host names ("images.example-cdn.com"). */
  hosts: readonly string[];
  /** Same-origin path prefixes ("/img/"). */
  pathPrefixes: readonly string[];
}

/** The demo store serves its images from `/img/`; real sites add their CDN hosts. */
export const DEFAULT_CDN: CdnMatcher = { hosts: [], pathPrefixes: ['/img/'] };

/** Reads a `data-cdn-hosts` list: comma-separated; entries starting with '/' are same-origin path prefixes. */
export function parseCdnList(list: string | undefined): CdnMatcher {
  if (!list || !list.trim()) return DEFAULT_CDN;
  const entries = list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return {
    hosts: entries.filter((e) => !e.startsWith('/')).map((e) => e.toLowerCase()),
    pathPrefixes: entries.filter((e) => e.startsWith('/')),
  };
}

/** Whether an image URL (resolved against `origin`) is a CDN image. */
export function isCdnImage(url: string, origin: string, cdn: CdnMatcher): boolean {
  try {
    const parsed = new URL(url, origin);
    if (cdn.hosts.includes(parsed.hostname.toLowerCase())) return true;
    return parsed.origin === new URL(origin).origin && cdn.pathPrefixes.some((p) => parsed.pathname.startsWith(p));
  } catch {
    return false;
  }
}

import type { DeliveryType } from '../../contract/analytics';
import { CSRF_HEADER } from '../../runtime/http/client';
import { isApiCrossOrigin, storeUrl } from '../../runtime/session/api-origin';
import { readCookie } from '../../runtime/session/cookies';
import { analyticsLane, pageLeaving, type Lane } from './analytics-lane';

export type { DeliveryType } from '../../contract/analytics';

/** The part of `XMLHttpRequest` the fallback uses (tests hand in a fake). */
export interface XhrLike {
  open(method: string, url: string, async?: boolean): void;
  setRequestHeader(name: string, value: string): void;
  send(body: string): void;
  readonly readyState: number;
  readonly status: number;
  onreadystatechange: ((event: Event) => unknown) | null;
}

export interface BeaconOrXhrDeps {
  /** `navigator.sendBeacon`, bound; undefined where the browser has none. */
  sendBeacon?: ((url: string, data: string) => boolean) | undefined;
  createXhr: () => XhrLike;
  /** The crumb for the XHR's CSRF header (beacons cannot carry headers). */
  crumb?: () => string | undefined;
  /**
   * A beacon's request made with `fetch(url, {method: 'POST', keepalive: true})` and a text/plain
   * body (what `sendBeacon` does), resolving when it is answered: while the page is visible
   * this is used instead of `sendBeacon`, so the request can wait its turn in the analytics lane
   * and its connection is known to be free again.
   */
  keepaliveBeacon?: (url: string, data: string) => Promise<void>;
  /** Whether the page is being hidden or left (then `sendBeacon` goes at once, lane or not). */
  pageHidden?: () => boolean;
  /** Where visible-page requests wait their turn (the page's analytics lane by default). */
  lane?: Lane;
}

/** What happened to one payload: queued by the browser as a beacon, or the XHR's final status (0: no answer). */
export type DeliveryResult = { delivery: 'beacon' } | { delivery: 'xhr'; status: number };

const XHR_DONE = 4;

/** A visible-page beacon gives up (and frees its place in the lane) after this long. */
const BEACON_TIMEOUT_MS = 10_000;

/**
 * Sends `body(delivery)` as a beacon (a text/plain keepalive POST that survives the page going
 * away) and, when the browser has no beacon or refuses it, with an XHR POST of the given
 * content type. While the page is visible the beacon is a keepalive `fetch` in the analytics
 * lane, so analytics never holds the connections the shop needs; when the page is being hidden
 * it is `navigator.sendBeacon`, at once. The body is built per delivery type because some
 * payloads say how they travelled. Never rejects.
 */
export function sendByBeaconOrXhr(
  path: string,
  body: (delivery: DeliveryType) => string,
  contentType: string,
  deps: BeaconOrXhrDeps,
): Promise<DeliveryResult> {
  // The store's, which is not the page's origin when the widgets are embedded elsewhere.
  const url = storeUrl(path);
  const lane = deps.lane ?? analyticsLane();
  if (deps.keepaliveBeacon && !deps.pageHidden?.()) {
    const beacon = deps.keepaliveBeacon;
    return lane.run(async () => {
      try {
        await beacon(url, body('beacon'));
        return { delivery: 'beacon' } as const;
      } catch {
        // Refused (too large for a keepalive request, say) or no answer: the XHR tries once more.
        return sendByXhr(url, body, contentType, deps);
      }
    });
  }
  try {
    if (deps.sendBeacon?.(url, body('beacon'))) return Promise.resolve({ delivery: 'beacon' });
  } catch {
    // A beacon that throws (payload too large for the queue, say) falls back to XHR.
  }
  return deps.pageHidden?.()
    ? sendByXhr(url, body, contentType, deps)
    : lane.run(() => sendByXhr(url, body, contentType, deps));
}

function sendByXhr(
  url: string,
  body: (delivery: DeliveryType) => string,
  contentType: string,
  deps: BeaconOrXhrDeps,
): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    try {
      const xhr = deps.createXhr();
      xhr.open('POST', url, true);
      xhr.setRequestHeader('Content-Type', contentType);
      const crumb = deps.crumb?.();
      if (crumb) xhr.setRequestHeader(CSRF_HEADER, crumb);
      xhr.onreadystatechange = () => {
        if (xhr.readyState === XHR_DONE) resolve({ delivery: 'xhr', status: xhr.status });
      };
      xhr.send(body('xhr'));
    } catch {
      resolve({ delivery: 'xhr', status: 0 });
    }
  });
}

/** The browser's beacon and XHR. */
export function browserBeaconOrXhrDeps(): BeaconOrXhrDeps {
  const nav = globalThis.navigator;
  return {
    sendBeacon: typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined,
    createXhr: () => {
      const xhr = new XMLHttpRequest();
      xhr.withCredentials = isApiCrossOrigin();
      return xhr;
    },
    crumb: () => readCookie('crumb'),
    keepaliveBeacon: async (url, data) => {
      const response = await fetch(url, {
        method: 'POST',
        body: data,
        keepalive: true,
        credentials: isApiCrossOrigin() ? 'include' : 'same-origin',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        signal: AbortSignal.timeout(BEACON_TIMEOUT_MS),
      });
      // Like a beacon, any answer means it arrived; only no answer at all falls back.
      void response.body?.cancel();
    },
    pageHidden: pageLeaving,
  };
}

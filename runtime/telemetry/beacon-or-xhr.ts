import { CSRF_HEADER } from '../http/client';
import { readCookie } from '../session/cookies';

/** How a payload left the page. */
export type DeliveryType = 'beacon' | 'xhr';

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
}

/** What happened to one payload: queued by the browser as a beacon, or the XHR's final status (0: no answer). */
export type DeliveryResult = { delivery: 'beacon' } | { delivery: 'xhr'; status: number };

const XHR_DONE = 4;

/**
 * Sends `body(delivery)` with `navigator.sendBeacon` (a text/plain string; it survives the
 * page going away) and, when the browser has no beacon or refuses to queue it, with an XHR
 * POST of the given content type. The body is built per delivery type because some payloads
 * say how they travelled. Never rejects.
 */
export function sendByBeaconOrXhr(
  url: string,
  body: (delivery: DeliveryType) => string,
  contentType: string,
  deps: BeaconOrXhrDeps,
): Promise<DeliveryResult> {
  try {
    if (deps.sendBeacon?.(url, body('beacon'))) return Promise.resolve({ delivery: 'beacon' });
  } catch {
    // A beacon that throws (payload too large for the queue, say) falls back to XHR.
  }
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
    createXhr: () => new XMLHttpRequest(),
    crumb: () => readCookie('crumb'),
  };
}

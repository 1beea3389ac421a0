import { pageSlot } from '../page-runtime';
import { storeContext } from './store-context';

/** This module's URL: in the build, the runtime chunk beside `storefront.js`, on the store's origin. */
const SCRIPT_URL = import.meta.url;

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/**
 * The origin widgets call: the store context's `apiBase` (resolved against the page, so `/` is the
 * page's own origin), else the origin the script came from. Undefined when neither is an http(s)
 * URL (tests, a file): then calls go to the page's origin, by relative URLs.
 */
export function resolveApiOrigin(
  apiBase: string | undefined,
  scriptUrl: string,
  pageUrl: string | undefined,
): string | undefined {
  for (const [input, base] of [
    [apiBase, pageUrl],
    [scriptUrl, undefined],
  ] as const) {
    if (!input) continue;
    try {
      const url = new URL(input, base);
      if (isHttp(url)) return url.origin;
    } catch {
      // The next candidate.
    }
  }
  return undefined;
}

const pageApiOrigin = pageSlot<{ origin: string | undefined }>('api-origin', () => ({
  origin: resolveApiOrigin(storeContext().apiBase, SCRIPT_URL, globalThis.location?.href),
}));

/** The origin the page's widgets call (undefined: the page's own, by relative URLs). */
export function apiOrigin(): string | undefined {
  return pageApiOrigin.get().origin;
}

/** Whether the API is on another origin than the page: calls then carry cookies by CORS, and the cart cookie is out of sight. */
export function isApiCrossOrigin(): boolean {
  const origin = apiOrigin();
  return origin !== undefined && origin !== globalThis.location?.origin;
}

/**
 * Whether the API is on another site than the page: another scheme or host (ports alone do not
 * make another site). The store's cookies are third-party there, so the widgets keep a cart token
 * instead. Hosts sharing a registrable domain (`www.shop.example`, `shop.example`) count as other
 * sites too: telling them apart needs the public suffix list, and the token works for both.
 */
export function isApiCrossSite(): boolean {
  const origin = apiOrigin();
  const page = globalThis.location;
  if (origin === undefined || !page) return false;
  try {
    const store = new URL(origin);
    return store.protocol !== page.protocol || store.hostname !== page.hostname;
  } catch {
    return false;
  }
}

/** Points the page's widgets at `origin` (tests); undefined: resolved again from the page. */
export function setApiOrigin(origin: string | undefined): void {
  pageApiOrigin.set(origin === undefined ? undefined : { origin });
}

/**
 * A path of the store (`/cart`, a script) on the store's origin, which is not the page's when the
 * widgets are embedded elsewhere. Links to store pages use `storePageUrl` (session/navigate.ts),
 * which keeps the page's language too.
 */
export function storeUrl(path: string): string {
  const origin = apiOrigin();
  if (!origin || !isApiCrossOrigin()) return path;
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return path;
  }
}

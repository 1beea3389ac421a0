/**
 * Embedding the widgets on another origin: what the server answers a page it refuses or whose
 * cookies never arrive, and the messages the widgets show for both.
 */

/** Where a store-context `apiBase` of `/` points: the page's own origin. */
export const API_BASE_PAGE_ORIGIN = '/';

/** Path of the small call that hands a page on another origin the visitor's crumb (`{crumb}`). */
export const CRUMB_PATH = '/api/crumb';

/** The answer's header that carries the crumb to pages on allowed origins (exposed through CORS). */
export const CRUMB_RESPONSE_HEADER = 'X-CSRF-Token';

/** 403 to a page whose origin the store does not allow; says which origin and what would allow it. */
export function originRefusedMessage(origin: string): string {
  return `This store does not accept calls from ${origin}. The store owner can allow it in the store's allowed origins (ALLOWED_ORIGINS).`;
}

/**
 * 403 when a call carries a crumb the store handed out but none of the store's cookies: the
 * browser keeps them from the store on this page (third-party cookies blocked).
 */
export function cookiesBlockedMessage(storeOrigin: string): string {
  return `Your browser blocks this store's cookies on this page (third-party cookies), and the store needs them to keep your cart. Allow cookies for ${storeOrigin}, or shop on the store's own site.`;
}

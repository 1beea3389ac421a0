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

/**
 * Request header of a page on another site: the cart token the page keeps in its own storage, or
 * {@link NO_CART_TOKEN} before it has one. Its presence makes the call cookie-less: the store reads
 * neither cookies nor crumb, only the token. Answers carry the token the page should keep from now
 * on in the same header (a new one, or {@link NO_CART_TOKEN}: forget it).
 */
export const CART_TOKEN_HEADER = 'X-Store-Cart-Token';

/**
 * The store's own pages: `CART` holds the cart's secret, which no script reads (HttpOnly); this
 * readable cookie says only that there is a cart, so the widgets know to load it.
 */
export const HAS_CART_COOKIE = 'HAS_CART';

/** The token header's value for "none yet" (asking) or "forget yours" (answering). */
export const NO_CART_TOKEN = 'none';

/** `DELETE` with the cart token: the page forgets its cart, and the store ends the token. */
export const CART_TOKEN_PATH = '/api/commerce/shopping-cart/token';

/** `POST` with the cart token -> `{code}`: a one-time code that brings the cart to the store's own pages. */
export const HANDOFF_CODE_PATH = '/api/commerce/shopping-cart/handoff';

/**
 * The store page a hand-off form posts to (`code`, `next`); it takes the shopper to `next` on the
 * store's own site with the cart handed over.
 */
export const HANDOFF_PAGE_PATH = '/commerce/handoff';

/** What a page on another site says instead of adding when it cannot keep a cart (no storage at all). */
export function noCartStorageMessage(storeOrigin: string): string {
  return `Your browser does not let this page keep a cart, so adding here would be lost. Shop on the store's own site: ${storeOrigin}`;
}

import { withLanguagePrefix } from '../../contract/language-prefix';
import { storeUrl } from './api-origin';
import { usesCartToken } from './cart-token';
import { handOff, handOffStoreLinks, setLeave } from './handoff';
import { storeContext } from './store-context';

/** Where the storefront sends the shopper after a purchase step. */
export const ROUTES = {
  cart: '/cart',
  checkout: '/checkout',
  subscription: (cartToken: string) => `/commerce/subscription?cartToken=${encodeURIComponent(cartToken)}`,
  giftCard: (itemId: string, sku: string) =>
    `/commerce/gift-card?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`,
} as const;

/**
 * The URL of the store page `path` (`/cart`, `/shop/p/linen-shirt`, a route above): under the
 * page's language prefix (`/de/cart` on `/de/…` pages, the store context's `languagePrefix`), and
 * on the store's origin when the widgets are embedded elsewhere. API calls, files (scripts,
 * images), owner pages, absolute URLs and paths already in a language keep their path. On another
 * site, following such a link takes the page's cart along (see handoff.ts).
 */
export function storePageUrl(path: string): string {
  if (usesCartToken()) handOffStoreLinks();
  return storeUrl(withLanguagePrefix(path, storeContext().languagePrefix));
}

let navigator: (url: string) => void = (url) => globalThis.location.assign(url);

/**
 * Leaves the page for `url`, a store page: in the page's language, on the store's origin ({@link storePageUrl}),
 * with the cart handed over when the store is on another site.
 */
export function navigate(url: string): void {
  const target = storePageUrl(url);
  if (usesCartToken()) void handOff(target);
  else navigator(target);
}

/** Replaces navigation (tests record the URL instead of leaving). */
export function setNavigator(next: (url: string) => void): void {
  navigator = next;
  setLeave(next);
}

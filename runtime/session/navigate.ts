import { storeUrl } from './api-origin';

/** Where the storefront sends the shopper after a purchase step. */
export const ROUTES = {
  cart: '/cart',
  checkout: '/checkout',
  subscription: (cartToken: string) => `/commerce/subscription?cartToken=${encodeURIComponent(cartToken)}`,
  giftCard: (itemId: string, sku: string) =>
    `/commerce/gift-card?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`,
} as const;

let navigator: (url: string) => void = (url) => globalThis.location.assign(url);

/** Leaves the page for `url`, a store page: on the store's origin when the widgets are embedded elsewhere. */
export function navigate(url: string): void {
  navigator(storeUrl(url));
}

/** Replaces navigation (tests record the URL instead of leaving). */
export function setNavigator(next: (url: string) => void): void {
  navigator = next;
}

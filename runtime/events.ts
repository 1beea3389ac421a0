import type { AddToCartResponse, ShoppingCart } from './http/types';
import type { Variant } from './product/types';

/** Every DOM event the storefront emits, by name. All bubble from the widget (or `document`). */
export interface StoreEventMap {
  /** The cart is being recalculated (the cart store sets `recalculating`). */
  'store-cart-recalculate-start': CustomEvent<void>;
  /** Recalculation finished (the cart store clears `recalculating`). */
  'store-cart-recalculate-end': CustomEvent<void>;
  /** The cart changed, here or in another tab. */
  'store-cart-change': CustomEvent<{ cart: ShoppingCart }>;
  /** A shopper chose (or un-chose) a variant in an add-to-cart widget. */
  'store-variant-change': CustomEvent<{ itemId: string; variant: Variant | null }>;
  /** An item was added to the cart. */
  'store-item-added': CustomEvent<{ itemId: string; added: AddToCartResponse['newlyAdded'] }>;
  /** A shopping moment for the commerce event service (storefront spec, section 7). */
  'store-commerce': CustomEvent<{ event: CommerceEventName; itemId?: string }>;
}

export type CommerceEventName =
  | 'visit-product-page'
  | 'add-to-cart'
  | 'view-cart'
  | 'remove-from-cart'
  | 'reviews-tab-click'
  | 'reviews-anchor-click';

export type StoreEventName = keyof StoreEventMap;
export type StoreEventDetail<K extends StoreEventName> = StoreEventMap[K]['detail'];

/** Dispatches a typed store event (bubbling and composed) on `target`, the document by default. */
export function emit<K extends StoreEventName>(
  name: K,
  detail: StoreEventDetail<K>,
  target: EventTarget | undefined = globalThis.document,
): void {
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Listens for a typed store event; returns the function that stops listening. */
export function on<K extends StoreEventName>(
  name: K,
  listener: (event: StoreEventMap[K]) => void,
  target: EventTarget | undefined = globalThis.document,
): () => void {
  const handler = listener as EventListener;
  target?.addEventListener(name, handler);
  return () => target?.removeEventListener(name, handler);
}

declare global {
  // Declaration merging: typed listeners for the store events on documents and elements.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends StoreEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends StoreEventMap {}
}

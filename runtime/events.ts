import type { AddToCartResponse, ShoppingCart } from '../contract/cart';
import { resetEarlyEvents, takeEarlyEvents } from './early-events';
import { pageSlot } from './page-runtime';
import type { Variant } from './product/types';

/**
 * Every DOM event the storefront emits, by name. All bubble from the widget (or `document`).
 * Elements name the events they dispatch in their definition (`events`); `@dispatchedBy` names any
 * other source. build/types-generator.mjs ships this map in dist/storefront.d.ts.
 */
export interface StoreEventMap {
  /**
   * The cart is being recalculated (the cart store sets `recalculating`).
   * @dispatchedBy `document`: the cart store
   */
  'store-cart-recalculate-start': CustomEvent<void>;
  /**
   * Recalculation finished (the cart store clears `recalculating`).
   * @dispatchedBy `document`: the cart store
   */
  'store-cart-recalculate-end': CustomEvent<void>;
  /**
   * The cart changed, here or in another tab.
   * @dispatchedBy `document`: the cart store
   */
  'store-cart-change': CustomEvent<{ cart: ShoppingCart }>;
  /**
   * A shopper chose (or un-chose) a variant in an add-to-cart widget.
   * @dispatchedBy the platform's add-to-cart buttons
   */
  'store-variant-change': CustomEvent<{ itemId: string; variant: Variant | null }>;
  /**
   * An item was added to the cart.
   * @dispatchedBy the platform's add-to-cart buttons
   */
  'store-item-added': CustomEvent<{ itemId: string; added: AddToCartResponse['newlyAdded'] }>;
  /**
   * A shopping moment for the commerce event service (storefront spec, section 7).
   * @dispatchedBy the platform's add-to-cart buttons; `document`: the cart store (`remove-from-cart`), the loader (`reviews-anchor-click`)
   */
  'store-commerce': CustomEvent<CommerceEventDetail>;
  /**
   * A button was shown (census `button-render`); emit once per button and page.
   * @dispatchedBy the platform's add-to-cart buttons
   */
  'store-button-render': CustomEvent<ButtonEventDetail>;
  /**
   * A button was clicked (census `button-click`); emit before the click's own work, never await anything.
   * @dispatchedBy the platform's add-to-cart buttons
   */
  'store-button-click': CustomEvent<ButtonEventDetail>;
  /**
   * A site member signed in or out on this page (the `SiteUserInfo` cookie changed with it).
   * @dispatchedBy `document`: the session calls (`<store-account>`)
   */
  'store-session-change': CustomEvent<{ signedIn: boolean; siteUserId?: string }>;
  /** A site form was shown (census `form-render`). */
  'store-form-render': CustomEvent<{ formId: string }>;
  /**
   * A pop-up overlay was shown (census `overlay`).
   * @dispatchedBy the page: a theme dispatches it for `<store-census>` to record
   */
  'store-overlay-show': CustomEvent<{ overlayId?: string }>;
  /**
   * A product quick view opened (census `RecordQuickView/{itemId}`).
   * @dispatchedBy the page: a theme dispatches it for `<store-census>` to record
   */
  'store-quick-view': CustomEvent<{ itemId: string }>;
  /** An event for the ads pixel (storefront spec, section 7), handed to the pixel sink. */
  'store-ads-pixel': CustomEvent<AdsPixelEvent>;
  /**
   * A custom event for the older event tracker (`POST /api/events/RecordEvent`).
   * @dispatchedBy the page: a theme dispatches it for `<store-census>` to record
   */
  'store-track-event': CustomEvent<{ event: string; data?: Record<string, unknown> }>;
  /**
   * Tweak event (platform spec, section 4): an owner's editor is about to open.
   * @dispatchedBy `document`: the owner editors (`runtime/tweak-events.ts`)
   */
  'store-tweak-before-open': CustomEvent<TweakEventDetail>;
  /**
   * Tweak event: the editor is shown with the settings it edits (`values`).
   * @dispatchedBy `document`: the owner editors
   */
  'store-tweak-after-show': CustomEvent<TweakEventDetail>;
  /**
   * Tweak event: the owner changed a setting, not saved yet (`values`: the editor's draft).
   * @dispatchedBy `document`: the owner editors
   */
  'store-tweak-change': CustomEvent<TweakEventDetail>;
  /**
   * Tweak event: the settings were saved (`values`: as the server keeps them).
   * @dispatchedBy `document`: the owner editors
   */
  'store-tweak-save': CustomEvent<TweakEventDetail>;
  /**
   * Tweak event: unsaved changes were dropped (`values`: the saved settings again).
   * @dispatchedBy `document`: the owner editors
   */
  'store-tweak-reset': CustomEvent<TweakEventDetail>;
  /**
   * Tweak event: the editor is closing.
   * @dispatchedBy `document`: the owner editors
   */
  'store-tweak-close': CustomEvent<TweakEventDetail>;
  /**
   * Tweak event: the editor has closed.
   * @dispatchedBy `document`: the owner editors
   */
  'store-tweak-after-close': CustomEvent<TweakEventDetail>;
}

/** What every tweak event carries: which editor, and the settings when the event is about them. */
export interface TweakEventDetail {
  /** The editor's tag (`store-header-footer-editor`). */
  editor: string;
  values?: unknown;
}

/** What a `store-commerce` event tells about the moment; item fields are optional extras. */
export interface CommerceEventDetail {
  event: CommerceEventName;
  itemId?: string;
  sku?: string;
  quantity?: number;
  /** Product name. */
  title?: string;
  /** Price of one unit, minor units. */
  unitPriceCents?: number;
  /** 1 physical, 2 digital, 3 service, 4 gift card (platform spec, enumerations). */
  productType?: number;
  /** Bought by subscription rather than once. */
  subscription?: boolean;
}

/** The button a `store-button-render` or `store-button-click` is about. */
export interface ButtonEventDetail {
  /** Kind of button: 'add-to-cart', 'button-block', … */
  buttonType: string;
  /** The product id of an add button, the block id of a button block. */
  buttonId?: string;
  /** The label shown. */
  buttonText?: string;
}

/** One line of an ads-pixel purchase. */
export interface AdsPixelItem {
  id: string;
  name: string;
  quantity: number;
  /** Unit price, major units. */
  price: number;
}

/** One product of an ads-pixel product view or add to cart. */
export interface AdsPixelContent {
  id: string;
  quantity: number;
  /** Unit price, major units. */
  itemPrice?: number;
}

/** Ads-pixel events (storefront spec, section 7); amounts in major units. */
export type AdsPixelEvent =
  | {
      name: 'Purchase';
      transactionId: string;
      value: number;
      shipping: number;
      tax: number;
      currency: string;
      items: AdsPixelItem[];
    }
  | {
      name: 'AddToCart' | 'ViewContent';
      contentIds: string[];
      contents: AdsPixelContent[];
      currency: string;
      value?: number;
    }
  | { name: 'Search'; searchString: string }
  | { name: 'Lead'; formId?: string }
  | { name: 'CompleteRegistration'; method?: string };

export type CommerceEventName =
  | 'visit-product-page'
  | 'add-to-cart'
  | 'view-cart'
  | 'remove-from-cart'
  | 'reviews-tab-click'
  | 'reviews-anchor-click';

export type StoreEventName = keyof StoreEventMap;
export type StoreEventDetail<K extends StoreEventName> = StoreEventMap[K]['detail'];

/** The events analytics listens to; kept from the page's start until the census takes them. */
export const ANALYTICS_EVENTS = [
  'store-commerce',
  'store-button-render',
  'store-button-click',
  'store-form-render',
  'store-overlay-show',
  'store-quick-view',
  'store-ads-pixel',
  'store-track-event',
] as const satisfies readonly StoreEventName[];

/** Analytics events kept at most before the census starts (a page without it stops keeping there). */
export const ANALYTICS_BUFFER_LIMIT = 100;

/** An analytics event emitted before anything listened. */
export interface BufferedEvent {
  name: StoreEventName;
  detail: unknown;
}

const analyticsNames = new Set<StoreEventName>(ANALYTICS_EVENTS);

/** The page's analytics events so far (`kept` is null once the census has taken them). */
const analyticsBuffer = pageSlot('analytics-buffer', (): { kept: BufferedEvent[] | null } => ({ kept: [] }), {
  forgetGlobals: resetEarlyEvents,
});

/** Dispatches a typed store event (bubbling and composed) on `target`, the document by default. */
export function emit<K extends StoreEventName>(
  name: K,
  detail: StoreEventDetail<K>,
  target: EventTarget | undefined = globalThis.document,
): void {
  // The census chunk loads lazily: what widgets report before it listens is kept for it.
  const buffer = analyticsBuffer.get().kept;
  if (buffer && analyticsNames.has(name) && buffer.length < ANALYTICS_BUFFER_LIMIT) {
    buffer.push({ name, detail });
  }
  target?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/**
 * Hands over the analytics events emitted so far and stops keeping them (the caller
 * listens from now on). A second call returns nothing.
 */
export function takeBufferedAnalyticsEvents(): BufferedEvent[] {
  // First what the loader kept before this module loaded (runtime/early-events.ts).
  const buffer = analyticsBuffer.get();
  const taken = [...(takeEarlyEvents() as BufferedEvent[]), ...(buffer.kept ?? [])];
  buffer.kept = null;
  return taken;
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

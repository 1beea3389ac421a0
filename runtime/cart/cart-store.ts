import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  addCartEntry,
  fetchCart,
  removeCartEntry,
  updateCartEntryQuantity,
  updateEntryAdditionalFields,
} from '../http/commerce';
import { StoreApiError, toStoreApiError } from '../http/errors';
import type { AddToCartRequest, AddToCartResponse, ShoppingCart } from '../../contract/cart';
import { emit, on } from '../events';
import { pageSlot } from '../page-runtime';
import { apiOrigin, isApiCrossOrigin } from '../session/api-origin';
import { hasCartToLoad } from '../session/cookies';
import { canKeepCart, cartTokenKeeper, usesCartToken } from '../session/cart-token';
import { noCartStorageMessage } from '../../contract/embedding';
import { openCartChannel, type CartChannel } from './cart-channel';
import { readCart } from './read-cart';

/**
 * `idle`: nothing asked yet. `skipped`: no cart to load (anonymous visitor, no cart cookie).
 * `loading`, `ready`, `error`: the one GET of the page.
 */
export type CartStatus = 'idle' | 'skipped' | 'loading' | 'ready' | 'error';

export interface CartState {
  cart: ShoppingCart | null;
  status: CartStatus;
  /** The message of a failed load. */
  error: string | null;
  /** True between recalculation start and end events. */
  recalculating: boolean;
  /** Loads the cart once per page when the visitor has one; later calls share the first. */
  /** Reads the cart once per page (again only after a failed read). */
  ensureLoaded(): Promise<void>;
  /** Reads the cart again (after a sign-in or out); without a cart to load it forgets the one shown. */
  reload(): Promise<void>;
  /** Adds an entry and makes the returned cart current (here and in other tabs). */
  addEntry(request: AddToCartRequest): Promise<AddToCartResponse>;
  /** Makes `cart` current; `fromOtherTab` carts are not broadcast again. */
  setCart(cart: ShoppingCart, fromOtherTab?: boolean): void;
  /** Units of one item (optionally one sku) already in the cart. */
  quantityInCart(itemId: string, sku?: string): number;
  /** Changes an entry's quantity at once; the server's cart replaces it, or a failure rolls it back (and throws). */
  updateQuantity(entryId: string, quantity: number): Promise<void>;
  /** Removes an entry at once; rolled back (and throws) when the server refuses. */
  removeEntry(entryId: string): Promise<void>;
  /** Replaces an entry's additional-fields answers (JSON text). */
  updateAdditionalFields(entryId: string, additionalFields: string): Promise<void>;
}

/** The cart with its entries changed locally and its sums brought up to date (the server's answer follows). */
export function withEntries(cart: ShoppingCart, entries: ShoppingCart['entries']): ShoppingCart {
  const subtotalCents = entries.reduce((sum, e) => sum + e.purchasePriceCents * e.quantity, 0);
  return {
    ...cart,
    entries,
    subtotalCents,
    totalQuantity: entries.reduce((sum, e) => sum + e.quantity, 0),
    grandTotalCents: subtotalCents + cart.taxCents + cart.shippingCostCents - cart.discountCents,
  };
}

export interface CartStoreDeps {
  fetchCart: typeof fetchCart;
  addCartEntry: typeof addCartEntry;
  updateCartEntryQuantity?: typeof updateCartEntryQuantity;
  removeCartEntry?: typeof removeCartEntry;
  updateEntryAdditionalFields?: typeof updateEntryAdditionalFields;
  hasCartToLoad: () => boolean;
  /** Why this page may not add (it could not keep the cart), or undefined: checked before the call. */
  addRefusal?: () => string | undefined;
  channel: CartChannel | null;
  /** Where recalculation events arrive and cart events leave (the document in a page). */
  events?: EventTarget;
}

/** A cart store plus the means to stop listening to events and other tabs. */
export type CartStore = StoreApi<CartState> & { dispose(): void };

export function createCartStore(deps: CartStoreDeps): CartStore {
  let loading: Promise<void> | undefined;

  /**
   * Shows `change` at once and sends `call`: the server's cart then becomes current; on failure
   * the cart goes back to what it was (unless something newer replaced it meanwhile) and the
   * failure is thrown for the caller to report.
   */
  const optimistic = async (
    change: (cart: ShoppingCart) => ShoppingCart,
    call: () => Promise<{ shoppingCart: ShoppingCart }>,
  ) => {
    const before = store.getState().cart;
    if (!before) throw new Error('There is no cart to change');
    const shown = change(before);
    store.setState({ cart: shown });
    emit('store-cart-recalculate-start', undefined, deps.events);
    try {
      const { shoppingCart } = await call();
      store.getState().setCart(shoppingCart);
    } catch (error) {
      if (store.getState().cart === shown) {
        store.setState({ cart: before });
        emit('store-cart-change', { cart: before }, deps.events);
      }
      throw error;
    } finally {
      emit('store-cart-recalculate-end', undefined, deps.events);
    }
  };

  const store = createStore<CartState>()((set, get) => ({
    cart: null,
    status: 'idle',
    error: null,
    recalculating: false,

    ensureLoaded() {
      if (loading) return loading;
      if (!deps.hasCartToLoad()) {
        if (get().status === 'idle') set({ status: 'skipped' });
        loading = Promise.resolve();
        return loading;
      }
      set({ status: 'loading' });
      loading = deps.fetchCart().then(
        (cart) => {
          // A cart that arrived meanwhile (an add, another tab) is newer than this read.
          if (get().status === 'loading') set({ cart: readCart(cart), status: 'ready', error: null });
        },
        (error: unknown) => {
          // A failed read may be tried again (the shopper's Retry, or the next widget to ask).
          loading = undefined;
          if (get().status === 'loading') set({ status: 'error', error: toStoreApiError(error).message });
        },
      );
      return loading;
    },

    reload() {
      loading = undefined;
      if (!deps.hasCartToLoad()) set({ cart: null, status: 'idle', error: null });
      else set({ status: 'idle' });
      return get().ensureLoaded();
    },

    async addEntry(request) {
      const refusal = deps.addRefusal?.();
      if (refusal) throw new StoreApiError(refusal, 0);
      emit('store-cart-recalculate-start', undefined, deps.events);
      try {
        const response = await deps.addCartEntry(request);
        get().setCart(response.shoppingCart);
        return response;
      } finally {
        emit('store-cart-recalculate-end', undefined, deps.events);
      }
    },

    setCart(answer, fromOtherTab = false) {
      const cart = readCart(answer);
      set({ cart, status: 'ready', error: null });
      emit('store-cart-change', { cart }, deps.events);
      if (!fromOtherTab) deps.channel?.post(cart);
    },

    updateQuantity(entryId, quantity) {
      const call = deps.updateCartEntryQuantity ?? updateCartEntryQuantity;
      return optimistic(
        (cart) =>
          withEntries(
            cart,
            cart.entries.map((e) => (e.id === entryId ? { ...e, quantity } : e)),
          ),
        () => call(entryId, quantity),
      );
    },

    async removeEntry(entryId) {
      const call = deps.removeCartEntry ?? removeCartEntry;
      const removed = get().cart?.entries.find((e) => e.id === entryId);
      await optimistic(
        (cart) =>
          withEntries(
            cart,
            cart.entries.filter((e) => e.id !== entryId),
          ),
        () => call(entryId),
      );
      // Analytics hears of it on the bus (the census tracker sends the commerce event).
      if (removed) {
        emit(
          'store-commerce',
          {
            event: 'remove-from-cart',
            itemId: removed.itemId,
            sku: removed.chosenVariant.sku,
            quantity: removed.quantity,
            title: removed.title,
            unitPriceCents: removed.purchasePriceCents,
          },
          deps.events,
        );
      }
    },

    async updateAdditionalFields(entryId, additionalFields) {
      const entry = get().cart?.entries.find((e) => e.id === entryId);
      if (!entry) throw new Error('This cart entry is gone');
      const call = deps.updateEntryAdditionalFields ?? updateEntryAdditionalFields;
      const { shoppingCart } = await call(entryId, {
        itemId: entry.itemId,
        sku: entry.chosenVariant.sku,
        additionalFields,
      });
      get().setCart(shoppingCart);
    },

    quantityInCart(itemId, sku) {
      const entries = get().cart?.entries ?? [];
      return entries
        .filter((e) => e.itemId === itemId && (sku === undefined || e.chosenVariant.sku === sku))
        .reduce((sum, e) => sum + e.quantity, 0);
    },
  }));

  const stops = [
    deps.channel?.subscribe((cart) => store.getState().setCart(cart, true)),
    on('store-cart-recalculate-start', () => store.setState({ recalculating: true }), deps.events),
    on('store-cart-recalculate-end', () => store.setState({ recalculating: false }), deps.events),
  ];
  return Object.assign(store, { dispose: () => stops.forEach((stop) => stop?.()) });
}

const pageCart = pageSlot(
  'cart',
  () => {
    const channel = openCartChannel();
    const store = createCartStore({
      fetchCart,
      addCartEntry,
      // A store on another site: the page's own token says. On another origin of the site the
      // store's cookies are out of this page's sight: ask it.
      hasCartToLoad: () =>
        usesCartToken() ? cartTokenKeeper.read() !== undefined : isApiCrossOrigin() || hasCartToLoad(),
      // A page on another site that cannot keep its token would make a cart no reload finds.
      addRefusal: () =>
        usesCartToken() && !cartTokenKeeper.read() && !canKeepCart()
          ? noCartStorageMessage(apiOrigin() ?? '')
          : undefined,
      channel,
      ...(globalThis.document ? { events: globalThis.document } : {}),
    });
    return { store, channel };
  },
  {
    end({ store, channel }: { store: CartStore; channel: CartChannel | null }) {
      store.dispose();
      channel?.close();
    },
  },
);

/** The page's one cart store, shared by every widget. */
export function cartStore(): CartStore {
  return pageCart.get().store;
}

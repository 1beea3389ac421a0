import type { ShoppingCart } from '../../contract/cart';
import { usableStorage } from '../storage/usable-storage';

/** Carries cart changes between tabs of the same site. */
export interface CartChannel {
  post(cart: ShoppingCart): void;
  subscribe(listener: (cart: ShoppingCart) => void): () => void;
  close(): void;
}

const CHANNEL_NAME = 'store-cart';
/**
 * localStorage key used where BroadcastChannel is missing. This is messaging, not storing: only a
 * real localStorage write fires the `storage` event in the other tabs, so the stored-values helper
 * (JSON entries with expiry, and a cookie fallback that no other tab hears) does not fit; its
 * `usableStorage` check decides whether the channel can work at all.
 */
const STORAGE_KEY = 'store-cart-sync';

function isCart(value: unknown): value is ShoppingCart {
  return Boolean(value) && typeof value === 'object' && Array.isArray((value as ShoppingCart).entries);
}

/** BroadcastChannel where the browser has it, else the `storage` event; null when neither works. */
export function openCartChannel(scope: typeof globalThis = globalThis): CartChannel | null {
  if (typeof scope.BroadcastChannel === 'function') {
    const channel = new scope.BroadcastChannel(CHANNEL_NAME);
    return {
      post: (cart) => channel.postMessage(cart),
      subscribe(listener) {
        const handler = (event: MessageEvent) => {
          if (isCart(event.data)) listener(event.data);
        };
        channel.addEventListener('message', handler);
        return () => channel.removeEventListener('message', handler);
      },
      close: () => channel.close(),
    };
  }
  // Blocked storage (private modes, sandboxed frames) throws: then there is no channel.
  const storage = usableStorage(() => scope.localStorage);
  if (!storage || typeof scope.addEventListener !== 'function') return null;
  const unsubscribers: (() => void)[] = [];
  return {
    post(cart) {
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify({ cart, at: Date.now() }));
      } catch {
        // Storage full or blocked: other tabs catch up on their next load.
      }
    },
    subscribe(listener) {
      const handler = (event: StorageEvent) => {
        if (event.key !== STORAGE_KEY || !event.newValue) return;
        try {
          const { cart } = JSON.parse(event.newValue) as { cart: unknown };
          if (isCart(cart)) listener(cart);
        } catch {
          // Not ours.
        }
      };
      scope.addEventListener('storage', handler);
      unsubscribers.push(() => scope.removeEventListener('storage', handler));
      return () => scope.removeEventListener('storage', handler);
    },
    close: () => unsubscribers.splice(0).forEach((stop) => stop()),
  };
}

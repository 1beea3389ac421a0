import { useEffect } from 'react';
import { useStore } from 'zustand';
import { cartStore, type CartState } from './cart-store';

/** Reads the page's cart store from React and makes sure the cart is loaded once. */
export function useCart<T>(selector: (state: CartState) => T): T {
  const store = cartStore();
  useEffect(() => {
    void store.getState().ensureLoaded();
  }, [store]);
  return useStore(store, selector);
}

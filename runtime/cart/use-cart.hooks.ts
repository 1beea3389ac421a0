import { useEffect, useReducer } from 'react';
import { cartStore, type CartState } from './cart-store';

/**
 * Reads the page's cart store from React and makes sure the cart is loaded once. It renders again
 * when what `selector` picks changes, also between the render and the subscription (so `selector`
 * must return the same value for the same state, as with `useSyncExternalStore`). A subscription
 * of its own rather than zustand's `useStore`: preact/compat builds `useSyncExternalStore` from a
 * state, a layout effect and an effect per call, and a page may hold hundreds of add buttons.
 */
export function useCart<T>(selector: (state: CartState) => T): T {
  const store = cartStore();
  const value = selector(store.getState());
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const check = () => {
      if (!Object.is(selector(store.getState()), value)) rerender();
    };
    check();
    return store.subscribe(check);
  }, [store, selector, value]);
  useEffect(() => {
    void store.getState().ensureLoaded();
  }, [store]);
  return value;
}

import { describe, expect, it, vi } from 'vitest';
import { fakeCart } from '../../testing/fake-api';
import type { CommerceEventDetail } from '../events';
import type { AddToCartResponse } from '../../contract/cart';
import { createCartStore } from './cart-store';

function store(removeCartEntry: () => Promise<{ shoppingCart: ReturnType<typeof fakeCart> }>) {
  const events = new EventTarget();
  const seen: CommerceEventDetail[] = [];
  events.addEventListener('store-commerce', (e) => seen.push((e as CustomEvent<CommerceEventDetail>).detail));
  const s = createCartStore({
    fetchCart: vi.fn(async () => fakeCart([{ itemId: 'p1', sku: 'a', quantity: 2 }])),
    addCartEntry: vi.fn(async () => ({}) as AddToCartResponse),
    removeCartEntry,
    hasCartToLoad: () => true,
    channel: null,
    events,
  });
  return { s, seen };
}

describe('cart store analytics', () => {
  it('a removal the server accepted emits remove-from-cart with the entry', async () => {
    const { s, seen } = store(async () => ({ shoppingCart: fakeCart([]) }));
    await s.getState().ensureLoaded();
    await s.getState().removeEntry('e0');
    expect(seen).toEqual([
      { event: 'remove-from-cart', itemId: 'p1', sku: 'a', quantity: 2, title: 'Linen Shirt', unitPriceCents: 4800 },
    ]);
  });

  it('a refused removal emits nothing', async () => {
    const { s, seen } = store(async () => Promise.reject(new Error('offline')));
    await s.getState().ensureLoaded();
    await expect(s.getState().removeEntry('e0')).rejects.toThrow('offline');
    expect(seen).toEqual([]);
  });
});

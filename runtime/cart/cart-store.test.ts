import { describe, expect, it, vi } from 'vitest';
import { fakeCart as cart } from '../../testing/fake-api';
import type { AddToCartResponse, ShoppingCart } from '../../contract/cart';
import { emit } from '../events';
import { createCartStore, type CartStoreDeps } from './cart-store';
import type { CartChannel } from './cart-channel';

/** A pair of channels wired to each other, like two tabs. */
function linkedChannels(): [CartChannel, CartChannel] {
  const listeners: [((c: ShoppingCart) => void)[], ((c: ShoppingCart) => void)[]] = [[], []];
  const make = (mine: 0 | 1): CartChannel => ({
    post: (c) => listeners[mine === 0 ? 1 : 0].forEach((l) => l(structuredClone(c))),
    subscribe: (l) => {
      listeners[mine].push(l);
      return () => listeners[mine].splice(listeners[mine].indexOf(l), 1);
    },
    close: () => undefined,
  });
  return [make(0), make(1)];
}

function deps(overrides: Partial<CartStoreDeps> = {}): CartStoreDeps {
  return {
    fetchCart: vi.fn(async () => cart([{ itemId: 'p1', sku: 'a', quantity: 2 }])),
    addCartEntry: vi.fn(async (): Promise<AddToCartResponse> => ({
      shoppingCart: cart([{ itemId: 'p1', sku: 'a', quantity: 3 }]),
      newlyAdded: {} as AddToCartResponse['newlyAdded'],
    })),
    hasCartToLoad: () => true,
    channel: null,
    events: new EventTarget(),
    ...overrides,
  };
}

describe('cart store', () => {
  it('makes one GET however many widgets ask', async () => {
    const d = deps();
    const store = createCartStore(d);
    await Promise.all(Array.from({ length: 50 }, () => store.getState().ensureLoaded()));
    await store.getState().ensureLoaded();
    expect(d.fetchCart).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('ready');
    expect(store.getState().cart?.totalQuantity).toBe(2);
  });

  it('does not load for an anonymous visitor without a cart cookie', async () => {
    const d = deps({ hasCartToLoad: () => false });
    const store = createCartStore(d);
    await store.getState().ensureLoaded();
    expect(d.fetchCart).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('skipped');
  });

  it('records a failed load without throwing', async () => {
    const d = deps({ fetchCart: vi.fn(async () => Promise.reject(new TypeError('offline'))) });
    const store = createCartStore(d);
    await store.getState().ensureLoaded();
    expect(store.getState().status).toBe('error');
    expect(store.getState().error).toBe('Unable to connect. Please try again');
  });

  it('keeps a newer cart that arrived while the GET was in flight', async () => {
    let resolve!: (c: ShoppingCart) => void;
    const d = deps({ fetchCart: vi.fn(() => new Promise<ShoppingCart>((r) => (resolve = r))) });
    const store = createCartStore(d);
    const loading = store.getState().ensureLoaded();
    await store.getState().addEntry({ itemId: 'p1', sku: 'a', quantity: 1 });
    resolve(cart());
    await loading;
    expect(store.getState().cart?.totalQuantity).toBe(3);
  });

  it('sets recalculating between start and end events, and around an add', async () => {
    const d = deps();
    const store = createCartStore(d);
    emit('store-cart-recalculate-start', undefined, d.events);
    expect(store.getState().recalculating).toBe(true);
    emit('store-cart-recalculate-end', undefined, d.events);
    expect(store.getState().recalculating).toBe(false);

    const seen: boolean[] = [];
    store.subscribe((s) => seen.push(s.recalculating));
    await store.getState().addEntry({ itemId: 'p1', sku: 'a', quantity: 1 });
    expect(seen[0]).toBe(true);
    expect(store.getState().recalculating).toBe(false);
  });

  it('clears recalculating even when the add fails', async () => {
    const d = deps({ addCartEntry: vi.fn(async () => Promise.reject(new Error('no'))) });
    const store = createCartStore(d);
    await expect(store.getState().addEntry({ itemId: 'p1', sku: 'a', quantity: 1 })).rejects.toThrow('no');
    expect(store.getState().recalculating).toBe(false);
  });

  it('counts the units of an item (and of one sku) already in the cart', async () => {
    const store = createCartStore(
      deps({
        fetchCart: vi.fn(async () =>
          cart([
            { itemId: 'p1', sku: 'a', quantity: 2 },
            { itemId: 'p1', sku: 'b', quantity: 5 },
            { itemId: 'p2', sku: 'c', quantity: 1 },
          ]),
        ),
      }),
    );
    await store.getState().ensureLoaded();
    expect(store.getState().quantityInCart('p1')).toBe(7);
    expect(store.getState().quantityInCart('p1', 'b')).toBe(5);
    expect(store.getState().quantityInCart('p3')).toBe(0);
  });

  it('keeps another tab in sync, without echoing back', async () => {
    const [a, b] = linkedChannels();
    const postB = vi.spyOn(b, 'post');
    const tabA = createCartStore(deps({ channel: a }));
    const tabB = createCartStore(deps({ channel: b, hasCartToLoad: () => false }));
    await tabB.getState().ensureLoaded();
    expect(tabB.getState().cart).toBeNull();
    await tabA.getState().addEntry({ itemId: 'p1', sku: 'a', quantity: 1 });
    expect(tabB.getState().cart?.totalQuantity).toBe(3);
    expect(tabB.getState().status).toBe('ready');
    expect(postB).not.toHaveBeenCalled();
  });

  it('stops listening once disposed', () => {
    const d = deps();
    const store = createCartStore(d);
    store.dispose();
    emit('store-cart-recalculate-start', undefined, d.events);
    expect(store.getState().recalculating).toBe(false);
  });

  it('changes a quantity at once, then takes the server cart', async () => {
    let finish!: (cart: ShoppingCart) => void;
    const d = deps({
      updateCartEntryQuantity: vi.fn(
        () => new Promise<{ shoppingCart: ShoppingCart }>((r) => (finish = (c) => r({ shoppingCart: c }))),
      ),
    });
    const store = createCartStore(d);
    await store.getState().ensureLoaded();
    const pending = store.getState().updateQuantity('e0', 5);
    expect(store.getState().cart?.totalQuantity).toBe(5);
    expect(store.getState().cart?.subtotalCents).toBe(5 * 4800);
    expect(store.getState().recalculating).toBe(true);
    finish(cart([{ itemId: 'p1', sku: 'a', quantity: 4 }]));
    await pending;
    expect(store.getState().cart?.totalQuantity).toBe(4);
    expect(store.getState().recalculating).toBe(false);
  });

  it('rolls a refused change back and throws', async () => {
    const d = deps({
      removeCartEntry: vi.fn(async () => Promise.reject(new Error('offline'))),
      updateCartEntryQuantity: vi.fn(async () => Promise.reject(new Error('no stock'))),
    });
    const store = createCartStore(d);
    await store.getState().ensureLoaded();
    const before = store.getState().cart;
    await expect(store.getState().removeEntry('e0')).rejects.toThrow('offline');
    expect(store.getState().cart).toBe(before);
    await expect(store.getState().updateQuantity('e0', 9)).rejects.toThrow('no stock');
    expect(store.getState().cart?.totalQuantity).toBe(2);
  });

  it('keeps a newer cart when an older change fails', async () => {
    let fail!: () => void;
    const d = deps({
      removeCartEntry: vi.fn(() => new Promise<never>((_, reject) => (fail = () => reject(new Error('x'))))),
    });
    const store = createCartStore(d);
    await store.getState().ensureLoaded();
    const pending = store.getState().removeEntry('e0');
    const newer = cart([{ itemId: 'p9', sku: 'z', quantity: 7 }]);
    store.getState().setCart(newer);
    fail();
    await expect(pending).rejects.toThrow('x');
    expect(store.getState().cart).toBe(newer);
  });

  it('saves new additional-fields answers of an entry', async () => {
    const update = vi.fn(async () => ({
      shoppingCart: cart([{ itemId: 'p1', sku: 'a', quantity: 2 }]),
      updatedEntry: {} as never,
    }));
    const store = createCartStore(deps({ updateEntryAdditionalFields: update }));
    await store.getState().ensureLoaded();
    await store.getState().updateAdditionalFields('e0', '{"x":"1"}');
    expect(update).toHaveBeenCalledWith('e0', { itemId: 'p1', sku: 'a', additionalFields: '{"x":"1"}' });
  });
});

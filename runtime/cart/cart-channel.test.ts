import { describe, expect, it, vi } from 'vitest';
import type { ShoppingCart } from '../../contract/cart';
import { openCartChannel } from './cart-channel';

const cart = { id: 'c', entries: [], totalQuantity: 0 } as unknown as ShoppingCart;

describe('cart channel', () => {
  it('carries carts between two BroadcastChannel ends', async () => {
    const a = openCartChannel();
    const b = openCartChannel();
    const got = new Promise<ShoppingCart>((resolve) => b?.subscribe(resolve));
    a?.post(cart);
    expect(await got).toEqual(cart);
    a?.close();
    b?.close();
  });

  it('falls back to the storage event without BroadcastChannel, ignoring foreign keys and junk', () => {
    const target = new EventTarget();
    const storage = new Map<string, string>();
    const scope = {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      localStorage: {
        setItem: (k: string, v: string) => storage.set(k, v),
        removeItem: (k: string) => storage.delete(k),
      },
    } as unknown as typeof globalThis;
    const channel = openCartChannel(scope);
    const listener = vi.fn();
    channel?.subscribe(listener);
    channel?.post(cart);
    const written = storage.get('store-cart-sync');
    expect(written).toBeDefined();

    const storageEvent = (key: string, newValue: string) => Object.assign(new Event('storage'), { key, newValue });
    target.dispatchEvent(storageEvent('other', written ?? ''));
    target.dispatchEvent(storageEvent('store-cart-sync', '{not json'));
    expect(listener).not.toHaveBeenCalled();
    target.dispatchEvent(storageEvent('store-cart-sync', written ?? ''));
    expect(listener).toHaveBeenCalledWith(cart);
    channel?.close();
    target.dispatchEvent(storageEvent('store-cart-sync', written ?? ''));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is no channel when local storage is there but blocked (writing throws) and BroadcastChannel missing', () => {
    const blocked = {
      setItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      removeItem: () => undefined,
    };
    const scope = { addEventListener: () => undefined, localStorage: blocked } as unknown as typeof globalThis;
    expect(openCartChannel(scope)).toBeNull();
  });
});

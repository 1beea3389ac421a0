import { beforeEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { cartStore } from '../../runtime/cart/cart-store';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, fakeCart, jsonResponse } from '../../testing/fake-api';
import type { ShoppingCart } from '../../contract/cart';
import { cartLabel, displayCount } from './cart-pill';
import './cart-pill.element';

function cart(totalQuantity: number, subtotalCents: number, currencyCode = 'USD'): ShoppingCart {
  return fakeCart([], { totalQuantity, subtotalCents, currencyCode });
}

let serverCart: ShoppingCart;
beforeEach(() => {
  serverCart = cart(0, 0);
  const api = fakeApi({ 'GET /api/commerce/shopping-cart': () => jsonResponse(serverCart) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

/** What is seen: everything but the screen-reader-only text. */
function visibleText(link: HTMLElement): string {
  const copy = link.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.store-visually-hidden').forEach((n) => n.remove());
  return [...copy.children].map((c) => c.textContent).join(' ');
}

/** What is heard: everything but the aria-hidden parts. */
function spokenText(link: HTMLElement): string {
  const copy = link.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
  return copy.textContent ?? '';
}

async function mountPill(): Promise<HTMLElement> {
  document.body.innerHTML = '<store-cart-pill></store-cart-pill>';
  const pill = document.querySelector('store-cart-pill') as HTMLElement;
  await vi.waitFor(() => expect(cartStore().getState().status).not.toBe('idle'));
  return pill;
}

describe('cart pill text', () => {
  it("shows the count, capped as '100+' above 100", () => {
    expect(displayCount(1)).toBe('1');
    expect(displayCount(100)).toBe('100');
    expect(displayCount(101)).toBe('100+');
  });

  it('labels the cart for screen readers', () => {
    expect(cartLabel(1)).toBe('one item in cart');
    expect(cartLabel(2)).toBe('2 items in cart');
    expect(cartLabel(100)).toBe('100 items in cart');
    expect(cartLabel(101)).toBe('more than 100 items');
  });
});

describe('<store-cart-pill>', () => {
  it('is hidden while the cart is empty or unknown', async () => {
    const pill = await mountPill();
    expect(pill.querySelector('a')).toBeNull();
    cartStore().getState().setCart(cart(0, 0));
    await Promise.resolve();
    expect(pill.querySelector('a')).toBeNull();
  });

  it("shows one item, 'item', the subtotal, and links to /cart", async () => {
    const pill = await mountPill();
    cartStore().getState().setCart(cart(1, 4800));
    await vi.waitFor(() => expect(pill.querySelector('a')).not.toBeNull());
    const link = pill.querySelector('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/cart');
    expect(visibleText(link)).toBe('1 item $48.00');
    expect(spokenText(link)).toBe('one item in cart, subtotal $48.00');
  });

  it("links to the cart in the page's language (/de/cart on German pages)", async () => {
    document.head.innerHTML = '<script type="application/json" id="store-context">{"languagePrefix":"/de"}</script>';
    onTestFinished(() => void (document.head.innerHTML = ''));
    const pill = await mountPill();
    cartStore().getState().setCart(cart(2, 9600));
    await vi.waitFor(() => expect(pill.querySelector('a')?.getAttribute('href')).toBe('/de/cart'));
  });

  it("shows '100+' and 'items' above 100, in the cart's currency", async () => {
    const pill = await mountPill();
    cartStore()
      .getState()
      .setCart(cart(150, 1234567, 'EUR'));
    await vi.waitFor(() => expect(pill.querySelector('a')).not.toBeNull());
    const link = pill.querySelector('a') as HTMLAnchorElement;
    expect(visibleText(link)).toBe('100+ items €12,345.67');
    expect(spokenText(link)).toBe('more than 100 items, subtotal €12,345.67');
  });

  it('loads the cart when a cart cookie exists, and formats in the store currency by default', async () => {
    document.cookie = 'CART=abcdefabcdefabcdefabcdef; path=/';
    document.head.innerHTML =
      '<script type="application/json" id="store-context">{"storeSettings":{"selectedCurrency":"JPY"}}</script>';
    serverCart = { ...cart(3, 4500), currencyCode: undefined } as unknown as ShoppingCart;
    const pill = await mountPill();
    await vi.waitFor(() => expect(pill.querySelector('.store-cart-pill__subtotal')?.textContent).toBe('¥4,500'));
    expect(visibleText(pill.querySelector('a') as HTMLElement)).toBe('3 items ¥4,500');
    document.head.innerHTML = '';
  });
});

describe('<store-cart-pill> on a full-page cart', () => {
  it.each(['<div id="sqs-cart-root"></div>', '<store-cart-page></store-cart-page>'])(
    'shows nothing beside a full-page cart root (%s)',
    async (root) => {
      cartStore().getState().setCart(cart(2, 9600));
      document.body.innerHTML = `${root}<store-cart-pill></store-cart-pill>`;
      const pill = document.querySelector('store-cart-pill') as HTMLElement;
      await vi.waitFor(() => expect(pill.dataset.state).toBe('hidden'));
      expect(pill.querySelector('a')).toBeNull();
      document.body.innerHTML = '<store-cart-pill></store-cart-pill>';
      const alone = document.querySelector('store-cart-pill') as HTMLElement;
      await vi.waitFor(() => expect(alone.querySelector('a')).not.toBeNull());
      expect(alone.dataset.state).toBe('shown');
    },
  );
});

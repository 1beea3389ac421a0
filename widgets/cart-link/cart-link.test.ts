import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShoppingCart } from '../../contract/cart';
import { cartStore } from '../../runtime/cart/cart-store';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, fakeCart, jsonResponse } from '../../testing/fake-api';
import { cartLinkLabel, enhance, ENHANCES, shownUnits } from './cart-link';

const cart = (totalQuantity: number): ShoppingCart => fakeCart([], { totalQuantity });

beforeEach(() => {
  const api = fakeApi({ 'GET /api/commerce/shopping-cart': () => jsonResponse(cart(3)) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

function link(inner: string): HTMLElement {
  document.body.innerHTML = `<a class="sqs-custom-cart" href="/cart">${inner}</a>`;
  return document.querySelector(ENHANCES) as HTMLElement;
}

describe('template-integrated cart links', () => {
  it('reads the count a quantity element shows, 100+ as more than 100', () => {
    expect(shownUnits('5')).toBe(5);
    expect(shownUnits(' 1,204 ')).toBe(1204);
    expect(shownUnits('100+')).toBe(101);
    expect(shownUnits('')).toBeUndefined();
    expect(shownUnits('many')).toBeUndefined();
  });

  it("labels a link 'one item in cart', 'N items in cart', 'more than 100 items', or 'Cart' without a quantity", () => {
    expect(cartLinkLabel(1)).toBe('one item in cart');
    expect(cartLinkLabel(0)).toBe('0 items in cart');
    expect(cartLinkLabel(100)).toBe('100 items in cart');
    expect(cartLinkLabel(101)).toBe('more than 100 items');
    expect(cartLinkLabel(undefined)).toBe('Cart');
  });

  it('labels the link from its server count at once, then follows the cart, capped at 100+', async () => {
    cartStore().getState().setCart(cart(1));
    const el = link('Cart <span class="sqs-cart-quantity">100+</span>');
    const quantity = el.querySelector('.sqs-cart-quantity') as HTMLElement;
    enhance(el);
    expect(el.getAttribute('aria-label')).toBe('one item in cart');
    expect(quantity.textContent).toBe('1');
    cartStore().getState().setCart(cart(150));
    expect(quantity.textContent).toBe('100+');
    expect(el.getAttribute('aria-label')).toBe('more than 100 items');
    cartStore().getState().setCart(cart(2));
    expect(el.getAttribute('aria-label')).toBe('2 items in cart');
  });

  it("keeps the server's count until the cart is read, and says just 'Cart' without a quantity element", async () => {
    document.cookie = 'CART=0123456789abcdef01234567; path=/';
    try {
      const counted = link('<span class="sqs-cart-quantity">100+</span>');
      enhance(counted);
      expect(counted.getAttribute('aria-label')).toBe('more than 100 items');
      await vi.waitFor(() => expect(counted.getAttribute('aria-label')).toBe('3 items in cart'));
      expect(counted.textContent).toBe('3');
    } finally {
      document.cookie = 'CART=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
    const plain = link('Your bag');
    enhance(plain);
    expect(plain.getAttribute('aria-label')).toBe('Cart');
  });
});

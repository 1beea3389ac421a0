import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shaped, shapedPrice } from '../../testing/money-shapes';
import type { ButtonEventDetail, CommerceEventDetail } from '../../runtime/events';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { enhance } from './platform-add-to-cart';
import './add-to-cart.element';

const variants = [{ sku: 'MUG', attributes: {}, priceCents: 1800, qtyInStock: 5 }];
let api: FakeApi;
let heard: { type: string; detail: unknown }[];
let listening: AbortController;

beforeEach(() => {
  api = fakeApi({
    'GET /api/commerce/shopping-cart': () => jsonResponse(fakeCart([])),
    'GET /api/commerce/inventory/stock/': () =>
      jsonResponse({ results: [{ sku: 'MUG', unlimited: false, qtyInStock: 5 }] }),
    'POST /api/commerce/shopping-cart/entries': (call) => {
      const body = call.body as { itemId: string; sku: string; quantity: number };
      return jsonResponse({
        shoppingCart: fakeCart([body]),
        newlyAdded: { title: 'Mug', quantity: body.quantity, purchasePriceCents: 1800 },
      });
    },
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
  heard = [];
  listening = new AbortController();
  for (const type of ['store-button-render', 'store-button-click', 'store-commerce']) {
    document.addEventListener(type, (e) => heard.push({ type, detail: (e as CustomEvent).detail }), {
      signal: listening.signal,
    });
  }
});
afterEach(() => listening.abort());

const of = <T,>(type: string) => heard.filter((h) => h.type === type).map((h) => h.detail as T);

describe('add to cart analytics (bus only)', () => {
  it('emits button render, button click and the add-to-cart commerce event', async () => {
    document.body.innerHTML = `<store-add-to-cart data-item-id="p-mug" data-product-type="1" data-variants='${JSON.stringify(variants)}'></store-add-to-cart>`;
    const element = document.querySelector('store-add-to-cart') as HTMLElement;
    await vi.waitFor(() => expect(element.querySelector('button')).not.toBeNull());
    expect(of<ButtonEventDetail>('store-button-render')).toEqual([
      { buttonType: 'add-to-cart', buttonId: 'p-mug', buttonText: 'Add To Cart' },
    ]);
    (element.querySelector('.store-add-to-cart__button') as HTMLButtonElement).click();
    expect(of<ButtonEventDetail>('store-button-click')).toEqual([
      { buttonType: 'add-to-cart', buttonId: 'p-mug', buttonText: 'Add To Cart' },
    ]);
    await vi.waitFor(() => expect(of<CommerceEventDetail>('store-commerce')).toHaveLength(1));
    expect(of<CommerceEventDetail>('store-commerce')[0]).toEqual({
      event: 'add-to-cart',
      itemId: 'p-mug',
      sku: 'MUG',
      quantity: 1,
      title: 'Mug',
      unitPriceCents: 1800,
      productType: 1,
    });
    // The widget itself never calls an analytics endpoint.
    expect(api.calls.filter((c) => /census|events|clanker|performance/.test(c.path))).toEqual([]);
  });

  it('sends the unit price of a variant written in every money shape, its sale price while on sale', async () => {
    // A platform answer that leaves the entry's price out: the variant's own price is sent.
    api.on('POST /api/commerce/shopping-cart/entries', (call) => {
      const body = call.body as { itemId: string; sku: string; quantity: number };
      return jsonResponse({ shoppingCart: fakeCart([body]), newlyAdded: { title: 'Mug', quantity: body.quantity } });
    });
    await fc.assert(
      fc.asyncProperty(shapedPrice(), fc.boolean(), async (price, onSale) => {
        heard.length = 0;
        const sale = shaped(price.shape, Math.floor(price.minor / 2), price.currency);
        const variant = {
          sku: 'MUG',
          attributes: {},
          price: price.value,
          salePrice: sale.value,
          onSale,
          qtyInStock: 5,
        };
        document.body.innerHTML = `<store-add-to-cart data-item-id="p-mug" data-product-type="1" data-variants='${JSON.stringify([variant])}'></store-add-to-cart>`;
        const element = document.querySelector('store-add-to-cart') as HTMLElement;
        await vi.waitFor(() => expect(element.querySelector('.store-add-to-cart__button')).not.toBeNull());
        (element.querySelector('.store-add-to-cart__button') as HTMLButtonElement).click();
        await vi.waitFor(() => expect(of<CommerceEventDetail>('store-commerce')).toHaveLength(1));
        expect(of<CommerceEventDetail>('store-commerce')[0]?.unitPriceCents, price.shape).toBe(
          onSale ? sale.minor : price.minor,
        );
      }),
      { numRuns: 20 },
    );
  });

  it('a failed add emits the click but no add-to-cart event', async () => {
    api.on('POST /api/commerce/shopping-cart/entries', () => jsonResponse({ message: 'Nope' }, 400));
    document.body.innerHTML = `<store-add-to-cart data-item-id="p-mug" data-product-type="1" data-variants='${JSON.stringify(variants)}'></store-add-to-cart>`;
    const element = document.querySelector('store-add-to-cart') as HTMLElement;
    await vi.waitFor(() => expect(element.querySelector('button')).not.toBeNull());
    (element.querySelector('.store-add-to-cart__button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(element.querySelector('[role=alertdialog]')).not.toBeNull());
    expect(of('store-button-click')).toHaveLength(1);
    expect(of('store-commerce')).toEqual([]);
  });

  it('the platform add button emits render and click with its label', async () => {
    document.body.innerHTML = `<div class="sqs-add-to-cart-button" data-item-id="p-mug" data-product-type="1" data-original-label="Buy mug" data-use-custom-label="true"><div class="sqs-add-to-cart-button-inner">Buy mug</div></div>`;
    const button = document.querySelector('.sqs-add-to-cart-button') as HTMLElement;
    enhance(button);
    await vi.waitFor(() => expect(of('store-button-render')).toHaveLength(1));
    expect(of<ButtonEventDetail>('store-button-render')[0]).toEqual({
      buttonType: 'add-to-cart',
      buttonId: 'p-mug',
      buttonText: 'Buy mug',
    });
    button.click();
    await vi.waitFor(() => expect(of('store-button-click')).toHaveLength(1));
    await vi.waitFor(() =>
      expect(of<CommerceEventDetail>('store-commerce')[0]).toMatchObject({ event: 'add-to-cart', itemId: 'p-mug' }),
    );
  });
});

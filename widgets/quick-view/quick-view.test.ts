import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import type { CommerceEventDetail } from '../../runtime/events';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { shapedPrice } from '../../testing/money-shapes';
import { enhance, ENHANCES } from './quick-view';
import '../add-to-cart/add-to-cart.element';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({
    'GET /api/commerce/products/prod-mug/quick-view': () =>
      new Response('<h2 id="store-quick-view-title">Ceramic Mug</h2><p>$24.00</p>', {
        headers: { 'Content-Type': 'text/html' },
      }),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

function button(id = 'prod-mug'): HTMLElement {
  document.body.innerHTML = `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${id}" data-group="featured">Quick View</span>`;
  const el = document.querySelector(ENHANCES) as HTMLElement;
  enhance(el);
  return el;
}

describe('quick-view buttons', () => {
  it('on click: sends store-quick-view with the item id and opens the product in a labelled modal', async () => {
    const el = button();
    const heard: unknown[] = [];
    document.addEventListener('store-quick-view', (event) => heard.push((event as CustomEvent).detail), { once: true });
    el.click();
    expect(heard).toEqual([{ itemId: 'prod-mug' }]);
    const dialog = document.querySelector('dialog.store-quick-view') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe('store-quick-view-title');
    await vi.waitFor(() => expect(dialog.querySelector('#store-quick-view-title')?.textContent).toBe('Ceramic Mug'));
    expect(api.callsTo('GET /api/commerce/products/prod-mug/quick-view')).toHaveLength(1);
    (dialog.querySelector('.store-quick-view__close') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    expect(document.activeElement).toBe(el);
  });

  it('opens with Enter or Space too (the button is a span with role=button)', () => {
    const el = button();
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(document.querySelectorAll('dialog.store-quick-view')).toHaveLength(1);
    (document.querySelector('dialog') as HTMLDialogElement).close();
    el.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(document.querySelectorAll('dialog.store-quick-view')).toHaveLength(1);
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(document.querySelectorAll('dialog.store-quick-view')).toHaveLength(1);
  });

  it("says 'Unable to load. Try again.' when the quick view cannot be read", async () => {
    button('prod-gone').click();
    await vi.waitFor(() =>
      expect(document.querySelector('dialog [role=alert]')?.textContent).toBe('Unable to load. Try again.'),
    );
  });

  it('adds from the quick view with the unit price of its variants in every money shape', async () => {
    await fc.assert(
      fc.asyncProperty(shapedPrice(), async (price) => {
        const variants = JSON.stringify([{ sku: 'MUG', attributes: {}, priceMoney: price.value, qtyInStock: 5 }]);
        api.on(
          'GET /api/commerce/products/prod-mug/quick-view',
          () =>
            new Response(
              `<h2 id="store-quick-view-title">Ceramic Mug</h2><store-add-to-cart data-item-id="prod-mug" data-product-type="1" data-variants="${variants.replaceAll('"', '&quot;')}"></store-add-to-cart>`,
              { headers: { 'Content-Type': 'text/html' } },
            ),
        );
        // An answer without the entry's price: the unit price sent is the variant's.
        api.on('GET /api/commerce/inventory/stock/', () =>
          jsonResponse({ results: [{ sku: 'MUG', unlimited: true, qtyInStock: 0 }] }),
        );
        api.on('POST /api/commerce/shopping-cart/entries', () =>
          jsonResponse({ shoppingCart: fakeCart([]), newlyAdded: { title: 'Mug', quantity: 1 } }),
        );
        const sent: CommerceEventDetail[] = [];
        const listening = new AbortController();
        document.addEventListener('store-commerce', (e) => sent.push((e as CustomEvent<CommerceEventDetail>).detail), {
          signal: listening.signal,
        });
        button().click();
        const add = await vi.waitFor(() => {
          const found = document.querySelector<HTMLButtonElement>('dialog .store-add-to-cart__button');
          expect(found).not.toBeNull();
          return found as HTMLButtonElement;
        });
        add.click();
        await vi.waitFor(() => expect(sent).toHaveLength(1));
        listening.abort();
        expect(sent[0]?.unitPriceCents, price.shape).toBe(price.minor);
        (document.querySelector('dialog') as HTMLDialogElement).close();
      }),
      { numRuns: 15 },
    );
  });
});

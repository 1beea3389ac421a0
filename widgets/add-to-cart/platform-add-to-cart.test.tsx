import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { setNavigator } from '../../runtime/session/navigate';
import { enhance } from './platform-add-to-cart';
import { holdClicks } from '../../runtime/early-clicks';

// Markup as the platform's formatters render it (add-to-cart-btn, variants-select, quantity-input).
const variants = [
  { id: 'v1', sku: 'TEE-S-RED', attributes: { size: 'S', color: 'red' }, qtyInStock: 3 },
  { id: 'v2', sku: 'TEE-M-RED', attributes: { size: 'M', color: 'red' }, qtyInStock: 3 },
];
const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const page = (extraButtonAttrs = '') => `
<div class="product-variants" data-item-id="item-1" data-variants="${attr(variants)}" data-animation-role="content">
  <div class="variant-option"><div class="variant-option-title">size: </div>
    <div class="variant-select-wrapper"><select aria-label="Select size" data-variant-option-name="size">
      <option value="">Select size</option><option value="S">S</option><option value="M">M</option></select></div>
    <div class="variant-radiobtn-wrapper" data-variant-option-name="size">
      <input type="radio" class="variant-radiobtn" value="S" name="variant-option-size" id="variant-option-size-S"/>
      <input type="radio" class="variant-radiobtn" value="M" name="variant-option-size" id="variant-option-size-M"/>
    </div></div>
  <div class="variant-option"><div class="variant-option-title">color: </div>
    <div class="variant-select-wrapper"><select aria-label="Select color" data-variant-option-name="color">
      <option value="">Select color</option><option value="red">red</option></select></div></div>
</div>
<div class="product-quantity-input" data-item-id="item-1" data-animation-role="content">
  <div class="quantity-label">Quantity:</div>
  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>
</div>
<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">
  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button" role="button" tabindex="0"
    data-collection-id="c-1" data-item-id="item-1" data-product-type="1" data-use-custom-label="false"
    data-original-label="Add To Cart" ${extraButtonAttrs}>
    <div class="sqs-add-to-cart-button-inner">Add To Cart</div>
  </div>
</div>`;

let api: FakeApi;
let visited: string[];
beforeAll(() => setNavigator((url) => visited.push(url)));
beforeEach(() => {
  visited = [];
  api = fakeApi({
    'GET /api/commerce/inventory/stock/': () =>
      jsonResponse({ results: variants.map((v) => ({ sku: v.sku, unlimited: false, qtyInStock: 3 })) }),
    'POST /api/commerce/shopping-cart/entries': (call) => {
      const body = call.body as { itemId: string; sku: string; quantity: number };
      return jsonResponse({ shoppingCart: fakeCart([body]), newlyAdded: {} });
    },
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

function setup(extra = '') {
  document.body.innerHTML = page(extra);
  const button = document.querySelector('.sqs-add-to-cart-button') as HTMLElement;
  enhance(button);
  return button;
}

function choose(name: string, value: string) {
  const select = document.querySelector(`select[data-variant-option-name="${name}"]`) as HTMLSelectElement;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const label = () => document.querySelector('.sqs-add-to-cart-button-inner')?.textContent;

describe('platform add-to-cart markup', () => {
  it('adds the variant chosen in the platform selects with the platform quantity', async () => {
    const button = setup();
    choose('size', 'M');
    choose('color', 'red');
    (document.querySelector('.product-quantity-input input') as HTMLInputElement).value = '2';
    button.click();
    await vi.waitFor(() => expect(label()).toBe('Adding…'));
    await vi.waitFor(() => expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(1));
    expect(api.callsTo('POST /api/commerce/shopping-cart/entries')[0]?.body).toEqual({
      itemId: 'item-1',
      sku: 'TEE-M-RED',
      quantity: 2,
      additionalFields: null,
    });
    await vi.waitFor(() => expect(label()).toBe('Added!'), { timeout: 2500 });
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('reads a variant radio button when its select is empty, and works from the keyboard', async () => {
    const button = setup();
    (document.querySelector('#variant-option-size-S') as HTMLInputElement).checked = true;
    choose('color', 'red');
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(1));
    expect((api.callsTo('POST /api/commerce/shopping-cart/entries')[0]?.body as { sku: string }).sku).toBe('TEE-S-RED');
  });

  it('shows the same validation alerts as the tag', async () => {
    const button = setup();
    button.click();
    await vi.waitFor(() => expect(document.querySelector('[role=alertdialog]')).not.toBeNull());
    expect(document.querySelector('[role=alertdialog] h2')?.textContent).toBe('Unable to Add Item');
    expect(document.querySelector('.store-alert__message')?.textContent).toBe(
      'Please select the size and color options.',
    );
  });

  it('leaves the page markup alone and enhances a button only once', () => {
    const button = setup();
    enhance(button);
    expect(document.querySelectorAll('.store-platform-dialogs')).toHaveLength(1);
    expect(button.querySelector('.sqs-add-to-cart-button-inner')?.textContent).toBe('Add To Cart');
    expect(document.querySelector('.product-variants select')).not.toBeNull();
  });

  it('adds once for clicks held before its code arrived, and adds instead of posting the product form', async () => {
    document.body.innerHTML = `<form class="product-form">${page()}</form>`;
    const button = document.querySelector('.sqs-add-to-cart-button') as HTMLElement;
    choose('size', 'S');
    choose('color', 'red');
    // The loader holds clicks from the moment it sees the button.
    holdClicks(button);
    button.click();
    button.click();
    enhance(button);
    await vi.waitFor(() => expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(1));
    await vi.waitFor(() => expect(label()).toBe('Added!'), { timeout: 2500 });
    await vi.waitFor(() => expect(label()).toBe('Add To Cart'), { timeout: 3500 });
    expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(1);

    const submit = new Event('submit', { cancelable: true, bubbles: true });
    (document.querySelector('form') as HTMLFormElement).dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(2));
  });

  it('labels subscriptions and sends them to subscription checkout', async () => {
    api.on('POST /api/3/commerce/cart/subscription', () => jsonResponse({ cartToken: 'abc' }));
    const button = setup('data-is-subscription="true"');
    await vi.waitFor(() => expect(label()).toBe('Subscribe'));
    choose('size', 'S');
    choose('color', 'red');
    button.click();
    await vi.waitFor(() => expect(visited).toEqual(['/commerce/subscription?cartToken=abc']));
  });
});

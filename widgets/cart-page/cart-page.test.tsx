import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { formatMoney } from '../../runtime/i18n/format';
import { shaped, shapedPrice } from '../../testing/money-shapes';
import { cartStore } from '../../runtime/cart/cart-store';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { StoreApiError } from '../../runtime/http/errors';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import type { ShoppingCart } from '../../contract/cart';
import { CART_MESSAGES, failureMessage, minimumSubtotalMessage } from './cart-page';
import './cart-page.element';
import { ENGRAVING_FORM } from '../../testing/engraving-form';
import { mountWidget } from '../../testing/mount-widget';

function serverCart(quantities: number[], overrides: Partial<ShoppingCart> = {}): ShoppingCart {
  const cart = fakeCart(
    quantities.map((quantity, i) => ({ itemId: `p${i}`, sku: `s${i}`, quantity })),
    { taxCents: 0, shippingCostCents: 0, discountCents: 0, ...overrides },
  );
  const subtotal = overrides.subtotalCents ?? cart.subtotalCents;
  cart.grandTotalCents = overrides.grandTotalCents ?? subtotal + cart.taxCents + cart.shippingCostCents;
  cart.entries.forEach((e, i) => {
    e.title = `Item ${i}`;
    e.chosenVariant.attributes = i === 0 ? { Size: 'M' } : {};
  });
  return cart;
}

let api: FakeApi;
let current: ShoppingCart;

beforeEach(() => {
  document.cookie = 'CART=c1; path=/';
  current = serverCart([2, 1], { taxCents: 1152, shippingCostCents: 700 });
  api = fakeApi({ 'GET /api/commerce/shopping-cart': () => jsonResponse(current) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

const mountPage = () =>
  mountWidget('<store-cart-page><p>server-rendered</p></store-cart-page>', 'store-cart-page', '.store-cart-page');

function totals(page: HTMLElement): Record<string, string> {
  const rows = [...page.querySelectorAll('.store-cart-page__totals > div')];
  return Object.fromEntries(rows.map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]));
}

function quantityInput(page: HTMLElement, index: number): HTMLInputElement {
  return page.querySelectorAll<HTMLInputElement>('.store-cart-page__quantity input')[index] as HTMLInputElement;
}

function typeQuantity(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

async function alertText(): Promise<string> {
  return vi.waitFor(() => {
    const alert = document.querySelector('.store-alert');
    expect(alert).not.toBeNull();
    return alert?.textContent ?? '';
  });
}

/** The submit button of the additional-fields dialog, once it is open. */
function formSubmitButton(): Promise<HTMLButtonElement> {
  return vi.waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.store-form-dialog button[type="submit"]');
    expect(button).not.toBeNull();
    return button as HTMLButtonElement;
  });
}

describe('cart page messages', () => {
  it('reads the minimum subtotal rule', () => {
    expect(minimumSubtotalMessage('$20.00')).toBe('To check out, your order subtotal must be $20.00 or more.');
  });

  it('tells offline from other failures', () => {
    expect(failureMessage(new StoreApiError(ERROR_STRINGS['error.network'], 0))).toBe(
      'Please check your internet connection.',
    );
    expect(failureMessage(new StoreApiError(ERROR_STRINGS['error.unknown'], 0))).toBe('Please try again.');
    expect(failureMessage(new StoreApiError('Sorry, we do not have enough of that item available.', 409))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(failureMessage(new StoreApiError('Something went wrong (HTTP 500)', 500))).toBe('Please try again.');
    expect(failureMessage(new Error('boom'))).toBe('Please try again.');
  });
});

describe('<store-cart-page>', () => {
  it('lists the entries and the totals in the store currency', async () => {
    const page = await mountPage();
    const entries = page.querySelectorAll('.store-cart-page__entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('Item 0');
    expect(entries[0]?.textContent).toContain('Size: M');
    expect(entries[0]?.querySelector('.store-cart-page__line-total')?.textContent).toBe('$96.00');
    expect(quantityInput(page, 0).value).toBe('2');
    expect(totals(page)).toEqual({
      Subtotal: '$144.00',
      Tax: '$11.52',
      Shipping: '$7.00',
      Total: '$162.52',
    });
    expect(page.textContent).not.toContain('server-rendered');
  });

  it('shows a discount and counts JPY without decimals', async () => {
    current = serverCart([3], {
      currencyCode: 'JPY',
      subtotalCents: 14400,
      discountCents: 400,
      grandTotalCents: 14000,
    });
    current.entries[0]!.purchasePriceCents = 4800;
    const page = await mountPage();
    expect(totals(page)).toEqual({
      Subtotal: '¥14,400',
      Tax: '¥0',
      Shipping: '¥0',
      Discount: '-¥400',
      Total: '¥14,000',
    });
    expect(page.querySelector('.store-cart-page__line-total')?.textContent).toBe('¥14,400');
  });

  it('shows line totals and totals from money in every shape, an entry priced by its subTotal alone too', async () => {
    const page = await mountPage();
    await fc.assert(
      fc.asyncProperty(
        shapedPrice(1_000_000),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        async (price, quantity, bySubTotal) => {
          // A shape without its own currency is in the cart's.
          const currency = price.beside ?? price.currency;
          const line = shaped(price.shape, price.minor * quantity, price.currency);
          const cart = serverCart([quantity], { currencyCode: currency, taxCents: 0, shippingCostCents: 0 });
          const entry = cart.entries[0] as unknown as Record<string, unknown>;
          entry.subTotal = line.value;
          if (bySubTotal) delete entry.purchasePriceCents;
          else entry.purchasePriceCents = price.value;
          Object.assign(cart, { subtotalCents: line.value, grandTotalCents: line.value });
          current = cart;
          await cartStore().getState().reload();
          const expected = formatMoney(price.minor * quantity, currency);
          await vi.waitFor(() =>
            expect(page.querySelector('.store-cart-page__line-total')?.textContent, price.shape).toBe(expected),
          );
          expect(totals(page), price.shape).toMatchObject({ Subtotal: expected, Total: expected });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('shows nothing, never NaN or $0.00, for cart money it cannot read, with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    current = serverCart([2]);
    const entry = current.entries[0] as unknown as Record<string, unknown>;
    entry.purchasePriceCents = 'lots';
    entry.subTotal = { decimalValue: 'NaN', currencyCode: 'USD' };
    current.taxCents = 'Infinity' as never;
    const page = await mountPage();
    expect(page.querySelector('.store-cart-page__line-total')?.textContent).toBe('');
    expect(totals(page)).toMatchObject({ Subtotal: '$96.00', Tax: '', Total: '$96.00' });
    expect(page.textContent).not.toContain('NaN');
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'The cart\'s entry "Item 0" purchasePriceCents: "lots" is not an amount, so the price is left out.',
      'The cart\'s entry "Item 0" subTotal: "NaN" is not an amount, so the price is left out.',
      'The cart\'s entry "Item 0": it has no readable purchasePriceCents or subTotal, so the price is left out.',
      'The cart\'s taxCents: "Infinity" is not an amount, so the price is left out.',
    ]);
  });

  it('tells analytics the cart was viewed, once', async () => {
    const seen: unknown[] = [];
    document.addEventListener('store-commerce', (e) => seen.push(e.detail));
    const page = await mountPage();
    await vi.waitFor(() => expect(seen).toEqual([{ event: 'view-cart' }]));
    api.on('PUT /api/commerce/shopping-cart/entries/e0', () =>
      jsonResponse({ shoppingCart: serverCart([3, 1], { taxCents: 1536, shippingCostCents: 700 }) }),
    );
    typeQuantity(quantityInput(page, 0), '3');
    // The server's answer re-renders the page: a second view would have been told by then.
    await vi.waitFor(() => expect(totals(page).Tax).toBe('$15.36'));
    expect(seen).toEqual([{ event: 'view-cart' }]);
  });

  it('says when the cart cannot be read (never that it is empty), and reads it again on Retry', async () => {
    let offline = true;
    api.on('GET /api/commerce/shopping-cart', () =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(current),
    );
    document.body.innerHTML = '<store-cart-page></store-cart-page>';
    const page = document.querySelector('store-cart-page') as HTMLElement;
    await vi.waitFor(() =>
      expect(page.querySelector('[role="alert"]')?.textContent).toBe('Please check your internet connection.'),
    );
    expect(page.textContent).not.toContain('You have nothing in your shopping cart.');
    offline = false;
    (page.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(page.querySelectorAll('.store-cart-page__entry')).toHaveLength(2));
  });

  it('says the cart is empty', async () => {
    current = serverCart([]);
    document.body.innerHTML = '<store-cart-page></store-cart-page>';
    await vi.waitFor(() => expect(document.body.textContent).toContain('You have nothing in your shopping cart.'));
  });

  it('changes a quantity at once and keeps what the server answers', async () => {
    const page = await mountPage();
    let release: () => void = () => undefined;
    api.on('PUT /api/commerce/shopping-cart/entries/e0', async (call) => {
      await new Promise<void>((r) => (release = r));
      expect(call.body).toEqual({ quantity: 5 });
      return jsonResponse({ shoppingCart: serverCart([5, 1], { taxCents: 2304, shippingCostCents: 700 }) });
    });
    typeQuantity(quantityInput(page, 0), '5');
    // Optimistic: the subtotal moves before the server answers.
    await vi.waitFor(() => expect(totals(page).Subtotal).toBe('$288.00'));
    expect(cartStore().getState().cart?.totalQuantity).toBe(6);
    release();
    await vi.waitFor(() => expect(totals(page).Tax).toBe('$23.04'));
    expect(totals(page).Total).toBe('$318.04');
  });

  it('rolls a refused quantity back and says why', async () => {
    const page = await mountPage();
    api.on('PUT /api/commerce/shopping-cart/entries/e0', () =>
      jsonResponse({ message: 'Sorry, we do not have enough of that item available.' }, 409),
    );
    typeQuantity(quantityInput(page, 0), '50');
    const text = await alertText();
    expect(text).toContain('Unable to update quantity');
    expect(text).toContain('Sorry, we do not have enough of that item available.');
    await vi.waitFor(() => expect(quantityInput(page, 0).value).toBe('2'));
    expect(totals(page).Subtotal).toBe('$144.00');
  });

  it('ignores quantities that are not whole numbers from 1 to 9999', async () => {
    const page = await mountPage();
    api.on('PUT /api/commerce/shopping-cart/entries/e0', () =>
      jsonResponse({ shoppingCart: serverCart([3, 1], { taxCents: 1536, shippingCostCents: 700 }) }),
    );
    for (const value of ['0', '-1', '2.5', 'abc', '10000', '']) typeQuantity(quantityInput(page, 0), value);
    await vi.waitFor(() => expect(quantityInput(page, 0).value).toBe('2'));
    // Then a valid one: it is the only update sent (calls go out in order).
    typeQuantity(quantityInput(page, 0), '3');
    await vi.waitFor(() => expect(totals(page).Tax).toBe('$15.36'));
    expect(api.callsTo('PUT /api/commerce/shopping-cart/entries/e0').map((call) => call.body)).toEqual([
      { quantity: 3 },
    ]);
  });

  it('removes an entry, and puts it back when offline', async () => {
    const page = await mountPage();
    api.on('DELETE /api/commerce/shopping-cart/entries/e1', () => Promise.reject(new TypeError('Failed to fetch')));
    const remove = () =>
      [...page.querySelectorAll<HTMLButtonElement>('.store-cart-page__actions button')].find(
        (b) => b.textContent?.includes('Remove') && b.textContent.includes('Item 1'),
      ) as HTMLButtonElement;
    remove().click();
    const text = await alertText();
    expect(text).toContain('Unable to remove item');
    expect(text).toContain(CART_MESSAGES.offline);
    await vi.waitFor(() => expect(page.querySelectorAll('.store-cart-page__entry')).toHaveLength(2));
    (document.querySelector('.store-alert button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector('.store-alert')).toBeNull());

    api.on('DELETE /api/commerce/shopping-cart/entries/e1', () =>
      jsonResponse({ shoppingCart: serverCart([2], { taxCents: 768, shippingCostCents: 700 }) }),
    );
    remove().click();
    await vi.waitFor(() => expect(page.querySelectorAll('.store-cart-page__entry')).toHaveLength(1));
    await vi.waitFor(() => expect(totals(page).Total).toBe('$110.68'));
  });

  it('blocks checkout below the minimum subtotal', async () => {
    current = serverCart([1], { minimumSubtotalCents: 5000 });
    const page = await mountPage();
    expect(page.textContent).toContain('To check out, your order subtotal must be $50.00 or more.');
    const checkout = page.querySelector('.store-cart-page__checkout') as HTMLAnchorElement;
    expect(checkout.getAttribute('aria-disabled')).toBe('true');
    expect(checkout.hasAttribute('href')).toBe(false);
  });

  it('offers checkout at or above the minimum', async () => {
    current = serverCart([2], { minimumSubtotalCents: 9600 });
    const page = await mountPage();
    expect(page.textContent).not.toContain('To check out');
    expect(page.querySelector('.store-cart-page__checkout')?.getAttribute('href')).toBe('/checkout');
  });

  it("keeps every link in the page's language: items, checkout, and continue shopping", async () => {
    document.head.innerHTML = '<script type="application/json" id="store-context">{"languagePrefix":"/de"}</script>';
    onTestFinished(() => void (document.head.innerHTML = ''));
    current.entries.forEach((e, i) => (e.url = `/shop/p/item-${i}`));
    const page = await mountPage();
    expect([...page.querySelectorAll('.store-cart-page__item a')].map((a) => a.getAttribute('href'))).toEqual([
      '/de/shop/p/item-0',
      '/de/shop/p/item-1',
    ]);
    expect(page.querySelector('.store-cart-page__checkout')?.getAttribute('href')).toBe('/de/checkout');
    cartStore().getState().setCart(serverCart([]));
    await vi.waitFor(() =>
      expect(page.querySelector('.store-cart-page--empty a')?.getAttribute('href')).toBe('/de/shop'),
    );
  });
});

describe('<store-cart-page> additional fields', () => {
  function withForm(): ShoppingCart {
    const cart = serverCart([1]);
    cart.entries[0]!.additionalFieldsFormId = 'form-engraving';
    cart.entries[0]!.additionalFields = JSON.stringify({ 'engraving-text': 'A.L.', 'engraving-font': 'Serif' });
    return cart;
  }

  function editButton(page: HTMLElement): HTMLButtonElement {
    return [...page.querySelectorAll<HTMLButtonElement>('.store-cart-page__actions button')].find((b) =>
      b.textContent?.startsWith('Edit details'),
    ) as HTMLButtonElement;
  }

  it('opens the form with the answers given, and saves new ones', async () => {
    current = withForm();
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse(ENGRAVING_FORM));
    api.on('POST /api/rest/forms/validate/form-engraving', () => jsonResponse({}));
    api.on('PUT /api/commerce/shopping-cart/entries/e0/additionalFields', (call) => {
      const saved = withForm();
      saved.entries[0]!.additionalFields = (call.body as { additionalFields: string }).additionalFields;
      return jsonResponse({ shoppingCart: saved, updatedEntry: saved.entries[0] });
    });
    const page = await mountPage();
    editButton(page).click();
    const text = await vi.waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('.store-form-dialog input[type="text"]');
      expect(input?.value).toBe('A.L.');
      return input as HTMLInputElement;
    });
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(text, 'M.S.');
    text.dispatchEvent(new Event('input', { bubbles: true }));
    (document.querySelector('.store-form-dialog button[type="submit"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector('.store-form-dialog')).toBeNull());
    const put = api.callsTo('PUT /api/commerce/shopping-cart/entries/e0/additionalFields')[0];
    expect(JSON.parse((put?.body as { additionalFields: string }).additionalFields)).toEqual({
      'engraving-text': 'M.S.',
      'engraving-font': 'Serif',
    });
    expect(put?.body).toMatchObject({ itemId: 'p0', sku: 's0' });
  });

  it('asks to fix missing answers before saving', async () => {
    current = withForm();
    current.entries[0]!.additionalFields = '{"engraving-font":"Serif"}';
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse(ENGRAVING_FORM));
    const page = await mountPage();
    editButton(page).click();
    const submit = await formSubmitButton();
    submit.click();
    await vi.waitFor(() =>
      expect(document.querySelector('.store-form-dialog')?.textContent).toContain(
        'Update the missing or invalid information above.',
      ),
    );
    expect(api.callsTo('PUT /api/commerce/shopping-cart/entries/e0/additionalFields')).toHaveLength(0);
  });

  it("says 'Unable to open form' when the form cannot be fetched", async () => {
    current = withForm();
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse({ message: 'down' }, 503));
    const page = await mountPage();
    editButton(page).click();
    const text = await alertText();
    expect(text).toContain('Unable to open form');
    expect(text).toContain('Please try again.');
  });

  it("says 'Unable to update form' when saving fails", async () => {
    current = withForm();
    api.on('GET /api/template/GetTemplateSchema', () => jsonResponse(ENGRAVING_FORM));
    api.on('POST /api/rest/forms/validate/form-engraving', () => jsonResponse({}));
    api.on('PUT /api/commerce/shopping-cart/entries/e0/additionalFields', () => jsonResponse({ message: 'x' }, 500));
    const page = await mountPage();
    editButton(page).click();
    const submit = await formSubmitButton();
    submit.click();
    const text = await alertText();
    expect(text).toContain('Unable to update form');
    expect(text).toContain('Please try again.');
  });
});

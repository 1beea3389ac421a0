import { afterEach, beforeEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { recordNavigations } from '../../testing/navigations';
import './add-to-cart.element';
import { ENGRAVING_FORM } from '../../testing/engraving-form';
import { mountWidget } from '../../testing/mount-widget';

const shirtVariants = [
  { sku: 'S-SAND', attributes: { Size: 'S', Color: 'Sand' }, priceCents: 4800, qtyInStock: 5 },
  { sku: 'M-SAND', attributes: { Size: 'M', Color: 'Sand' }, priceCents: 4800, qtyInStock: 1 },
  { sku: 'S-INDIGO', attributes: { Size: 'S', Color: 'Indigo' }, priceCents: 4800, qtyInStock: 2 },
];

let api: FakeApi;
const visited = recordNavigations();

beforeEach(() => {
  api = fakeApi({
    'GET /api/commerce/shopping-cart': () => jsonResponse(fakeCart([])),
    'GET /api/commerce/inventory/stock/': () =>
      jsonResponse({ results: shirtVariants.map((v) => ({ sku: v.sku, unlimited: false, qtyInStock: v.qtyInStock })) }),
    'POST /api/commerce/shopping-cart/entries': (call) => {
      const body = call.body as { itemId: string; sku: string; quantity: number };
      return jsonResponse({
        shoppingCart: fakeCart([body]),
        newlyAdded: { title: 'Linen Shirt', quantity: body.quantity },
      });
    },
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

function attr(value: unknown): string {
  return JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

const mount = (attributes: string) =>
  mountWidget(`<store-add-to-cart ${attributes}></store-add-to-cart>`, 'store-add-to-cart', 'button');

const shirt = `data-item-id="p-shirt" data-product-type="1" data-variants="${attr(shirtVariants)}" data-variant-option-ordering="${attr(['Size', 'Color'])}"`;

function button(element: HTMLElement): HTMLButtonElement {
  return element.querySelector('.store-add-to-cart__button') as HTMLButtonElement;
}

function select(element: HTMLElement, name: string, value: string) {
  const el = element.querySelector(`select[data-variant-option-name="${name}"]`) as HTMLSelectElement;
  el.value = value;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

function setQuantity(element: HTMLElement, value: string) {
  const input = element.querySelector('input[type=number]') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

async function alertText(element: HTMLElement): Promise<{ title: string; message: string }> {
  let dialog: Element | null = null;
  await vi.waitFor(() => {
    dialog = element.querySelector('[role=alertdialog]');
    expect(dialog).not.toBeNull();
  });
  const d = dialog as unknown as Element;
  return {
    title: d.querySelector('h2')?.textContent ?? '',
    message: d.querySelector('.store-alert__message')?.textContent ?? '',
  };
}

describe('<store-add-to-cart>', () => {
  it('renders a labelled select per option, a bounded quantity field and the button', async () => {
    const el = await mount(shirt);
    const selects = el.querySelectorAll('select');
    expect([...selects].map((s) => s.dataset.variantOptionName)).toEqual(['Size', 'Color']);
    expect(selects[0]?.querySelector('option')?.textContent).toBe('Select Size');
    expect(el.querySelector(`label[for="${selects[0]?.id}"]`)?.textContent).toBe('Size');
    const quantity = el.querySelector('input[type=number]') as HTMLInputElement;
    expect([quantity.min, quantity.max, quantity.step, quantity.value]).toEqual(['1', '9999', '1', '1']);
    expect(button(el).textContent).toBe('Add To Cart');
  });

  it('shows no selects for a single variant, and no quantity for digital products', async () => {
    const el = await mount(
      `data-item-id="p-guide" data-product-type="2" data-variants="${attr([{ sku: 'G', attributes: {}, unlimited: true }])}"`,
    );
    expect(el.querySelectorAll('select')).toHaveLength(0);
    expect(el.querySelector('input[type=number]')).toBeNull();
  });

  it("shows the unselected-option message in an 'Unable to Add Item' alert, without calling the server", async () => {
    const el = await mount(shirt);
    select(el, 'Color', 'Sand');
    button(el).click();
    expect(await alertText(el)).toEqual({ title: 'Unable to Add Item', message: 'Please select the Size option.' });
    expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(0);
  });

  it('shows the unavailable-variant and quantity messages', async () => {
    const el = await mount(shirt);
    select(el, 'Size', 'M');
    select(el, 'Color', 'Indigo');
    button(el).click();
    expect((await alertText(el)).message).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    (el.querySelector('[role=alertdialog] .store-button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(el.querySelector('[role=alertdialog]')).toBeNull());

    select(el, 'Color', 'Sand');
    setQuantity(el, '1.5');
    button(el).click();
    expect((await alertText(el)).message).toBe('Quantity must be a whole number');
  });

  it("adds the chosen variant: 'Adding…', then 'Added!', and announces the change", async () => {
    const el = await mount(shirt);
    const added = vi.fn();
    el.addEventListener('store-item-added', added);
    select(el, 'Size', 'S');
    select(el, 'Color', 'Sand');
    setQuantity(el, '2');
    button(el).click();
    await vi.waitFor(() => expect(button(el).textContent).toBe('Adding…'));
    await vi.waitFor(() => expect(button(el).textContent).toBe('Added!'), { timeout: 2500 });
    expect(api.callsTo('POST /api/commerce/shopping-cart/entries')[0]?.body).toEqual({
      itemId: 'p-shirt',
      sku: 'S-SAND',
      quantity: 2,
      additionalFields: null,
    });
    expect(added).toHaveBeenCalledTimes(1);
    expect(el.querySelector('[role=status]')?.textContent).toBe('Added!');
  });

  it('comes back idle, every button of the page, when the page is restored from the back-forward cache', async () => {
    const one = `data-item-id="p-one" data-product-type="2" data-variants="${attr([{ sku: 'ONE', attributes: {} }])}"`;
    document.body.innerHTML = `<store-add-to-cart ${one}></store-add-to-cart><store-add-to-cart ${one}></store-add-to-cart>`;
    const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.store-add-to-cart__button')];
    await vi.waitFor(() => expect(buttons()).toHaveLength(2));
    for (const b of buttons()) b.click();
    await vi.waitFor(() => expect(buttons().map((b) => b.dataset.phase)).toEqual(['added', 'added']), {
      timeout: 2500,
    });
    // (happy-dom's PageTransitionEvent drops `persisted`: the event carries it as Chromium's does.)
    const pageShow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });
    // A page shown fresh keeps its state; one restored from the cache starts over.
    window.dispatchEvent(pageShow(false));
    expect(buttons().map((b) => b.dataset.phase)).toEqual(['added', 'added']);
    window.dispatchEvent(pageShow(true));
    await vi.waitFor(() => expect(buttons().map((b) => b.dataset.phase)).toEqual(['idle', 'idle']));
  });

  it('refuses a variant the stock call says is gone, per the availability rule', async () => {
    document.cookie = 'CART=abcdefabcdefabcdefabcdef; path=/';
    api.on('GET /api/commerce/shopping-cart', () =>
      jsonResponse(fakeCart([{ itemId: 'p-shirt', sku: 'M-SAND', quantity: 1 }])),
    );
    const el = await mount(shirt);
    await vi.waitFor(() => expect(api.callsTo('GET /api/commerce/shopping-cart')).toHaveLength(1));
    select(el, 'Size', 'M');
    select(el, 'Color', 'Sand');
    button(el).click();
    expect(await alertText(el)).toEqual({
      title: 'Unable to Add Item',
      message: 'Sorry, we do not have enough of that item available.',
    });
    expect(api.callsTo('GET /api/commerce/inventory/stock/')[0]?.search.get('itemId')).toBe('p-shirt');
    expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(0);
    await vi.waitFor(() => expect(button(el).dataset.phase).toBe('idle'), { timeout: 2000 });
  });

  it("shows the server's 429 message and comes back to idle", async () => {
    api.on('POST /api/commerce/shopping-cart/entries', () =>
      jsonResponse({ message: 'x' }, 429, { 'Retry-After': '5' }),
    );
    const el = await mount(shirt);
    select(el, 'Size', 'S');
    select(el, 'Color', 'Sand');
    button(el).click();
    expect((await alertText(el)).message).toBe('Please try again in a few seconds.');
    await vi.waitFor(() => expect(button(el).textContent).toBe('Add To Cart'), { timeout: 2000 });
  });

  it("says why adding failed when the browser keeps the store's cookies from an embedding page", async () => {
    // The store on another origin handed the crumb over in a header, but its cookie never came back.
    api.on('GET /api/crumb', () => jsonResponse({ crumb: 'n.s' }, 200, { 'X-CSRF-Token': 'n.s' }));
    api.on('POST /api/commerce/shopping-cart/entries', () =>
      jsonResponse({ crumbFail: true, cookiesBlocked: true, message: 'x' }, 403),
    );
    setHttpClient(createHttpClient({ fetch: api.fetch, baseUrl: 'http://store.example', crossOrigin: true }));
    const el = await mount(shirt);
    select(el, 'Size', 'S');
    select(el, 'Color', 'Sand');
    button(el).click();
    expect(await alertText(el)).toEqual({
      title: 'Unable to Add Item',
      message:
        "Your browser blocks this store's cookies on this page (third-party cookies), and the store needs them to keep your cart. Allow cookies for http://store.example, or shop on the store's own site.",
    });
    const [add] = api.callsTo('POST /api/commerce/shopping-cart/entries');
    expect(add?.headers.get('X-CSRF-Token')).toBe('n.s');
    expect(add?.credentials).toBe('include');
  });

  it('shows the refusal of a store that does not allow this page, and writes it to the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = 'This store does not accept calls from http://theme.example. The store owner can allow it.';
    api.on('POST /api/commerce/shopping-cart/entries', () =>
      jsonResponse({ originRefused: true, message: refusal }, 403),
    );
    const el = await mount(shirt);
    select(el, 'Size', 'S');
    select(el, 'Color', 'Sand');
    button(el).click();
    expect(await alertText(el)).toEqual({ title: 'Unable to Add Item', message: refusal });
    expect(error).toHaveBeenCalledWith(`storefront.js: ${refusal}`);
    error.mockRestore();
  });

  it('goes to checkout after an express add, with the purchase alert title on failure', async () => {
    const el = await mount(`${shirt} data-express-checkout`);
    select(el, 'Size', 'S');
    select(el, 'Color', 'Sand');
    button(el).click();
    await vi.waitFor(() => expect(visited).toEqual(['/checkout']));

    api.on('POST /api/commerce/shopping-cart/entries', () => jsonResponse({ message: 'Nope.' }, 400));
    const again = await mount(`${shirt} data-express-checkout=""`);
    select(again, 'Size', 'S');
    select(again, 'Color', 'Sand');
    button(again).click();
    expect(await alertText(again)).toEqual({ title: 'Unable to Purchase Item', message: 'Nope.' });
  });

  it('buys a subscription through the subscription call and its cart token', async () => {
    api.on('POST /api/3/commerce/cart/subscription', () => jsonResponse({ cartToken: 'tok 1' }));
    const el = await mount(
      `data-item-id="p-coffee" data-product-type="1" data-subscribable="true" data-variants="${attr([{ sku: 'BEAN', attributes: {}, unlimited: true }])}"`,
    );
    expect(button(el).textContent).toBe('Subscribe');
    expect(el.querySelector('input[type=number]')).toBeNull();
    button(el).click();
    await vi.waitFor(() => expect(visited).toEqual(['/commerce/subscription?cartToken=tok%201']));
    expect(api.callsTo('POST /api/3/commerce/cart/subscription')[0]?.body).toEqual({
      itemId: 'p-coffee',
      sku: 'BEAN',
      qty: 1,
      additionalFields: null,
    });
  });

  it("titles a failed subscription 'Unable to Add Item': the spec keeps 'Unable to Purchase Item' for express checkout", async () => {
    api.on('POST /api/3/commerce/cart/subscription', () => jsonResponse({ message: 'Sold out.' }, 409));
    const el = await mount(
      `data-item-id="p-coffee" data-product-type="1" data-subscribable="true" data-variants="${attr([{ sku: 'BEAN', attributes: {}, unlimited: true }])}"`,
    );
    button(el).click();
    expect(await alertText(el)).toEqual({ title: 'Unable to Add Item', message: 'Sold out.' });
  });

  it('sends gift cards to the gift card page with the denomination, or asks for one', async () => {
    const cards = [
      { sku: 'GC-25', attributes: { Amount: '$25.00' }, unlimited: true },
      { sku: 'GC-50', attributes: { Amount: '$50.00' }, unlimited: true },
    ];
    const el = await mount(`data-item-id="p-gift" data-product-type="4" data-variants="${attr(cards)}"`);
    button(el).click();
    expect(await alertText(el)).toEqual({
      title: 'Unable to purchase Gift Card',
      message: 'Select a denomination for the Gift Card',
    });
    (el.querySelector('[role=alertdialog] .store-button') as HTMLButtonElement).click();
    select(el, 'Amount', '$50.00');
    button(el).click();
    await vi.waitFor(() => expect(visited).toEqual(['/commerce/gift-card?itemId=p-gift&sku=GC-50']));
  });

  it("goes to checkout, the subscription and the gift card pages in the page's language", async () => {
    document.head.innerHTML = '<script type="application/json" id="store-context">{"languagePrefix":"/de"}</script>';
    onTestFinished(() => void (document.head.innerHTML = ''));
    api.on('POST /api/3/commerce/cart/subscription', () => jsonResponse({ cartToken: 'tok' }));
    const express = await mount(`${shirt} data-express-checkout`);
    select(express, 'Size', 'S');
    select(express, 'Color', 'Sand');
    button(express).click();
    await vi.waitFor(() => expect(visited).toEqual(['/de/checkout']));
    const coffee = await mount(
      `data-item-id="p-coffee" data-product-type="1" data-subscribable="true" data-variants="${attr([{ sku: 'BEAN', attributes: {}, unlimited: true }])}"`,
    );
    button(coffee).click();
    await vi.waitFor(() => expect(visited).toEqual(['/de/checkout', '/de/commerce/subscription?cartToken=tok']));
    const card = await mount(
      `data-item-id="p-gift" data-product-type="4" data-variants="${attr([{ sku: 'GC-25', attributes: {}, unlimited: true }])}"`,
    );
    button(card).click();
    await vi.waitFor(() => expect(visited).toHaveLength(3));
    expect(visited[2]).toBe('/de/commerce/gift-card?itemId=p-gift&sku=GC-25');
  });

  it('renders a custom label as text, never as markup', async () => {
    const el = await mount(
      `data-item-id="p" data-variants="${attr([{ sku: 'A', attributes: {} }])}" data-use-custom-label="true" data-original-label="&lt;img src=x onerror=alert(1)&gt;"`,
    );
    expect(button(el).textContent).toBe('<img src=x onerror=alert(1)>');
    expect(el.querySelector('img')).toBeNull();
  });

  it('survives malformed variant data', async () => {
    const el = await mount('data-item-id="p" data-variants="{not json"');
    button(el).click();
    expect((await alertText(el)).message).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });

  it('announces the chosen variant for other widgets of the product', async () => {
    const seen: (string | null)[] = [];
    document.addEventListener('store-variant-change', (e) => seen.push(e.detail.variant?.sku ?? null));
    const el = await mount(shirt);
    select(el, 'Size', 'S');
    select(el, 'Color', 'Indigo');
    await vi.waitFor(() => expect(seen).toEqual([null, 'S-INDIGO']));
  });
});

describe('<store-add-to-cart> additional-fields form', () => {
  const form = {
    ...ENGRAVING_FORM,
    fields: [...ENGRAVING_FORM.fields, { id: 'email', type: 'email', title: 'Gift e-mail', required: false }],
  };
  const pen = `data-item-id="p-pen" data-product-type="1" data-use-form="true" data-form="${attr(form)}" data-variants="${attr([{ sku: 'PEN', attributes: {}, qtyInStock: 50 }])}"`;

  function typeInto(dialog: Element, label: string, value: string) {
    const field = [...dialog.querySelectorAll('.store-field')].find((f) => f.textContent?.includes(label));
    const control = field?.querySelector('input, select, textarea') as HTMLInputElement | HTMLSelectElement;
    const proto = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }

  async function openForm(el: HTMLElement): Promise<HTMLDialogElement> {
    button(el).click();
    let dialog: HTMLDialogElement | null = null;
    await vi.waitFor(() => {
      dialog = el.querySelector('dialog.store-form-dialog');
      expect(dialog).not.toBeNull();
    });
    return dialog as unknown as HTMLDialogElement;
  }

  it("marks empty required fields 'Required', above the field title", async () => {
    const el = await mount(pen);
    const dialog = await openForm(el);
    expect(dialog.querySelector('h2')?.textContent).toBe('Engraving');
    (dialog.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(dialog.querySelectorAll('.store-field__error')).toHaveLength(2));
    const first = dialog.querySelector('.store-field--error') as HTMLElement;
    expect(first.firstElementChild?.className).toBe('store-field__error');
    expect(first.firstElementChild?.textContent).toBe('Required');
    expect(first.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows server field errors, then adds with the answers as a JSON string', async () => {
    let valid = false;
    api.on('POST /api/rest/forms/validate/form-engraving', () =>
      valid ? jsonResponse({ valid: true }) : jsonResponse({ errors: { email: 'Email is not valid.' } }, 400),
    );
    api.on('GET /api/commerce/inventory/stock/', () =>
      jsonResponse({ results: [{ sku: 'PEN', unlimited: false, qtyInStock: 50 }] }),
    );
    const el = await mount(pen);
    const dialog = await openForm(el);
    typeInto(dialog, 'Engraving text', 'For Ada');
    typeInto(dialog, 'Font', 'Script');
    typeInto(dialog, 'Gift e-mail', 'nope');
    (dialog.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(dialog.querySelector('.store-field__error')?.textContent).toBe('Email is not valid.'),
    );

    valid = true;
    typeInto(dialog, 'Gift e-mail', 'ada@example.com');
    (dialog.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(el.querySelector('dialog.store-form-dialog')).toBeNull());
    await vi.waitFor(() => expect(api.callsTo('POST /api/commerce/shopping-cart/entries')).toHaveLength(1));
    const body = api.callsTo('POST /api/commerce/shopping-cart/entries')[0]?.body as { additionalFields: string };
    expect(JSON.parse(body.additionalFields)).toEqual({
      'engraving-text': 'For Ada',
      'engraving-font': 'Script',
      email: 'ada@example.com',
    });
  });

  it("reads 'Saving…' while the answers are being checked", async () => {
    let release!: () => void;
    api.on(
      'POST /api/rest/forms/validate/form-engraving',
      () => new Promise((r) => (release = () => r(jsonResponse({ valid: true })))),
    );
    const el = await mount(pen);
    const dialog = await openForm(el);
    typeInto(dialog, 'Engraving text', 'Hi');
    typeInto(dialog, 'Font', 'Serif');
    (dialog.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(dialog.querySelector('button[type=submit]')?.textContent).toBe('Saving…'));
    release();
    await vi.waitFor(() => expect(el.querySelector('dialog.store-form-dialog')).toBeNull());
  });

  it('closes with the close control and with Escape', async () => {
    const el = await mount(pen);
    let dialog = await openForm(el);
    (dialog.querySelector('.store-dialog__close') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(el.querySelector('dialog')).toBeNull());
    dialog = await openForm(el);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(el.querySelector('dialog')).toBeNull());
  });
});

describe('cart loading', () => {
  it('makes no cart request for an anonymous visitor and shows the buttons', async () => {
    const el = await mount(shirt);
    await vi.waitFor(() => expect(el.querySelector('.store-add-to-cart--pending')).toBeNull());
    expect(api.callsTo('GET /api/commerce/shopping-cart')).toHaveLength(0);
  });

  it('makes one cart request for many widgets when a cart cookie exists', async () => {
    document.cookie = 'CART=abcdefabcdefabcdefabcdef; path=/';
    document.body.innerHTML = Array.from({ length: 12 }, () => `<store-add-to-cart ${shirt}></store-add-to-cart>`).join(
      '',
    );
    await vi.waitFor(() => expect(document.querySelectorAll('store-add-to-cart button')).toHaveLength(12));
    await vi.waitFor(() => expect(document.querySelector('.store-add-to-cart--pending')).toBeNull());
    expect(api.callsTo('GET /api/commerce/shopping-cart')).toHaveLength(1);
  });
});

/** Puts a store context listing `enabledFeatures` in the head (mount() replaces the body). */
function withFeatures(enabledFeatures: number[]): void {
  document.getElementById('store-context')?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'store-context';
  script.textContent = JSON.stringify({ enabledFeatures });
  document.head.append(script);
}

describe('<store-add-to-cart> feature flags', () => {
  afterEach(() => document.getElementById('store-context')?.remove());
  const cards = [{ sku: 'GC-25', attributes: {}, unlimited: true }];
  const coffee = `data-item-id="p-coffee" data-product-type="1" data-subscribable="true" data-variants="${attr([{ sku: 'BEAN', attributes: {}, unlimited: true }])}"`;

  it('without gift cards (40) a gift card cannot be bought, and says why', async () => {
    withFeatures([50]);
    const el = await mount(`data-item-id="p-gift" data-product-type="4" data-variants="${attr(cards)}"`);
    expect(button(el).getAttribute('aria-disabled')).toBe('true');
    const note = el.querySelector('.store-add-to-cart__unavailable');
    expect(note?.textContent).toBe('Gift cards are not available in this store right now.');
    expect(button(el).getAttribute('aria-describedby')).toBe(note?.id);
    button(el).click();
    expect(await alertText(el)).toEqual({
      title: 'Unable to purchase Gift Card',
      message: 'Gift cards are not available in this store right now.',
    });
    expect(visited).toEqual([]);
  });

  it('with gift cards (40) on, the gift card is bought as before', async () => {
    withFeatures([40]);
    const el = await mount(`data-item-id="p-gift" data-product-type="4" data-variants="${attr(cards)}"`);
    expect(el.querySelector('.store-add-to-cart__unavailable')).toBeNull();
    button(el).click();
    await vi.waitFor(() => expect(visited).toEqual(['/commerce/gift-card?itemId=p-gift&sku=GC-25']));
  });

  it('without subscriptions (50) no subscription checkout is started', async () => {
    withFeatures([40]);
    api.on('POST /api/3/commerce/cart/subscription', () => jsonResponse({ cartToken: 'tok' }));
    const el = await mount(coffee);
    expect(button(el).textContent).toBe('Subscribe');
    expect(el.querySelector('.store-add-to-cart__unavailable')?.textContent).toBe(
      'Subscriptions are not available in this store right now.',
    );
    button(el).click();
    expect((await alertText(el)).message).toBe('Subscriptions are not available in this store right now.');
    expect(api.callsTo('POST /api/3/commerce/cart/subscription')).toEqual([]);
    withFeatures([50]);
    const on = await mount(coffee);
    expect(button(on).getAttribute('aria-disabled')).toBeNull();
    expect(on.querySelector('.store-add-to-cart__unavailable')).toBeNull();
  });
});

describe('<store-add-to-cart> label experiment', () => {
  afterEach(() => {
    document.getElementById('store-context')?.remove();
    history.replaceState(null, '', '/');
  });
  const setExperiment = (variant: string, siteStatus = 8) => {
    document.getElementById('store-context')?.remove();
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="store-context">${JSON.stringify({
        siteStatus,
        experiments: { 'add-button-label': { type: 'AB_TEST', variant } },
      })}</script>`,
    );
  };

  it("says Add To Bag in the test's add-to-bag variant, Add To Cart otherwise", async () => {
    setExperiment('add-to-bag');
    expect(button(await mount(shirt)).textContent).toBe('Add To Bag');
    setExperiment('control');
    expect(button(await mount(shirt)).textContent).toBe('Add To Cart');
  });

  it('lets only an internal site force the variant from the address', async () => {
    history.replaceState(null, '', '/qa/tag/linen-shirt?experiment.add-button-label=add-to-bag');
    setExperiment('control');
    expect(button(await mount(shirt)).textContent).toBe('Add To Cart');
    setExperiment('control', 6);
    expect(button(await mount(shirt)).textContent).toBe('Add To Bag');
  });
});

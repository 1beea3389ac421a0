import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noCartStorageMessage } from '../../contract/embedding';
import { fakeApi, fakeCart, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { recordNavigations } from '../../testing/navigations';
import { cartStore } from '../cart/cart-store';
import { createHttpClient, setHttpClient } from '../http/client';
import { setApiOrigin } from './api-origin';
import { canKeepCart, cartTokenKeeper, setTokenSiteUser, tokenSiteUser, usesCartToken } from './cart-token';
import { navigate, ROUTES, storePageUrl } from './navigate';

const STORE = 'https://store.example';
const TOKEN = 'T'.repeat(43);
const CODE = 'C'.repeat(43);

const visited = recordNavigations();
let api: FakeApi;
const submitted: { action: string; method: string; fields: Record<string, string> }[] = [];

beforeEach(() => {
  setApiOrigin(STORE);
  api = fakeApi({ 'POST /api/commerce/shopping-cart/handoff': () => jsonResponse({ code: CODE }) });
  setHttpClient(createHttpClient({ fetch: api.fetch, baseUrl: STORE, cartToken: cartTokenKeeper }));
  submitted.length = 0;
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    const fields = Object.fromEntries([...this.querySelectorAll('input')].map((i) => [i.name, i.value]));
    submitted.push({ action: this.action, method: this.method, fields });
  });
});
afterEach(() => vi.restoreAllMocks());

/** Resolves once the hand-off form was posted or the page was left. */
async function settled(): Promise<void> {
  await vi.waitFor(() => expect(submitted.length + visited.length).toBeGreaterThan(0));
}

describe('cart token on a page of another site', () => {
  it('is used for a store on another host or scheme, not on another port of the same host', () => {
    expect(usesCartToken()).toBe(true);
    setApiOrigin(`${location.protocol}//${location.hostname}:9999`);
    expect(usesCartToken()).toBe(false);
    setApiOrigin(`https://${location.hostname}`);
    expect(usesCartToken()).toBe(location.protocol !== 'https:');
  });

  it("is kept in the page's own storage, per store, with the member signed in through it", () => {
    cartTokenKeeper.keep(TOKEN);
    setTokenSiteUser('member-1');
    expect(JSON.parse(localStorage.getItem(`store-cart-token:${STORE}`)!)).toMatchObject({
      value: JSON.stringify({ token: TOKEN, siteUserId: 'member-1' }),
    });
    expect(tokenSiteUser()).toEqual({ authenticated: true, siteUserId: 'member-1' });
    cartTokenKeeper.keep(undefined);
    expect(localStorage.getItem(`store-cart-token:${STORE}`)).toBeNull();
    expect(tokenSiteUser()).toEqual({ authenticated: false });
  });

  it('refuses to add, before any call, where the page can keep nothing, and says why', async () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked, removeItem: blocked });
    const cookie = vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    expect(canKeepCart()).toBe(false);
    api.on('POST /api/commerce/shopping-cart/entries', () => jsonResponse({ shoppingCart: fakeCart([]) }));
    await expect(cartStore().getState().addEntry({ itemId: 'i', sku: 's', quantity: 1 })).rejects.toThrow(
      noCartStorageMessage(STORE),
    );
    expect(api.calls).toEqual([]);
    cookie.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('hand-off to the store', () => {
  it('posts a one-time code in a form to the store, which goes on to the page asked for; no URL holds it', async () => {
    cartTokenKeeper.keep(TOKEN);
    navigate(ROUTES.checkout);
    await settled();
    expect(submitted).toEqual([
      { action: `${STORE}/commerce/handoff`, method: 'post', fields: { code: CODE, next: '/checkout' } },
    ]);
    expect(visited).toEqual([]);
    expect(api.calls.map((c) => c.headers.get('X-Store-Cart-Token'))).toEqual([TOKEN]);
  });

  it('just goes to the page without a cart, or when no code can be had', async () => {
    navigate(ROUTES.cart);
    await settled();
    expect(visited).toEqual([`${STORE}/cart`]);
    cartTokenKeeper.keep(TOKEN);
    api.on('POST /api/commerce/shopping-cart/handoff', () => jsonResponse({ message: 'down' }, 503));
    navigate(ROUTES.cart);
    await vi.waitFor(() => expect(visited).toHaveLength(2));
    expect(submitted).toEqual([]);
  });

  it('takes the cart along from a plain click on any link to a store page, and leaves other clicks and links alone', async () => {
    cartTokenKeeper.keep(TOKEN);
    document.body.innerHTML = `
      <a id="cart" href="${storePageUrl('/cart')}">cart</a>
      <a id="api" href="${STORE}/api/commerce/shopping-cart">api</a>
      <a id="file" href="${STORE}/storefront.js">file</a>
      <a id="elsewhere" href="https://other.example/cart">elsewhere</a>
      <a id="tab" href="${STORE}/cart" target="_blank">tab</a>`;
    // Whether the page's handler took the click; then the test keeps happy-dom from following any link.
    let taken = false;
    const stop = (event: Event) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', stop);
    const click = (id: string, init: MouseEventInit = {}) => {
      document
        .getElementById(id)!
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      return taken;
    };
    expect(click('api')).toBe(false);
    expect(click('file')).toBe(false);
    expect(click('elsewhere')).toBe(false);
    expect(click('tab')).toBe(false);
    expect(click('cart', { ctrlKey: true })).toBe(false);
    expect(click('cart', { button: 1 })).toBe(false);
    expect(submitted).toEqual([]);
    expect(click('cart')).toBe(true);
    await settled();
    expect(submitted[0]?.fields).toEqual({ code: CODE, next: '/cart' });
    window.removeEventListener('click', stop);
  });
});

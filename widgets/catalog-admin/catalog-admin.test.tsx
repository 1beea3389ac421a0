import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import './catalog-admin.element';

const API = '/api/config/catalog';
let api: FakeApi;

beforeEach(() => {
  api = fakeApi({ [`GET ${API}/terms`]: () => jsonResponse({ tags: ['Blue', 'Red'], categories: [] }) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

afterEach(() => {
  document.body.innerHTML = '';
});

async function mount(): Promise<HTMLElement> {
  document.body.innerHTML = '<store-catalog-admin></store-catalog-admin>';
  const el = document.querySelector('store-catalog-admin') as HTMLElement;
  await vi.waitFor(() => expect(el.querySelectorAll('.store-catalog-admin__list--tag li')).toHaveLength(2));
  return el;
}

const button = (el: HTMLElement, name: string) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === name) as
    HTMLButtonElement | undefined;

const alertOf = (el: HTMLElement, kind: string) =>
  el.querySelector(`.store-catalog-admin__list--${kind} [role=alert]`)?.textContent;

describe('<store-catalog-admin>', () => {
  it('opens one rename at a time: a second says "You may only edit one tag at a time"', async () => {
    const el = await mount();
    button(el, 'Rename Blue')?.click();
    await vi.waitFor(() => expect(el.querySelector('input[value="Blue"]')).not.toBeNull());
    button(el, 'Rename Red')?.click();
    await vi.waitFor(() => expect(alertOf(el, 'tag')).toBe('You may only edit one tag at a time'));
    expect(el.querySelector('input[value="Red"]')).toBeNull();
  });

  it("shows the server's refusal, and the owner strings for 404 and server failures", async () => {
    const el = await mount();
    api.on(`DELETE ${API}/terms/tag/Blue`, () => jsonResponse({ message: 'nope' }, 404));
    button(el, 'Remove Blue')?.click();
    await vi.waitFor(() => expect(alertOf(el, 'tag')).toBe('Unable to locate content'));
    api.on(`DELETE ${API}/terms/tag/Red`, () => jsonResponse({}, 500));
    button(el, 'Remove Red')?.click();
    await vi.waitFor(() => expect(alertOf(el, 'tag')).toBe('Something went wrong'));
    api.on(`POST ${API}/terms`, () => jsonResponse({ message: 'This tag already exists' }, 409));
    el.querySelector<HTMLFormElement>('.store-catalog-admin__list--tag form')?.requestSubmit();
    await vi.waitFor(() => expect(alertOf(el, 'tag')).toBe('This tag already exists'));
  });

  it('says "Unable to load. Try again." when the lists do not load, and Try again loads them', async () => {
    let fail = true;
    api.on(`GET ${API}/terms`, () => (fail ? jsonResponse({}, 500) : jsonResponse({ tags: ['A'], categories: [] })));
    document.body.innerHTML = '<store-catalog-admin></store-catalog-admin>';
    const el = document.querySelector('store-catalog-admin') as HTMLElement;
    await vi.waitFor(() => expect(el.querySelector('[role=alert]')?.textContent).toBe('Unable to load. Try again.'));
    fail = false;
    button(el, 'Try again')?.click();
    await vi.waitFor(() => expect(el.querySelectorAll('.store-catalog-admin__list--tag li')).toHaveLength(1));
  });

  it('exports under the name in the field (products by default)', async () => {
    const el = await mount();
    const name = el.querySelector<HTMLInputElement>('.store-catalog-admin__export input');
    expect(name?.value).toBe('products');
    el.querySelector<HTMLFormElement>('.store-catalog-admin__export form')?.requestSubmit();
    await vi.waitFor(() => expect(api.callsTo(`GET ${API}/export`)).toHaveLength(1));
    expect(api.callsTo(`GET ${API}/export`)[0]?.search.get('fileName')).toBe('products');
  });
});

describe('collections', () => {
  it('lists the collections with their items and limits', async () => {
    api.on(`GET ${API}/collections`, () =>
      jsonResponse({
        collections: [
          { id: 'shop', title: 'Shop', path: '/shop', items: 48, limit: 200 },
          { id: 'journal', title: 'Journal', path: '/journal', items: 1 },
        ],
      }),
    );
    const el = await mount();
    const list = await vi.waitFor(() => {
      const found = el.querySelector('.store-catalog-admin__collection-list');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Shop: 48 items of at most 200',
      'Journal: one item',
    ]);
    expect(list.querySelector('a')?.getAttribute('href')).toBe('/shop');
  });

  it("says 'Unable to load collections' when they do not load, and Try again loads them", async () => {
    let fail = true;
    api.on(`GET ${API}/collections`, () =>
      fail
        ? jsonResponse({ message: 'nope' }, 500)
        : jsonResponse({ collections: [{ id: 'shop', title: 'Shop', path: '/shop', items: 2, limit: 200 }] }),
    );
    const el = await mount();
    const section = el.querySelector('.store-catalog-admin__collections') as HTMLElement;
    await vi.waitFor(() =>
      expect(section.querySelector('[role=alert]')?.textContent).toBe('Unable to load collections'),
    );
    fail = false;
    (section.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(section.querySelector('li')?.textContent).toBe('Shop: 2 items of at most 200'));
  });
});

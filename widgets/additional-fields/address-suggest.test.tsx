import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageType, RecordType } from '../../contract/enumerations';
import type { FormField } from '../../contract/form-fields';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { MISSING_PRODUCT_CONTEXT_ERROR, placesContextOf, type PlacesContext } from '../../runtime/http/places';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import { PINE_STREET } from '../../contract/examples/places';
import type { FieldValue } from './field-values';
import { FormFieldView } from './form-field';
import { SUGGEST_DEBOUNCE_MS } from './address-suggest';

const ADDRESS: FormField = { id: 'addr', type: 'address', title: 'Address', required: false, options: [] };

const PREDICTIONS = [
  { placeId: 'place-001', description: '221 Pine Street, San Francisco, CA 94104, United States' },
  { placeId: 'place-002', description: '1600 Amphitheatre Parkway, Mountain View, CA 94043, United States' },
];
const PARKWAY = { ...PINE_STREET, Line1: '1600 Amphitheatre Parkway', City: 'Mountain View', Zip: '94043' };

let api: FakeApi;
let root: Root | undefined;
let values: FieldValue | undefined;

beforeEach(() => {
  api = fakeApi({
    'GET /api/google-maps/places/autocomplete': () => jsonResponse({ predictions: PREDICTIONS }),
    'GET /api/google-maps/places/details': (call) =>
      jsonResponse({
        placeId: call.search.get('placeId'),
        address: call.search.get('placeId') === 'place-002' ? PARKWAY : PINE_STREET,
      }),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
  values = undefined;
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  setHttpClient(undefined);
});

function Harness({ placesContext }: { placesContext?: PlacesContext }) {
  const [value, setValue] = useState<FieldValue | undefined>(undefined);
  return (
    <FormFieldView
      field={ADDRESS}
      value={value}
      error={undefined}
      placesContext={placesContext}
      onChange={(next) => {
        values = next;
        setValue(next);
      }}
    />
  );
}

async function mount(placesContext?: PlacesContext): Promise<HTMLInputElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(<Harness placesContext={placesContext} />);
  await vi.waitFor(() => expect(host.querySelector('[role=combobox]')).not.toBeNull());
  return host.querySelector('[role=combobox]') as HTMLInputElement;
}

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function key(input: HTMLInputElement, name: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  input.dispatchEvent(event);
  return event;
}

const listbox = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
const options = () => [...document.querySelectorAll('[role=option]')];
const status = () => document.querySelector('[role=status]')?.textContent;

/** Types and waits for the suggestions to show. */
async function suggestions(input: HTMLInputElement, text = 'pine') {
  type(input, text);
  await vi.waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
}

describe('address suggestions on the first line of an address field', () => {
  it('is a combobox labelled by its part label, controlling a listbox that starts closed', async () => {
    const input = await mount();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.labels?.[0]?.textContent).toBe('Address 1');
    const list = listbox(input);
    expect(list.getAttribute('role')).toBe('listbox');
    expect(list.getAttribute('aria-label')).toBe('Address suggestions');
    expect(list.hidden).toBe(true);
    expect(input.name).toBe('addr-Line1');
  });

  it('asks once for what was typed after a pause, not on every keystroke', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = await mount();
    type(input, 'p');
    type(input, 'pi');
    type(input, 'pin');
    type(input, 'pine');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1);
    expect(api.callsTo('GET /api/google-maps/places/autocomplete')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    const calls = api.callsTo('GET /api/google-maps/places/autocomplete');
    expect(calls.map((call) => call.search.get('input'))).toEqual(['pine']);
    expect(values).toEqual({ Line1: 'pine' });
  });

  it('asks nothing for fewer than three characters', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const input = await mount();
    type(input, 'pi');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS * 4);
    expect(api.calls).toHaveLength(0);
  });

  it('lists the suggestions and announces how many there are', async () => {
    const input = await mount();
    await suggestions(input);
    expect(options().map((option) => option.textContent)).toEqual(PREDICTIONS.map((p) => p.description));
    expect(listbox(input).hidden).toBe(false);
    expect(status()).toBe('2 address suggestions. Use the up and down arrows to choose one.');
  });

  it('announces when nothing matches and stays closed', async () => {
    api.on('GET /api/google-maps/places/autocomplete', () => jsonResponse({ predictions: [] }));
    const input = await mount();
    type(input, 'zzzz');
    await vi.waitFor(() => expect(status()).toBe('No address suggestions.'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves the active option with the arrows, wrapping, and marks it selected', async () => {
    const input = await mount();
    await suggestions(input);
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(key(input, 'ArrowDown').defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id));
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    key(input, 'ArrowDown');
    await vi.waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id));
    key(input, 'ArrowDown');
    await vi.waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id));
    key(input, 'ArrowUp');
    await vi.waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id));
    expect(options()[0]?.getAttribute('aria-selected')).toBe('false');
  });

  it('fills every part from the chosen place on Enter and says so', async () => {
    const input = await mount();
    await suggestions(input);
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    await vi.waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]?.id));
    expect(key(input, 'Enter').defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(values).toEqual(PARKWAY));
    expect(input.value).toBe('1600 Amphitheatre Parkway');
    expect((document.querySelector('[name=addr-City]') as HTMLInputElement).value).toBe('Mountain View');
    expect((document.querySelector('[name=addr-Zip]') as HTMLInputElement).value).toBe('94043');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(status()).toBe('Address filled in.');
    const details = api.callsTo('GET /api/google-maps/places/details');
    expect(details).toHaveLength(1);
    expect(details[0]?.search.get('placeId')).toBe('place-002');
    expect(details[0]?.search.has('productPage')).toBe(false);
  });

  it('leaves Enter alone when no option is active (the form submits)', async () => {
    const input = await mount();
    await suggestions(input);
    expect(key(input, 'Enter').defaultPrevented).toBe(false);
    expect(api.callsTo('GET /api/google-maps/places/details')).toHaveLength(0);
  });

  it('closes on Escape without letting the key reach a dialog, then leaves Escape alone', async () => {
    const input = await mount();
    const outer = vi.fn();
    document.body.addEventListener('keydown', outer);
    await suggestions(input);
    expect(key(input, 'Escape').defaultPrevented).toBe(true);
    expect(outer).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
    expect(listbox(input).hidden).toBe(true);
    expect(key(input, 'Escape').defaultPrevented).toBe(false);
    expect(outer).toHaveBeenCalledTimes(1);
    document.body.removeEventListener('keydown', outer);
  });

  it('takes a clicked suggestion', async () => {
    const input = await mount();
    await suggestions(input);
    (options()[0] as HTMLElement).click();
    await vi.waitFor(() => expect(values).toEqual(PINE_STREET));
  });

  it('sends a product page tracking context with the details call', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const input = await mount({ onProductPage: true, productPage: 'page-1', productSection: 'section-2' });
    await suggestions(input);
    key(input, 'ArrowDown');
    key(input, 'Enter');
    await vi.waitFor(() => expect(values).toEqual(PINE_STREET));
    const [call] = api.callsTo('GET /api/google-maps/places/details');
    expect(call?.search.get('productPage')).toBe('page-1');
    expect(call?.search.get('productSection')).toBe('section-2');
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('logs an error when a product page gives no tracking context, and still fills the address', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const input = await mount({ onProductPage: true });
    await suggestions(input);
    key(input, 'ArrowDown');
    key(input, 'Enter');
    await vi.waitFor(() => expect(values).toEqual(PINE_STREET));
    expect(error).toHaveBeenCalledWith(MISSING_PRODUCT_CONTEXT_ERROR);
    expect(api.callsTo('GET /api/google-maps/places/details')[0]?.search.has('productPage')).toBe(false);
    error.mockRestore();
  });

  it('works as a plain input when suggestions fail', async () => {
    api.on('GET /api/google-maps/places/autocomplete', () => jsonResponse({ message: 'Too many requests' }, 429));
    const input = await mount();
    type(input, 'pine');
    await vi.waitFor(() => expect(api.callsTo('GET /api/google-maps/places/autocomplete')).toHaveLength(1));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(values).toEqual({ Line1: 'pine' });
  });
});

describe('the tracking context of the page', () => {
  const item = { recordType: RecordType.STORE_ITEM, collectionId: 'shop' };
  const productPage = { pageType: PageType.CONTENT_ITEM, pageId: 'page-9', item };

  it('names the page and the product collection on a product page', () => {
    expect(placesContextOf(productPage)).toEqual({
      onProductPage: true,
      productPage: 'page-9',
      productSection: 'shop',
    });
  });

  it('is no product page elsewhere', () => {
    expect(placesContextOf({ pageType: PageType.PAGE, pageId: 'page-contact', item: null })).toEqual({
      onProductPage: false,
    });
    expect(placesContextOf({ ...productPage, item: { ...item, recordType: 1 } })).toEqual({ onProductPage: false });
  });

  it('leaves out what the page does not say, so the details call logs the error', () => {
    expect(placesContextOf({ ...productPage, pageId: undefined, item: { ...item, collectionId: '' } })).toEqual({
      onProductPage: true,
      productPage: undefined,
      productSection: undefined,
    });
  });
});

import { within } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { TWEAK_EVENTS } from '../../runtime/tweak-events';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import './header-footer-editor.element';
import { mountWidget } from '../../testing/mount-widget';

const VALUE = {
  header: { links: [{ label: 'Shop', url: '/shop' }] },
  footer: { text: 'Made by hand.', email: 'hi@example.com', links: [] },
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({ 'GET /api/site-header-footer': () => jsonResponse(VALUE) });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

function type(input: HTMLElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const mount = () =>
  mountWidget('<store-header-footer-editor></store-header-footer-editor>', 'store-header-footer-editor', 'form');

describe('<store-header-footer-editor>', () => {
  it('shows the saved header and footer and saves the edits with PUT', async () => {
    api.on('PUT /api/site-header-footer', (call) => jsonResponse(call.body));
    const editor = await mount();
    const view = within(editor);
    expect((view.getByLabelText('Footer text') as HTMLInputElement).value).toBe('Made by hand.');
    const header = within(view.getByRole('group', { name: 'Header links' }));
    header.getByRole('button', { name: 'Add a link' }).click();
    await vi.waitFor(() => expect(header.getAllByRole('group', { name: 'Link 2' })).toHaveLength(1));
    const second = header.getByRole('group', { name: 'Link 2' });
    type(within(second).getByLabelText('Label'), 'Journal');
    type(within(second).getByLabelText('Address'), 'https://journal.example.com');
    view.getByRole('button', { name: 'Save header and footer' }).click();
    await vi.waitFor(() =>
      expect(view.getByRole('status').textContent).toBe('Saved. Every page shows the new header and footer.'),
    );
    expect(api.callsTo('PUT /api/site-header-footer')[0]?.body).toEqual({
      header: {
        links: [
          { label: 'Shop', url: '/shop' },
          { label: 'Journal', url: 'https://journal.example.com' },
        ],
      },
      footer: VALUE.footer,
    });
  });

  it("puts the server's message on the field it names, marks it invalid and focuses it", async () => {
    const message = 'Links must be formatted as http://shop or https://shop';
    api.on('PUT /api/site-header-footer', () =>
      jsonResponse({ message, errors: { 'header.links.0.url': message } }, 400),
    );
    const editor = await mount();
    const view = within(editor);
    const url = within(view.getByRole('group', { name: 'Link 1' })).getByLabelText('Address');
    type(url, 'shop');
    view.getByRole('button', { name: 'Save header and footer' }).click();
    await vi.waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    await vi.waitFor(() => expect(document.activeElement).toBe(url));
  });

  it('removes a link', async () => {
    api.on('PUT /api/site-header-footer', (call) => jsonResponse(call.body));
    const editor = await mount();
    within(editor).getByRole('button', { name: 'Remove link 1' }).click();
    await vi.waitFor(() => expect(within(editor).queryByRole('group', { name: 'Link 1' })).toBeNull());
    within(editor).getByRole('button', { name: 'Save header and footer' }).click();
    await vi.waitFor(() => expect(api.callsTo('PUT /api/site-header-footer')).toHaveLength(1));
    expect(api.callsTo('PUT /api/site-header-footer')[0]?.body).toMatchObject({ header: { links: [] } });
  });

  it('sends the tweak events: before open, after show, change, save, reset, close and after close', async () => {
    const seen: [string, unknown][] = [];
    const names = Object.values(TWEAK_EVENTS);
    const record = (event: Event) => {
      const { editor, values } = (event as CustomEvent<{ editor: string; values?: unknown }>).detail;
      expect(editor).toBe('store-header-footer-editor');
      seen.push([event.type, values]);
    };
    names.forEach((name) => document.addEventListener(name, record));
    try {
      api.on('PUT /api/site-header-footer', (call) => jsonResponse(call.body));
      const editor = await mount();
      const view = within(editor);
      await vi.waitFor(() =>
        expect(seen.map(([name]) => name)).toEqual(['store-tweak-before-open', 'store-tweak-after-show']),
      );
      expect(seen[1]?.[1]).toEqual(VALUE);

      type(view.getByLabelText('Footer text'), 'Made by hand, slowly.');
      await vi.waitFor(() => expect(seen.at(-1)?.[0]).toBe('store-tweak-change'));
      expect(seen.at(-1)?.[1]).toMatchObject({ footer: { text: 'Made by hand, slowly.' } });

      view.getByRole('button', { name: 'Reset' }).click();
      await vi.waitFor(() => expect(seen.at(-1)).toEqual(['store-tweak-reset', VALUE]));
      expect((view.getByLabelText('Footer text') as HTMLInputElement).value).toBe('Made by hand.');

      type(view.getByLabelText('Footer text'), 'New text');
      view.getByRole('button', { name: 'Save header and footer' }).click();
      await vi.waitFor(() => expect(seen.at(-1)?.[0]).toBe('store-tweak-save'));
      expect(seen.at(-1)?.[1]).toMatchObject({ footer: { text: 'New text' } });

      document.body.innerHTML = '';
      await vi.waitFor(() =>
        expect(seen.slice(-2).map(([name]) => name)).toEqual(['store-tweak-close', 'store-tweak-after-close']),
      );
    } finally {
      names.forEach((name) => document.removeEventListener(name, record));
    }
  });

  it('says why when the header and footer cannot be loaded', async () => {
    api.on('GET /api/site-header-footer', () =>
      jsonResponse({ message: 'Please sign in to change the site settings.' }, 401),
    );
    document.body.innerHTML = '<store-header-footer-editor></store-header-footer-editor>';
    const editor = document.querySelector('store-header-footer-editor') as HTMLElement;
    await vi.waitFor(() =>
      expect(within(editor).getByRole('status').textContent).toBe('Please sign in to change the site settings.'),
    );
  });
});

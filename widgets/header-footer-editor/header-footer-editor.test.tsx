import { within } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import './header-footer-editor.element';

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

async function mount(): Promise<HTMLElement> {
  document.body.innerHTML = '<store-header-footer-editor></store-header-footer-editor>';
  const editor = document.querySelector('store-header-footer-editor') as HTMLElement;
  await vi.waitFor(() => expect(editor.querySelector('form')).not.toBeNull());
  return editor;
}

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
});

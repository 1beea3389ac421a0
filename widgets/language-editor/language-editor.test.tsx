import { within } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contract/site-settings';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse, type FakeApi } from '../../testing/fake-api';
import './language-editor.element';
import { mountWidget } from '../../testing/mount-widget';

const language = (code: string, i: number) => ({
  code,
  name: SUPPORTED_LANGUAGES[code] ?? code,
  path: i === 0 ? '/' : `/${code}/`,
  isDefault: i === 0,
});

let codes: string[];
let connected: boolean;
let api: FakeApi;
beforeEach(() => {
  codes = ['en'];
  connected = true;
  api = fakeApi({
    'GET /api/multilingual/settings': () =>
      jsonResponse({ languages: (connected ? codes : codes.slice(0, 1)).map(language) }),
    'GET /api/multilingual/status': () => jsonResponse({ connected, languageCount: connected ? codes.length : 1 }),
    'PUT /api/multilingual/languages': (call) => {
      const next = (call.body as { languages: string[] }).languages;
      if (next.includes('ja')) return jsonResponse({ message: 'ja is not one of the expected options' }, 400);
      codes = next;
      connected = true;
      return jsonResponse({ languages: codes.map(language) });
    },
    'DELETE /api/multilingual/connection': () => {
      connected = false;
      return jsonResponse({ connected, languageCount: 1 });
    },
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
});

const mount = () => mountWidget('<store-language-editor></store-language-editor>', 'store-language-editor', 'ul');

describe('<store-language-editor>', () => {
  it('adds a language, removes it, and disconnects, sending the tweak events as it goes', async () => {
    const saves: unknown[] = [];
    const shown = vi.fn();
    const record = (event: Event) => saves.push((event as CustomEvent<{ values: unknown }>).detail.values);
    document.addEventListener('store-tweak-save', record);
    document.addEventListener('store-tweak-after-show', shown);
    const editor = await mount();
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    document.removeEventListener('store-tweak-after-show', shown);
    const view = within(editor);
    expect(view.getByRole('list', { name: 'Site languages' }).textContent).toBe('English (default)');
    const select = view.getByLabelText('Language to add') as HTMLSelectElement;
    select.value = 'fr';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    view.getByRole('button', { name: 'Add language' }).click();
    await vi.waitFor(() => expect(view.getByRole('status').textContent).toBe('Français added.'));
    expect(api.callsTo('PUT /api/multilingual/languages')[0]?.body).toEqual({ languages: ['en', 'fr'] });

    view.getByRole('button', { name: 'Remove Français' }).click();
    await vi.waitFor(() => expect(view.getByRole('status').textContent).toBe('Français removed.'));
    expect(codes).toEqual(['en']);

    view.getByRole('button', { name: 'Disconnect translation' }).click();
    await vi.waitFor(() =>
      expect(view.getByRole('status').textContent).toBe('Disconnected. Shoppers see English only.'),
    );
    expect(editor.textContent).toContain('Translation is disconnected: shoppers see English only.');
    expect(view.queryByRole('button', { name: 'Disconnect translation' })).toBeNull();
    document.removeEventListener('store-tweak-save', record);
    expect(saves.map((v) => (v as { languages: { code: string }[] }).languages.map((l) => l.code))).toEqual([
      ['en', 'fr'],
      ['en'],
      ['en'],
    ]);
  });

  it('says why when the languages cannot be loaded', async () => {
    api.on('GET /api/multilingual/status', () => jsonResponse({ message: 'Please sign in.' }, 401));
    document.body.innerHTML = '<store-language-editor></store-language-editor>';
    const view = within(document.querySelector('store-language-editor') as HTMLElement);
    await vi.waitFor(() => expect(view.getByRole('alert').textContent).toBe('Please sign in.'));
    expect(view.getByRole('status').textContent).toBe('');
  });

  it("shows the server's message when a change is refused", async () => {
    const editor = await mount();
    const view = within(editor);
    const select = view.getByLabelText('Language to add') as HTMLSelectElement;
    select.value = 'ja';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    view.getByRole('button', { name: 'Add language' }).click();
    await vi.waitFor(() => expect(view.getByRole('alert').textContent).toBe('ja is not one of the expected options'));
    expect(view.getByRole('status').textContent).toBe('');
    expect(view.getByRole('list', { name: 'Site languages' }).textContent).toBe('English (default)');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, pathIn, type SiteLanguage } from '../../contract/site-settings';
import { createHttpClient, setHttpClient } from '../../runtime/http/client';
import { fakeApi, jsonResponse } from '../../testing/fake-api';
import './language-picker.element';

const EN: SiteLanguage = { code: 'en', name: 'English', path: '/', isDefault: true };
const FR: SiteLanguage = { code: 'fr', name: 'Français', path: '/fr/', isDefault: false };

function serve(languages: SiteLanguage[], connected = true) {
  const api = fakeApi({
    'GET /api/multilingual/settings': () => jsonResponse({ languages }),
    'GET /api/multilingual/status': () => jsonResponse({ connected, languageCount: languages.length }),
  });
  setHttpClient(createHttpClient({ fetch: api.fetch }));
  return api;
}

beforeEach(() => history.replaceState(null, '', '/shop/p/linen-shirt'));

describe('language paths', () => {
  it('finds the current language by path, the default otherwise', () => {
    expect(currentLanguage([EN, FR], '/fr/shop/p/x')?.code).toBe('fr');
    expect(currentLanguage([EN, FR], '/fr')?.code).toBe('fr');
    expect(currentLanguage([EN, FR], '/french-press')?.code).toBe('en');
    expect(currentLanguage([EN, FR], '/shop')?.code).toBe('en');
  });

  it('links the same page in each language', () => {
    expect(pathIn(FR, EN, '/shop/p/x')).toBe('/fr/shop/p/x');
    expect(pathIn(EN, FR, '/fr/shop/p/x')).toBe('/shop/p/x');
    expect(pathIn(EN, FR, '/fr/')).toBe('/');
    expect(pathIn(FR, FR, '/fr/shop')).toBe('/fr/shop');
  });
});

describe('<store-language-picker>', () => {
  it('lists the languages as links, the current one marked', async () => {
    const api = serve([EN, FR]);
    document.body.innerHTML = '<store-language-picker></store-language-picker>';
    const picker = document.querySelector('store-language-picker') as HTMLElement;
    await vi.waitFor(() => expect(picker.querySelectorAll('a')).toHaveLength(2));
    expect(picker.querySelector('nav')?.getAttribute('aria-label')).toBe('Language');
    const [en, fr] = [...picker.querySelectorAll('a')];
    expect(en?.getAttribute('aria-current')).toBe('true');
    expect(fr?.getAttribute('aria-current')).toBeNull();
    expect(fr?.getAttribute('href')).toBe('/fr/shop/p/linen-shirt');
    expect(fr?.getAttribute('hreflang')).toBe('fr');
    expect(api.callsTo('GET /api/multilingual/status')).toHaveLength(1);
  });

  it('shows nothing with one language, when translation is disconnected, or when loading fails: data-state="hidden"', async () => {
    const hidden = async () => {
      const picker = document.querySelector('store-language-picker') as HTMLElement;
      await vi.waitFor(() => expect(picker.getAttribute('data-state')).toBe('hidden'));
      expect(picker.querySelector('a')).toBeNull();
      expect(picker.innerHTML).toBe('');
    };
    const one = serve([EN]);
    document.body.innerHTML = '<store-language-picker></store-language-picker>';
    await hidden();
    expect(one.callsTo('GET /api/multilingual/status')).toHaveLength(1);

    serve([EN, FR], false);
    document.body.innerHTML = '<store-language-picker></store-language-picker>';
    await hidden();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = fakeApi({
      'GET /api/multilingual/settings': () => jsonResponse({ message: 'down' }, 500),
      'GET /api/multilingual/status': () => jsonResponse({ connected: true, languageCount: 2 }),
    });
    setHttpClient(createHttpClient({ fetch: failing.fetch }));
    document.body.innerHTML = '<store-language-picker></store-language-picker>';
    await hidden();
    expect(warn).toHaveBeenCalledWith('The site languages could not be loaded', expect.anything());
    warn.mockRestore();
  });

  it('is pending until both answers are in, then shown', async () => {
    let answer: (value: Response) => void = () => undefined;
    const api = fakeApi({
      'GET /api/multilingual/settings': () => jsonResponse({ languages: [EN, FR] }),
      'GET /api/multilingual/status': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    setHttpClient(createHttpClient({ fetch: api.fetch }));
    document.body.innerHTML = '<store-language-picker></store-language-picker>';
    const picker = document.querySelector('store-language-picker') as HTMLElement;
    await vi.waitFor(() => expect(api.callsTo('GET /api/multilingual/status')).toHaveLength(1));
    await vi.waitFor(() => expect(picker.getAttribute('data-state')).toBe('pending'));
    answer(jsonResponse({ connected: true, languageCount: 2 }));
    await vi.waitFor(() => expect(picker.getAttribute('data-state')).toBe('shown'));
    expect(picker.querySelectorAll('a')).toHaveLength(2);
  });
});

import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { issueCaptchaToken, verifyCaptcha } from '../store/captcha';
import { CAPTCHA_SETTINGS_KEY, setSetting } from '../store/settings';
import { openTestStore, storePerTest } from '../testing/test-store';
import { fromAddress, json } from '../testing/visitor';

const store = storePerTest();

describe('CAPTCHA tokens', () => {
  it('verify once, for the store site key, within 2 minutes', () => {
    const { token, expiresIn } = issueCaptchaToken(store.db, 'test-site-key');
    expect(expiresIn).toBe(120);
    expect(token).toMatch(/^v1\.[\w-]{22}\.\d{13}\.[\w-]{43}$/);
    expect(verifyCaptcha(store.db, token)).toBe(true);
    expect(verifyCaptcha(store.db, token)).toBe(false);
  });

  it('fail for a forged, altered, other-site, expired or malformed token', () => {
    const { token } = issueCaptchaToken(store.db, 'test-site-key');
    const [v, nonce, expires, mac] = token.split('.') as [string, string, string, string];
    const later = String(Number(expires) + 1000);
    expect(verifyCaptcha(store.db, [v, nonce, later, mac].join('.'))).toBe(false);
    expect(verifyCaptcha(store.db, [v, `${nonce.slice(1)}A`, expires, mac].join('.'))).toBe(false);
    expect(
      verifyCaptcha(store.db, [v, nonce, expires, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`].join('.')),
    ).toBe(false);
    expect(verifyCaptcha(store.db, issueCaptchaToken(store.db, 'other-site').token)).toBe(false);
    for (const junk of [undefined, null, 42, '', 'v1', `${token}x`, { token }])
      expect(verifyCaptcha(store.db, junk)).toBe(false);

    vi.useFakeTimers({ toFake: ['Date'] });
    const old = issueCaptchaToken(store.db, 'test-site-key').token;
    vi.setSystemTime(Date.now() + 120_000);
    expect(verifyCaptcha(store.db, old)).toBe(false);
  });

  it('fail when signed with another store secret', () => {
    const { token } = issueCaptchaToken(store.db, 'test-site-key');
    const other = openTestStore().db;
    expect(verifyCaptcha(other, token)).toBe(false);
    other.close();
  });

  it('fail closed when the site has no CAPTCHA key', () => {
    const { token } = issueCaptchaToken(store.db, 'test-site-key');
    setSetting(store.db, CAPTCHA_SETTINGS_KEY, '{"siteKey":""}');
    expect(verifyCaptcha(store.db, token)).toBe(false);
    setSetting(store.db, CAPTCHA_SETTINGS_KEY, 'not json');
    expect(verifyCaptcha(store.db, token)).toBe(false);
  });

  it('forget spent tokens once they have expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(verifyCaptcha(store.db, issueCaptchaToken(store.db, 'test-site-key').token)).toBe(true);
    vi.setSystemTime(Date.now() + 121_000);
    expect(verifyCaptcha(store.db, issueCaptchaToken(store.db, 'test-site-key').token)).toBe(true);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM captcha_used_tokens').get()).toEqual({ n: 1 });
  });
});

describe('the test provider calls', () => {
  it('hands out a token for a site key, with the crumb', async () => {
    const v = store.visitor();
    const response = await v.call('POST', '/api/captcha/test-token', { sitekey: 'test-site-key' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({ token: expect.any(String), expiresIn: 120 });
    expect(verifyCaptcha(store.db, body.token)).toBe(true);
    for (const bad of [{}, { sitekey: '' }, { sitekey: 5 }, { sitekey: 'x'.repeat(201) }]) {
      const refused = await v.call('POST', '/api/captcha/test-token', bad);
      expect(refused.status).toBe(400);
      expect(await json(refused)).toEqual({ message: 'sitekey is required.' });
    }
    expect((await v.call('POST', '/api/captcha/test-token', { sitekey: 'k' }, { 'x-csrf-token': 'x' })).status).toBe(
      403,
    );
  });

  it('serves the provider script', async () => {
    const response = await store.app.request('/captcha/test-provider.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toContain('window.grecaptcha');
  });
});

describe('the provider script in a page', () => {
  const SOURCE = readFileSync(new URL('../captcha/test-provider.js', import.meta.url), 'utf8');

  interface Grecaptcha {
    render(container: unknown, params: Record<string, unknown>): number;
    reset(id?: number): void;
    getResponse(id?: number): string;
    ready(fn: () => void): void;
  }

  /** A page with the script loaded; its fetch goes to the app with the page's cookies. */
  async function page(fetchImpl?: typeof fetch) {
    const window = new Window({ url: 'http://localhost/contact' });
    const first = await store.app.request('/contact');
    const crumbLine = first.headers.getSetCookie().find((line) => line.startsWith('crumb=')) ?? '';
    window.document.cookie = crumbLine.slice(0, crumbLine.indexOf(';'));
    const toApp = (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', window.document.cookie);
      return store.app.request(String(input), { ...init, headers }, fromAddress('203.0.113.5'));
    };
    new Function('window', 'document', 'fetch', 'URL', SOURCE)(window, window.document, fetchImpl ?? toApp, URL);
    const grecaptcha = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
    const container = window.document.createElement('div');
    container.id = 'captcha';
    window.document.body.append(container);
    return { window, grecaptcha, container };
  }

  it('renders an accessible checkbox that gets a verifiable token when ticked', async () => {
    const { window, grecaptcha, container } = await page();
    const solved = vi.fn();
    const id = grecaptcha.render(container, { sitekey: 'test-site-key', callback: solved });
    const box = container.querySelector('[role="checkbox"]') as unknown as HTMLButtonElement;
    expect(box.tagName).toBe('BUTTON');
    expect(box.getAttribute('type')).toBe('button');
    expect(box.tabIndex).toBe(0);
    expect(box.textContent).toBe("I'm not a robot");
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(window.document.getElementById('test-captcha-style')?.textContent).toContain(':focus-visible');
    expect(grecaptcha.getResponse(id)).toBe('');

    box.click();
    await vi.waitFor(() => expect(solved).toHaveBeenCalledTimes(1));
    const token = solved.mock.calls[0]?.[0] as string;
    expect(grecaptcha.getResponse(id)).toBe(token);
    expect(grecaptcha.getResponse()).toBe(token);
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Verified.');
    // Ticked stays ticked: a second click asks for nothing.
    box.click();
    expect(verifyCaptcha(store.db, token)).toBe(true);

    grecaptcha.reset(id);
    expect(grecaptcha.getResponse(id)).toBe('');
    expect(box.getAttribute('aria-checked')).toBe('false');
    await window.happyDOM.close();
  });

  it('takes a container id, keeps widgets apart, and runs ready callbacks', async () => {
    const { window, grecaptcha } = await page();
    const second = window.document.createElement('div');
    second.id = 'second';
    window.document.body.append(second);
    const a = grecaptcha.render('captcha', { sitekey: 'test-site-key' });
    const b = grecaptcha.render('second', { sitekey: 'test-site-key' });
    expect([a, b]).toEqual([0, 1]);
    (second.querySelector('[role="checkbox"]') as unknown as HTMLButtonElement).click();
    await vi.waitFor(() => expect(grecaptcha.getResponse(b)).not.toBe(''));
    expect(grecaptcha.getResponse(a)).toBe('');
    const ready = vi.fn();
    grecaptcha.ready(ready);
    await vi.waitFor(() => expect(ready).toHaveBeenCalled());
    expect(() => grecaptcha.render('missing', { sitekey: 'k' })).toThrow('The CAPTCHA container does not exist');
    expect(() => grecaptcha.render('captcha', {})).toThrow('sitekey');
    await window.happyDOM.close();
  });

  it('says so and stays unticked when the server refuses', async () => {
    const refusing = (async () => new Response('{}', { status: 429 })) as typeof fetch;
    const { window, grecaptcha, container } = await page(refusing);
    const solved = vi.fn();
    grecaptcha.render(container, { sitekey: 'test-site-key', callback: solved });
    (container.querySelector('[role="checkbox"]') as unknown as HTMLButtonElement).click();
    const status = container.querySelector('[role="status"]');
    await vi.waitFor(() => expect(status?.textContent).toBe('Verification failed. Please try again.'));
    expect(solved).not.toHaveBeenCalled();
    expect(container.querySelector('[role="checkbox"]')?.getAttribute('aria-checked')).toBe('false');
    await window.happyDOM.close();
  });

  it('expires the token when its time is up and calls expired-callback', async () => {
    const quick = (async () => Response.json({ token: 't', expiresIn: 0.02 })) as typeof fetch;
    const { window, grecaptcha, container } = await page(quick);
    const solved = vi.fn();
    const expired = vi.fn();
    const id = grecaptcha.render(container, {
      sitekey: 'test-site-key',
      callback: solved,
      'expired-callback': expired,
    });
    (container.querySelector('[role="checkbox"]') as unknown as HTMLButtonElement).click();
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    expect(solved).toHaveBeenCalledWith('t');
    expect(grecaptcha.getResponse(id)).toBe('');
    expect(container.querySelector('[role="checkbox"]')?.getAttribute('aria-checked')).toBe('false');
    await window.happyDOM.close();
  });
});

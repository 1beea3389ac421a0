import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { captchaCheck, productionCaptchaFromEnv, type SiteverifyProvider } from './captcha/captcha-provider';
import { issueCaptchaToken } from './store/captcha';
import type { Db } from './store/db';
import { CAPTCHA_SETTINGS_KEY, RESTOCK_SETTINGS_KEY, setSetting } from './store/settings';
import { DEMO_ONLY_PATHS } from './testing/demo-only-paths';
import { addSoldOutProduct, PRODUCTION_OWNER, tempProductionStore } from './testing/production-store';
import { sitemapPaths } from './testing/sitemap-paths';
import { json, Visitor } from './testing/visitor';

describe('production mode', () => {
  let store: ReturnType<typeof tempProductionStore>;
  let db: Db;
  let app: Hono;
  beforeEach(() => {
    store = tempProductionStore();
    db = store.db;
    app = createApp({ db, mode: 'production' });
  });
  afterEach(() => store.close());

  it('serves no QA page, demo content, places data, mock recording id or test CAPTCHA', async () => {
    const v = new Visitor(() => app);
    for (const path of DEMO_ONLY_PATHS) expect((await v.call('GET', path)).status, path).toBe(404);
    const token = await v.call('POST', '/api/captcha/test-token', { sitekey: 'anything' });
    expect(token.status).toBe(404);
    expect((await v.call('GET', '/shop')).status).toBe(200);
    // The French store variant is the demo's too: a store offers French by adding the language.
    addSoldOutProduct(db);
    expect((await v.call('GET', '/shop/p/p')).status).toBe(200);
    expect((await v.call('GET', '/fr/shop/p/p')).status).toBe(404);
  });

  it("links, on the shopper's and the owner's pages, only to pages that are there", async () => {
    const v = new Visitor(() => app);
    expect((await v.signIn(PRODUCTION_OWNER.email, PRODUCTION_OWNER.password)).status).toBe(200);
    const pages = ['/', '/shop', '/search?q=lamp', '/cart', '/checkout', '/account', '/no-such-page'];
    const owner = ['/config/settings', '/config/popup', '/config/site', '/config/languages', '/config/restock'];
    const links = new Set<string>();
    for (const path of [...pages, ...owner, '/config/outbox', '/config/catalog', '/config/analytics']) {
      const html = await (await v.call('GET', path)).text();
      for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g))
        links.add((href ?? '').replaceAll('&amp;', '&'));
    }
    expect(links.size).toBeGreaterThan(5);
    for (const link of links) expect((await v.call('GET', link)).status, link).not.toBe(404);
    const home = await (await v.call('GET', '/')).text();
    expect(home).not.toMatch(/Demo pages|small batches|Boutique/);
  });

  it('lists in its sitemap only pages that answer 200: no demo content, a form page once the form is there', async () => {
    const v = new Visitor(() => app);
    addSoldOutProduct(db);
    const listed = async () => sitemapPaths(await (await v.call('GET', '/sitemap.xml')).text());
    expect(await listed()).toEqual(['/', '/shop', '/shop/p/p']);
    const newsletter = {
      id: 'newsletter',
      name: 'Newsletter',
      fields: [{ id: 'email', type: 'email', title: 'Email' }],
    };
    db.prepare('INSERT INTO forms (id, definition) VALUES (?, ?)').run(newsletter.id, JSON.stringify(newsletter));
    const paths = await listed();
    expect(paths).toContain('/newsletter');
    for (const path of paths) expect((await v.call('GET', path)).status, path).toBe(200);
  });

  it('verifies no test-provider token, even one minted with its secret', async () => {
    setSetting(db, CAPTCHA_SETTINGS_KEY, JSON.stringify({ siteKey: 'k', scriptUrl: '/captcha/test-provider.js' }));
    setSetting(db, RESTOCK_SETTINGS_KEY, JSON.stringify({ captcha: true }));
    addSoldOutProduct(db);
    const v = new Visitor(() => app);
    const response = await v.call('POST', '/api/site-users/account/notifications/restock', {
      productId: 'p',
      variantId: 'P-1',
      siteVisitorEmail: 'shopper@example.com',
      captchaToken: issueCaptchaToken(db, 'k').token,
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'Complete CAPTCHA before submitting.' });
  });

  it('verifies CAPTCHA tokens with the configured siteverify service, over HTTP', async () => {
    const asked: string[] = [];
    const service = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked.push(body);
        const form = new URLSearchParams(body);
        const success = form.get('secret') === 'the-secret' && form.get('response') === 'solved-token';
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const verifyUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/siteverify`;
      const captcha = {
        kind: 'siteverify',
        siteKey: 'k',
        scriptUrl: '/x.js',
        verifyUrl,
        secret: 'the-secret',
      } as const;
      const verified = createApp({ db, mode: 'production', captcha: { ...captcha, cspSources: [] } });
      setSetting(db, RESTOCK_SETTINGS_KEY, JSON.stringify({ captcha: true }));
      addSoldOutProduct(db);
      const v = new Visitor(() => verified);
      const signUp = (captchaToken: string) =>
        v.call('POST', '/api/site-users/account/notifications/restock', {
          productId: 'p',
          variantId: 'P-1',
          siteVisitorEmail: 'shopper@example.com',
          captchaToken,
        });
      expect((await signUp('forged-token')).status).toBe(400);
      expect((await signUp('solved-token')).status).toBe(200);
      expect(asked).toEqual(['secret=the-secret&response=forged-token', 'secret=the-secret&response=solved-token']);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it('refuses the test CAPTCHA provider', () => {
    expect(() => createApp({ db, mode: 'production', captcha: { kind: 'test' } })).toThrow(
      'The test CAPTCHA provider is refused in production',
    );
  });
});

describe('a siteverify CAPTCHA provider', () => {
  const provider: SiteverifyProvider = {
    kind: 'siteverify',
    siteKey: 'site-key',
    scriptUrl: 'https://captcha.example/api.js',
    verifyUrl: 'https://captcha.example/siteverify',
    secret: 'the-secret',
    cspSources: ['https://captcha.example'],
  };
  const sent: { url: string; body: string }[] = [];
  const answering =
    (status: number, body: unknown): typeof fetch =>
    async (url, init) => {
      sent.push({ url: String(url), body: String(init?.body) });
      return new Response(JSON.stringify(body), { status });
    };
  const db = {} as Db;

  it("lets pages load the provider's script and frames, and only those", async () => {
    const store = tempProductionStore({
      captchaSettings: { siteKey: provider.siteKey, scriptUrl: provider.scriptUrl },
    });
    try {
      const page = await createApp({ db: store.db, mode: 'production', captcha: provider }).request('/shop');
      const policy = page.headers.get('Content-Security-Policy') ?? '';
      expect(policy).toMatch(
        /^default-src 'self'; script-src 'self' 'nonce-[^']+' https:\/\/captcha\.example; style-src/,
      );
      expect(policy).toMatch(/; frame-src 'self' https:\/\/captcha\.example$/);
      expect(await page.text()).toContain(
        '"captchaSettings":{"siteKey":"site-key","scriptUrl":"https://captcha.example/api.js"}',
      );
    } finally {
      store.close();
    }
  });

  it('posts the secret and the token, and takes only success: true', async () => {
    sent.length = 0;
    expect(await captchaCheck(db, provider, answering(200, { success: true }))('tok en')).toBe(true);
    expect(sent).toEqual([{ url: provider.verifyUrl, body: 'secret=the-secret&response=tok+en' }]);
    expect(await captchaCheck(db, provider, answering(200, { success: false }))('t')).toBe(false);
    expect(await captchaCheck(db, provider, answering(200, { success: 'true' }))('t')).toBe(false);
    expect(await captchaCheck(db, provider, answering(500, { success: true }))('t')).toBe(false);
  });

  it('fails closed on a network error, and sends no malformed token', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(await captchaCheck(db, provider, failing)('t')).toBe(false);
    sent.length = 0;
    const check = captchaCheck(db, provider, answering(200, { success: true }));
    for (const token of [undefined, null, 42, '', 'x'.repeat(9000)]) expect(await check(token)).toBe(false);
    expect(sent).toEqual([]);
    expect(await captchaCheck(db, undefined)('anything')).toBe(false);
  });

  it('is set from the environment, and the test provider is refused', () => {
    expect(productionCaptchaFromEnv({})).toEqual({ provider: undefined, problems: [] });
    expect(productionCaptchaFromEnv({ CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' }).provider).toEqual({
      kind: 'siteverify',
      siteKey: 'k',
      secret: 's',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
      cspSources: ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
    });
    const own = { CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k', CAPTCHA_SCRIPT_URL: 'https://captcha.example/api.js' };
    expect(productionCaptchaFromEnv(own).provider?.cspSources).toEqual(['https://captcha.example']);
    expect(
      productionCaptchaFromEnv({ ...own, CAPTCHA_CSP_SOURCES: 'https://a.example, http://b.example' }).problems,
    ).toEqual(['CAPTCHA_CSP_SOURCES must list https origins, not http://b.example.']);
    expect(productionCaptchaFromEnv({ CAPTCHA_PROVIDER: 'test' }).problems[0]).toMatch(/^CAPTCHA_PROVIDER=test is/);
    expect(
      productionCaptchaFromEnv({ CAPTCHA_PROVIDER: 'siteverify', CAPTCHA_VERIFY_URL: 'http://captcha.example/v' })
        .problems,
    ).toEqual([
      'CAPTCHA_SECRET must be set: the provider checks tokens with it.',
      'CAPTCHA_SITE_KEY must be set: pages render the CAPTCHA with it.',
      'CAPTCHA_VERIFY_URL must be an https URL, not http://captcha.example/v.',
    ]);
  });
});

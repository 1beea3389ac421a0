import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';
import { storePerTest } from '../testing/test-store';
import { fromAddress, OWNER } from '../testing/visitor';

const store = storePerTest();

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function headersOf(response: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

describe('security headers', () => {
  it('sends the Content-Security-Policy, nosniff, SAMEORIGIN framing and the referrer policy on every HTML page, not found and errors too', async () => {
    const owner = store.visitor();
    await owner.signIn(OWNER.email, OWNER.password);
    const pages = [
      await store.app.request('/shop'),
      await store.app.request('/shop/p/ceramic-mug'),
      await store.app.request('/no-such-page'),
      await store.app.request('/account/login'),
      await owner.call('GET', '/config/restock'),
    ];
    for (const response of pages) {
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(headersOf(response, Object.keys(PAGE_HEADERS)), response.url).toEqual(PAGE_HEADERS);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, response.url).toMatch(
        /^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; style-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'$/,
      );
      expect(policy).not.toMatch(/unsafe-/);
    }
  });

  it("allows the bundle's origin, when the bundle is elsewhere (a CDN), to style pages with storefront.css", () => {
    expect(contentSecurityPolicy('n', [], 'https://cdn.example')).toContain("style-src 'self' https://cdn.example;");
    expect(contentSecurityPolicy('n', ['https://captcha.example'], 'https://cdn.example')).toContain(
      "style-src 'self' https://cdn.example;",
    );
    expect(contentSecurityPolicy('n')).toContain("style-src 'self';");
  });

  it('gives every page a fresh nonce, on its own scripts and in the policy, and none to JSON answers', async () => {
    const nonceOf = async (response: Response) => {
      const inPolicy = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const html = await response.text();
      const onScripts = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((m) => m[1]);
      return { inPolicy, onScripts };
    };
    const first = await nonceOf(await store.app.request('/shop'));
    const second = await nonceOf(await store.app.request('/shop'));
    expect(first.inPolicy).toBeDefined();
    expect(first.onScripts).toEqual([first.inPolicy, first.inPolicy]);
    expect(second.inPolicy).not.toBe(first.inPolicy);
    expect(second.onScripts).toEqual([second.inPolicy, second.inPolicy]);
    const json = await store.visitor().call('GET', '/api/commerce/shopping-cart');
    expect(json.headers.get('content-security-policy')).toBeNull();
  });

  it('sends nosniff on every JSON answer, refusals included', async () => {
    const v = store.visitor();
    const answers = [
      await v.call('GET', '/api/commerce/shopping-cart'),
      await v.call('GET', '/api/no-such-call'),
      await v.add('nope', 'nope', 1),
      await v.call('POST', '/api/commerce/shopping-cart/entries', {}, { 'x-csrf-token': 'forged' }),
    ];
    for (const response of answers) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('marks owner pages and sign-in page answers no-store, and leaves shop pages alone', async () => {
    const anonymous = await store.app.request('/config/restock');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const owner = store.visitor();
    await owner.signIn(OWNER.email, OWNER.password);
    for (const path of ['/config/restock', '/config/outbox', '/config/analytics']) {
      const response = await owner.call('GET', path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await store.app.request('/account/login')).headers.get('cache-control')).toBe('no-store');
    const v = store.visitor();
    await v.call('GET', '/account/login');
    const wrong = await v.call(
      'POST',
      '/account/login',
      new URLSearchParams({ email: OWNER.email, password: 'wrong', crumb: v.cookies.get('crumb') ?? '' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect((await store.app.request('/shop')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('Secure cookies', () => {
  const cookieLines = (response: Response) => response.headers.getSetCookie();

  it('marks every cookie Secure on a request that came over HTTPS', async () => {
    const response = await store.app.request('https://shop.example/shop');
    const lines = cookieLines(response);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/;\s*Secure/i);
    const signIn = await store.app.request('https://shop.example/api/site-users/account/session', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: lines.map((l) => l.split(';')[0]).join('; '),
        'x-csrf-token': (lines.find((l) => l.startsWith('crumb=')) ?? '').split(';')[0]?.slice('crumb='.length) ?? '',
      },
      body: JSON.stringify({ ...OWNER, rememberMe: true }),
    });
    expect(signIn.status).toBe(200);
    const names = cookieLines(signIn).map((l) => l.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['SiteUserSession', 'SiteUserInfo', 'crumb']));
    for (const line of cookieLines(signIn)) expect(line).toMatch(/;\s*Secure/i);
  });

  it('does not mark cookies Secure over plain HTTP, nor trust X-Forwarded-Proto unless TRUST_PROXY is on', async () => {
    const forwarded = { headers: { 'x-forwarded-proto': 'https' } };
    for (const line of cookieLines(await store.app.request('http://localhost/shop'))) {
      expect(line).not.toMatch(/Secure/i);
    }
    for (const line of cookieLines(await store.app.request('http://localhost/shop', forwarded))) {
      expect(line).not.toMatch(/Secure/i);
    }
    store.reopen({ trustProxy: true });
    const trusted = cookieLines(await store.app.request('http://localhost/shop', forwarded));
    expect(trusted.length).toBeGreaterThan(0);
    for (const line of trusted) expect(line).toMatch(/;\s*Secure/i);
  });

  it('counts the per-address ceiling by X-Forwarded-For only behind a trusted proxy', async () => {
    const PROXY = '10.0.0.99'; // the proxy every visitor's calls come through
    const addFrom = async (forwardedFor: string) => {
      const v = store.visitor(PROXY);
      await v.call('GET', '/shop');
      const crumb = v.cookies.get('crumb') ?? '';
      const response = await store.app.request(
        '/api/commerce/shopping-cart/entries',
        {
          method: 'POST',
          headers: {
            cookie: `crumb=${crumb}`,
            'x-csrf-token': crumb,
            'content-type': 'application/json',
            'x-forwarded-for': forwardedFor,
          },
          body: JSON.stringify({ itemId: 'prod-field-guide', sku: 'GUIDE-PDF', quantity: 1 }),
        },
        fromAddress(PROXY),
      );
      return response.status;
    };
    const ceiling = { limit: 2, windowMs: 60_000 };
    store.reopen({ addressRateLimit: ceiling });
    // Not trusted: every call counts against the proxy's socket address, whatever the header says.
    expect([await addFrom('198.51.100.1'), await addFrom('198.51.100.2'), await addFrom('198.51.100.3')]).toEqual([
      200, 200, 429,
    ]);
    store.reopen({ addressRateLimit: ceiling, trustProxy: true });
    // Trusted: the address the proxy appended (the last one) is the client's.
    expect([
      await addFrom('10.0.0.1, 198.51.100.1'),
      await addFrom('10.0.0.2, 198.51.100.2'),
      await addFrom('10.0.0.3, 198.51.100.1'),
      await addFrom('198.51.100.1'),
    ]).toEqual([200, 200, 200, 429]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cookiesBlockedMessage, originRefusedMessage } from '../../contract/embedding';
import type { Db } from '../store/db';
import { ALLOWED_ORIGINS_KEY, setSetting } from '../store/settings';
import { cartAddPreflight } from '../testing/preflight';
import { openTestStore } from '../testing/test-store';
import { json } from '../testing/visitor';
import { normalizeOrigin } from './cors';

const STORE = 'http://localhost'; // the origin of `app.request('/…')`
const THEME = 'http://theme.example:8080';
const OTHER = 'http://evil.example';

let db: Db | undefined;
afterEach(() => db?.close());

function open(options: Parameters<typeof openTestStore>[0] = {}) {
  const store = openTestStore({ allowedOrigins: [THEME], ...options });
  db = store.db;
  return store.app;
}

/** Cookies of a response as `name=value` pairs for the next request. */
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(';')[0]);

describe('CORS for /api/*', () => {
  it('answers the preflight of an allowed origin with credentials, its methods and the crumb header', async () => {
    const app = open();
    const response = await cartAddPreflight(app, THEME, 'content-type,x-csrf-token');
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(THEME);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('X-CSRF-Token');
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it('lets an allowed origin add to cart with the crumb it was handed in a header, its cookie kept by the browser', async () => {
    const app = open();
    const first = await app.request('/api/crumb', { headers: { Origin: THEME } });
    expect(first.status).toBe(200);
    expect(first.headers.get('Access-Control-Allow-Origin')).toBe(THEME);
    expect(first.headers.get('Access-Control-Expose-Headers')).toContain('X-CSRF-Token');
    const { crumb } = (await first.json()) as { crumb: string };
    expect(first.headers.get('X-CSRF-Token')).toBe(crumb);
    const cookie = cookiesOf(first).join('; ');
    expect(cookie).toContain(`crumb=${crumb}`);

    const add = await app.request('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { Origin: THEME, cookie, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      body: JSON.stringify({ itemId: 'prod-linen-shirt', sku: 'LS-S-SAND', quantity: 1 }),
    });
    expect(add.status).toBe(200);
    expect(add.headers.get('Access-Control-Allow-Origin')).toBe(THEME);
    expect(add.headers.get('Access-Control-Allow-Credentials')).toBe('true');
  });

  it('still refuses an allowed origin whose call lacks the crumb header (the CSRF check is unchanged)', async () => {
    const app = open();
    const first = await app.request('/api/crumb', { headers: { Origin: THEME } });
    const add = await app.request('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { Origin: THEME, cookie: cookiesOf(first).join('; '), 'content-type': 'application/json' },
      body: JSON.stringify({ itemId: 'prod-linen-shirt', sku: 'LS-S-SAND', quantity: 1 }),
    });
    expect(add.status).toBe(403);
    expect((await json(add)).crumbFail).toBe(true);
  });

  it('says cookies are blocked when a handed-out crumb arrives without any crumb cookie', async () => {
    const app = open();
    const { crumb } = (await (await app.request('/api/crumb', { headers: { Origin: THEME } })).json()) as {
      crumb: string;
    };
    const add = await app.request('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { Origin: THEME, 'x-csrf-token': crumb, 'content-type': 'application/json' },
      body: JSON.stringify({ itemId: 'prod-linen-shirt', sku: 'LS-S-SAND', quantity: 1 }),
    });
    expect(add.status).toBe(403);
    expect(await json(add)).toEqual({ crumbFail: true, cookiesBlocked: true, message: cookiesBlockedMessage(STORE) });
    // A forged token without a cookie is an ordinary crumb failure.
    const forged = await app.request('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { Origin: THEME, 'x-csrf-token': 'abc.def', 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await json(forged);
    expect(body.crumbFail).toBe(true);
    expect(body.cookiesBlocked).toBeUndefined();
  });

  it('refuses any other origin before any route, readable by its page, with no crumb and no cookie', async () => {
    const app = open();
    const preflight = await cartAddPreflight(app, OTHER);
    expect(preflight.status).toBe(204);
    for (const [method, path] of [
      ['GET', '/api/commerce/shopping-cart'],
      ['GET', '/api/crumb'],
      ['POST', '/api/commerce/shopping-cart/entries'],
    ] as const) {
      const response = await app.request(path, {
        method,
        headers: { Origin: OTHER, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(response.status, path).toBe(403);
      expect(await json(response), path).toEqual({ originRefused: true, message: originRefusedMessage(OTHER) });
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(OTHER);
      expect(response.headers.get('X-CSRF-Token')).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // `Origin: null` (a sandboxed frame, a file) is refused too.
    expect((await app.request('/api/commerce/shopping-cart', { headers: { Origin: 'null' } })).status).toBe(403);
  });

  it('allows only its own origin by default, and origins of the store setting', async () => {
    const app = open({ allowedOrigins: [] });
    expect((await app.request('/api/commerce/shopping-cart', { headers: { Origin: THEME } })).status).toBe(403);
    const own = await app.request('/api/commerce/shopping-cart', { headers: { Origin: STORE } });
    expect(own.status).toBe(200);
    expect(own.headers.get('Access-Control-Allow-Origin')).toBeNull();
    if (!db) throw new Error('no store');
    setSetting(db, ALLOWED_ORIGINS_KEY, JSON.stringify([THEME]));
    expect((await app.request('/api/commerce/shopping-cart', { headers: { Origin: THEME } })).status).toBe(200);
  });

  it("takes the store's own pages behind a TLS proxy for its own, and nobody's claim of the same site", async () => {
    const app = open({ allowedOrigins: [] });
    const cart = '/api/commerce/shopping-cart';
    // The proxy speaks http to us: the page's https origin is still ours by its host, or by the browser's word.
    const proxied = await app.request(`http://shop.example${cart}`, { headers: { Origin: 'https://shop.example' } });
    expect(proxied.status).toBe(200);
    const told = await app.request(cart, {
      headers: { Origin: 'https://shop.example', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(told.status).toBe(200);
    const sameSite = await app.request(cart, {
      headers: { Origin: 'https://blog.localhost', 'Sec-Fetch-Site': 'same-site' },
    });
    expect(sameSite.status).toBe(403);
  });

  it('leaves pages and same-origin calls as they were', async () => {
    const app = open();
    const page = await app.request('/shop', { headers: { Origin: OTHER } });
    expect(page.status).toBe(200);
    expect(page.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const cart = await app.request('/api/commerce/shopping-cart');
    expect(cart.headers.get('X-CSRF-Token')).toBeNull();
  });

  it('keeps every cookie SameSite=Lax, Secure over HTTPS, whatever origins are allowed (other sites use cart tokens)', async () => {
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    const embedding = open({ trustProxy: true });
    const secure = (await embedding.request('/shop', https)).headers.getSetCookie().find((l) => l.startsWith('crumb='));
    expect(secure).toMatch(/SameSite=Lax; Secure$/);
    const plain = (await embedding.request('/shop')).headers.getSetCookie().find((l) => l.startsWith('crumb='));
    expect(plain).toMatch(/SameSite=Lax$/);
  });
});

describe('pages with the bundle on a CDN', () => {
  it('load storefront.js from the asset base and name the page itself as the API', async () => {
    const app = open({ assetBaseUrl: 'https://cdn.example/store' });
    const page = await (await app.request('/shop/p/linen-shirt')).text();
    expect(page).toMatch(
      /<script type="module" src="https:\/\/cdn\.example\/store\/storefront\.js"( nonce="[^"]+")?><\/script>/,
    );
    expect(page).toContain('"apiBase":"/"');
    const plain = await (await open({}).request('/shop/p/linen-shirt')).text();
    expect(plain).toMatch(/<script type="module" src="\/storefront\.js"( nonce="[^"]+")?><\/script>/);
    expect(plain).not.toContain('apiBase');
  });
});

describe('normalizeOrigin', () => {
  it('takes http(s) origins and nothing else', () => {
    expect(normalizeOrigin('https://Theme.Example/')).toBe('https://theme.example');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('https://theme.example/path')).toBeUndefined();
    expect(normalizeOrigin('ftp://theme.example')).toBeUndefined();
    expect(normalizeOrigin('*')).toBeUndefined();
  });
});

import { newFormKey } from '../http/form-key';
import { HANDOFF_PAGE_PATH } from '../../contract/embedding';
import { describe, expect, it, vi } from 'vitest';
import { PageType } from '../../contract/enumerations';
import { listOutbox } from '../store/outbox';
import { storePerTest } from '../testing/test-store';
import { OWNER, VIEWER, type Visitor } from '../testing/visitor';

const store = storePerTest();

/** The page type of the store context of `html`. */
function pageTypeOf(html: string): number | undefined {
  const json = /<script type="application\/json" id="store-context"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as { pageType: number }).pageType : undefined;
}

async function subscriptionPath(v: Visitor): Promise<string> {
  const response = await v.call('POST', '/api/3/commerce/cart/subscription', {
    itemId: 'prod-coffee-club',
    sku: 'COFFEE-BEAN',
    qty: 1,
  });
  const { cartToken } = (await response.json()) as { cartToken: string };
  expect(response.status, JSON.stringify(cartToken)).toBe(200);
  return `/commerce/subscription?cartToken=${encodeURIComponent(cartToken)}`;
}

/** A placed order's confirmation page. */
async function orderConfirmedPath(v: Visitor): Promise<string> {
  expect((await v.add('prod-linen-shirt', 'LS-S-SAND', 1)).status).toBe(200);
  const crumb = v.cookies.get('crumb') ?? '';
  const placed = await v.call('POST', '/checkout', new URLSearchParams({ crumb, formKey: newFormKey() }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(placed.status).toBe(303);
  return placed.headers.get('location') ?? '';
}

/** Every server page (route pattern), a path to it and the type it must declare. */
/** The link an account creation mails (the page it opens finishes the creation). */
async function accountLink(v: Visitor): Promise<string> {
  await v.call('POST', '/api/site-users/account', { email: 'page@example.com', password: 'a long secret' });
  return /\/account\/confirm\?code=[\w-]+/.exec(listOutbox(store.db).items[0]?.body ?? '')?.[0] ?? '';
}

const PAGES: [route: string, path: string | ((v: Visitor) => Promise<string>), type: PageType][] = [
  ['/', '/', PageType.PAGE],
  ['/shop', '/shop', PageType.MAIN_CONTENT],
  ['/search', '/search?q=linen', PageType.SEARCH],
  ['/shop/p/:slug', '/shop/p/linen-shirt', PageType.CONTENT_ITEM],
  ['/qa/tag/:slug', '/qa/tag/linen-shirt', PageType.CONTENT_ITEM],
  ['/qa/p/:slug', '/qa/p/linen-shirt', PageType.CONTENT_ITEM],
  ['/qa/themes/:slug', '/qa/themes/linen-shirt', PageType.CONTENT_ITEM],
  ['/fr/shop/p/:slug', '/fr/shop/p/linen-shirt', PageType.CONTENT_ITEM],
  ['/qa/flags', '/qa/flags', PageType.PAGE],
  ['/account', '/account', PageType.PAGE],
  ['/qa/popup', '/qa/popup', PageType.PAGE],
  ['/qa/no-widgets', '/qa/no-widgets', PageType.PAGE],
  ['/qa/lock', '/qa/lock', PageType.LOCK_SCREEN],
  ['/contact', '/contact', PageType.PAGE],
  ['/newsletter', '/newsletter', PageType.PAGE],
  ['/forms/redirect', '/forms/redirect', PageType.PAGE],
  ['/cart', '/cart', PageType.SHOW_CART],
  ['/checkout', '/checkout', PageType.CHECKOUT],
  ['/commerce/subscription', subscriptionPath, PageType.CHECKOUT],
  ['/commerce/gift-card', '/commerce/gift-card?itemId=prod-gift-card&sku=GC-50', PageType.CHECKOUT],
  ['/commerce/order-confirmed/:orderId', orderConfirmedPath, PageType.ORDER_CONFIRMED],
  ['/journal', '/journal', PageType.MAIN_CONTENT],
  ['/journal/:slug', '/journal/indigo-vat', PageType.CONTENT_ITEM],
  ['/events', '/events', PageType.MAIN_CONTENT],
  ['/gallery', '/gallery', PageType.PAGE],
  ['/account/login', '/account/login', PageType.PAGE],
  ['/account/confirm', accountLink, PageType.PAGE],
  ['/config', '/config', PageType.PAGE],
  ['/config/restock', '/config/restock', PageType.PAGE],
  ['/config/catalog', '/config/catalog', PageType.PAGE],
  ['/config/outbox', '/config/outbox', PageType.PAGE],
  ['/config/analytics', '/config/analytics', PageType.PAGE],
  ['/config/settings', '/config/settings', PageType.PAGE],
  ['/config/popup', '/config/popup', PageType.PAGE],
  ['/config/site', '/config/site', PageType.PAGE],
  ['/config/languages', '/config/languages', PageType.PAGE],
  ['/config/data', '/config/data', PageType.PAGE],
  ['/settings/billing/upgrade', '/settings/billing/upgrade', PageType.PAGE],
  ['/settings/billing/subscriptions/website', '/settings/billing/subscriptions/website', PageType.PAGE],
];

describe('page types', () => {
  it('has all 25 platform codes in one enumeration', () => {
    expect(Object.values(PageType).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 50, 100, 101, 102, 103, 104, 105, 106, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 300,
      301,
    ]);
  });

  it.each(PAGES)('%s declares its true type', async (_, path, type) => {
    const v = store.visitor();
    await v.signIn(OWNER.email, OWNER.password);
    const url = typeof path === 'string' ? path : await path(v);
    const response = await v.call('GET', url);
    expect(response.status, url).toBe(200);
    const html = await response.text();
    expect(pageTypeOf(html)).toBe(type);
    // Every page has a description and its canonical address (the path asked for, no query).
    expect(html).toMatch(/<meta name="description" content="[^"]{10,160}">/);
    const canonical = new URL(url, 'http://localhost:4173');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:4173${canonical.pathname}">`);
  });

  it('an unknown path is a not-found page (100); a page refused to a signed-in viewer is access denied (106)', async () => {
    const missing = await store.visitor().call('GET', '/no/such/page');
    expect(missing.status).toBe(404);
    expect(pageTypeOf(await missing.text())).toBe(PageType.NOT_FOUND);
    const noProduct = await store.visitor().call('GET', '/shop/p/no-such-product');
    expect(pageTypeOf(await noProduct.text())).toBe(PageType.NOT_FOUND);
    const viewer = store.visitor();
    await viewer.signIn(VIEWER.email, VIEWER.password);
    const refused = await viewer.call('GET', '/config/settings');
    expect(refused.status).toBe(403);
    expect(pageTypeOf(await refused.text())).toBe(PageType.MEMBER_AREA_ACCESS_DENIED);
  });

  it('a page that fails on our side is an HTML error page (101) under the strict policy; an API call keeps its JSON 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.app.get('/api/qa/fail/:n', () => {
      throw new Error('failed on purpose');
    });
    const page = await store.visitor().call('GET', '/qa/error');
    expect(page.status).toBe(500);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-/);
    const html = await page.text();
    expect(pageTypeOf(html)).toBe(PageType.ERROR);
    expect(html).toContain('<h1>Something went wrong</h1>');
    expect(html).toContain('Something went wrong on our side. Please try again.');
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('Content-Security-Policy') ?? '')?.[1];
    expect(html).toContain(`<script type="module" src="/storefront.js" nonce="${nonce}">`);
    const api = await store.visitor().call('GET', '/api/qa/fail/0');
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    // The QA page fails on purpose without a log; a failing route (whatever its parameters) logs its stack once, then a line per 10x.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    for (let i = 1; i < 10; i++) expect((await store.visitor().call('GET', `/api/qa/fail/${i}`)).status).toBe(500);
    expect((await store.visitor().call('GET', '/qa/error')).status).toBe(500);
    expect(logged.mock.calls.map(([first]) => (first instanceof Error ? 'stack' : first))).toEqual([
      'stack',
      '/api/qa/fail/:n Error: failed on purpose (failed 10 times)',
    ]);
    logged.mockRestore();
  });

  it('lists every page route of the server', () => {
    // The error page's QA route fails on purpose (tested above).
    const listed = new Set([...PAGES.map(([route]) => route), '/qa/error']);
    const pageRoutes = store.app.routes
      .filter((r) => r.method === 'GET' && !r.path.startsWith('/api/') && !r.path.includes('*'))
      // Files, not pages.
      .filter(
        (r) => !/\.(css|js|svg|wav|json|txt|xml|map|png|jpg|webp|html)$|^\/(img|media|assets|captcha)\//.test(r.path),
      )
      // The hand-off's landing answers only with a redirect.
      .filter((r) => r.path !== HANDOFF_PAGE_PATH)
      .map((r) => r.path);
    expect(pageRoutes.filter((path) => !listed.has(path))).toEqual([]);
  });
});

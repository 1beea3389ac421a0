import type { Page } from '@playwright/test';
import { expect, requestedUrls, signUpForRestock, test } from './fixtures';
import { attr, THEME_CONTEXT } from './theme-page';
import { startStaticServer, startStore, type RunningServer } from './second-origin';

/**
 * The widgets on pages we do not control, with two servers on two ports:
 * - a theme developer's page on origin A loads the store's storefront.js by its absolute URL and
 *   every widget works against the store on origin B (allowed by ALLOWED_ORIGINS);
 * - the same page on an origin the store does not allow gets a clear refusal;
 * - the same page on another site (127.0.0.1 against localhost), where Chromium blocks third-party
 *   cookies (the default in Debian's headless Chromium 156), keeps its cart by token and hands it
 *   over to the store's own pages; where it can keep nothing, it says so before adding;
 * - a page on the store's own origin that came without a crumb cookie works on the first try;
 * - the bundle on a CDN origin (A), the pages and the API on the store's own origin (B).
 */

const SHIRT_VARIANTS = [
  { sku: 'LS-S-SAND', attributes: { Size: 'S', Color: 'Sand' }, qtyInStock: 20 },
  { sku: 'LS-M-SAND', attributes: { Size: 'M', Color: 'Sand' }, qtyInStock: 3 },
];
const MUG_VARIANTS = [{ sku: 'MUG-1', attributes: {}, qtyInStock: 0 }];
const NEWSLETTER_SUCCESS = 'Thank you for signing up. Look out for our next letter.';

function themePage(store: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Theme preview</title>
<script type="application/json" id="store-context">${JSON.stringify(THEME_CONTEXT)}</script>
<script type="module" src="${store}/storefront.js"></script></head>
<body><header><store-cart-pill></store-cart-pill></header><main>${body}</main></body></html>`;
}

const PRODUCT_BODY = `<h1>Linen shirt</h1>
<store-add-to-cart data-item-id="prod-linen-shirt" data-product-type="1" data-variants='${attr(SHIRT_VARIANTS)}' data-variant-option-ordering='${attr(['Size', 'Color'])}'></store-add-to-cart>
<h2>Ceramic mug</h2>
<store-restock-box data-product-id="prod-ceramic-mug" data-variants='${attr(MUG_VARIANTS)}'></store-restock-box>
<h2>Newsletter</h2>
<store-site-form data-form-id="newsletter" data-page-id="page-newsletter"></store-site-form>`;

let theme: RunningServer;
let stranger: RunningServer;
let store: RunningServer;

test.beforeAll(async () => {
  // The page server first: the store's settings name its origin.
  theme = await startStaticServer({
    root: 'dist',
    pages: {
      '/theme.html': () => themePage(store.origin, PRODUCT_BODY),
      '/theme-cart.html': () => themePage(store.origin, '<h1>Your cart</h1><store-cart-page></store-cart-page>'),
    },
  });
  stranger = await startStaticServer({ pages: { '/theme.html': () => themePage(store.origin, PRODUCT_BODY) } });
  store = await startStore({
    ALLOWED_ORIGINS: `${theme.origin},http://127.0.0.1:${theme.port}`,
    ASSET_BASE_URL: theme.origin,
    TRUST_PROXY: '1',
  });
});

test.afterAll(async () => {
  await store?.close();
  await theme?.close();
  await stranger?.close();
});

async function addShirt(page: Page): Promise<void> {
  const widget = page.locator('store-add-to-cart');
  await widget.locator('select[data-variant-option-name="Size"]').selectOption('S');
  await widget.locator('select[data-variant-option-name="Color"]').selectOption('Sand');
  await widget.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(widget.locator('[role=status]')).toHaveText('Added!');
}

test("a theme developer's page on another origin: add to cart, pill, cart page, restock sign-up and site form against the store", async ({
  page,
}) => {
  test.slow();
  const calls = requestedUrls(page, () => true);
  await page.goto(`${theme.origin}/theme.html`);

  await addShirt(page);
  const pill = page.locator('store-cart-pill a');
  await expect(pill.locator('.store-cart-pill__items')).toHaveText('1 item');
  await expect(pill).toHaveAttribute('href', `${store.origin}/cart`);
  // Every API call went to the store, none to the page's origin.
  expect(calls.filter((url) => url.includes('/api/')).every((url) => url.startsWith(`${store.origin}/api/`))).toBe(
    true,
  );
  expect(calls).toContain(`${store.origin}/api/commerce/shopping-cart/entries`);

  // Restock sign-up, with the store's CAPTCHA provider on this page.
  await signUpForRestock(page.locator('store-restock-box'), 'theme-visitor@example.com');

  // Site form.
  const form = page.locator('store-site-form');
  await form.getByRole('textbox').fill('theme-visitor@example.com');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.locator('.store-site-form__success')).toHaveText(NEWSLETTER_SUCCESS);

  // The cart page widget on the theme's own cart page, then the store's cart page the pill links to.
  await page.goto(`${theme.origin}/theme-cart.html`);
  const cartPage = page.locator('store-cart-page');
  await expect(cartPage.getByRole('link', { name: 'Linen Shirt' })).toHaveAttribute(
    'href',
    new RegExp(`^${store.origin}/shop/p/linen-shirt`),
  );
  // A full-page cart (its root element, here <store-cart-page>) shows no pill; the product page's leads to the store's.
  await expect(page.locator('store-cart-pill')).toHaveAttribute('data-state', 'hidden');
  await page.goto(`${theme.origin}/theme.html`);
  await expect(page.locator('store-cart-pill .store-cart-pill__items')).toHaveText('1 item');
  await page.locator('store-cart-pill a').click();
  await expect(page).toHaveURL(`${store.origin}/cart`);
  await expect(page.locator('main')).toContainText('Linen Shirt');
});

test('a page on an origin the store does not allow gets a clear refusal, in the widget and the console', async ({
  page,
  pageErrors,
}) => {
  const refused = stranger.origin;
  await page.goto(`${refused}/theme.html`);
  const widget = page.locator('store-add-to-cart');
  await widget.locator('select[data-variant-option-name="Size"]').selectOption('S');
  await widget.locator('select[data-variant-option-name="Color"]').selectOption('Sand');
  await widget.getByRole('button', { name: 'Add To Cart' }).click();
  const message = `This store does not accept calls from ${refused}. The store owner can allow it in the store's allowed origins (ALLOWED_ORIGINS).`;
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByRole('heading')).toHaveText('Unable to Add Item');
  await expect(alert).toContainText(message);
  await expect.poll(() => pageErrors).toContain(`console.error: storefront.js: ${message}`);
  // The refusal is expected here; nothing else may have gone wrong.
  expect(pageErrors.filter((e) => !e.includes(message))).toEqual([]);
  pageErrors.length = 0;
});

test("a page on another site, where the browser blocks third-party cookies: the cart lives on its token, a reload keeps it, and the pill takes it to the store's own cart page and checkout", async ({
  page,
}) => {
  test.slow();
  // localhost and 127.0.0.1 are different sites: the store's cookies would be third-party cookies here.
  const crossSite = `http://127.0.0.1:${theme.port}`;
  const requests: { url: string; referer: string | undefined; body: string | null }[] = [];
  page.on('request', (request) =>
    requests.push({ url: request.url(), referer: request.headers()['referer'], body: request.postData() }),
  );
  await page.goto(`${crossSite}/theme.html`);
  await addShirt(page);
  const pill = page.locator('store-cart-pill .store-cart-pill__items');
  await expect(pill).toHaveText('1 item');
  // The store set no cookie for this page; the page keeps the token in its own storage.
  expect(await page.context().cookies(store.origin)).toEqual([]);
  const kept = await page.evaluate((key) => localStorage.getItem(key), `store-cart-token:${store.origin}`);
  expect(kept).toMatch(/"token\\?":\\?"[A-Za-z0-9_-]{43}/);

  await page.reload();
  await expect(pill).toHaveText('1 item');

  await page.locator('store-cart-pill a').click();
  await expect(page).toHaveURL(`${store.origin}/cart`);
  await expect(page.locator('store-cart-page').getByRole('link', { name: 'Linen Shirt' })).toBeVisible();
  // The code travelled in the body of one form post: no URL, no Referer held it.
  const posted = requests.filter((r) => new URL(r.url).pathname === '/commerce/handoff' && r.body);
  expect(posted).toHaveLength(1);
  const code = new URLSearchParams(posted[0]?.body ?? '').get('code') ?? '';
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(requests.filter((r) => r.url.includes(code) || r.referer?.includes(code))).toEqual([]);
  expect(requests.filter((r) => r.body?.includes(code))).toHaveLength(1);

  // Back on the page: the same cart, which now also is the store's.
  await page.goto(`${crossSite}/theme-cart.html`);
  const cartPage = page.locator('store-cart-page');
  await expect(cartPage.getByRole('link', { name: 'Linen Shirt' })).toBeVisible();
  await cartPage.getByRole('link', { name: /check ?out/i }).click();
  await expect(page).toHaveURL(`${store.origin}/checkout`);
  await expect(page.locator('main')).toContainText('Linen Shirt');
});

test('a page on another site that can keep nothing (storage and cookies blocked) says so when the shopper adds, and makes no cart', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', { get: refuse });
    Object.defineProperty(window, 'sessionStorage', { get: refuse });
    Object.defineProperty(Document.prototype, 'cookie', { get: () => '', set: () => undefined });
  });
  const adds = requestedUrls(page, (request) => request.url().includes('/shopping-cart/entries'));
  await page.goto(`http://127.0.0.1:${theme.port}/theme.html`);
  const widget = page.locator('store-add-to-cart');
  await widget.locator('select[data-variant-option-name="Size"]').selectOption('S');
  await widget.locator('select[data-variant-option-name="Color"]').selectOption('Sand');
  await widget.getByRole('button', { name: 'Add To Cart' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByRole('heading')).toHaveText('Unable to Add Item');
  await expect(alert).toContainText(
    `Your browser does not let this page keep a cart, so adding here would be lost. Shop on the store's own site: ${store.origin}`,
  );
  expect(adds).toEqual([]);
});

test("a page on the store's own origin that no one gave a crumb (static, or cached without its cookie) adds and submits an inline form on the first try", async ({
  page,
  request,
}) => {
  const newsletter = await (
    await request.get(`${store.origin}/api/template/GetTemplateSchema?type=form&id=newsletter`)
  ).json();
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title>
<script type="module" src="/storefront.js"></script></head><body>
<store-add-to-cart data-item-id="prod-linen-shirt" data-product-type="1" data-variants='${attr(SHIRT_VARIANTS)}' data-variant-option-ordering='${attr(['Size', 'Color'])}'></store-add-to-cart>
<store-site-form data-form='${attr(newsletter)}' data-page-id="page-static"></store-site-form></body></html>`;
  await page.route(`${store.origin}/static.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  const refusals: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusals.push(response.url());
  });
  await page.goto(`${store.origin}/static.html`);
  expect(await page.context().cookies(store.origin)).toEqual([]);
  await addShirt(page);
  const form = page.locator('store-site-form');
  await form.getByRole('textbox').fill('static@example.com');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.locator('.store-site-form__success')).toHaveText(NEWSLETTER_SUCCESS);
  expect(refusals).toEqual([]);
});

test('the bundle on a CDN origin, the pages and the API on the store: add to cart, pill, cart page, restock sign-up and site form', async ({
  page,
}) => {
  test.slow();
  const scripts = requestedUrls(page, (request) => request.resourceType() === 'script');
  await page.goto(`${store.origin}/qa/tag/linen-shirt`);
  await addShirt(page);
  await expect(page.locator('store-cart-pill .store-cart-pill__items')).toHaveText('1 item');
  expect(scripts).toContain(`${theme.origin}/storefront.js`);
  expect(scripts.filter((url) => url.startsWith(`${store.origin}/`) && /storefront|chunks/.test(url))).toEqual([]);
  // The store's page announces the chunks its widgets need, on the CDN too (modulepreload).
  const preloads = await page
    .locator('link[rel=modulepreload]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(preloads.length).toBeGreaterThan(0);
  expect(preloads.filter((href) => !href.startsWith(`${theme.origin}/chunks/`))).toEqual([]);

  const widget = page.locator('store-add-to-cart');
  await widget.locator('select[data-variant-option-name="Size"]').selectOption('M');
  await widget.locator('select[data-variant-option-name="Color"]').selectOption('Indigo');
  await signUpForRestock(page.locator('store-restock-box'), 'cdn-visitor@example.com');

  await page.locator('store-cart-pill a').click();
  await expect(page).toHaveURL(`${store.origin}/cart`);
  await expect(page.locator('store-cart-page').getByRole('link', { name: 'Linen Shirt' })).toBeVisible();

  await page.goto(`${store.origin}/newsletter`);
  const form = page.locator('store-site-form');
  await form.getByRole('textbox').fill('cdn-visitor@example.com');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.locator('.store-site-form__success')).toHaveText(NEWSLETTER_SUCCESS);
  // Every script of these pages came from the CDN.
  expect(scripts.filter((url) => url.startsWith(`${store.origin}/`) && /storefront|chunks/.test(url))).toEqual([]);
});

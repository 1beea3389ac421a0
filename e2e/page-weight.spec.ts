import { readFileSync } from 'node:fs';
import { addButton, expect, test } from './fixtures';
import type { PreloadManifest } from '../server-mock/pages/module-preloads';

/** A chunk's name without its hash: `/chunks/react-AbC123.js` -> `react`. */
function chunkName(url: string): string | null {
  const match = /\/chunks\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname);
  return match?.[1] ?? null;
}

/** Chunks the loader fetches once the page is interactive (analytics and the widgets that wait), as the build lists them. */
const manifest = JSON.parse(
  readFileSync(new URL('../dist/preload-manifest.json', import.meta.url), 'utf8'),
) as PreloadManifest;
const lateNames = new Set(manifest.afterInteractive.map((file) => chunkName(`http://x/${file}`)));
const isLate = (name: string) => lateNames.has(name);

test('the product page fetches analytics once its widgets are ready, and click-only code on the click', async ({
  page,
}) => {
  // Chunks in the order their requests were sent, and the order in which they had all arrived.
  const requested: string[] = [];
  const arrived: string[] = [];
  page.on('request', (request) => {
    const name = chunkName(request.url());
    if (name) requested.push(name);
  });
  page.on('requestfinished', (request) => {
    const name = chunkName(request.url());
    if (name) arrived.push(name);
  });
  const pageView = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/census/RecordHit');
  await page.goto('/shop/p/linen-shirt');
  await expect(addButton(page)).toBeVisible();
  // The page view is still recorded, from the deferred census.
  expect((await pageView).ok()).toBe(true);

  // Analytics and the widgets whose server markup shows all until the shopper acts come once the page is interactive.
  const late = requested.findIndex(isLate);
  expect(late).toBeGreaterThan(0);
  expect(requested).toEqual(expect.arrayContaining(['census.element', 'installment-pill.element']));
  // Every widget chunk asked for before them had arrived by then: they waited for the add button's code.
  const widgetChunks = requested.slice(0, late);
  expect(widgetChunks).toEqual(expect.arrayContaining(['add-to-cart-shared', 'react', 'runtime']));
  expect(widgetChunks.filter(isLate)).toEqual([]);
  const firstLate = arrived.findIndex(isLate);
  const arrivedBeforeLate = firstLate < 0 ? arrived : arrived.slice(0, firstLate);
  for (const name of widgetChunks) expect(arrivedBeforeLate).toContain(name);
  // No code of the additional-fields form, of dialogs or of the add button's alert before a click.
  expect(
    requested.filter((name) => /^(additional-fields-form|add-to-cart-dialogs|dialog|dialog-styles)$/.test(name)),
  ).toEqual([]);
});

test('an alert of the add button loads its code on first need and still shows', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const name = chunkName(request.url());
    if (name) requested.push(name);
  });
  await page.goto('/shop/p/linen-shirt');
  await expect(addButton(page)).toBeVisible();
  expect(requested).not.toContain('add-to-cart-dialogs');
  // No variant chosen: the add button answers with an alert.
  await addButton(page).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(requested).toContain('add-to-cart-dialogs');
  // Its CSS came with its code: the dialog's rounded corners, not the browser's square box.
  await expect(page.getByRole('alertdialog').locator('.store-dialog__panel')).toHaveCSS('border-radius', '8px');
});

test('the server announces the chunks of the page’s widgets with modulepreload, and each is fetched once', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (chunkName(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  const pageView = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/census/RecordHit');
  await page.goto('/shop/p/linen-shirt');
  await expect(addButton(page)).toBeVisible();
  const preloaded = await page
    .locator('link[rel=modulepreload]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  const names = preloaded.map((path) => chunkName(`http://x${path}`));
  expect(names).toEqual(expect.arrayContaining(['add-to-cart-shared', 'cart-pill.element', 'react', 'runtime']));
  // Not what comes once the page is interactive (reviews, analytics, the installment pill…), nor click-only code.
  expect(names.filter((name) => isLate(name ?? '') || /dialogs|additional-fields-form/.test(name ?? ''))).toEqual([]);
  // Each link carries the page's nonce (strict CSP), and each chunk is fetched once.
  const nonces = await page
    .locator('link[rel=modulepreload]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).nonce));
  expect(nonces.every((nonce) => Boolean(nonce))).toBe(true);
  // By the page view the page is interactive: every chunk it needed has been fetched.
  await pageView;
  for (const path of preloaded) expect(fetched.filter((f) => f === path)).toHaveLength(1);
});

for (const path of ['/shop/p/linen-shirt', '/cart', '/shop']) {
  test(`${path} fetches before its interactive mark exactly the loader and the chunks it announces (what the byte budgets count)`, async ({
    page,
  }) => {
    await page.goto(path);
    await page.waitForFunction(() => performance.getEntriesByName('storefront:interactive').length > 0);
    const { announced, before } = await page.evaluate(() => {
      const mark = performance.getEntriesByName('storefront:interactive')[0]?.startTime ?? 0;
      const pathOf = (url: string) => new URL(url).pathname;
      return {
        announced: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) =>
          pathOf(l.href),
        ),
        before: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < mark && /\/(storefront\.js|chunks\/[^/]+\.js)$/.test(pathOf(entry.name)))
          .map((entry) => pathOf(entry.name)),
      };
    });
    expect(announced.length).toBeGreaterThan(0);
    expect([...new Set(before)].sort()).toEqual(['/storefront.js', ...announced].sort());
  });
}

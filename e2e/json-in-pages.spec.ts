import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server-mock/app';
import type { Db } from '../server-mock/store/db';
import { openStore } from '../server-mock/store/open-store';
import { RESTOCK_SETTINGS_KEY, setSetting } from '../server-mock/store/settings';
import { expect, test } from './fixtures';

/**
 * A product (as a CSV import names it) and the owner's restock text holding what could end or
 * change a script element: every page type still parses its store context and runs the widgets.
 * On a store of its own, so no other spec sees the names.
 */
const HOSTILE = '<!--<script>XSSd </script><script>window.__xss = 1</script> \u2028 \u2029 & >';

let db: Db;
let server: ServerType;
let base = '';

// Playwright reads the fixtures a hook needs from its first parameter's pattern: none here.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  db = openStore(':memory:');
  db.prepare("UPDATE products SET name = ? WHERE id = 'prod-brass-lantern'").run(HOSTILE);
  setSetting(db, RESTOCK_SETTINGS_KEY, JSON.stringify({ captcha: false, successText: HOSTILE }));
  const distDir = testInfo.project.name === 'lite' ? 'dist/lite' : 'dist';
  const app = createApp({ db, distDir, addressRateLimit: { limit: 100_000, windowMs: 10_000 } });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  db.close();
});

const PAGES = ['/shop/p/brass-lantern', '/shop', '/search?q=XSSd', '/cart', '/', '/journal', '/events', '/gallery'];

test('every page type keeps working with hostile text in its JSON', async ({ page }) => {
  // The cart page lists the product too.
  const added = await page.request.post(`${base}/api/commerce/shopping-cart/entries`, {
    data: { itemId: 'prod-brass-lantern', sku: 'LANTERN-1', quantity: 1 },
    headers: { 'x-csrf-token': (await (await page.request.get(`${base}/api/crumb`)).json()).crumb },
  });
  expect(added.status()).toBe(200);
  for (const path of PAGES) {
    await page.goto(base + path);
    await page.waitForLoadState('load');
    // The page after the store context is there (the parser did not swallow it) and the loader ran.
    await expect(page.locator('main#main'), path).toHaveCount(1);
    await page.waitForFunction(() => customElements.get('store-cart-pill') !== undefined);
    const context = await page.evaluate(
      () => JSON.parse(document.getElementById('store-context')?.textContent ?? 'null') as Record<string, unknown>,
    );
    expect((context.restockSettings as { successText: string }).successText, path).toBe(HOSTILE);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss), path).toBeUndefined();
  }
  await page.goto(`${base}/shop/p/brass-lantern`);
  await expect(page.locator('h1')).toContainText('<!--<script>XSSd');
  await expect(page.locator('store-cart-pill')).toContainText('1');
});

import type { Locator, Page, Response } from '@playwright/test';
import { addButton, axeViolations, expect, openProduct, signIn, test, VIEWER } from './fixtures';

/** Analytics calls, by path: census, both event trackers, error reports and the performance collector. */
const ANALYTICS = /^\/api\/(census\/|events\/Record|v1\/clanker\/|1\/performance\/)/;

/** The answer to the next analytics call to `path` (a census JSON or event-service call: its body matches `body`). */
function analyticsCall(page: Page, path: string, body?: RegExp): Promise<Response> {
  return page.waitForResponse((r) => {
    const request = r.request();
    return new URL(r.url()).pathname === path && (!body || body.test(request.postData() ?? ''));
  });
}

/** The rows of a table as text, cell by cell (header row first). */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
}

/**
 * Waits until the page has its performance page-load id (the collector writes it to
 * `<html data-store-page-load-id>`): a page left before the id arrived has nothing to send its
 * page-speed record with.
 */
async function pageLoadIdKnown(page: Page, settings: Promise<Response>): Promise<void> {
  const response = await settings;
  expect(response.status()).toBe(200);
  const { pageLoadId } = (await response.json()) as { pageLoadId: string };
  await expect(page.locator('html')).toHaveAttribute('data-store-page-load-id', pageLoadId);
}

/** What the browser does when the page is hidden (tab switched, window minimised). */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('a visitor browsing the store is recorded, and the owner sees it on the analytics page', async ({
  page,
  browser,
}) => {
  // Four page loads, a second browser for the owner and an axe run: near 30 s on a busy machine.
  test.slow();
  // Home: a page view, and the page load id the performance records will carry.
  const homeHit = analyticsCall(page, '/api/census/RecordHit');
  const homeLoad = analyticsCall(page, '/api/1/performance/settings');
  await page.goto('/');
  expect((await homeHit).status()).toBe(200);
  await pageLoadIdKnown(page, homeLoad);

  // Product: page view, visit-product-page event, the add button's render and click, add-to-cart event.
  // Leaving the home page sends its page-speed record.
  const productHit = analyticsCall(page, '/api/census/RecordHit');
  const visit = analyticsCall(page, '/api/v1/clanker/events', /visit_product_page/);
  const render = analyticsCall(page, '/api/census/button-render');
  const productLoad = analyticsCall(page, '/api/1/performance/settings');
  await openProduct(page, 'cedar-candle');
  await pageLoadIdKnown(page, productLoad);
  expect((await productHit).status()).toBe(200);
  expect((await visit).status()).toBe(202);
  expect((await render).status()).toBe(200);
  const click = analyticsCall(page, '/api/census/button-click');
  const added = analyticsCall(page, '/api/v1/clanker/events', /add_to_cart/);
  await addButton(page).click();
  await expect(addButton(page)).toHaveText('Added!');
  expect((await click).status()).toBe(200);
  expect((await added).status()).toBe(202);

  // Cart: page view and view-cart event; then the page is hidden and its page-speed record goes out.
  const cartHit = analyticsCall(page, '/api/census/RecordHit');
  const viewCart = analyticsCall(page, '/api/v1/clanker/events', /view_cart/);
  const cartLoad = analyticsCall(page, '/api/1/performance/settings');
  await page.goto('/cart');
  await expect(page.locator('store-cart-page')).toContainText('Cedar Candle');
  expect((await cartHit).status()).toBe(200);
  expect((await viewCart).status()).toBe(202);
  expect((await cartLoad).status()).toBe(200);
  const records = analyticsCall(page, '/api/1/performance/records', /"recordType":"page-speed"/);
  await hidePage(page);
  expect((await records).status()).toBe(200);

  const visitorId = (await page.context().cookies()).find((c) => c.name === 'ss_cid')?.value;
  expect(visitorId).toBeTruthy();

  // The owner, in a browser of their own, looks at this visitor's analytics.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerErrors: string[] = [];
  owner.on('pageerror', (error) => ownerErrors.push(error.message));
  owner.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) ownerErrors.push(m.text());
  });
  const analyticsUrl = `/config/analytics?visitor=${encodeURIComponent(visitorId ?? '')}`;
  await signIn(owner, analyticsUrl);
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Analytics');
  // Signed in, the owner's own pages send nothing (the sign-in page before it was a visitor's page).
  const ownerAnalytics: string[] = [];
  owner.on('request', (r) => {
    if (ANALYTICS.test(new URL(r.url()).pathname)) ownerAnalytics.push(new URL(r.url()).pathname);
  });
  await expect(owner.getByText(`Showing visitor ${visitorId} only.`)).toBeVisible();

  // Beacons sent while leaving a page may land a moment later: reload until everything is in.
  await expect(async () => {
    await owner.reload();
    expect(await tableRows(owner.locator('table.analytics-page-views'))).toEqual([
      ['Path', 'Page views', 'Visitors'],
      ['/', '1', '1'],
      ['/cart', '1', '1'],
      ['/shop/p/cedar-candle', '1', '1'],
    ]);
    expect((await tableRows(owner.locator('table.analytics-events'))).sort()).toEqual(
      [
        ['Source', 'Event', 'Count'],
        ['Census', 'button-click', '1'],
        ['Census', 'button-render', '1'],
        ['Event service', 'commerce_event: add_to_cart', '1'],
        ['Event service', 'commerce_event: view_cart', '1'],
        ['Event service', 'commerce_event: visit_product_page', '1'],
        // The session recording decision, once for the tab (docs/widgets/census.md, "Session recording").
        ['Event tracker', 'session_recording', '1'],
      ].sort(),
    );
    await expect(owner.locator('.analytics-totals')).toContainText('Performance records: 3 page-speed');
  }).toPass({ timeout: 15_000 });

  // Every page load painted: the FCP histogram counts all three, and says so in words.
  const fcp = owner.locator('#vital-fcp-chart');
  await expect(fcp).toHaveAttribute('aria-label', /^First contentful paint of 3 page loads: /);
  // Drawn in whichever range the machine's paints fell (a loaded CI machine paints slowly).
  await expect(fcp.locator('g > rect:not([height="0"])').first()).toBeVisible();
  await owner.getByText('FCP by range, as a table').click();
  await expect(owner.getByRole('table', { name: 'First contentful paint: page loads by range' })).toBeVisible();
  expect(await axeViolations(owner)).toEqual([]);
  expect(ownerAnalytics).toEqual([]);
  expect(ownerErrors).toEqual([]);
  await ownerContext.close();
});

test("an owner's own visits send no analytics and record nothing", async ({ page, baseURL }) => {
  await signIn(page, '/shop');
  await expect(page).toHaveURL(/\/shop$/);
  // A census visitor id of its own, so anything this browser sent would show under it.
  const probe = `owner-probe-${Date.now()}`;
  await page.context().addCookies([{ name: 'ss_cid', value: probe, url: baseURL ?? '' }]);

  const sent: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (ANALYTICS.test(path)) sent.push(path);
  });
  // On each page the census decides to skip before it listens to anything (so nothing can be sent).
  const skipped = () =>
    page.waitForFunction(
      () =>
        (window as unknown as Record<symbol, { skipped?: string } | undefined>)[Symbol.for('storefront.census')]
          ?.skipped === 'owner-signed-in',
    );
  await page.goto('/shop');
  await skipped();
  await openProduct(page, 'oak-candle');
  await skipped();
  await addButton(page).click();
  await expect(addButton(page)).toHaveText('Added!');
  await page.goto('/cart');
  await expect(page.locator('store-cart-page')).toContainText('Oak Candle');
  await skipped();
  await hidePage(page);
  expect(sent).toEqual([]);

  await page.goto(`/config/analytics?visitor=${probe}`);
  await expect(page.getByText(`Showing visitor ${probe} only.`)).toBeVisible();
  await expect(page.getByText('No page views yet.')).toBeVisible();
  await expect(page.getByText('No events yet.')).toBeVisible();
  await expect(page.locator('.analytics-totals')).toContainText('Performance records: 0 page-speed');
  expect(sent).toEqual([]);
});

test('a signed-in viewer-only account is recorded on shop pages', async ({ page }) => {
  await signIn(page, '/shop', VIEWER);
  await expect(page).toHaveURL(/\/shop$/);
  const hit = analyticsCall(page, '/api/census/RecordHit');
  await page.goto('/shop/p/linen-shirt');
  expect((await hit).status()).toBe(200);
});

import { expect, test } from './fixtures';

/** A handful of server pages, the status they answer and the page type their store context declares. */
const PAGES: [path: string, status: number, pageType: number][] = [
  ['/', 200, 2],
  ['/shop', 200, 1],
  ['/search?q=linen', 200, 102],
  ['/shop/p/linen-shirt', 200, 50],
  ['/cart', 200, 200],
  ['/no/such/page', 404, 100],
  ['/qa/lock', 200, 103],
  ['/qa/error', 500, 101],
];

test('each page declares its true page type to the storefront, under the strict policy', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  for (const [path, status, pageType] of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const context = await page.locator('#store-context').textContent();
    expect((JSON.parse(context ?? '{}') as { pageType?: number }).pageType, path).toBe(pageType);
    // The storefront script ran (its window global is there) and nothing was refused.
    await page.waitForFunction(() => 'storefront' in window);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
  // The lock screen says what it is, and analytics skips it.
  await page.goto('/qa/lock');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This site is locked');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as Record<symbol, { skipped: string | null } | undefined>)[Symbol.for('storefront.census')]
            ?.skipped,
      ),
    )
    .toBe('lock-screen-page');
  await page.goto('/qa/error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(page.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
});

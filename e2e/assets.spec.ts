import { expect, openProduct, test } from './fixtures';

test('scripts come compressed, hashed chunks cached for good and the loader revalidated', async ({ page }) => {
  const scripts = new Map<string, Record<string, string>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    // The bundle's scripts (not the demo store's local CAPTCHA provider).
    if (url.pathname === '/storefront.js' || url.pathname.startsWith('/chunks/')) {
      scripts.set(url.pathname, response.headers());
    }
  });
  await openProduct(page, 'linen-shirt');
  await expect(page.locator('article.product .sqs-add-to-cart-button').first()).toBeVisible();

  const chunks = [...scripts.keys()].filter((path) => path.startsWith('/chunks/'));
  expect(chunks.length).toBeGreaterThan(2);
  for (const [path, headers] of scripts) {
    // Chromium takes brotli over HTTPS only; over plain http it gets the gzip copy.
    expect(['br', 'gzip'], path).toContain(headers['content-encoding']);
    expect(headers['vary'], path).toBe('Accept-Encoding');
    expect(headers['cache-control'], path).toBe(
      path.startsWith('/chunks/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  }
  expect(scripts.get('/storefront.js')?.['etag']).toBeTruthy();
});

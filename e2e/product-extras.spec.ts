import type { Page } from '@playwright/test';
import { axeViolations, chooseOptions, expect, openProduct, requestedUrls, test } from './fixtures';

function pill(page: Page) {
  return page.locator('store-installment-pill .store-installment-pill');
}

/** Store events of one kind seen by the page from now on. */
async function recordCommerceEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { commerceEvents: unknown[] }).commerceEvents = seen;
    document.addEventListener('store-commerce', (e) => seen.push((e as CustomEvent).detail));
  });
}

function commerceEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { commerceEvents: unknown[] }).commerceEvents);
}

test.describe('installment pill', () => {
  test('US: four payments in range, following the chosen variant', async ({ page }) => {
    await openProduct(page, 'linen-shirt');
    await expect(pill(page)).toHaveText(/^or 4 interest-free payments of \$12\.00 with Afterpay/);
    await chooseOptions(page, { Size: 'L', Color: 'Sand' });
    await expect(pill(page)).toHaveText(/^or 4 interest-free payments of \$13\.00 with Afterpay/);
  });

  test('the server writes the offer into the page, and the widget takes it over in place', async ({ page }) => {
    // Without the script: the offer is in the page as it arrives (the phone's largest text paints with it).
    await page.route('**/storefront.js*', (route) => route.abort());
    await page.goto('/shop/p/linen-shirt');
    await expect(pill(page)).toHaveText('or 4 interest-free payments of $12.00 with Afterpay');
    const served = await pill(page).boundingBox();
    await page.unroute('**/storefront.js*');
    // With it: one pill, the same text and box, now with its info button.
    await openProduct(page, 'linen-shirt');
    await expect(page.locator('store-installment-pill')).toHaveAttribute('data-state', 'shown');
    await expect(page.locator('store-installment-pill .store-installment-pill')).toHaveCount(1);
    await expect(pill(page).getByRole('button')).toBeVisible();
    await expect(pill(page)).toHaveText(/^or 4 interest-free payments of \$12\.00 with Afterpay/);
    const live = await pill(page).boundingBox();
    expect(live && served && { x: live.x, y: live.y, width: live.width }).toEqual(
      served && { x: served.x, y: served.y, width: served.width },
    );
  });

  test('US: out of range below the minimum and above the maximum', async ({ page }) => {
    await openProduct(page, 'ceramic-mug');
    await expect(pill(page)).toHaveText(/^Afterpay available for orders over \$35\.00/);
    await openProduct(page, 'walnut-writing-desk');
    await expect(pill(page)).toHaveText(/^Afterpay available for orders up to \$2,000\.00/);
  });

  test('GB: the UK-market provider, in range and out of range', async ({ page }) => {
    await page.goto('/qa/p/linen-shirt?country=GB&currency=GBP');
    await expect(pill(page)).toHaveText(/^or 4 interest-free payments of £12\.00 with Clearpay/);
    await page.goto('/qa/p/ceramic-mug?country=GB&currency=GBP');
    await expect(pill(page)).toHaveText(/^Clearpay available for orders over £35\.00/);
    await page.goto('/qa/p/walnut-writing-desk?country=GB&currency=GBP');
    await expect(pill(page)).toHaveText(/^Clearpay available for orders up to £2,000\.00/);
  });

  test('no provider for other locales', async ({ page }) => {
    await page.goto('/qa/p/linen-shirt?country=FR&language=fr');
    await expect(page.locator('article.product .sqs-add-to-cart-button')).toHaveAttribute('data-phase', 'idle');
    await expect(page.locator('store-installment-pill')).toBeAttached();
    await expect(pill(page)).toHaveCount(0);
  });

  test('the info modal opens from the keyboard and closes by Escape, its close button and a click outside', async ({
    page,
  }) => {
    await openProduct(page, 'linen-shirt');
    const info = page.getByRole('button', { name: 'About paying with Afterpay' });
    await info.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pay with Afterpay' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('4 interest-free payments');
    // The dialog's CSS came with its code (not with the pill).
    await expect(dialog.locator('.store-dialog__panel')).toHaveCSS('border-radius', '8px');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(info).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /close/i }).click();
    await expect(dialog).toBeHidden();
    await expect(info).toBeFocused();

    await info.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5); // the backdrop, outside the panel
    await expect(dialog).toBeHidden();
    await expect(info).toBeFocused();
  });

  test('a failed info fetch only logs a warning', async ({ page }) => {
    await openProduct(page, 'linen-shirt');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.route('**/api/commerce/installments/info**', (route) => route.abort());
    await page.getByRole('button', { name: 'About paying with Afterpay' }).click();
    await expect
      .poll(() => warnings.some((w) => w.includes('The Afterpay information could not be loaded')))
      .toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(pill(page)).toBeVisible();
  });
});

test.describe('reviews', () => {
  test('show on a product page when scrolled to, a page at a time, with the commerce events', async ({ page }) => {
    await openProduct(page, 'linen-shirt');
    await recordCommerceEvents(page);
    await page.getByRole('link', { name: 'Reviews' }).click();
    const reviews = page.locator('store-reviews');
    const tab = reviews.getByRole('button', { name: 'Reviews (12)' });
    await expect(tab).toBeVisible();
    await expect(tab).toHaveAttribute('aria-expanded', 'false');
    await tab.click();
    await expect(tab).toHaveAttribute('aria-expanded', 'true');
    await expect(reviews.locator('.store-reviews__review')).toHaveCount(5);
    await reviews.getByRole('button', { name: 'More reviews' }).click();
    await expect(reviews.locator('.store-reviews__review')).toHaveCount(10);
    await reviews.getByRole('button', { name: 'More reviews' }).click();
    await expect(reviews.locator('.store-reviews__review')).toHaveCount(12);
    await expect(reviews.getByRole('button', { name: 'More reviews' })).toHaveCount(0);
    expect(await commerceEvents(page)).toEqual([
      { event: 'reviews-anchor-click', itemId: 'prod-linen-shirt' },
      { event: 'reviews-tab-click', itemId: 'prod-linen-shirt' },
    ]);
  });

  const gated: [string, string][] = [
    ['the kill switch is on', '/qa/p/linen-shirt?flags=reviews-kill-switch'],
    ['reviews are turned off', '/qa/p/linen-shirt?reviews=off'],
  ];
  for (const [why, path] of gated) {
    test(`stay away when ${why}`, async ({ page }) => {
      const reviewRequests = requestedUrls(page, (r) => /reviews/.test(new URL(r.url()).pathname));
      await page.goto(path);
      await expect(page.locator('article.product .sqs-add-to-cart-button')).toHaveAttribute('data-phase', 'idle');
      // The loader decides when it meets the tag and says so on it: its code never loads.
      await expect(page.locator('store-reviews')).toHaveAttribute('data-store-state', 'off');
      await page.locator('store-reviews').scrollIntoViewIfNeeded();
      await expect(page.locator('store-reviews')).toBeEmpty();
      await expect(page.getByRole('link', { name: 'Reviews' })).toHaveCount(0);
      expect(reviewRequests).toEqual([]);
    });
  }

  test('stay away from pages that are not product pages', async ({ page }) => {
    await page.goto('/shop');
    await page.evaluate(() => {
      document
        .querySelector('main')
        ?.insertAdjacentHTML('beforeend', '<store-reviews data-item-id="prod-linen-shirt"></store-reviews>');
    });
    await expect(page.locator('store-reviews')).toHaveAttribute('data-store-state', 'off');
    await page.locator('store-reviews').scrollIntoViewIfNeeded();
    await expect(page.locator('store-reviews')).toBeEmpty();
    expect(await page.evaluate(() => customElements.get('store-reviews'))).toBeUndefined();
  });
});

test.describe('product images', () => {
  test('the chosen variant swaps the image, with a responsive srcset and no layout shift', async ({ page }) => {
    await openProduct(page, 'linen-shirt');
    // The widget loads once the page is interactive and replaces the server's image with its own:
    // measure the image it renders, not the one it is about to replace.
    await page.evaluate(() => customElements.whenDefined('store-product-block'));
    const image = page.locator('store-product-block img');
    await expect(image).toHaveAttribute('alt', /sand/i);
    await expect(image).toHaveAttribute(
      'srcset',
      /format=100w 100w, .*format=300w 300w, .*format=500w 500w, .*format=750w 750w, .*format=1000w 1000w, .*format=1500w 1500w$/,
    );
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.evaluate(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    const before = await image.boundingBox();
    await chooseOptions(page, { Size: 'S', Color: 'Indigo' });
    await expect(image).toHaveAttribute('alt', /indigo/i);
    await expect(image).toHaveAttribute('src', /img-linen-shirt-indigo/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
  });
});

test('the product page with its extras has no axe violations', async ({ page }) => {
  await openProduct(page, 'linen-shirt');
  await expect(pill(page)).toBeVisible();
  await page.locator('store-reviews').scrollIntoViewIfNeeded();
  await page
    .locator('store-reviews')
    .getByRole('button', { name: /^Reviews/ })
    .click();
  await expect(page.locator('.store-reviews__review').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

import type { FrameLocator, Page } from '@playwright/test';
import { axeViolations, expect, signIn, test } from './fixtures';
import { test as ownStoreTest } from './own-store';

const GIFT_CARDS_OFF = 'Gift cards are not available in this store right now.';
const SUBSCRIPTIONS_OFF = 'Subscriptions are not available in this store right now.';

/** The QA page's iframe of `flag` on or off. */
function gate(page: Page, flag: number, state: 'on' | 'off'): FrameLocator {
  return page.frameLocator(`#gate-${flag}-${state}`);
}

test.describe('feature flags QA page', () => {
  test('shows each numbered flag gating its widget, on and off side by side', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/qa/flags');

    // Afterpay (64) and Clearpay (68): the installment pill shows only with its provider's flag.
    const us = gate(page, 64, 'on');
    await expect(us.locator('store-installment-pill .store-installment-pill')).toContainText('with Afterpay');
    // A widget that decides to render nothing says so: data-state="hidden".
    const usOff = gate(page, 64, 'off');
    await expect(usOff.locator('store-installment-pill[data-state="hidden"]')).toBeAttached();
    await expect(usOff.locator('.store-add-to-cart__unavailable')).toHaveCount(0);
    await expect(usOff.locator('store-installment-pill')).toBeEmpty();
    const uk = gate(page, 68, 'on');
    await expect(uk.locator('store-installment-pill .store-installment-pill')).toContainText('with Clearpay');
    const ukOff = gate(page, 68, 'off');
    await expect(ukOff.locator('store-installment-pill[data-state="hidden"]')).toBeAttached();
    await expect(ukOff.locator('store-installment-pill')).toBeEmpty();

    // Klarna (70) stands in where Afterpay is off (both frames have 64 off), and only with its flag.
    const klarna = gate(page, 70, 'on');
    await expect(klarna.locator('store-installment-pill .store-installment-pill')).toContainText(
      /or 4 interest-free payments of \$[\d.]+ with Klarna/,
    );
    await klarna.getByRole('button', { name: 'About paying with Klarna' }).click();
    await expect(klarna.getByRole('dialog', { name: 'Pay with Klarna' })).toContainText(
      'Pay in 4 interest-free payments with Klarna',
    );
    await klarna.getByRole('dialog').press('Escape');
    const klarnaOff = gate(page, 70, 'off');
    await expect(klarnaOff.locator('store-installment-pill[data-state="hidden"]')).toBeAttached();
    await expect(klarnaOff.locator('store-installment-pill')).toBeEmpty();

    // Gift cards (40): without the flag the button is disabled and says why.
    const gift = gate(page, 40, 'on');
    await expect(gift.locator('.sqs-add-to-cart-button[data-store-enhanced]')).toBeVisible();
    await expect(gift.locator('.sqs-add-to-cart-button')).not.toHaveAttribute('aria-disabled', 'true');
    await expect(gift.locator('.store-add-to-cart__unavailable')).toHaveCount(0);
    const giftOff = gate(page, 40, 'off');
    await expect(giftOff.locator('.store-add-to-cart__unavailable')).toHaveText(GIFT_CARDS_OFF);
    await expect(giftOff.locator('.sqs-add-to-cart-button')).toHaveAttribute('aria-disabled', 'true');
    await expect(giftOff.getByRole('button', { name: /Add To Cart|Purchase/ })).toHaveAccessibleDescription(
      GIFT_CARDS_OFF,
    );

    // Commerce subscriptions (50).
    const sub = gate(page, 50, 'on');
    await expect(sub.locator('.sqs-add-to-cart-button[data-store-enhanced]')).toHaveText('Subscribe');
    await expect(sub.locator('.store-add-to-cart__unavailable')).toHaveCount(0);
    const subOff = gate(page, 50, 'off');
    await expect(subOff.locator('.store-add-to-cart__unavailable')).toHaveText(SUBSCRIPTIONS_OFF);
    await subOff.locator('.sqs-add-to-cart-button').click({ force: true });
    await expect(subOff.getByRole('alertdialog')).toContainText(SUBSCRIPTIONS_OFF);
    await expect(page.locator('#gate-50-off')).toHaveAttribute('src', /\/qa\/p\/coffee-club/);

    // Native product reviews (66): the reviews load only with the flag.
    const reviews = gate(page, 66, 'on');
    await expect(reviews.locator('store-reviews .store-reviews__summary')).toBeVisible({ timeout: 15_000 });
    await expect(reviews.getByRole('link', { name: 'Reviews' })).toBeVisible();
    const reviewsOff = gate(page, 66, 'off');
    await expect(reviewsOff.locator('.sqs-add-to-cart-button[data-store-enhanced]')).toBeVisible();
    await expect(reviewsOff.getByRole('link', { name: 'Reviews' })).toHaveCount(0);
    await expect(reviewsOff.locator('store-reviews')).toBeEmpty();
  });

  test('looks experiments up through the module and window.storefront, with the platform error texts', async ({
    page,
  }) => {
    const rows = async () => {
      const table = page.locator('#experiment-lookups[data-ready="true"]');
      await expect(table).toBeAttached();
      return table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
        );
    };
    await page.goto('/qa/flags');
    expect(await rows()).toEqual([
      ["getVariant('add-button-label', 'control')", 'module', 'control', ''],
      ["isFeatureToggleEnabled('reviews-summary-first', false)", 'window', 'true', ''],
      ["isFeatureToggleEnabled('installment-pill-compact', true)", 'module', 'false', ''],
      [
        "isFeatureToggleEnabled('add-button-label', false)",
        'window',
        'false',
        'The specified feature is not a FEATURE_TOGGLE',
      ],
      ["getVariant('no-such-test', 'fallback')", 'module', 'fallback', 'The specified feature does not exist'],
    ]);

    // Only an internal site (status 6) may override a variant from the address.
    await page.goto('/qa/flags?experiment.add-button-label=add-to-bag&experiment.installment-pill-compact=true');
    expect((await rows()).map((row) => row[2])).toEqual(['control', 'true', 'false', 'false', 'fallback']);
    await page.goto(
      '/qa/flags?status=6&experiment.add-button-label=add-to-bag&experiment.installment-pill-compact=true',
    );
    expect((await rows()).map((row) => row[2])).toEqual(['add-to-bag', 'true', 'true', 'false', 'fallback']);
    expect(await page.evaluate(() => window.storefront.getVariant('add-button-label', 'x'))).toEqual({
      value: 'add-to-bag',
    });
  });

  test('a page whose experiments are not loaded or badly defined gives the defaults with the platform error texts', async ({
    page,
  }) => {
    const NOT_LOADED = 'The underlying Praetor configuration is not loaded';
    const INVALID = 'The specified feature has an invalid server-side definition';
    /** These pages' store context gets these `experiments` (undefined: left out). */
    let experiments: unknown;
    await page.route(
      (url) => url.pathname === '/qa/flags' || url.pathname === '/qa/no-widgets',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /(<script type="application\/json" id="store-context"[^>]*>)(.*?)(<\/script>)/s,
          (_, open: string, json: string, close: string) => {
            const context = JSON.parse(json) as Record<string, unknown>;
            if (experiments === undefined) delete context.experiments;
            else context.experiments = experiments;
            return `${open}${JSON.stringify(context)}${close}`;
          },
        );
        await route.fulfill({ response, body });
      },
    );
    const openWith = async (path: string, given: unknown) => {
      experiments = given;
      await page.goto(path);
      await page.waitForFunction(() => 'storefront' in window);
    };
    const errors = () => page.locator('#experiment-lookups tbody tr td:nth-child(4)').allTextContents();

    // The QA page's own lookups, and the window global's.
    await openWith('/qa/flags', undefined);
    await expect(page.locator('#experiment-lookups[data-ready="true"]')).toBeAttached();
    expect((await errors()).map((e) => e.trim())).toEqual(Array(5).fill(NOT_LOADED));
    expect(await page.evaluate(() => window.storefront.getVariant('add-button-label', 'control'))).toEqual({
      value: 'control',
      error: NOT_LOADED,
    });
    expect(await page.evaluate(() => window.storefront.isFeatureToggleEnabled('reviews-summary-first', true))).toEqual({
      value: true,
      error: NOT_LOADED,
    });

    // An AB test without a variant, and a toggle of a type the platform does not know (a plain page).
    await openWith('/qa/no-widgets', {
      'add-button-label': { type: 'AB_TEST' },
      'reviews-summary-first': { type: 'SOMETHING_ELSE', variant: 'true' },
    });
    expect(await page.evaluate(() => window.storefront.getVariant('add-button-label', 'control'))).toEqual({
      value: 'control',
      error: INVALID,
    });
    expect(await page.evaluate(() => window.storefront.isFeatureToggleEnabled('reviews-summary-first', false))).toEqual(
      { value: false, error: INVALID },
    );
  });

  test('a gated-off product page and the QA page have no accessibility violations', async ({ page }) => {
    await page.goto('/qa/p/gift-card?features=50,64,66');
    await expect(page.locator('.store-add-to-cart__unavailable')).toHaveText(GIFT_CARDS_OFF);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/qa/flags');
    await expect(page.locator('#experiment-lookups[data-ready="true"]')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the add button's label follows its AB test, overridden only on an internal site", async ({ page }) => {
    const label = page.locator('article.product .store-add-to-cart__button');
    await page.goto('/qa/tag/linen-shirt?status=6&experiment.add-button-label=add-to-bag');
    await expect(label).toHaveText('Add To Bag');
    await page.goto('/qa/tag/linen-shirt?experiment.add-button-label=add-to-bag');
    await expect(label).toHaveText('Add To Cart');
  });
});

// A store of its own: switching flags must not change what the other specs' shared store shows.
ownStoreTest.describe('owner settings', () => {
  ownStoreTest(
    'the owner switches gift cards and Afterpay off in settings, and the product pages follow',
    async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/shop/p/gift-card');
      await expect(page.locator('.sqs-add-to-cart-button[data-store-enhanced]')).toBeVisible();
      await expect(page.locator('.store-add-to-cart__unavailable')).toHaveCount(0);

      await signIn(page, '/config/settings');
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
      await expect(page.getByLabel('Gift cards (40)')).toBeChecked();
      await expect(page.getByLabel('Klarna (70)')).not.toBeChecked();
      await page.getByLabel('Gift cards (40)').uncheck();
      await page.getByLabel('Afterpay (64)').uncheck();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status')).toHaveText('Settings saved.');
      await expect(page.getByLabel('Gift cards (40)')).not.toBeChecked();
      await expect(page.getByLabel('Afterpay (64)')).not.toBeChecked();
      await expect(page.getByLabel('Commerce subscriptions (50)')).toBeChecked();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/shop/p/gift-card');
      await expect(page.locator('.store-add-to-cart__unavailable')).toHaveText(GIFT_CARDS_OFF);
      // aria-disabled keeps it focusable and clickable: the click explains instead of buying.
      await page.locator('.sqs-add-to-cart-button').click({ force: true });
      await expect(page.getByRole('alertdialog')).toContainText(GIFT_CARDS_OFF);
      await expect(page).toHaveURL('/shop/p/gift-card');

      await page.goto(`/shop/p/linen-shirt`);
      await expect(page.locator('.sqs-add-to-cart-button[data-store-enhanced]')).toBeVisible();
      await expect(page.locator('store-installment-pill[data-state="hidden"]')).toBeAttached();
      await expect(page.locator('store-installment-pill')).toBeEmpty();

      // And back on: the pill returns.
      await page.goto(`/config/settings`);
      await page.getByLabel('Afterpay (64)').check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status')).toHaveText('Settings saved.');
      await page.goto(`/shop/p/linen-shirt`);
      await expect(page.locator('store-installment-pill .store-installment-pill')).toContainText('with Afterpay');
    },
  );
});

declare global {
  interface Window {
    storefront: {
      getVariant(name: string, defaultValue: string): { value: string; error?: string };
      isFeatureToggleEnabled(name: string, defaultValue: boolean): { value: boolean; error?: string };
    };
  }
}

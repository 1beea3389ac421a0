import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Every test fails on an uncaught page error or a console error. A failed HTTP
 * status is logged by Chromium as "Failed to load resource"; tests that provoke
 * one on purpose (a 429, a CSRF failure) assert the message instead.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The add-to-cart widget of a product page (the first one when there are several). */
export function addWidget(page: Page, nth = 0): Locator {
  return page.locator('store-add-to-cart').nth(nth);
}

/** Chooses variant options by their labels, in order. */
export async function chooseOptions(page: Page, options: Record<string, string>, nth = 0): Promise<void> {
  for (const [name, value] of Object.entries(options)) await addWidget(page, nth).getByLabel(name).selectOption(value);
}

export function addButton(page: Page, nth = 0): Locator {
  return addWidget(page, nth).locator('.store-add-to-cart__button');
}

/** Opens a product page and waits until its add button is ready to click. */
export async function openProduct(page: Page, slug: string): Promise<void> {
  await page.goto(`/shop/p/${slug}`);
  await expect(addButton(page)).toBeVisible();
}

/** The alert dialog's title and message. */
export async function expectAlert(page: Page, title: string, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('heading')).toHaveText(title);
  await expect(alert.locator('.store-alert__message')).toHaveText(message);
}

export async function dismissAlert(page: Page): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

export function cartPill(page: Page): Locator {
  return page.locator('store-cart-pill a');
}

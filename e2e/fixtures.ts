import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import { RESTOCK_THANKS } from './theme-page';

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

/** The demo store's owner and view-only accounts (server-mock seeds them). */
export const OWNER = { email: 'owner@fieldandforge.test', password: 'demo-owner-pass' };
export const VIEWER = { email: 'viewer@fieldandforge.test', password: 'demo-viewer-pass' };

/** Signs `account` in on the sign-in page and waits to land on `next` (a path, with its query). */
export async function signIn(page: Page, next: string, account = OWNER): Promise<void> {
  await page.goto(`/account/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname + url.search === next);
}

/**
 * Product pages come in two flavours with the same behaviour: the platform's formatter markup
 * brought to life by the loader (/shop/p/…), and the `<store-add-to-cart>` tag (/qa/tag/…).
 */
export type Flavor = 'platform' | 'tag';
export const FLAVORS: Flavor[] = ['platform', 'tag'];
const PRODUCT_PATHS: Record<Flavor, string> = { platform: '/shop/p/', tag: '/qa/tag/' };

/** The product area of a product page: variant choices, quantity and add button. */
export function addWidget(page: Page): Locator {
  return page.locator('article.product');
}

/** The select of one variant option of the product (both flavours name it in data-variant-option-name). */
export function optionSelect(page: Page, name: string): Locator {
  return addWidget(page).locator(`select[data-variant-option-name="${name}"]`);
}

/** Chooses variant options by name, in order. */
export async function chooseOptions(page: Page, options: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(options)) await optionSelect(page, name).selectOption(value);
}

/** The product's add button (the first, before any express checkout button). */
export function addButton(page: Page): Locator {
  return addWidget(page).locator('.store-add-to-cart__button, .sqs-add-to-cart-button').first();
}

/** Opens a product page of the given flavour and waits until its add button is ready to click. */
export async function openProduct(page: Page, slug: string, flavor: Flavor = 'platform'): Promise<void> {
  await page.goto(`${PRODUCT_PATHS[flavor]}${slug}`);
  await expect(addButton(page)).toBeVisible();
  // Platform markup is live once the loader has enhanced its button.
  if (flavor === 'platform') await expect(addButton(page)).toHaveAttribute('data-phase', 'idle');
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

/** The URLs of the page's requests that `keep` takes, in the order they are made. */
export function requestedUrls(page: Page, keep: (request: Request) => boolean): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (keep(request)) urls.push(request.url());
  });
  return urls;
}

/** A field of the page's site form, by its id. */
export function formField(page: Page, id: string): Locator {
  return page.locator(`store-site-form [data-field-id="${id}"]`);
}

/** Fills the contact form's required fields with good answers. */
export async function fillContactRequired(page: Page): Promise<void> {
  await formField(page, 'name').getByLabel('First Name').fill('Ada');
  await formField(page, 'name').getByLabel('Last Name').fill('Lovelace');
  await formField(page, 'email').getByRole('textbox').fill('ada@example.com');
  await formField(page, 'subject').getByRole('textbox').fill('A repair');
  await formField(page, 'message').getByRole('textbox').fill('My lantern needs a new glass.');
  await formField(page, 'reply-by').getByLabel('Phone').check();
}

/** Puts one Linen Shirt (S, Sand) in the cart from its product page and waits for the cart pill. */
export async function addLinenShirt(page: Page): Promise<void> {
  await openProduct(page, 'linen-shirt');
  await chooseOptions(page, { Size: 'S', Color: 'Sand' });
  await addButton(page).click();
  await expect(cartPill(page)).toBeVisible();
}

/** Signs `email` up at a restock sign-up, solving the test CAPTCHA, and waits for the store's thanks. */
export async function signUpForRestock(restock: Locator, email: string): Promise<void> {
  await restock.getByRole('textbox').fill(email);
  const captcha = restock.getByRole('checkbox', { name: "I'm not a robot" });
  await captcha.click();
  await expect(captcha).toHaveAttribute('aria-checked', 'true');
  await restock.getByRole('button', { name: /notify|sign up/i }).click();
  await expect(restock).toContainText(RESTOCK_THANKS);
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's WCAG 2.1 A/AA and best-practice violations on the page, as "rule: targets" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Contrast is judged on the page at rest: a fade-in (the cart pill's) caught half-way is not a
  // violation. Finite animations are awaited; endless ones (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated by the test driver, not added as a <script>: the store's policy refuses inline scripts.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

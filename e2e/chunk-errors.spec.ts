import type { ConsoleMessage, Page } from '@playwright/test';
import { addButton, expect, FLAVORS, openProduct, test } from './fixtures';

/** A chunk's URL by its name (`/chunks/{name}-{hash}.js`), the hash being 8 characters. */
const chunk = (name: string) => new RegExp(`/chunks/${name.replace(/[.-]/g, '\\$&')}-[\\w-]{8}\\.js$`);

interface Warning {
  /** The message (the first argument of `console.warn`). */
  text: string;
  /** The ChunkLoadError's name and code, when one came with the warning. */
  error?: { name: string; code?: string };
}

/** The console warnings of the page, with the ChunkLoadError each carries. */
function recordWarnings(page: Page): Warning[] {
  const warnings: Warning[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'warning') return;
    // The text joins every argument; the error (the second) starts with its name.
    const warning: Warning = { text: message.text().split(' ChunkLoadError: ')[0] ?? '' };
    warnings.push(warning);
    const error = message.args()[1];
    if (error) {
      void error
        .evaluate((e) =>
          e instanceof Error ? { name: e.name, code: (e as Error & { code?: string }).code } : undefined,
        )
        .then((value) => (warning.error = value))
        .catch(() => undefined);
    }
  });
  return warnings;
}

/** The messages the error reporter sends, as they are sent. */
function recordReports(page: Page): string[] {
  const messages: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/events/RecordJavascriptErrors')) return;
    const reports = request.postDataJSON() as { data: { message: string } }[];
    messages.push(...reports.map((report) => report.data.message));
  });
  return messages;
}

test.describe('chunks that do not load', () => {
  test('a widget chunk: reported, the tag says it could not load, and its next appearance loads it', async ({
    page,
  }) => {
    const warnings = recordWarnings(page);
    const reports = recordReports(page);
    await page.route(chunk('cart-pill.element'), (route) => route.abort());
    await openProduct(page, 'linen-shirt');

    const pill = page.locator('store-cart-pill').first();
    await expect(pill).toHaveAttribute('data-store-state', 'failed');
    await expect(pill).toHaveText('Unable to load. Try again.');
    await expect.poll(() => warnings.map((w) => w.text)).toContain('Loading chunk store-cart-pill failed');
    await expect.poll(() => reports, { timeout: 10_000 }).toContain('Loading chunk store-cart-pill failed');
    expect(await page.evaluate(() => customElements.get('store-cart-pill'))).toBeUndefined();

    // The network is back: the tag's next appearance tries again, and every pill comes to life.
    await page.unroute(chunk('cart-pill.element'));
    await page.evaluate(() => document.body.append(document.createElement('store-cart-pill')));
    await expect.poll(() => page.evaluate(() => Boolean(customElements.get('store-cart-pill')))).toBe(true);
    await expect(pill).not.toHaveAttribute('data-store-state', 'failed');
    await expect(page.locator('.store-load-failed')).toHaveCount(0);
  });

  for (const flavor of FLAVORS)
    test(`a dialog chunk on click (${flavor}): reported, the widget says so, and the next click loads it`, async ({
      page,
    }) => {
      const warnings = recordWarnings(page);
      const reports = recordReports(page);
      await openProduct(page, 'linen-shirt', flavor);
      await page.route(chunk('add-to-cart-dialogs'), (route) => route.abort());

      // No variant chosen: the add button's alert would open, but its code does not arrive.
      await addButton(page).click();
      const note = page.locator('article.product .store-load-failed');
      await expect(note).toHaveText('Unable to load. Try again.');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect.poll(() => warnings.map((w) => w.text)).toContain('Loading chunk add-to-cart-dialogs failed');
      await expect.poll(() => reports, { timeout: 10_000 }).toContain('Loading chunk add-to-cart-dialogs failed');

      await page.unroute(chunk('add-to-cart-dialogs'));
      await addButton(page).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expect(page.getByRole('alertdialog').locator('.store-dialog__panel')).toHaveCSS('border-radius', '8px');
      await expect(note).toHaveCount(0);
    });

  test('a chunk of styles only: a CSS_CHUNK_LOAD_FAILED ChunkLoadError, and the next open is styled', async ({
    page,
  }) => {
    const warnings = recordWarnings(page);
    const reports = recordReports(page);
    await openProduct(page, 'linen-shirt');
    await page.route(chunk('dialog-styles'), (route) => route.abort());

    const info = page.getByRole('button', { name: 'About paying with Afterpay' });
    await info.click();
    const pill = page.locator('store-installment-pill');
    await expect(pill.locator('.store-load-failed')).toHaveText('Unable to load. Try again.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect
      .poll(() => warnings.find((w) => w.text === 'Loading chunk dialog-styles failed')?.error)
      .toEqual({ name: 'ChunkLoadError', code: 'CSS_CHUNK_LOAD_FAILED' });
    await expect.poll(() => reports, { timeout: 10_000 }).toContain('Loading chunk dialog-styles failed');

    await page.unroute(chunk('dialog-styles'));
    await info.click();
    const dialog = page.getByRole('dialog', { name: 'Pay with Afterpay' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.store-dialog__panel')).toHaveCSS('border-radius', '8px');
    await expect(pill.locator('.store-load-failed')).toHaveCount(0);
  });
});

import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { addButton, chooseOptions, expect, openProduct, test } from './fixtures';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function axeViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
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

test.describe('accessibility (axe-core)', () => {
  test('the product page has no violations, with the cart pill showing', async ({ page }) => {
    await openProduct(page, 'linen-shirt');
    await chooseOptions(page, { Size: 'S', Color: 'Sand' });
    await addButton(page).click();
    await expect(page.locator('store-cart-pill a')).toBeVisible();
    await page.waitForTimeout(400);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the alert and the form modal have no violations', async ({ page }) => {
    await openProduct(page, 'canvas-tote');
    await addButton(page).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await openProduct(page, 'engraved-pen');
    await addButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Engraving' });
    await dialog.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(dialog.locator('.store-field__error').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the shop grid and the tag-flavoured product page have no violations', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.locator('.sqs-add-to-cart-button[data-phase="idle"]').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await openProduct(page, 'linen-shirt', 'tag');
    expect(await axeViolations(page)).toEqual([]);
  });
});

import { addButton, addLinenShirt, axeViolations, expect, openProduct, test } from './fixtures';

test.describe('accessibility (axe-core)', () => {
  test('the product page has no violations, with the cart pill showing', async ({ page }) => {
    await addLinenShirt(page);
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

import type { Page } from '@playwright/test';
import { addButton, axeViolations, cartPill, chooseOptions, expect, openProduct, test } from './fixtures';

function cartPage(page: Page) {
  return page.locator('store-cart-page');
}

function entry(page: Page, title: string) {
  return cartPage(page).locator('.store-cart-page__entry').filter({ hasText: title });
}

function total(page: Page, name: string) {
  return cartPage(page)
    .locator('.store-cart-page__totals > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');
}

async function addToCart(page: Page, slug: string, options: Record<string, string> = {}, quantity = 1) {
  await openProduct(page, slug);
  await chooseOptions(page, options);
  if (quantity !== 1) await page.locator('article.product').getByLabel('Quantity').fill(String(quantity));
  await addButton(page).click();
  await expect(addButton(page)).toHaveText('Added!');
}

async function setQuantity(page: Page, title: string, quantity: string) {
  const input = entry(page, title).getByRole('spinbutton');
  await input.fill(quantity);
  await input.press('Enter');
}

test.describe('cart page', () => {
  test('says the cart is empty', async ({ page }) => {
    await page.goto('/cart');
    await expect(cartPage(page)).toContainText('You have nothing in your shopping cart.');
  });

  test('lists entries with totals; quantity changes and removal follow in the pill and another tab', async ({
    page,
    context,
  }) => {
    await addToCart(page, 'linen-shirt', { Size: 'S', Color: 'Sand' }, 2);
    await addToCart(page, 'field-guide');
    await page.goto('/cart');
    await expect(entry(page, 'Linen Shirt')).toContainText('Size: S, Color: Sand');
    await expect(entry(page, 'Linen Shirt').getByRole('spinbutton')).toHaveValue('2');
    await expect(entry(page, 'Linen Shirt')).toContainText('$96.00');
    await expect(total(page, 'Subtotal')).toHaveText('$108.00');
    // 8% tax on the physical goods ($96.00), flat shipping for a cart that ships.
    await expect(total(page, 'Tax')).toHaveText('$7.68');
    await expect(total(page, 'Shipping')).toHaveText('$7.00');
    await expect(total(page, 'Total')).toHaveText('$122.68');

    const other = await context.newPage();
    await other.goto('/shop');
    await expect(cartPill(other)).toHaveAccessibleName('3 items in cart, subtotal $108.00');

    await setQuantity(page, 'Linen Shirt', '3');
    await expect(total(page, 'Subtotal')).toHaveText('$156.00');
    await expect(total(page, 'Tax')).toHaveText('$11.52');
    // The cart page is a full-page cart: its pill shows nothing; other pages' pills follow.
    await expect(page.locator('store-cart-pill')).toHaveAttribute('data-state', 'hidden');
    await expect(cartPill(page)).toHaveCount(0);
    await expect(cartPill(other)).toHaveAccessibleName('4 items in cart, subtotal $156.00');

    await entry(page, 'Field Guide').getByRole('button', { name: 'Remove Field Guide' }).click();
    await expect(entry(page, 'Field Guide')).toHaveCount(0);
    await expect(total(page, 'Subtotal')).toHaveText('$144.00');
    await expect(cartPill(other)).toHaveAccessibleName('3 items in cart, subtotal $144.00');

    await page.reload();
    await expect(entry(page, 'Linen Shirt').getByRole('spinbutton')).toHaveValue('3');
    await entry(page, 'Linen Shirt').getByRole('button', { name: 'Remove Linen Shirt' }).click();
    await expect(cartPage(page)).toContainText('You have nothing in your shopping cart.');
    await expect(cartPill(other)).toHaveCount(0);
  });

  test('refuses more than the stock and rolls back', async ({ page }) => {
    // Large/Sand has 4 in stock, and no other spec puts it in a cart.
    await addToCart(page, 'linen-shirt', { Size: 'L', Color: 'Sand' });
    await page.goto('/cart');
    await setQuantity(page, 'Linen Shirt', '5');
    const alert = page.getByRole('alertdialog');
    await expect(alert.getByRole('heading')).toHaveText('Unable to update quantity');
    await expect(alert).toContainText('Sorry, we do not have enough of that item available.');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(entry(page, 'Linen Shirt').getByRole('spinbutton')).toHaveValue('1');
    await expect(total(page, 'Subtotal')).toHaveText('$52.00');
  });

  test('offline: says so, rolls back, and works again once back online', async ({ page, context }) => {
    await addToCart(page, 'canvas-tote', { Size: 'Small', Color: 'Natural', Strap: 'Short' });
    await page.goto('/cart');
    await expect(total(page, 'Subtotal')).toHaveText('$32.00');
    await context.setOffline(true);
    await setQuantity(page, 'Canvas Tote', '2');
    const alert = page.getByRole('alertdialog');
    await expect(alert.getByRole('heading')).toHaveText('Unable to update quantity');
    await expect(alert.locator('.store-alert__message')).toHaveText('Please check your internet connection.');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(entry(page, 'Canvas Tote').getByRole('spinbutton')).toHaveValue('1');
    await expect(total(page, 'Subtotal')).toHaveText('$32.00');

    await entry(page, 'Canvas Tote').getByRole('button', { name: 'Remove Canvas Tote' }).click();
    await expect(alert.getByRole('heading')).toHaveText('Unable to remove item');
    await expect(alert.locator('.store-alert__message')).toHaveText('Please check your internet connection.');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(entry(page, 'Canvas Tote')).toHaveCount(1);

    await context.setOffline(false);
    await setQuantity(page, 'Canvas Tote', '2');
    await expect(total(page, 'Subtotal')).toHaveText('$64.00');
    await page.reload();
    await expect(entry(page, 'Canvas Tote').getByRole('spinbutton')).toHaveValue('2');
  });

  test('holds checkout back below the minimum subtotal', async ({ page }) => {
    await addToCart(page, 'field-guide');
    await page.goto('/cart');
    await expect(cartPage(page)).toContainText('To check out, your order subtotal must be $20.00 or more.');
    await expect(cartPage(page).getByRole('link', { name: 'Checkout' })).toHaveAttribute('aria-disabled', 'true');
    await setQuantity(page, 'Field Guide', '2');
    await expect(cartPage(page)).not.toContainText('To check out');
    await expect(cartPage(page).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  test('edits the answers of additional fields in the form modal', async ({ page }) => {
    await openProduct(page, 'engraved-pen');
    await addButton(page).click();
    const form = page.getByRole('dialog', { name: 'Engraving' });
    await form.getByLabel(/Engraving text/).fill('A.L.');
    await form.getByLabel(/Font/).selectOption('Script');
    await form.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(addButton(page)).toHaveText('Added!');

    await page.goto('/cart');
    await entry(page, 'Engraved Pen').getByRole('button', { name: 'Edit details of Engraved Pen' }).click();
    const edit = page.getByRole('dialog', { name: 'Engraving' });
    await expect(edit.getByLabel(/Engraving text/)).toHaveValue('A.L.');
    await expect(edit.getByLabel(/Font/)).toHaveValue('Script');
    await edit.getByLabel(/Engraving text/).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toContainText('Update the missing or invalid information above.');
    await edit.getByLabel(/Engraving text/).fill('M.S.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();

    await page.reload();
    await entry(page, 'Engraved Pen').getByRole('button', { name: 'Edit details of Engraved Pen' }).click();
    await expect(page.getByRole('dialog', { name: 'Engraving' }).getByLabel(/Engraving text/)).toHaveValue('M.S.');
  });

  test('has no axe violations, with entries and with the minimum notice', async ({ page }) => {
    await addToCart(page, 'field-guide');
    await page.goto('/cart');
    await expect(cartPage(page)).toContainText('To check out');
    expect(await axeViolations(page)).toEqual([]);
  });
});

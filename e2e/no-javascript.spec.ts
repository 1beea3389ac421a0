import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { test as ownStoreTest } from './own-store';
import { withoutCaptchas } from '../server-mock/testing/no-captchas';

/**
 * The store as a shopper without JavaScript has it: every form is a real form the server answers.
 * The store of these tests asks for no CAPTCHA on restock sign-ups and the contact form (a form
 * with a CAPTCHA needs the script, and says so: see no-javascript-demo.spec.ts).
 */
const test = ownStoreTest;
test.use({ javaScriptEnabled: false, ownStoreSetup: { prepare: withoutCaptchas } });

const SHIRT = '/shop/p/linen-shirt';

async function cartQuantity(page: Page, title: string) {
  return page.getByRole('spinbutton', { name: `Quantity of ${title}` });
}

test.describe('without JavaScript', () => {
  test('adds a chosen variant, sees it on /cart, changes its quantity and removes it', async ({ page }) => {
    await page.goto(SHIRT);
    // The platform markup only the widgets can work is hidden; the page's own form stands in.
    await expect(page.locator('.sqs-add-to-cart-button')).toBeHidden();
    const add = page.getByRole('button', { name: 'Add To Cart' });
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('Please select the Size and Color options.');

    // S/Sand: 20 on hand, so 3 is within one shopper's share of a scarce variant.
    await page.getByRole('combobox', { name: 'Size', exact: true }).selectOption('S');
    await page.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill('1.5');
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('Please select the Color option.');
    // What the shopper entered is still there.
    await expect(page.getByRole('combobox', { name: 'Size', exact: true })).toHaveValue('S');
    await expect(page.getByRole('spinbutton', { name: 'Quantity', exact: true })).toHaveValue('1.5');

    await page.getByRole('combobox', { name: 'Color', exact: true }).selectOption('Sand');
    await add.click();
    await expect(page.getByRole('alert')).toHaveText('Quantity must be a whole number');
    await page.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill('2');
    await add.click();
    await expect(page).toHaveURL(`${SHIRT}?status=added`);
    await expect(page.getByRole('status')).toContainText('Added!');

    await page.getByRole('link', { name: 'View cart' }).click();
    await expect(page.getByRole('row', { name: /Linen Shirt/ })).toContainText('Size: S, Color: Sand');
    const quantity = await cartQuantity(page, 'Linen Shirt');
    await expect(quantity).toHaveValue('2');

    await quantity.fill('3');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status')).toHaveText('Your cart was updated.');
    await expect(await cartQuantity(page, 'Linen Shirt')).toHaveValue('3');

    await (await cartQuantity(page, 'Linen Shirt')).fill('0');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert')).toContainText('Unable to update quantity');
    await expect(await cartQuantity(page, 'Linen Shirt')).toHaveValue('0');

    await page.getByRole('button', { name: 'Remove Linen Shirt' }).click();
    await expect(page.locator('store-cart-page')).toContainText('You have nothing in your shopping cart.');
  });

  test('adds a product without options from the shop grid', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Add To Cart Field Guide (PDF)' }).click();
    await expect(page).toHaveURL('/shop/p/field-guide?status=added');
    await expect(page.getByRole('status')).toContainText('Added!');
  });

  test('signs up for a restock notice', async ({ page }) => {
    await page.goto(SHIRT);
    const email = page.getByLabel('Email');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email cannot be blank');
    await email.fill('not an address');
    await page.getByLabel('Subscribe to our mailing list').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email is invalid');
    await expect(page.getByLabel('Subscribe to our mailing list')).toBeChecked();

    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('status')).toHaveText("Thanks! We'll e-mail you as soon as it is back in stock.");
  });

  test('sends the contact form, once with errors and once as it should', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Subject').fill('A repair');
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.locator('.site-form-fallback > [role="alert"]');
    await expect(summary).toContainText('One or more fields is invalid, please check your entries.');
    await expect(page.locator('#f-message-error')).toHaveText('Required');
    await expect(page.locator('#f-email-error')).toHaveText('Required');
    await expect(page.getByLabel('Subject')).toHaveValue('A repair');

    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByLabel('Message').fill('The lantern lost its handle.');
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL('/contact?status=sent');
    await expect(page.getByRole('status')).toContainText('Thank you!');
  });

  test('signs in and out', async ({ page }) => {
    await page.goto('/account');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('member@fieldandforge.test');
    await page.getByLabel('Password').fill('demo-member-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/account');
    // Playwright's text queries skip <noscript>: the status is found by its place.
    await expect(page.locator('store-account .form-status')).toHaveText('You are signed in.');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('store-account .form-status')).toHaveCount(0);
  });
});

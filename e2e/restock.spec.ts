import type { Page } from '@playwright/test';
import {
  axeViolations,
  chooseOptions,
  expect,
  FLAVORS,
  openProduct,
  signIn,
  test,
  VIEWER,
  type Flavor,
} from './fixtures';

const SUCCESS = "Thanks! We'll e-mail you as soon as it is back in stock.";

/** The visible sign-up of the page (platform blocks are one per variant, only the chosen one shows). */
function signUp(page: Page, flavor: Flavor) {
  return flavor === 'platform'
    ? page.locator('.product-restock-notification:visible')
    : page.locator('store-restock-box');
}

for (const flavor of FLAVORS) {
  test(`${flavor}: a sold-out variant takes a sign-up, the owner sends it, and the e-mail is in the outbox`, async ({
    page,
    browser,
  }) => {
    // Two browsers, a CAPTCHA, a sign-in and three owner pages: about 20 s on an idle 2-core machine.
    test.slow();
    const email = `restock-${flavor}@example.com`;
    await openProduct(page, 'linen-shirt', flavor);
    await expect(signUp(page, flavor).getByRole('textbox')).toHaveCount(0);
    await chooseOptions(page, { Size: 'M', Color: 'Indigo' });
    const box = signUp(page, flavor);
    await expect(box.getByRole('textbox')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await box.getByRole('button', { name: /notify|sign up/i }).click();
    await expect(box).toContainText('Email cannot be blank');
    await box.getByRole('textbox').fill(email);
    await box.getByRole('button', { name: /notify|sign up/i }).click();
    await expect(box).toContainText('Complete CAPTCHA before submitting.');
    const captcha = box.getByRole('checkbox', { name: "I'm not a robot" });
    await captcha.click();
    await expect(captcha).toHaveAttribute('aria-checked', 'true');
    await box.getByRole('button', { name: /notify|sign up/i }).click();
    await expect(box).toContainText(SUCCESS);
    await expect(box.getByRole('checkbox', { name: "I'm not a robot" })).toHaveCount(0);

    // An in-stock variant hides the sign-up again.
    await chooseOptions(page, { Size: 'S', Color: 'Sand' });
    await expect(signUp(page, flavor).getByRole('textbox')).toHaveCount(0);

    const owner = await browser.newPage();
    await signIn(owner, '/config/restock');
    await expect(owner).toHaveURL(/\/config\/restock$/);
    const admin = owner.locator('store-restock-admin');
    const row = admin.getByRole('row').filter({ hasText: 'Linen Shirt' }).filter({ hasText: 'Indigo' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^View sign-ups/ }).click();
    await expect(admin.getByRole('cell', { name: email })).toBeVisible();
    expect(await axeViolations(owner)).toEqual([]);
    await row.getByRole('button', { name: /^Send e-mails/ }).click();
    await expect(admin.getByRole('cell', { name: email })).toHaveCount(0);

    await owner.goto('/config/outbox');
    const sent = owner.getByRole('row').filter({ hasText: email });
    await expect(sent).toContainText('Linen Shirt is back in stock');
    await expect(sent).toContainText('/shop/p/linen-shirt');
    await owner.close();
  });
}

test('platform: a sold-out product with one variant takes a sign-up once the script runs', async ({ page }) => {
  await page.goto('/shop/p/ceramic-mug');
  const block = page.locator('.product-restock-notification');
  // Both the add button and the sign-up are live: the button no longer hides the block.
  await expect(block).toHaveAttribute('data-store-enhanced', 'true');
  await expect(page.locator('.sqs-add-to-cart-button')).toHaveAttribute('data-store-enhanced', 'true');
  await block.getByRole('textbox').fill('mug@example.com');
  const captcha = block.getByRole('checkbox', { name: "I'm not a robot" });
  await captcha.click();
  await expect(captcha).toHaveAttribute('aria-checked', 'true');
  await block.getByRole('button', { name: /notify/i }).click();
  await expect(block).toContainText(SUCCESS);
});

test('a viewer may not see the restock dashboard', async ({ page }) => {
  await signIn(page, '/config/restock', VIEWER);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not allowed|forbidden|permission/i);
  await expect(page.locator('store-restock-admin')).toHaveCount(0);
});

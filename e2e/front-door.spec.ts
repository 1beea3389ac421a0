import type { Page } from '@playwright/test';
import { addLinenShirt, axeViolations, expect, signIn, test } from './fixtures';

/** What the page's ads-pixel queue holds (the default sink: `window.storeAdsPixel`). */
function pixelQueue(page: Page): Promise<{ event: string; [key: string]: unknown }[]> {
  return page.evaluate(() => (window as unknown as { storeAdsPixel?: never[] }).storeAdsPixel ?? []);
}

test.describe("the owner's front door", () => {
  test('signing in lands on /config; every owner page has the one owner navigation, by keyboard too', async ({
    page,
  }) => {
    await page.goto('/account/login');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('owner@fieldandforge.test');
    await page.getByLabel('Password').fill('demo-owner-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/config');
    await expect(page.getByRole('heading', { level: 1, name: 'Store admin' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Store admin' });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Analytics',
      'Restock',
      'Outbox',
      'Catalog',
      'Header and footer',
      'Languages',
      'Settings',
      'Pop-up',
    ]);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Home');
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard: the navigation's links are reached by Tab and followed by Enter.
    await nav.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Analytics' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/config/restock');
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Restock');
    // The owner's forms wear the widgets' look: the accent colour on their buttons.
    const button = page.locator('.sign-out-form button');
    await expect(button).toHaveCSS('border-radius', '4px');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page.locator('.settings-form button')).toHaveCSS('background-color', 'rgb(17, 17, 17)');
  });
});

test.describe('quick view', () => {
  test('a card opens its quick view: the census call, the product, an add to cart, and focus back on close', async ({
    page,
  }) => {
    await page.goto('/shop');
    const recorded = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/census/RecordQuickView/prod-linen-shirt',
    );
    const button = page.locator('.sqs-product-quick-view-button[data-id="prod-linen-shirt"]');
    await button.click();
    await recorded;
    const dialog = page.getByRole('dialog', { name: 'Linen Shirt' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /View full details/ })).toHaveAttribute(
      'href',
      '/shop/p/linen-shirt',
    );
    await expect(dialog.locator('store-add-to-cart button.store-add-to-cart__button')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // By keyboard: Enter on the focused button opens it again.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Linen Shirt' })).toBeVisible();
  });
});

test.describe('ads pixel', () => {
  test('checkout places the order and its confirmation sends Purchase once', async ({ page }) => {
    await addLinenShirt(page);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/commerce/order-confirmed/'));
    const orderId = page.url().split('/').pop();
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    await expect.poll(async () => (await pixelQueue(page)).map((e) => e.event)).toContain('Purchase');
    const purchase = (await pixelQueue(page)).find((e) => e.event === 'Purchase');
    expect(purchase).toMatchObject({ transactionId: orderId, currency: 'USD' });
    expect(purchase?.items).toEqual([{ id: 'prod-linen-shirt', name: 'Linen Shirt', quantity: 1, price: 48 }]);
    // A reload is no second purchase.
    const census = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/census/RecordHit');
    await page.reload();
    await census;
    expect((await pixelQueue(page)).filter((e) => e.event === 'Purchase')).toEqual([]);
  });

  test("creating a member account sends CompleteRegistration; the e-mail's link creates it and signs it in", async ({
    page,
    browser,
  }) => {
    const hit = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/census/RecordHit');
    await page.goto('/account');
    await hit;
    const email = `new-${Date.now()}@example.com`;
    await page.getByRole('button', { name: 'New here? Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough secret');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The same words whether or not the address has an account; nobody is signed in yet.
    await expect(page.locator('store-account [role=status]')).toHaveText(
      'Check your e-mail: we sent a message to finish creating your account.',
    );
    expect((await pixelQueue(page)).filter((e) => e.event === 'CompleteRegistration')).toEqual([
      { event: 'CompleteRegistration', method: 'email' },
    ]);
    // The owner's outbox holds the e-mail the address's owner got.
    const owner = await browser.newPage();
    await signIn(owner, '/config/outbox');
    const sent = owner.getByRole('row').filter({ hasText: email });
    const link = /http:\/\/\S+\/account\/confirm\?code=[\w-]+/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    await owner.close();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('button', { name: 'Finish creating my account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await expect(page.getByText('You are signed in.')).toBeVisible();
  });
});

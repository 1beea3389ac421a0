import { addButton, chooseOptions, expect, test } from './fixtures';

const SHIRT = '/shop/p/linen-shirt';

test.describe('without JavaScript, on the demo store', () => {
  test.use({ javaScriptEnabled: false });

  test('what needs the script says so, and the installment details are a link', async ({ page }) => {
    await page.goto('/contact');
    // Playwright's text queries skip <noscript>: the notes are found by their class.
    await expect(page.locator('.no-script-note')).toHaveText(
      'This form needs JavaScript (it asks for a CAPTCHA): please turn it on in your browser to send it.',
    );
    await expect(page.getByRole('button')).toHaveCount(0);

    await page.goto(SHIRT);
    await expect(page.locator('.restock-fallback .no-script-note')).toContainText(
      'Signing up for a back-in-stock e-mail needs JavaScript (it asks for a CAPTCHA)',
    );
    await expect(page.locator('store-reviews .no-script-note')).toHaveText(
      'Reviews are shown with JavaScript turned on.',
    );
    await expect(page.locator('.product-restock-notification')).toHaveCount(5);
    for (const block of await page.locator('.product-restock-notification').all()) await expect(block).toBeHidden();
    await page.getByRole('link', { name: 'About paying in installments' }).click();
    await expect(page.getByText('Afterpay').first()).toBeVisible();
  });
});

test.describe('with JavaScript, before the widget code arrives', () => {
  test('a click on the add button while the chunks are held back adds exactly one item', async ({ page }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/chunks/**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(SHIRT);
    // The loader has run (it puts the store's API on window) and seen the button; its code has not arrived.
    await page.waitForFunction(() => 'storefront' in window);
    await expect(addButton(page)).not.toHaveAttribute('data-phase');
    await chooseOptions(page, { Size: 'S', Color: 'Sand' });
    await addButton(page).click();
    await expect(page).toHaveURL(SHIRT);
    release();

    await expect(addButton(page)).toHaveAttribute('data-phase', 'added');
    // Back to idle: the replayed click is done and no second one follows.
    await expect(addButton(page)).toHaveAttribute('data-phase', 'idle', { timeout: 10_000 });
    const cart = (await (await page.request.get('/api/commerce/shopping-cart')).json()) as {
      entries: { chosenVariant: { sku: string }; quantity: number }[];
    };
    expect(cart.entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['LS-S-SAND', 1]]);
  });
});

import {
  addButton,
  addWidget,
  cartPill,
  chooseOptions,
  dismissAlert,
  expect,
  expectAlert,
  FLAVORS,
  openProduct,
  optionSelect,
  test,
  type Flavor,
} from './fixtures';

/** A product with exactly one unit, one per flavour so both can sell their last unit. */
const LAST_UNIT: Record<Flavor, string> = { platform: 'brass-lantern', tag: 'copper-lantern' };

for (const flavor of FLAVORS) {
  test.describe(`${flavor} markup`, () => {
    test.describe('adding to the cart', () => {
      test('adds a chosen variant and the pill follows, also after a reload', async ({ page }) => {
        await openProduct(page, 'linen-shirt', flavor);
        await expect(cartPill(page)).toHaveCount(0);
        const widget = addWidget(page);
        await chooseOptions(page, { Size: 'S', Color: 'Sand' });
        await widget.getByLabel('Quantity').fill('2');
        await addButton(page).click();
        await expect(addButton(page)).toHaveText('Adding…');
        await expect(addButton(page)).toHaveText('Added!');
        await expect(cartPill(page)).toHaveAccessibleName('2 items in cart, subtotal $96.00');
        await expect(cartPill(page).locator('.store-cart-pill__items')).toHaveText('2 items');
        await expect(addButton(page)).toHaveText('Add To Cart', { timeout: 5000 });

        await page.reload();
        await expect(cartPill(page)).toHaveAccessibleName('2 items in cart, subtotal $96.00');
        await cartPill(page).click();
        await expect(page).toHaveURL(/\/cart$/);
        await expect(page.locator('store-cart-page .store-cart-page__entry')).toContainText('Linen Shirt');
      });

      test('the pill fades in when the cart gets its first item, and only appears with reduced motion', async ({
        page,
      }) => {
        const fadeOf = () => cartPill(page).evaluate((pill) => getComputedStyle(pill).animationName);
        for (const [motion, fade] of [
          ['no-preference', 'store-cart-pill-in'],
          ['reduce', 'none'],
        ] as const) {
          await page.emulateMedia({ reducedMotion: motion });
          await page.context().clearCookies();
          await openProduct(page, 'linen-shirt', flavor);
          await expect(cartPill(page)).toHaveCount(0);
          await chooseOptions(page, { Size: 'S', Color: 'Sand' });
          await addButton(page).click();
          await expect(cartPill(page)).toBeVisible();
          expect(await fadeOf()).toBe(fade);
        }
      });

      test('a subscription goes to the subscription page with its cart token', async ({ page }) => {
        await openProduct(page, 'coffee-club', flavor);
        await expect(addButton(page)).toHaveText('Subscribe');
        await optionSelect(page, 'Grind').selectOption('Ground');
        await addButton(page).click();
        await expect(page).toHaveURL(/\/commerce\/subscription\?cartToken=[0-9a-f]{24}$/);
        await expect(page.getByText('Coffee Club')).toBeVisible();
        await expect(page.getByText('$20.00 every month')).toBeVisible();
      });

      test('a gift card goes to the gift card page with the denomination', async ({ page }) => {
        await openProduct(page, 'gift-card', flavor);
        await addButton(page).click();
        await expectAlert(page, 'Unable to purchase Gift Card', 'Select a denomination for the Gift Card');
        await dismissAlert(page);
        await optionSelect(page, 'Amount').selectOption('$50.00');
        await addButton(page).click();
        await expect(page).toHaveURL(/\/commerce\/gift-card\?itemId=prod-gift-card&sku=GC-50$/);
        await expect(page.getByText('Denomination: $50.00')).toBeVisible();
      });

      test('the additional-fields form checks required fields, shows server errors, then adds', async ({ page }) => {
        await openProduct(page, 'engraved-pen', flavor);
        await addButton(page).click();
        const dialog = page.getByRole('dialog', { name: 'Engraving' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Add To Cart' }).click();
        await expect(dialog.locator('.store-field__error')).toHaveText(['Required', 'Required']);
        await expect(dialog.getByLabel('Engraving text')).toBeFocused();

        await dialog.getByLabel('Engraving text').fill('A message far too long for a pen');
        await dialog.getByLabel('Font').selectOption('Script');
        await dialog.getByRole('button', { name: 'Add To Cart' }).click();
        await expect(dialog.locator('.store-field__error')).toHaveText(['You have exceeded the character limit.']);

        await dialog.getByLabel('Engraving text').fill('For Ada');
        await dialog.getByRole('button', { name: 'Add To Cart' }).click();
        await expect(dialog).toBeHidden();
        await expect(addButton(page)).toHaveText('Added!');
        await expect(cartPill(page)).toHaveAccessibleName('one item in cart, subtotal $65.00');
      });
    });

    test.describe('validation messages', () => {
      test('one, two and many unselected options', async ({ page }) => {
        await openProduct(page, 'linen-shirt', flavor);
        await optionSelect(page, 'Color').selectOption('Sand');
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Please select the Size option.');
        await dismissAlert(page);
        await optionSelect(page, 'Color').selectOption('');
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Please select the Size and Color options.');
        await dismissAlert(page);

        await openProduct(page, 'canvas-tote', flavor);
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Please select the Size, Color and Strap options.');
      });

      test('a combination that does not exist', async ({ page }) => {
        await openProduct(page, 'linen-shirt', flavor);
        await chooseOptions(page, { Size: 'L', Color: 'Indigo' });
        await addButton(page).click();
        await expectAlert(
          page,
          'Unable to Add Item',
          'Sorry, that item variant is unavailable. Please select another variant.',
        );
      });

      test('quantity must be a number, and whole', async ({ page }) => {
        await openProduct(page, 'linen-shirt', flavor);
        await chooseOptions(page, { Size: 'S', Color: 'Sand' });
        const quantity = addWidget(page).getByLabel('Quantity');
        await quantity.fill('');
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Quantity must be a number.');
        await dismissAlert(page);
        await quantity.fill('1.5');
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Quantity must be a whole number');
      });

      test('out of stock, through the stock call: a sold-out variant and the last unit', async ({ page }) => {
        await openProduct(page, 'linen-shirt', flavor);
        await chooseOptions(page, { Size: 'M', Color: 'Indigo' });
        const stockCall = page.waitForResponse((r) => r.url().includes('/api/commerce/inventory/stock/'));
        await addButton(page).click();
        await stockCall;
        await expectAlert(page, 'Unable to Add Item', 'Sorry, we do not have enough of that item available.');
        await dismissAlert(page);

        await openProduct(page, LAST_UNIT[flavor], flavor);
        await expect(addWidget(page).getByLabel('Quantity')).toHaveCount(0);
        await addButton(page).click();
        await expect(addButton(page)).toHaveText('Added!');
        await expect(addButton(page)).toHaveText('Add To Cart', { timeout: 5000 });
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Sorry, we do not have enough of that item available.');
      });

      test('a sold-out product', async ({ page }) => {
        await openProduct(page, 'ceramic-mug', flavor);
        await expect(page.getByText('sold out', { exact: true })).toBeVisible();
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Sorry, we do not have enough of that item available.');
      });
    });

    test.describe('server refusals', () => {
      test('a 429 shows its message', async ({ page }) => {
        await openProduct(page, 'field-guide', flavor);
        // Uses up the visitor's budget (20 calls in a fixed 10 s window) until a refusal leaves at
        // least 5 s of its window for the add: on a slow machine a window can end mid-way.
        const statuses = await page.evaluate(async () => {
          const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
          const results: number[] = [];
          for (let i = 0; i < 500; i++) {
            const r = await fetch('/api/commerce/shopping-cart/entries', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(crumb) },
              body: '{}',
            });
            results.push(r.status);
            if (r.status === 429 && Number(r.headers.get('retry-after')) >= 5) break;
          }
          return results;
        });
        expect(statuses.at(-1)).toBe(429);
        expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
        await addButton(page).click();
        await expectAlert(page, 'Unable to Add Item', 'Please try again in a few seconds.');
        await dismissAlert(page);
        await expect(addButton(page)).toHaveText('Add To Cart');
      });

      test('a CSRF failure shows the session-expired message', async ({ page }) => {
        await openProduct(page, 'field-guide', flavor);
        // Any answer renews a bad crumb, and the page keeps asking (code once it is interactive,
        // reviews once they come near the viewport, analytics): the add itself carries the forged
        // crumb, in its cookie and its header, to the real server.
        await page.route('**/api/commerce/shopping-cart/entries', (route) =>
          route.continue({
            headers: { ...route.request().headers(), cookie: 'crumb=forged.crumb', 'x-csrf-token': 'forged.crumb' },
          }),
        );
        await addButton(page).click();
        await expectAlert(
          page,
          'Unable to Add Item',
          'Your session has expired. Please reload the page and try again.',
        );
      });
    });

    test.describe('keyboard', () => {
      test('a shopper adds to the cart with the keyboard alone', async ({ page }) => {
        await openProduct(page, 'linen-shirt', flavor);
        const size = optionSelect(page, 'Size');
        await size.focus();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(addButton(page)).toBeFocused();
        await page.keyboard.press('Enter');
        await expectAlert(page, 'Unable to Add Item', 'Please select the Size and Color options.');
        await expect(page.getByRole('alertdialog').getByRole('button', { name: 'OK' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('alertdialog')).toBeHidden();
        await expect(addButton(page)).toBeFocused();

        await size.focus();
        await page.keyboard.press('ArrowDown');
        await expect(size).toHaveValue('S');
        await page.keyboard.press('Tab');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        await expect(optionSelect(page, 'Color')).toHaveValue('Indigo');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect(addButton(page)).toHaveText('Added!');
        await expect(cartPill(page)).toHaveAccessibleName('one item in cart, subtotal $48.00');
      });

      test('the form modal keeps focus inside and closes with Escape', async ({ page }) => {
        await openProduct(page, 'engraved-pen', flavor);
        await addButton(page).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Engraving' });
        await expect(dialog).toBeVisible();
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        }
        await page.keyboard.press('Shift+Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(addButton(page)).toBeFocused();
      });
    });
  });
}

test.describe('the page', () => {
  const flavor: Flavor = 'platform';

  test('keeps the pill of another open tab in sync', async ({ page, context }) => {
    const other = await context.newPage();
    await other.goto('/shop/p/field-guide');
    await openProduct(page, 'field-guide', flavor);
    await addButton(page).click();
    await expect(addButton(page)).toHaveText('Added!');
    await expect(cartPill(other)).toHaveAccessibleName('one item in cart, subtotal $12.00');
  });

  test('express checkout adds the item and lands on checkout', async ({ page }) => {
    await openProduct(page, 'field-guide', flavor);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Field Guide (PDF)' })).toBeVisible();
  });

  test('loading the script twice changes nothing', async ({ page }) => {
    await openProduct(page, 'field-guide', flavor);
    // Resolves once the second copy has run (a module script's load event follows its evaluation).
    await page.addScriptTag({ type: 'module', url: '/storefront.js?second-copy' });
    await addButton(page).click();
    await expect(addButton(page)).toHaveText('Added!');
  });

  test("widget code and React load only when a widget's tag appears", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/qa/no-widgets');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/storefront.js']);
    await page.evaluate(() => {
      document
        .querySelector('#slot')
        ?.insertAdjacentHTML(
          'beforeend',
          '<store-add-to-cart data-item-id="prod-field-guide" data-product-type="2" data-variants=\'[{"sku":"GUIDE-PDF","attributes":{},"unlimited":true}]\'></store-add-to-cart>',
        );
    });
    await expect(page.locator('store-add-to-cart button')).toBeVisible();
    expect(scripts.some((s) => /\/chunks\/add-to-cart\.element-/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/chunks\/react-/.test(s))).toBe(true);
    expect(scripts.some((s) => /cart-pill/.test(s))).toBe(false);
  });
});

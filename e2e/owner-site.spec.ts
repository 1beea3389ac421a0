import type { Page } from '@playwright/test';
import { addButton, axeViolations, cartPill, chooseOptions, expect, signIn, VIEWER } from './fixtures';
import { test } from './own-store';

/**
 * These tests change the store's header, footer and languages, and put them back: one at a time,
 * on a store of their own (the specs running beside them never see the change).
 */
test.describe.configure({ mode: 'serial' });

/** Sets the site's languages (default first) as the owner signed in on `owner`. */
async function saveLanguages(owner: Page, languages: string[]) {
  const crumb = (await owner.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const saved = await owner.request.put('/api/multilingual/languages', {
    data: { languages },
    headers: { 'X-CSRF-Token': crumb },
  });
  expect(saved.status()).toBe(200);
}

test('a viewer gets the forbidden page on the owner site pages', async ({ page }) => {
  await signIn(page, '/shop', VIEWER);
  for (const path of ['/config/site', '/config/languages', '/config/popup']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
  }
});

test('pages render the header and footer the call answers', async ({ page }) => {
  const response = await page.request.get('/api/site-header-footer');
  const { header, footer } = (await response.json()) as {
    header: { links: { label: string; url: string }[] };
    footer: { text: string; email: string; links: { label: string; url: string }[] };
  };
  await page.goto('/shop');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(header.links.map((l) => l.label));
  const foot = page.getByRole('contentinfo');
  await expect(foot).toContainText(footer.text);
  await expect(foot.getByRole('link', { name: footer.email })).toHaveAttribute('href', `mailto:${footer.email}`);
  await expect(foot.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText(
    footer.links.map((l) => l.label),
  );
});

test('the owner edits the header and footer by keyboard; each message shows on its field; saving changes every page', async ({
  page,
}) => {
  test.slow();
  await signIn(page, '/config/site');
  const editor = page.locator('store-header-footer-editor form');
  const headerLinks = editor.getByRole('group', { name: 'Header links' });
  await expect(headerLinks.getByRole('group', { name: 'Link 2' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Add a header link by keyboard.
  await headerLinks.getByRole('button', { name: 'Add a link' }).focus();
  await page.keyboard.press('Enter');
  const third = headerLinks.getByRole('group', { name: 'Link 3' });
  await third.getByLabel('Label').fill('Journal');
  const url = third.getByLabel('Address');
  const save = editor.getByRole('button', { name: 'Save header and footer' });

  const cases: [string, string][] = [
    ['journal.example.com', 'Links must be formatted as http://journal.example.com or https://journal.example.com'],
    ['mailto:nobody', 'Emails must be formatted as mailto:name@example.com'],
    ['/our journal', '/our journal is not a valid page URL'],
  ];
  for (const [value, message] of cases) {
    await url.fill(value);
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(third).toContainText(message);
    await expect(url).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  }

  const email = editor.getByLabel('Contact e-mail');
  await url.fill('/contact');
  await email.fill('hello@');
  await save.click();
  await expect(editor).toContainText('Please enter a valid email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();

  await email.fill('hello@fieldandforge.test');
  await save.click();
  await expect(editor.getByRole('status')).toHaveText('Saved. Every page shows the new header and footer.');
  await expect(url).not.toHaveAttribute('aria-invalid');

  await page.goto('/shop');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journal' })).toHaveAttribute(
    'href',
    '/contact',
  );

  // Put the header back for the other tests: remove the third link.
  await page.goto('/config/site');
  await editor.getByRole('group', { name: 'Header links' }).getByRole('button', { name: 'Remove link 3' }).click();
  await save.click();
  await expect(editor.getByRole('status')).toHaveText('Saved. Every page shows the new header and footer.');
  await page.goto('/shop');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Shop', 'Cart']);
});

test('the owner adds and removes languages and disconnects; the language picker follows', async ({ page, browser }) => {
  test.slow();
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/shop/p/linen-shirt');
  await expect(shopper.locator('store-language-picker')).toHaveCount(0);

  await signIn(page, '/config/languages');
  const editor = page.locator('store-language-editor');
  await expect(editor.getByRole('list', { name: 'Site languages' }).getByRole('listitem')).toHaveText([
    'English (default)',
  ]);
  expect(await axeViolations(page)).toEqual([]);

  // Add French by keyboard.
  const choice = editor.getByLabel('Language to add');
  await choice.selectOption('fr');
  await choice.focus();
  await page.keyboard.press('Tab');
  await expect(editor.getByRole('button', { name: 'Add language' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('status')).toHaveText('Français added.');
  await editor.getByLabel('Language to add').selectOption('de');
  await editor.getByRole('button', { name: 'Add language' }).click();
  await expect(editor.getByRole('status')).toHaveText('Deutsch added.');
  expect(await axeViolations(page)).toEqual([]);

  // The shopper's pages now offer the languages, the current one marked.
  await shopper.goto('/shop/p/linen-shirt');
  const picker = shopper.getByRole('navigation', { name: 'Language' });
  await expect(picker.getByRole('link')).toHaveText(['English', 'Français', 'Deutsch']);
  await expect(picker.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await expect(picker.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/shop/p/linen-shirt');
  expect(await axeViolations(shopper)).toEqual([]);
  await picker.getByRole('link', { name: 'Français' }).focus();
  await shopper.keyboard.press('Enter');
  await shopper.waitForURL('**/fr/shop/p/linen-shirt');
  await expect(
    shopper.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Français' }),
  ).toHaveAttribute('aria-current', 'true');
  // On to German from the French page: the same page in German, its links kept in German.
  await shopper.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Deutsch' }).click();
  await shopper.waitForURL('**/de/shop/p/linen-shirt');
  await expect(shopper.locator('html')).toHaveAttribute('lang', 'de');
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    shopper.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(shopper.locator('a.site-title')).toHaveAttribute('href', '/de/');

  // Remove German.
  await editor.getByRole('button', { name: 'Remove Deutsch' }).click();
  await expect(editor.getByRole('status')).toHaveText('Deutsch removed.');
  await shopper.goto('/shop/p/linen-shirt');
  await expect(shopper.getByRole('navigation', { name: 'Language' }).getByRole('link')).toHaveText([
    'English',
    'Français',
  ]);

  // Disconnect: one language served, no picker.
  await editor.getByRole('button', { name: 'Disconnect translation' }).click();
  await expect(editor.getByRole('status')).toHaveText('Disconnected. Shoppers see English only.');
  await expect(editor).toContainText('Translation is disconnected: shoppers see English only.');
  await shopper.goto('/shop/p/linen-shirt');
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shopper.locator('store-language-picker')).toHaveCount(0);
  await shopper.context().close();

  // Leave the store as it was: English only, connected.
  await saveLanguages(page, ['en']);
});

test('a German shopper stays in German: the cart pill links to /de/cart and the cart page keeps its links', async ({
  page,
  browser,
}) => {
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, '/config/languages');
  await saveLanguages(owner, ['en', 'de']);
  try {
    await page.goto('/de/shop/p/linen-shirt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await chooseOptions(page, { Size: 'S', Color: 'Sand' });
    await addButton(page).click();
    await expect(addButton(page)).toHaveText('Added!');
    await expect(cartPill(page)).toHaveAttribute('href', '/de/cart');

    await cartPill(page).click();
    await page.waitForURL((url) => url.pathname === '/de/cart');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const cart = page.locator('store-cart-page');
    await expect(cart.getByRole('link', { name: 'Linen Shirt' })).toHaveAttribute('href', '/de/shop/p/linen-shirt');
    await expect(cart.locator('.store-cart-page__checkout')).toHaveAttribute('href', '/de/checkout');
    await cart.locator('.store-cart-page__checkout').click();
    await page.waitForURL((url) => url.pathname === '/de/checkout');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  } finally {
    await saveLanguages(owner, ['en']);
    await owner.context().close();
  }
});

test('the header and footer editor tells the page what the owner does (tweak events), and Reset drops the edits', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { tweaks: string[] }).tweaks = seen;
    for (const name of ['before-open', 'after-show', 'change', 'save', 'reset', 'close', 'after-close']) {
      document.addEventListener(`store-tweak-${name}`, (event) => {
        const { editor, values } = (event as CustomEvent<{ editor: string; values?: { footer?: { text: string } } }>)
          .detail;
        seen.push(`${event.type} ${editor}${values?.footer ? ` ${values.footer.text}` : ''}`);
      });
    }
  });
  await signIn(page, '/config/site');
  const editor = page.locator('store-header-footer-editor form');
  const text = editor.getByLabel('Footer text');
  const saved = await text.inputValue();
  const tweaks = () => page.evaluate(() => (window as unknown as { tweaks: string[] }).tweaks);
  await expect
    .poll(tweaks)
    .toEqual([
      'store-tweak-before-open store-header-footer-editor',
      `store-tweak-after-show store-header-footer-editor ${saved}`,
    ]);
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts += 1;
  });
  await text.fill('Made in small batches, by hand.');
  await expect
    .poll(async () => (await tweaks()).at(-1))
    .toBe('store-tweak-change store-header-footer-editor Made in small batches, by hand.');
  await editor.getByRole('button', { name: 'Reset' }).click();
  await expect(text).toHaveValue(saved);
  await expect.poll(async () => (await tweaks()).at(-1)).toBe(`store-tweak-reset store-header-footer-editor ${saved}`);
  expect(puts).toBe(0);

  // Save (the same footer: other tests share the store), then the editor leaves the page.
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved. Every page shows the new header and footer.');
  await expect.poll(async () => (await tweaks()).at(-1)).toBe(`store-tweak-save store-header-footer-editor ${saved}`);
  expect(puts).toBe(1);
  await page.evaluate(() => document.querySelector('store-header-footer-editor')?.remove());
  await expect
    .poll(async () => (await tweaks()).slice(-2))
    .toEqual(['store-tweak-close store-header-footer-editor', 'store-tweak-after-close store-header-footer-editor']);
});

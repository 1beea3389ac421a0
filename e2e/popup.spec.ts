import type { Page } from '@playwright/test';
import { axeViolations, expect, signIn, test } from './fixtures';

/** The pop-up settings are the store's, and one test publishes a new version: one at a time. */
test.describe.configure({ mode: 'serial' });

const HEADING = 'Join our newsletter';
const THANKS = 'Thank you for signing up. Look out for our next letter.';

function popup(page: Page) {
  return page.getByRole('dialog', { name: HEADING });
}

/** What the pop-up keeps in local storage (a stored value: `{value}`, the record as JSON text). */
function record(page: Page) {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('store-popup:newsletter') ?? 'null') as { value: string } | null;
    return stored && (JSON.parse(stored.value) as unknown);
  });
}

test('after its delay the pop-up opens as a dialog, is reported, works by keyboard and stays closed once closed', async ({
  page,
}) => {
  const overlay = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/census/overlay') &&
      (r.postDataJSON() as { overlayId?: string }).overlayId === 'newsletter',
  );
  // When the pop-up opened, in ms since the page began: its delay counts from then at the earliest.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('store-popup')?.getAttribute('data-state') !== 'open') return;
      (window as { popupOpenedAt?: number }).popupOpenedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
  });
  await page.goto('/qa/popup?trigger=delay&delay=1');
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => (window as { popupOpenedAt?: number }).popupOpenedAt)).toBeGreaterThanOrEqual(1000);
  await overlay;
  await expect(dialog).toContainText('New pieces and workshop dates, once a month.');
  // Focus starts inside, on the first control, and Tab stays in the dialog.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await record(page)).toEqual({ closedDate: expect.any(String), version: expect.any(Number), submitted: false });

  await page.goto('/qa/popup?trigger=delay&delay=0');
  await expect(page.locator('store-popup')).toHaveAttribute('data-state', 'closed');
  await expect(dialog).toHaveCount(0);
});

test('where local storage throws, the pop-up remembers in a cookie that it was closed', async ({ page, context }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/qa/popup?trigger=delay&delay=0');
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'store-popup:newsletter')?.value)
    .toBeTruthy();
  const cookie = (await context.cookies()).find((c) => c.name === 'store-popup:newsletter');
  const stored = JSON.parse(decodeURIComponent(cookie?.value ?? '')) as { value: string };
  expect(JSON.parse(stored.value)).toEqual({
    closedDate: expect.any(String),
    version: expect.any(Number),
    submitted: false,
  });

  await page.goto('/qa/popup?trigger=delay&delay=0');
  await expect(page.locator('store-popup')).toHaveAttribute('data-state', 'closed');
  await expect(dialog).toHaveCount(0);
});

test('scrolling opens it; a bad e-mail shows only the field error; a sign-up thanks and is remembered', async ({
  page,
}) => {
  await page.goto('/qa/popup?trigger=scroll&scroll=40');
  await expect(page.locator('store-popup')).toHaveAttribute('data-state', 'armed');
  await expect(popup(page)).toHaveCount(0);
  await page.locator('#popup-demo-end').scrollIntoViewIfNeeded();
  const dialog = popup(page);
  await expect(dialog).toBeVisible();

  const email = dialog.getByRole('textbox', { name: /Email address/ });
  await email.fill('not-an-email');
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog).toContainText('Email is not valid. Email addresses should follow the format user@domain.com.');
  // A newsletter form shows no surrounding messages.
  await expect(dialog).not.toContainText('Your form has encountered a problem');
  await expect(dialog).not.toContainText('One or more fields is invalid');

  // The sign-up is answered here: the server's 5-a-minute submission budget of this address
  // belongs to site-form.spec.ts, which counts it (this spec is about the pop-up).
  const sent = page.waitForRequest('**/api/form/SaveFormSubmission');
  await page.route('**/api/form/SaveFormSubmission', (route) => route.fulfill({ json: {} }));
  await email.fill(`popup-${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await sent;
  await expect(dialog).toContainText(THANKS);
  await expect.poll(() => record(page)).toMatchObject({ submitted: true });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await record(page)).toMatchObject({ submitted: true });
});

test('the pointer leaving through the top of the page opens it (exit intent); the home page carries it', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('store-popup')).toHaveAttribute('data-state', 'armed');
  await page.evaluate(() =>
    document.documentElement.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 300, clientY: -2 })),
  );
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toBeHidden();
});

test('the owner needs a mailing list to save; a new version shows again to a shopper who closed the old one', async ({
  page,
  browser,
}) => {
  // The shopper closes the current version.
  await page.goto('/qa/popup?trigger=delay&delay=0');
  await expect(popup(page)).toBeVisible();
  await popup(page).getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.locator('store-popup')).toHaveAttribute('data-state', 'closed');
  const closedVersion = ((await record(page)) as { version: number }).version;

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, '/config/popup');
  expect(await axeViolations(owner)).toEqual([]);
  const list = owner.getByLabel('Mailing list');
  await list.selectOption('');
  await owner.getByRole('button', { name: 'Save and publish' }).click();
  await expect(owner.getByRole('alert')).toHaveText('A List must be selected');
  await expect(owner.getByLabel('Mailing list')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(owner)).toEqual([]);

  // By keyboard: choose the list and save.
  await owner.getByLabel('Mailing list').focus();
  await owner.getByLabel('Mailing list').selectOption('field-notes');
  await owner.getByLabel('Heading').focus();
  await owner.keyboard.press('Enter');
  await expect(owner.getByRole('status')).toHaveText(`Saved. Version ${closedVersion + 1} is live.`);
  await ownerContext.close();

  await page.reload();
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await record(page)).toMatchObject({ version: closedVersion + 1, submitted: false });
});

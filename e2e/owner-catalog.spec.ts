import type { Browser, Locator, Page, Route } from '@playwright/test';
import { axeViolations, expect, signIn, VIEWER } from './fixtures';
import { test } from './own-store';

const API = '/api/config/catalog';

// Imports add products to the shop: on a store of its own, the other specs' shop pages never see them.
// Sign-ins are limited per address: the owner signs in once, and each test gets its own crumb.
let ownerState: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;
test.beforeAll(async ({ browser, ownStore }: { browser: Browser; ownStore: string }) => {
  const context = await browser.newContext({ baseURL: ownStore });
  const page = await context.newPage();
  await signIn(page, '/config/catalog');
  const state = await context.storageState();
  ownerState = { ...state, cookies: state.cookies.filter((c) => c.name !== 'crumb') };
  await context.close();
});

async function openCatalog(page: Page): Promise<Locator> {
  await page.context().addCookies(ownerState.cookies);
  await page.goto('/config/catalog');
  const admin = page.locator('store-catalog-admin');
  await expect(admin.getByRole('heading', { name: 'Tags' })).toBeVisible();
  return admin;
}

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

/** Chooses a file and presses Import. */
async function importFile(admin: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await admin.getByLabel('CSV file').setInputFiles(file);
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
}

const tags = (admin: Locator) => admin.locator('.store-catalog-admin__list--tag');
const categories = (admin: Locator) => admin.locator('.store-catalog-admin__list--category');

test('a viewer gets the forbidden page', async ({ page }) => {
  await signIn(page, '/config/catalog', VIEWER);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
  await expect(page.locator('store-catalog-admin')).toHaveCount(0);
});

test('tags and categories: add, rename and remove by keyboard, with the spec messages; axe finds nothing', async ({
  page,
}) => {
  const admin = await openCatalog(page);
  const stamp = Date.now().toString(36);
  const tag = `Sale ${stamp}`;
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard only: type, Enter submits.
  await tags(admin).getByLabel('New tag').focus();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(tags(admin).getByRole('status')).toHaveText(`Added ${tag}.`);
  await expect(tags(admin).getByRole('listitem').filter({ hasText: tag })).toBeVisible();

  await tags(admin).getByLabel('New tag').fill(tag.toUpperCase());
  await tags(admin).getByLabel('New tag').press('Enter');
  await expect(tags(admin).getByRole('alert')).toHaveText('This tag already exists');

  await tags(admin).getByLabel('New tag').fill(`Other ${stamp}`);
  await tags(admin).getByLabel('New tag').press('Enter');
  await expect(tags(admin).getByRole('status')).toHaveText(`Added Other ${stamp}.`);

  // Rename opens an editor; a second Rename while it is open is refused.
  await tags(admin)
    .getByRole('button', { name: `Rename ${tag}` })
    .press('Enter');
  const editor = tags(admin).getByLabel(`New name for ${tag}`);
  await expect(editor).toBeFocused();
  await tags(admin)
    .getByRole('button', { name: `Rename Other ${stamp}` })
    .click();
  await expect(tags(admin).getByRole('alert')).toHaveText('You may only edit one tag at a time');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`Other ${stamp}`);
  await page.keyboard.press('Enter');
  await expect(tags(admin).getByRole('alert')).toHaveText('This tag already exists');
  await editor.fill(`Winter ${stamp}`);
  await editor.press('Enter');
  await expect(tags(admin).getByRole('status')).toHaveText(`Renamed ${tag} to Winter ${stamp}.`);
  await expect(tags(admin).getByRole('button', { name: `Rename Winter ${stamp}` })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await tags(admin)
    .getByRole('button', { name: `Remove Winter ${stamp}` })
    .press('Enter');
  await expect(tags(admin).getByRole('status')).toHaveText(`Removed Winter ${stamp}.`);
  await expect(
    tags(admin)
      .getByRole('listitem')
      .filter({ hasText: `Winter ${stamp}` }),
  ).toHaveCount(0);

  // Lengths: a tag up to 50 characters, a category up to 25.
  await tags(admin).getByLabel('New tag').fill('t'.repeat(51));
  await tags(admin).getByLabel('New tag').press('Enter');
  await expect(tags(admin).getByRole('alert')).toHaveText('A tag name can be at most 50 characters long.');
  await categories(admin).getByLabel('New category').fill(`c${stamp}`.padEnd(26, 'x'));
  await categories(admin).getByLabel('New category').press('Enter');
  await expect(categories(admin).getByRole('alert')).toHaveText('A category name can be at most 25 characters long.');
  await categories(admin).getByLabel('New category').fill(`c${stamp}`.padEnd(25, 'x'));
  await categories(admin).getByLabel('New category').press('Enter');
  await expect(categories(admin).getByRole('status')).toHaveText(`Added ${`c${stamp}`.padEnd(25, 'x')}.`);
  await categories(admin).getByLabel('New category').fill(`C${stamp}`.padEnd(25, 'X'));
  await categories(admin).getByLabel('New category').press('Enter');
  await expect(categories(admin).getByRole('alert')).toHaveText('This category already exists');
  await categories(admin)
    .getByRole('button', { name: `Rename ${`c${stamp}`.padEnd(25, 'x')}` })
    .click();
  await categories(admin).getByRole('button', { name: 'Cancel' }).click();

  // The reloaded page shows what was saved.
  await page.reload();
  await expect(
    tags(admin)
      .getByRole('listitem')
      .filter({ hasText: `Other ${stamp}` }),
  ).toBeVisible();
  await expect(
    categories(admin)
      .getByRole('listitem')
      .filter({ hasText: `c${stamp}` }),
  ).toBeVisible();
});

test('trial sites get upgrade links', async ({ page }) => {
  await openCatalog(page);
  await page.getByRole('link', { name: 'Upgrade your site' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/upgrade$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade your site');
  await page.goBack();
  await page.getByRole('link', { name: 'manage your website subscription' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/subscriptions\/website$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website subscription');
  expect(await axeViolations(page)).toEqual([]);
});

test('import: progress, then what was created, updated and refused, row by row; export downloads it back', async ({
  page,
}) => {
  const admin = await openCatalog(page);
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;
  // A product of this test's own to update (the demo products belong to other specs).
  await importFile(admin, csv('setup.csv', `SKU,Product,Price,Stock\r\n${sku}-OLD,Old tea,2.00,1\r\n`));
  await expect(admin.locator('.store-catalog-admin__import .store-catalog-admin__status')).toHaveText(
    'Imported setup.csv: 1 created, 0 updated, 0 rows refused.',
  );
  // The first poll is held until the progress bar has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API}/import/*`, async (route) => {
    await held;
    await route.continue();
  });
  await importFile(
    admin,
    csv(
      'stock.csv',
      `SKU,Product,Type,Price,Stock\r\n${sku}-OLD,,,21.00,9\r\n${sku},"Tea, green",digital,4.50,3\r\n` +
        `${sku}-B,Box,furniture,5,1\r\n${sku}-OLD,,,1,1\r\n`,
    ),
  );
  await expect(admin.getByRole('progressbar')).toBeVisible();
  await expect(admin.getByText('Importing stock.csv: 0 of 4 rows checked')).toBeVisible();
  release();
  await expect(admin.locator('.store-catalog-admin__import').getByRole('status')).toHaveText(
    'Imported stock.csv: 1 created, 1 updated, 2 rows refused.',
  );
  const refused = admin.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row')).toHaveText([
    'RowReason',
    '4furniture is not one of the expected options',
    `5SKU ${sku}-OLD is already on row 2.`,
  ]);
  expect(await axeViolations(page)).toEqual([]);

  // Export asks for a name, then downloads the catalog with the import in it.
  const name = admin.getByLabel('File name');
  await name.fill('  ');
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  await expect(admin.locator('.store-catalog-admin__export').getByRole('alert')).toHaveText('Please enter a file name');
  await name.fill('my shop');
  const [download] = await Promise.all([page.waitForEvent('download'), name.press('Enter')]);
  expect(download.suggestedFilename()).toBe('my shop.csv');
  await expect(admin.locator('.store-catalog-admin__export').getByRole('status')).toHaveText('Exported my shop.csv.');
  const exported = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(exported).toContain(`${sku}-OLD,Old tea,physical,21.00,9\r\n`);
  expect(exported).toContain(`${sku},"Tea, green",digital,4.50,3\r\n`);
  expect(exported).not.toContain(`${sku}-B`);
});

test('import refuses whole files with the spec messages and changes nothing', async ({ page }) => {
  const admin = await openCatalog(page);
  const section = admin.locator('.store-catalog-admin__import');
  const alert = section.getByRole('alert');
  const sku = `NOPE-${Date.now().toString(36).toUpperCase()}`;

  await section.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(alert).toHaveText('Choose a CSV file to import.');
  await importFile(admin, { name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1_000_001, 'a') });
  await expect(alert).toHaveText('The file big.csv is too large. The maximum allowed file size is 976.6 KB');
  // The server refuses it too, by its length, before reading it.
  const server = await page.evaluate(async (api) => {
    const crumb = decodeURIComponent(/(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch(`${api}/import?fileName=big.csv`, {
      method: 'POST',
      body: 'a'.repeat(1_000_001),
      headers: { 'content-type': 'text/csv', 'X-CSRF-Token': crumb },
    });
    return [response.status, ((await response.json()) as { message: string }).message];
  }, API);
  expect(server).toEqual([413, 'The file big.csv is too large. The maximum allowed file size is 976.6 KB']);
  await importFile(admin, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('SKU,Price\n') });
  await expect(alert).toHaveText('notes.txt does not appear to be a supported file');
  await importFile(admin, csv('binary.csv', `SKU,Price\r\n${sku},1\r\n\u0000`));
  await expect(alert).toHaveText('binary.csv does not appear to be a supported file');
  await importFile(admin, csv('empty.csv', ''));
  await expect(alert).toHaveText('dataset must have at least one column');
  await importFile(admin, csv('header.csv', 'SKU,Product,Price\r\n'));
  await expect(alert).toHaveText('dataset must have at least one row');
  await importFile(admin, csv('gaps.csv', `SKU,Product,Price\r\n${sku},Thing,1\r\n${sku}-2,Thing\r\n`));
  await expect(alert).toHaveText('One or more rows was missing data');
  await importFile(admin, csv('colour.csv', `SKU,Colour,Price\r\n${sku},red,1\r\n`));
  await expect(alert).toHaveText('Colour is not one of the expected options');

  // Past the limits the rest is dropped, and the owner is told.
  const many = Array.from({ length: 501 }, (_, i) => `${sku}-MANY,Many,1.00,${i}`).join('\r\n');
  await importFile(admin, csv('many.csv', `SKU,Product,Price,Stock\r\n${many}\r\n`));
  await expect(section.locator('.store-catalog-admin__status')).toHaveText(
    'Imported many.csv: 1 created, 0 updated, 499 rows refused.',
  );
  await expect(section.getByRole('listitem')).toHaveText(['truncated to maxRows (500)']);
  // 21 columns (18 without a name, as a spreadsheet writes them): the 21st is dropped.
  const wide = `SKU,Product,Price${','.repeat(18)}\r\n${sku}-WIDE,Wide,1.00${',x'.repeat(18)}\r\n`;
  await importFile(admin, csv('wide.csv', wide));
  await expect(section.locator('.store-catalog-admin__status')).toHaveText(
    'Imported wide.csv: 1 created, 0 updated, 0 rows refused.',
  );
  await expect(section.getByRole('listitem')).toHaveText(['truncated to maxColumns (20)']);

  // None of the refused files made the product.
  const exported = await page.evaluate(async (api) => (await fetch(`${api}/export?fileName=x`)).text(), API);
  expect(exported).not.toMatch(new RegExp(`^${sku}(-2)?,`, 'm'));
});

test('import failures: upload, processing, cancelling and polling use the spec messages', async ({ page }) => {
  const admin = await openCatalog(page);
  const section = admin.locator('.store-catalog-admin__import');
  const alert = section.getByRole('alert');
  // The uploads reach the server: a product of this test's own.
  const file = csv('p.csv', `SKU,Product,Price\r\nFAIL-${Date.now().toString(36).toUpperCase()},Failing,20.00\r\n`);

  await page.route(`**${API}/import?*`, (route) => route.abort('connectionreset'));
  await importFile(admin, file);
  await expect(alert).toHaveText('File upload failed to complete');
  await page.unroute(`**${API}/import?*`);
  await page.route(`**${API}/import?*`, (route) => route.fulfill({ status: 500, body: '' }));
  await importFile(admin, file);
  await expect(alert).toHaveText('There was a problem while uploading your file');
  await page.unroute(`**${API}/import?*`);

  // The job as the server describes it, answered by the test for the polls.
  const job = (status: string) => ({
    id: 'j',
    status,
    fileName: 'p.csv',
    processed: 0,
    total: 1,
    notices: [],
    created: 0,
    updated: 0,
    refused: [],
  });
  const answers: Record<string, (route: Route) => Promise<void>> = {
    failed: (route) => route.fulfill({ json: job('failed') }),
    empty: (route) => route.fulfill({ status: 200, body: '' }),
    broken: (route) => route.fulfill({ status: 500, json: { message: 'boom' } }),
  };
  const expected = {
    failed: 'File processing failed',
    empty: 'No response data from job request',
    broken: 'Unable to load results',
  };
  for (const [kind, answer] of Object.entries(answers)) {
    await page.route(`**${API}/import/*`, answer);
    await importFile(admin, file);
    await expect(alert).toHaveText(expected[kind as keyof typeof expected]);
    await page.unroute(`**${API}/import/*`);
  }

  // Cancelled: the job keeps running until the owner cancels it.
  let cancelled = false;
  await page.route(`**${API}/import/*`, (route) =>
    route.request().method() === 'DELETE'
      ? ((cancelled = true), route.fulfill({ json: job('cancelled') }))
      : route.fulfill({ json: job(cancelled ? 'cancelled' : 'running') }),
  );
  await importFile(admin, file);
  await section.getByRole('button', { name: 'Cancel import' }).click();
  await expect(alert).toHaveText('File processing cancelled');
  expect(cancelled).toBe(true);
});

test('load and call failures use the owner strings', async ({ page }) => {
  test.setTimeout(60_000);
  await page.context().addCookies(ownerState.cookies);
  // The list does not load: "Unable to load. Try again.", and Try again loads it.
  await page.route(`**${API}/terms`, (route) => route.fulfill({ status: 500, json: { message: 'x' } }));
  await page.goto('/config/catalog');
  const admin = page.locator('store-catalog-admin');
  await expect(admin.getByRole('alert').filter({ hasText: 'Unable to' })).toHaveText('Unable to load. Try again.');
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute(`**${API}/terms`);
  await admin.getByRole('button', { name: 'Try again' }).click();
  await expect(admin.getByRole('heading', { name: 'Tags' })).toBeVisible();

  const stamp = Date.now().toString(36);
  const input = tags(admin).getByLabel('New tag');
  const alert = tags(admin).getByRole('alert');
  await page.route(`**${API}/terms`, (route) => route.abort('internetdisconnected'));
  await input.fill(`Net ${stamp}`);
  await input.press('Enter');
  await expect(alert).toHaveText('Network error');
  await page.unroute(`**${API}/terms`);
  await page.route(`**${API}/terms`, (route) => route.fulfill({ status: 503, body: 'down' }));
  await input.press('Enter');
  await expect(alert).toHaveText('Something went wrong');
  await page.unroute(`**${API}/terms`);
  await input.press('Enter');
  await expect(tags(admin).getByRole('status')).toHaveText(`Added Net ${stamp}.`);

  // Removed elsewhere meanwhile: "Unable to locate content".
  const removed = await page.evaluate(
    async ({ api, name }) => {
      const crumb = /(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`${api}/terms/tag/${encodeURIComponent(name)}`, {
        method: 'DELETE',
        headers: { 'X-CSRF-Token': decodeURIComponent(crumb) },
      });
      return response.status;
    },
    { api: API, name: `Net ${stamp}` },
  );
  expect(removed).toBe(200);
  await tags(admin)
    .getByRole('button', { name: `Remove Net ${stamp}` })
    .click();
  await expect(alert).toHaveText('Unable to locate content');

  // No answer at all within the time limit: "Unable to connect. Please try again".
  await page.route(`**${API}/export?*`, () => undefined);
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  await expect(admin.locator('.store-catalog-admin__export').getByRole('alert')).toHaveText(
    'Unable to connect. Please try again',
    { timeout: 40_000 },
  );
});

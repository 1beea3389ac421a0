import { addButton, expect, test } from './fixtures';

/** A chunk's name without its hash: `/chunks/react-AbC123.js` -> `react`. */
function chunkName(url: string): string | null {
  const match = /\/chunks\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname);
  return match?.[1] ?? null;
}

test('the product page fetches analytics once its widgets are ready, and click-only code on the click', async ({
  page,
}) => {
  // Chunks in the order their requests were sent, and the order in which they had all arrived.
  const requested: string[] = [];
  const arrived: string[] = [];
  page.on('request', (request) => {
    const name = chunkName(request.url());
    if (name) requested.push(name);
  });
  page.on('requestfinished', (request) => {
    const name = chunkName(request.url());
    if (name) arrived.push(name);
  });
  const pageView = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/census/RecordHit');
  await page.goto('/shop/p/linen-shirt');
  await expect(addButton(page)).toBeVisible();
  // The page view is still recorded, from the deferred census.
  expect((await pageView).ok()).toBe(true);

  const census = requested.indexOf('census-tracker.element');
  expect(census).toBeGreaterThan(0);
  // Every widget chunk asked for before analytics had arrived by then: analytics waited for them.
  const widgetChunks = requested.slice(0, census);
  expect(widgetChunks).toEqual(expect.arrayContaining(['platform-add-to-cart', 'react', 'runtime']));
  const arrivedBeforeCensus = arrived.slice(0, arrived.indexOf('census-tracker.element'));
  for (const name of widgetChunks) expect(arrivedBeforeCensus).toContain(name);
  // No code of the additional-fields form, of dialogs or of the add button's alert before a click.
  expect(
    requested.filter((name) => /^(additional-fields-form|add-to-cart-dialogs|dialog|dialog-styles)$/.test(name)),
  ).toEqual([]);
});

test('an alert of the add button loads its code on first need and still shows', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const name = chunkName(request.url());
    if (name) requested.push(name);
  });
  await page.goto('/shop/p/linen-shirt');
  await expect(addButton(page)).toBeVisible();
  expect(requested).not.toContain('add-to-cart-dialogs');
  // No variant chosen: the add button answers with an alert.
  await addButton(page).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(requested).toContain('add-to-cart-dialogs');
  // Its CSS came with its code: the dialog's rounded corners, not the browser's square box.
  await expect(page.getByRole('alertdialog')).toHaveCSS('border-radius', '8px');
});

test('the server announces the chunks of the page’s widgets with modulepreload, and each is fetched once', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (chunkName(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  const pageView = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/census/RecordHit');
  await page.goto('/shop/p/linen-shirt');
  await expect(addButton(page)).toBeVisible();
  const preloaded = await page
    .locator('link[rel=modulepreload]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  const names = preloaded.map((path) => chunkName(`http://x${path}`));
  expect(names).toEqual(expect.arrayContaining(['platform-add-to-cart', 'cart-pill.element', 'react', 'runtime']));
  // Not the near-viewport reviews, nor analytics, nor click-only code.
  expect(names.filter((name) => /reviews|census|dialogs|additional-fields-form/.test(name ?? ''))).toEqual([]);
  // Each link carries the page's nonce (strict CSP), and each chunk is fetched once.
  const nonces = await page
    .locator('link[rel=modulepreload]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).nonce));
  expect(nonces.every((nonce) => Boolean(nonce))).toBe(true);
  // By the page view the page is interactive: every chunk it needed has been fetched.
  await pageView;
  for (const path of preloaded) expect(fetched.filter((f) => f === path)).toHaveLength(1);
});

import { expect, requestedUrls, signUpForRestock, test } from './fixtures';
import { startStaticServer, startStore, type RunningServer } from './second-origin';

/**
 * The static demo pages (`dist/demo/`, written by `npm run build`) on a static file server, talking
 * to server-mock on another origin. By default both servers start here on free ports; QA points
 * the suite at a deployment instead: E2E_BASE_URL (where dist/demo is served) and E2E_API_URL (the
 * running server-mock, whose ALLOWED_ORIGINS lists E2E_BASE_URL's origin).
 */

const deployed = process.env.E2E_BASE_URL && process.env.E2E_API_URL;
let demo: RunningServer | undefined;
let store: RunningServer | undefined;
let demoUrl = '';
let apiUrl = '';

test.beforeAll(async () => {
  if (deployed) {
    demoUrl = new URL(process.env.E2E_BASE_URL ?? '').origin;
    apiUrl = new URL(process.env.E2E_API_URL ?? '').origin;
    return;
  }
  // demo-config.json as a deployment would edit it: naming the store started below.
  demo = await startStaticServer({
    root: 'dist/demo',
    directoryIndex: true,
    pages: { '/demo-config.json': () => JSON.stringify({ apiOrigin: store?.origin }) },
  });
  store = await startStore({ ALLOWED_ORIGINS: demo.origin });
  demoUrl = demo.origin;
  apiUrl = store.origin;
});

test.afterAll(async () => {
  await store?.close();
  await demo?.close();
});

const SUCCESS_NEWSLETTER = 'Thank you for signing up. Look out for our next letter.';

test('static demo pages: add to cart, pill, cart page, restock sign-up and site form against the store on another origin', async ({
  page,
}) => {
  test.slow();
  const api = requestedUrls(page, (request) => new URL(request.url()).pathname.startsWith('/api/'));
  // `?api=` picks the store for the whole visit (kept by the tab), over demo-config.json.
  await page.goto(`${demoUrl}/shop/p/linen-shirt/?api=${encodeURIComponent(apiUrl)}`);
  await expect(page.locator('html')).toHaveAttribute('data-store-api', apiUrl);
  const product = page.locator('article.product');
  const add = product.locator('.sqs-add-to-cart-button').first();
  // Platform markup is live once the loader has enhanced its button.
  await expect(add).toHaveAttribute('data-phase', 'idle');
  await product.locator('select[data-variant-option-name="Size"]').selectOption('S');
  await product.locator('select[data-variant-option-name="Color"]').selectOption('Sand');
  await add.click();
  await expect(page.locator('store-cart-pill .store-cart-pill__items')).toHaveText('1 item');

  // Restock sign-up of a sold-out variant, with the store's CAPTCHA.
  await product.locator('select[data-variant-option-name="Size"]').selectOption('M');
  await product.locator('select[data-variant-option-name="Color"]').selectOption('Indigo');
  await signUpForRestock(page.locator('.product-restock-notification:visible'), 'static-demo@example.com');

  // The demo's own cart page (a static page too), reached by the site's navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`^${demoUrl}/cart/?$`));
  await expect(page.locator('store-cart-page').getByRole('link', { name: 'Linen Shirt' })).toBeVisible();

  await page.goto(`${demoUrl}/newsletter/`);
  const form = page.locator('store-site-form');
  await form.getByRole('textbox').fill('static-demo@example.com');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.locator('.store-site-form__success')).toHaveText(SUCCESS_NEWSLETTER);

  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((url) => !url.startsWith(`${apiUrl}/api/`))).toEqual([]);
});

test('without ?api= the pages take the store from demo-config.json beside them', async ({ page }) => {
  await page.goto(`${demoUrl}/qa/tag/linen-shirt/`);
  await expect(page.locator('html')).toHaveAttribute('data-store-api', apiUrl);
  await expect(page.locator('store-add-to-cart .store-add-to-cart__button')).toBeVisible();
});

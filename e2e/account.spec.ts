import type { Page, Request } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

const MEMBER = { email: 'member@fieldandforge.test', password: 'demo-member-pass' };
const SESSION = '**/api/site-users/account/session';

/** The census run of the page: why it skips, or null while it records. */
function censusSkipped(page: Page): Promise<string | null | undefined> {
  return page.evaluate(
    () =>
      (globalThis as Record<symbol, { skipped: string | null } | undefined>)[Symbol.for('storefront.census')]?.skipped,
  );
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

async function fillAndSubmit(page: Page, email: string, password: string, remember = false): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('<store-account>', () => {
  test('a member signs in and out; the page follows without a reload and the password goes nowhere else', async ({
    page,
    context,
  }) => {
    const requests: Request[] = [];
    const consoleText: string[] = [];
    page.on('request', (request) => requests.push(request));
    page.on('console', (message) => consoleText.push(message.text()));
    await openAccount(page);
    await expect.poll(() => censusSkipped(page)).toBeNull();

    await fillAndSubmit(page, MEMBER.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Your email or password is incorrect.');
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/site-users/account/session') && r.ok());
    await fillAndSubmit(page, MEMBER.email, MEMBER.password, true);
    const { xsrfToken } = (await (await answer).json()) as { xsrfToken: string };
    await expect(page.getByText('You are signed in.')).toBeVisible();
    const info = (await context.cookies()).find((c) => c.name === 'SiteUserInfo');
    expect(JSON.parse(decodeURIComponent(info?.value ?? '{}'))).toEqual({
      authenticated: true,
      siteUserId: 'user-member',
    });
    // The skip rules follow at once: a signed-in member is not counted.
    await expect.poll(() => censusSkipped(page)).toBe('member-signed-in');

    // The next call carries the sign-in's token; the cart follows.
    const add = page.waitForRequest((r) => r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await page.locator('article.product .store-add-to-cart__button').click();
    expect((await add).headers()['x-csrf-token']).toBe(xsrfToken);
    await expect(page.locator('store-cart-pill a')).toContainText('1');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'SiteUserInfo')).toBeUndefined();
    await expect.poll(() => censusSkipped(page)).toBeNull();
    // Signed out with cloneCart=true: the visitor keeps the cart.
    const signOut = requests.find((r) => r.method() === 'DELETE');
    expect(new URL(signOut?.url() ?? 'http://x/').searchParams.get('cloneCart')).toBe('true');
    await expect(page.locator('store-cart-pill a')).toContainText('1');

    // The password was only ever in the body of the sign-in calls.
    for (const request of requests) {
      expect(request.url()).not.toContain('demo-member-pass');
      if (!request.url().endsWith('/api/site-users/account/session')) {
        expect(request.postData() ?? '').not.toContain('demo-member-pass');
      }
    }
    expect(consoleText.join('\n')).not.toContain('demo-member-pass');
    const stored = await page.evaluate(() =>
      JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
    );
    expect(stored).not.toContain('demo-member-pass');
    expect(JSON.stringify(await context.cookies())).not.toContain('demo-member-pass');
  });

  test('sign-out answered crumbFail (a stale token) is tried once more and succeeds', async ({ page, context }) => {
    await openAccount(page);
    await fillAndSubmit(page, MEMBER.email, MEMBER.password);
    await expect(page.getByText('You are signed in.')).toBeVisible();
    const signOuts: Request[] = [];
    let refused = false;
    // Sign-out carries its query (`?cloneCart=…`).
    await page.route(
      (url) => url.pathname === '/api/site-users/account/session',
      async (route) => {
        if (route.request().method() !== 'DELETE') return route.fallback();
        signOuts.push(route.request());
        if (refused) return route.fallback();
        refused = true;
        return route.fulfill({ status: 403, json: { crumbFail: true, message: 'Your session has expired.' } });
      },
    );
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')?.value;
    expect(crumb).toBeTruthy();
    const retried = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.ok());
    await page.getByRole('button', { name: 'Sign out' }).click();
    await retried;
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(signOuts).toHaveLength(2);
    // The retry goes with the page's crumb.
    expect(signOuts[1]?.headers()['x-csrf-token']).toBe(crumb);
    expect((await context.cookies()).find((c) => c.name === 'SiteUserInfo')).toBeUndefined();
  });

  test('says so when the sign-in is locked out or the network fails', async ({ page }) => {
    await openAccount(page);
    await page.route(SESSION, (route) =>
      route.fulfill({ status: 429, headers: { 'Retry-After': '60' }, json: { message: 'Too many requests.' } }),
    );
    await fillAndSubmit(page, MEMBER.email, MEMBER.password);
    await expect(page.getByRole('alert')).toHaveText('Too many sign-in attempts. Wait a minute, then try again.');
    expect(await axeViolations(page)).toEqual([]);

    await page.unroute(SESSION);
    await page.route(SESSION, (route) => route.abort('internetdisconnected'));
    await fillAndSubmit(page, MEMBER.email, MEMBER.password);
    await expect(page.getByRole('alert')).toHaveText('Unable to connect. Please try again');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

import type { Locator, Page, Request } from '@playwright/test';
import { axeViolations, expect, fillContactRequired, formField, test } from './fixtures';

/** The site form's messages (storefront spec, sections 5 and 8), word for word. */
const M = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  invalidFields: 'One or more fields is invalid, please check your entries.',
  scrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  scrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  captcha: 'Complete CAPTCHA before submitting.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  processing: 'Error processing form submission. Please reload and try again.',
  noKey: 'Could not get a form submission key, please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
} as const;

const CONTACT_SUCCESS = 'Thank you! We read every message and reply within two working days.';
const NEWSLETTER_SUCCESS = 'Thank you for signing up. Look out for our next letter.';

/** The server takes 5 form submissions a minute per address. */
const SUBMIT_LIMIT = 5;

/**
 * Every test calls from an address of its own (the e2e servers trust X-Forwarded-For, as behind
 * a proxy), so each one has the whole submission budget, whichever worker ran what before it.
 */
test.use({
  // Playwright reads the fixtures a fixture needs from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    let hash = 0;
    for (const char of `${testInfo.testId}/${testInfo.repeatEachIndex}/${testInfo.retry}`) {
      hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
    }
    // A /64 of its own: the server counts every address of one /64 as one caller.
    await provide({ 'x-forwarded-for': `2001:db8:${(hash >>> 16).toString(16)}:${(hash & 0xffff).toString(16)}::1` });
  },
});

const isSubmission = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/form/SaveFormSubmission';

function siteForm(page: Page): Locator {
  return page.locator('store-site-form');
}

function submitButton(page: Page): Locator {
  return siteForm(page).locator('button[type=submit]');
}

function messages(page: Page): Locator {
  return siteForm(page).locator('.store-site-form__message');
}

function fieldErrors(page: Page): Locator {
  return siteForm(page).locator('.store-field__error');
}

/** Submits from the keyboard: the button stays focusable while it is bound to the CAPTCHA. */
async function submitWithKeyboard(page: Page): Promise<void> {
  await submitButton(page).focus();
  await page.keyboard.press('Enter');
}

async function openForm(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  const form = page.getByRole('form', { name });
  await expect(form).toBeVisible();
  return form;
}

/** Types into the parts of multi-part fields, in order: field id -> part label -> text. */
async function fillParts(page: Page, answers: Record<string, Record<string, string>>): Promise<void> {
  for (const [id, parts] of Object.entries(answers)) {
    for (const [label, text] of Object.entries(parts)) await formField(page, id).getByLabel(label).fill(text);
  }
}

async function solveCaptcha(page: Page): Promise<void> {
  const box = siteForm(page).getByRole('checkbox', { name: "I'm not a robot" });
  await box.click();
  await expect(box).toHaveAttribute('aria-checked', 'true');
  await expect(submitButton(page)).toBeEnabled();
}

test.describe('site form: contact (every field kind, CAPTCHA)', () => {
  test('renders every field kind with labels and groups, a counter, a hidden honeypot, and the CAPTCHA', async ({
    page,
  }) => {
    await openForm(page, '/contact', 'Contact us');
    const form = siteForm(page);
    for (const group of [
      'Name',
      'Phone',
      'Address',
      'Preferred date for a workshop visit',
      'Preferred time',
      'How should we reply?',
      'What are you interested in?',
      'How was your last visit?',
      'The shop was easy to find.',
      'Staff were helpful.',
    ]) {
      await expect(form.getByRole('group', { name: group, exact: true })).toBeVisible();
    }
    for (const id of ['email', 'subject', 'message', 'order-number', 'budget', 'homepage', 'order-password']) {
      const control = formField(page, id).locator('input, textarea');
      await expect(control).toHaveAccessibleName(/\S/);
    }
    await expect(formField(page, 'nearest-shop').getByLabel('Nearest shop')).toBeVisible();
    await expect(formField(page, 'phone').getByLabel('Country code')).toBeVisible();
    await expect(form.getByRole('heading', { name: 'About you' })).toBeVisible();
    await expect(form.getByRole('group', { name: 'Staff were helpful.' }).getByRole('radio')).toHaveCount(5);
    await expect(
      form.getByRole('group', { name: 'Staff were helpful.' }).getByRole('radio').first(),
    ).toHaveAccessibleName('Strongly Disagree');
    await expect(formField(page, 'message').locator('.store-field__counter')).toHaveText('0 / 200');
    await expect(form.locator('input[name=source]')).toHaveCount(0);

    const honeypot = form.locator('input[name="website-url-hp"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).not.toBeInViewport();
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(form.locator('.store-site-form__honeypot')).toHaveAttribute('aria-hidden', 'true');
    await expect(form.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);

    await expect(form.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
    await expect(submitButton(page)).toHaveText('Send message');
    await expect(submitButton(page)).toBeDisabled();
  });

  test('checks fields in the browser: Required, character limit, e-mail, then the CAPTCHA', async ({ page }) => {
    await openForm(page, '/contact', 'Contact us');
    await submitWithKeyboard(page);
    await expect(fieldErrors(page)).toHaveText([M.required, M.required, M.required, M.required, M.required]);
    await expect(messages(page)).toHaveText([M.invalidFields, M.scrollUp]);
    await expect(siteForm(page).getByRole('alert')).toContainText(M.invalidFields);
    const first = formField(page, 'name').getByLabel('First Name');
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(formField(page, 'name').getByRole('group')).toHaveAccessibleDescription('Required');

    await fillContactRequired(page);
    await formField(page, 'email').getByRole('textbox').fill('ada@example');
    await formField(page, 'subject').getByRole('textbox').fill('x'.repeat(81));
    const message = formField(page, 'message').getByRole('textbox');
    await message.fill('y'.repeat(201));
    const counter = formField(page, 'message').locator('.store-field__counter');
    await expect(counter).toHaveText('201 / 200');
    await expect(counter).toHaveClass(/store-field__counter--over/);
    await expect(counter).toHaveCSS('color', 'rgb(164, 22, 26)');
    await message.press('Backspace');
    await expect(counter).toHaveText('200 / 200');
    await expect(counter).not.toHaveClass(/store-field__counter--over/);

    await submitWithKeyboard(page);
    await expect(fieldErrors(page)).toHaveText([M.email, M.characterLimit]);
    await expect(formField(page, 'email').getByRole('textbox')).toBeFocused();
    await expect(formField(page, 'email').getByRole('textbox')).toHaveAccessibleDescription(M.email);

    await formField(page, 'email').getByRole('textbox').fill('ada@example.com');
    await formField(page, 'subject').getByRole('textbox').fill('A repair');
    await submitWithKeyboard(page);
    await expect(fieldErrors(page)).toHaveCount(0);
    await expect(messages(page)).toHaveText([M.captcha]);
  });

  test("'Please scroll up to review': the page scrolls the first field in error to 30 px below the top, then focuses it", async ({
    page,
  }) => {
    await openForm(page, '/contact', 'Contact us');
    await submitButton(page).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await submitWithKeyboard(page);
    await expect(messages(page)).toHaveText([M.invalidFields, M.scrollUp]);
    const first = formField(page, 'name').getByLabel('First Name');
    await expect(first).toBeFocused();
    // The field's box (label, error and inputs) sits at the scroll helper's offset.
    const top = await formField(page, 'name').evaluate((el) => el.getBoundingClientRect().top);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before);
    expect(Math.abs(top - 30)).toBeLessThanOrEqual(2);
  });

  test('has no accessibility violations with the form in error', async ({ page }) => {
    await openForm(page, '/contact', 'Contact us');
    await submitWithKeyboard(page);
    await expect(fieldErrors(page).first()).toBeVisible();
    await formField(page, 'message').getByRole('textbox').fill('z'.repeat(210));
    expect(await axeViolations(page)).toEqual([]);
  });

  test('works from the keyboard alone: the honeypot is skipped and focus is visible', async ({ page }) => {
    await openForm(page, '/contact', 'Contact us');
    // The CAPTCHA comes from its provider's script: Tab reaches it only once it is there.
    const box = siteForm(page).getByRole('checkbox', { name: "I'm not a robot" });
    await expect(box).toBeVisible();
    await formField(page, 'experience').getByRole('radio').last().focus();
    await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Tab');
    await expect(submitButton(page)).toBeFocused();
    await expect(submitButton(page)).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Shift+Tab');
    await expect(box).toBeFocused();

    const email = formField(page, 'email').getByRole('textbox');
    await email.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await expect(email).toHaveCSS('outline-style', 'solid');
  });

  test('shows the server field errors on their fields, then sends every kind of answer and shows the thanks', async ({
    page,
  }) => {
    await page.goto('/contact?source=e2e-campaign');
    await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
    await fillContactRequired(page);
    await fillParts(page, {
      phone: { 'Area code': 'abc', Prefix: '123', Line: '4567' },
      'visit-date': { Month: '13', Day: '1', Year: '2027' },
    });
    await formField(page, 'homepage').getByRole('textbox').fill('not a website');
    await solveCaptcha(page);
    await submitButton(page).click();
    await expect(formField(page, 'phone').locator('.store-field__error')).toHaveText('Phone number is not valid.');
    await expect(formField(page, 'visit-date').locator('.store-field__error')).toHaveText('Date is not valid.');
    await expect(formField(page, 'homepage').locator('.store-field__error')).toHaveText(/^Website is not valid\./);
    await expect(messages(page)).toHaveText([M.invalidFields, M.scrollUp]);
    // The first field in error (the website comes before the phone) has the focus.
    await expect(formField(page, 'homepage').getByRole('textbox')).toBeFocused();
    // A failure resets the CAPTCHA, which binds the button again.
    await expect(siteForm(page).getByRole('checkbox', { name: "I'm not a robot" })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(submitButton(page)).toBeDisabled();

    await fillParts(page, { phone: { 'Country code': '44', 'Area code': '20' }, 'visit-date': { Month: '12' } });
    await formField(page, 'homepage').getByRole('textbox').fill('ada.example.com');
    await formField(page, 'order-number').getByRole('spinbutton').fill('1042');
    await formField(page, 'budget').getByRole('textbox').fill('1,250.50');
    await formField(page, 'order-password').locator('input').fill('s3cret');
    await fillParts(page, {
      address: { 'Address 1': '1 Main St', City: 'Bristol', State: 'Avon', 'ZIP Code': 'BS1 1AA' },
    });
    await formField(page, 'address').getByLabel('Country', { exact: true }).fill('UK');
    await fillParts(page, { 'visit-time': { Hour: '10', Minute: '30' } });
    await formField(page, 'visit-time').getByLabel('AM/PM').selectOption('AM');
    await formField(page, 'interests').getByLabel('Homeware').check();
    await formField(page, 'interests').getByLabel('Workshops').check();
    await formField(page, 'nearest-shop').getByLabel('Nearest shop').selectOption('Leeds');
    await page.getByRole('group', { name: 'The shop was easy to find.' }).getByLabel('Strongly Agree').check();
    await page.getByRole('group', { name: 'Staff were helpful.' }).getByLabel('Disagree', { exact: true }).check();
    await solveCaptcha(page);

    // Hold the submission a moment to see the button while it is sent.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest(isSubmission);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveText('Submitting…');
    await expect(submitButton(page)).toBeDisabled();
    const request = await sent;
    release();

    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      formId: 'contact',
      pageId: 'page-contact',
      contentSource: 'c',
      pagePath: '/contact',
      pagePermissionTypeValue: 1,
      pageTitle: await page.title(),
    });
    expect(body.key).toMatch(/\S{16,}/);
    expect(body.captchaKey).toMatch(/^v1\./);
    expect(JSON.parse(body.form as string)).toEqual({
      name: { First: 'Ada', Last: 'Lovelace' },
      email: 'ada@example.com',
      subject: 'A repair',
      message: 'My lantern needs a new glass.',
      'order-number': '1042',
      budget: '1,250.50',
      homepage: 'ada.example.com',
      'order-password': 's3cret',
      phone: { Country: '44', Areacode: '20', Prefix: '123', Line: '4567' },
      address: { Line1: '1 Main St', Line2: '', City: 'Bristol', State: 'Avon', Zip: 'BS1 1AA', Country: 'UK' },
      'visit-date': { Month: '12', Day: '1', Year: '2027' },
      'visit-time': { Hour: '10', Minute: '30', Ampm: 'AM' },
      'reply-by': 'Phone',
      interests: ['Homeware', 'Workshops'],
      'nearest-shop': 'Leeds',
      experience: { 'The shop was easy to find.': '2', 'Staff were helpful.': '-1' },
      source: 'e2e-campaign',
      'website-url-hp': '',
    });

    const thanks = siteForm(page).locator('.store-site-form__success');
    await expect(thanks).toHaveText(CONTACT_SUCCESS);
    await expect(thanks).toBeFocused();
    await expect(page.getByRole('form', { name: 'Contact us' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toHaveCount(0);
  });
});

test.describe('site form: newsletter', () => {
  test('shows only the field errors, then signs up from the keyboard', async ({ page }) => {
    await openForm(page, '/newsletter', 'Newsletter');
    const email = formField(page, 'email').getByRole('textbox');
    await email.focus();
    await page.keyboard.press('Enter');
    await expect(fieldErrors(page)).toHaveText([M.required]);
    await expect(email).toBeFocused();
    await page.keyboard.type('ada@example');
    await page.keyboard.press('Enter');
    await expect(fieldErrors(page)).toHaveText([M.email]);
    await expect(messages(page)).toHaveCount(0);
    await expect(siteForm(page)).not.toContainText('One or more fields');
    await expect(siteForm(page)).not.toContainText('scroll');

    await email.fill('ada@example.com');
    await page.keyboard.press('Tab');
    await expect(submitButton(page)).toBeFocused();
    await expect(submitButton(page)).toHaveText('Sign up');
    await page.keyboard.press('Enter');
    await expect(siteForm(page).locator('.store-site-form__success')).toHaveText(NEWSLETTER_SUCCESS);
  });
});

test.describe('site form: success redirect', () => {
  test('checks the fields, then goes to the redirect after sending', async ({ page }) => {
    await openForm(page, '/forms/redirect', 'Quick question');
    await submitButton(page).click();
    await expect(fieldErrors(page)).toHaveText([M.required, M.required]);
    await expect(messages(page)).toHaveText([M.invalidFields, M.scrollUp]);
    await formField(page, 'email').getByRole('textbox').fill('ada@example.com');
    await formField(page, 'question').getByRole('textbox').fill('Do you ship to Norway?');
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("says 'scroll down' when the messages sit above the form", async ({ page }) => {
    await openForm(page, '/forms/redirect', 'Quick question');
    await siteForm(page).evaluate((el) => el.setAttribute('data-message-position', 'top'));
    await expect(siteForm(page).locator('form > :first-child')).toHaveClass(/store-site-form__messages--top/);
    await submitButton(page).click();
    await expect(messages(page)).toHaveText([M.invalidFields, M.scrollDown]);
    await expect(formField(page, 'email').getByRole('textbox')).toBeFocused();
  });
});

test.describe('site form: statuses from the server', () => {
  test("an unknown form id says 'This form has not been configured yet.'", async ({ page }) => {
    await openForm(page, '/newsletter', 'Newsletter');
    const answer = page.waitForResponse((r) => r.url().includes('id=no-such-form'));
    await page.evaluate(() => {
      const element = document.createElement('store-site-form');
      element.id = 'unknown-form';
      element.dataset.formId = 'no-such-form';
      document.querySelector('main')?.append(element);
    });
    expect((await answer).status()).toBe(404);
    await expect(page.locator('#unknown-form [role=alert]')).toHaveText(M.notConfigured);
  });

  test('a network failure before the key says the key could not be had; one while sending says to reload', async ({
    page,
    context,
  }) => {
    await openForm(page, '/newsletter', 'Newsletter');
    await formField(page, 'email').getByRole('textbox').fill('ada@example.com');
    await context.setOffline(true);
    await submitButton(page).click();
    await expect(messages(page)).toHaveText([M.noKey]);
    await context.setOffline(false);

    // The connection drops while the answers are on their way.
    await page.route('**/api/form/SaveFormSubmission', (route) => route.abort('connectionreset'));
    await submitButton(page).click();
    await expect(messages(page)).toHaveText([M.processing]);
    await expect(submitButton(page)).toHaveText('Sign up');
    await expect(submitButton(page)).toBeEnabled();
  });

  // A server failure and a bare 400 cannot be provoked through the demo store: the answer is
  // replaced on its way back, and the request never reaches the server (no submission spent).
  const answers: [string, number, string, string][] = [
    ['a 500', 500, '{}', M.serverError],
    [
      'a 400 with data.error',
      400,
      '{"error":"The mailing list is closed for maintenance."}',
      'The mailing list is closed for maintenance.',
    ],
    ['a 400 without a reason', 400, '{}', M.unknown],
  ];
  for (const [what, status, body, message] of answers) {
    test(`${what} says '${message}' and the form can be sent again`, async ({ page }) => {
      await openForm(page, '/newsletter', 'Newsletter');
      await formField(page, 'email').getByRole('textbox').fill('ada@example.com');
      await page.route('**/api/form/SaveFormSubmission', (route) =>
        route.fulfill({ status, contentType: 'application/json', body }),
      );
      await submitButton(page).click();
      await expect(messages(page)).toHaveText([message]);
      await expect(submitButton(page)).toBeEnabled();
    });
  }

  test('submitting again and again hits the rate limit', async ({ page }) => {
    await openForm(page, '/newsletter', 'Newsletter');
    for (let attempt = 0; attempt <= SUBMIT_LIMIT; attempt += 1) {
      await formField(page, 'email').getByRole('textbox').fill(`reader${attempt}@example.com`);
      await submitButton(page).click();
      const outcome = siteForm(page).locator('.store-site-form__success, .store-site-form__message');
      await expect(outcome).toBeVisible();
      if ((await outcome.textContent()) === M.rateLimited) break;
      await expect(outcome).toHaveText(NEWSLETTER_SUCCESS);
      await page.reload();
    }
    await expect(messages(page)).toHaveText([M.rateLimited]);
    await expect(submitButton(page)).toBeEnabled();
  });

  test('a submission key that was already used is refused', async ({ page }) => {
    await openForm(page, '/newsletter', 'Newsletter');
    await formField(page, 'email').getByRole('textbox').fill('ada@example.com');
    // Someone sends the very same submission first, and so spends its one-time key.
    let replayStatus = 0;
    await page.route('**/api/form/SaveFormSubmission', async (route) => {
      const request = route.request();
      const replay = await page.request.post(request.url(), {
        headers: request.headers(),
        data: request.postData() ?? '',
      });
      replayStatus = replay.status();
      await route.continue();
    });
    await submitButton(page).click();
    await expect(messages(page)).toHaveText([M.unauthorized]);
    expect(replayStatus).toBe(200);
    await expect(submitButton(page)).toBeEnabled();
  });
});

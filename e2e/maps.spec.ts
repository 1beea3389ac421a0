import type { Locator, Page, Request } from '@playwright/test';
import { axeViolations, expect, fillContactRequired, formField, test } from './fixtures';
import { PINE_STREET } from '../contract/examples/places';

const isAutocomplete = (request: Request) => new URL(request.url()).pathname === '/api/google-maps/places/autocomplete';

async function openContact(page: Page): Promise<Locator> {
  await page.goto('/contact');
  await expect(page.getByRole('form', { name: 'Contact us' })).toBeVisible();
  return formField(page, 'address').getByRole('combobox', { name: 'Address 1' });
}

test.describe('address suggestions on the contact form', () => {
  test('type, choose with the keyboard, every part filled, the form submits', async ({ page }) => {
    const line1 = await openContact(page);
    await expect(line1).toHaveAttribute('aria-expanded', 'false');

    const asked = page.waitForRequest(isAutocomplete);
    await line1.pressSequentially('pine st');
    expect(new URL((await asked).url()).searchParams.get('input')).toBe('pine st');

    const listbox = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(line1).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox.getByRole('option')).toHaveText(['221 Pine Street, San Francisco, CA 94104, United States']);
    await expect(formField(page, 'address').getByRole('status')).toHaveText(
      '1 address suggestion. Use the up and down arrows to choose it.',
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('ArrowDown');
    const option = listbox.getByRole('option').first();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(line1).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? 'none');

    const details = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/places/details'));
    await page.keyboard.press('Enter');
    expect(new URL((await details).url()).searchParams.get('placeId')).toBe('place-001');
    const address = formField(page, 'address');
    await expect(line1).toHaveValue('221 Pine Street');
    await expect(address.getByLabel('City')).toHaveValue('San Francisco');
    await expect(address.getByLabel('State')).toHaveValue('CA');
    await expect(address.getByLabel('ZIP Code')).toHaveValue('94104');
    await expect(address.getByLabel('Country')).toHaveValue('United States');
    await expect(address.getByRole('status')).toHaveText('Address filled in.');
    await expect(line1).toHaveAttribute('aria-expanded', 'false');
    await expect(listbox).toBeHidden();
    await expect(line1).toBeFocused();

    // The rest of the form, then the submission carries the filled address.
    await fillContactRequired(page);
    const box = page.locator('store-site-form').getByRole('checkbox', { name: "I'm not a robot" });
    await box.click();
    await expect(box).toHaveAttribute('aria-checked', 'true');
    // Read at the route (the request event alone does not carry the body) and answered there: the
    // server's 5-a-minute submission budget of this address belongs to site-form.spec.ts.
    const body = new Promise<Record<string, unknown>>((resolve) => {
      void page.route('**/api/form/SaveFormSubmission', async (route) => {
        resolve(route.request().postDataJSON() as Record<string, unknown>);
        await route.fulfill({ json: {} });
      });
    });
    await page.locator('store-site-form button[type=submit]').click();
    const form = JSON.parse((await body).form as string) as Record<string, unknown>;
    expect(form.address).toEqual(PINE_STREET);
    await expect(page.locator('store-site-form .store-site-form__success')).toHaveText(
      'Thank you! We read every message and reply within two working days.',
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test('Escape closes the suggestions and keeps what was typed', async ({ page }) => {
    const line1 = await openContact(page);
    await line1.pressSequentially('street');
    await expect(line1).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(listbox.getByRole('option')).toHaveCount(5);
    await page.keyboard.press('ArrowUp');
    await expect(listbox.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(line1).toHaveAttribute('aria-expanded', 'false');
    await expect(line1).not.toHaveAttribute('aria-activedescendant');
    await expect(line1).toHaveValue('street');
    await expect(formField(page, 'address').getByLabel('City')).toHaveValue('');
  });
});

import { readFile } from 'node:fs/promises';
import { axeViolations, expect, signIn, test } from './fixtures';

const MEMBER = 'member@fieldandforge.test';

test.describe('shopper data (owner)', () => {
  test('finds a shopper, exports their data, and saves retention settings', async ({ page }) => {
    await signIn(page, '/config/data');
    await expect(page.getByRole('heading', { name: 'Shopper data', level: 1 })).toBeVisible();
    await page.getByLabel("Shopper's e-mail address").fill(MEMBER.toUpperCase());
    await page.getByRole('button', { name: 'Find their data' }).click();
    await expect(page.getByRole('heading', { name: `Kept about ${MEMBER.toUpperCase()}` })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Account 1' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('shopper-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: { email: string } };
    expect(data.account.email).toBe(MEMBER);

    await page.goto('/config/data');
    const outbox = page.getByLabel('Sent e-mails (outbox)');
    await expect(outbox).toHaveValue('90');
    await outbox.fill('60');
    await page.getByRole('button', { name: 'Save retention settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Retention settings saved.');
    await expect(outbox).toHaveValue('60');
    await outbox.fill('90');
    await page.getByRole('button', { name: 'Save retention settings' }).click();
    await expect(outbox).toHaveValue('90');
  });
});

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** One product under two themes (demo-pages/site.css sets them in plain CSS, no !important). */
const THEMES = '/qa/themes/linen-shirt';

function panel(page: Page, theme: 'forest' | 'night'): Locator {
  return page.locator(`.theme-${theme}`);
}

async function style(locator: Locator, ...properties: string[]): Promise<Record<string, string>> {
  return locator.evaluate(
    (element, names) =>
      Object.fromEntries(names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)])),
    properties,
  );
}

async function openThemes(page: Page): Promise<void> {
  await page.goto(THEMES);
  for (const theme of ['forest', 'night'] as const) {
    await expect(panel(page, theme).locator('.store-add-to-cart__button')).toBeVisible();
    await expect(panel(page, theme).locator('.store-installment-pill__info')).toBeVisible();
  }
}

test('the same product shows under two themes set by custom properties', async ({ page }) => {
  await openThemes(page);
  const forest = await style(
    panel(page, 'forest').locator('.store-add-to-cart__button'),
    'background-color',
    'color',
    'border-top-left-radius',
    'font-family',
  );
  expect(forest).toEqual({
    'background-color': 'rgb(31, 81, 48)',
    color: 'rgb(244, 241, 230)',
    'border-top-left-radius': '999px',
    'font-family': 'Georgia, "Times New Roman", serif',
  });
  const night = await style(
    panel(page, 'night').locator('.store-add-to-cart__button'),
    'background-color',
    'color',
    'border-top-left-radius',
  );
  expect(night).toEqual({
    'background-color': 'rgb(255, 204, 51)',
    color: 'rgb(21, 23, 28)',
    'border-top-left-radius': '0px',
  });
  // The spacing unit: the room below each row is .75 of it (.75rem by default, .75 × .75rem here).
  const room = (theme: 'night' | 'forest') =>
    style(panel(page, theme).locator('.store-add-to-cart__option').first(), 'margin-bottom');
  expect(await room('night')).toEqual({ 'margin-bottom': '9px' });
  expect(await room('forest')).toEqual({ 'margin-bottom': '12px' });
});

test("a theme's class rules beat the widgets' rules without !important", async ({ page }) => {
  await openThemes(page);
  // `.theme-night .store-button { text-transform: uppercase }` and `.theme-night select { border-style: double }`.
  expect(await style(panel(page, 'night').locator('.store-add-to-cart__button'), 'text-transform')).toEqual({
    'text-transform': 'uppercase',
  });
  const select = panel(page, 'night').locator('.store-add-to-cart select').first();
  expect(await style(select, 'border-top-style', 'border-top-width')).toEqual({
    'border-top-style': 'double',
    'border-top-width': '3px',
  });
  // Outside the theme the widget's own rule holds.
  const plain = panel(page, 'forest').locator('.store-add-to-cart select').first();
  expect(await style(plain, 'border-top-style', 'border-top-width')).toEqual({
    'border-top-style': 'solid',
    'border-top-width': '1px',
  });
  // The theme's stylesheet says nothing of !important.
  const css = await (await page.request.get('/site.css')).text();
  expect(css).not.toContain('!important');
});

test("without a theme the widgets keep today's look", async ({ page }) => {
  await page.goto('/qa/tag/linen-shirt');
  const button = page.locator('article.product .store-add-to-cart__button').first();
  await expect(button).toBeVisible();
  expect(await style(button, 'background-color', 'color', 'border-top-left-radius', 'padding-top')).toEqual({
    'background-color': 'rgb(17, 17, 17)',
    color: 'rgb(255, 255, 255)',
    'border-top-left-radius': '4px',
    'padding-top': '5.6px',
  });
  expect((await button.boundingBox())?.height).toBe(44);
  expect(await style(page.locator('.store-add-to-cart__option').first(), 'margin-bottom')).toEqual({
    'margin-bottom': '12px',
  });
  expect(await style(page.locator('store-add-to-cart').first(), 'font-family')).toEqual({
    'font-family': await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily),
  });
  const info = page.locator('.store-installment-pill__info');
  await expect(info).toBeVisible();
  await info.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(info).toBeFocused();
  expect(await style(info, 'outline-style', 'outline-width', 'outline-color')).toEqual({
    'outline-style': 'solid',
    'outline-width': '3px',
    'outline-color': 'rgb(29, 95, 209)',
  });
});

test('the installment info mark is an SVG drawn in the text colour, named for screen readers', async ({ page }) => {
  await openThemes(page);
  for (const [theme, colour] of [
    ['forest', 'rgb(31, 51, 38)'],
    ['night', 'rgb(238, 241, 247)'],
  ] as const) {
    const info = panel(page, theme).locator('.store-installment-pill__info');
    await expect(info).toHaveAccessibleName('About paying with Afterpay');
    const icon = info.locator('svg');
    const box = await icon.boundingBox();
    expect(box?.width).toBeGreaterThan(10);
    expect(box?.height).toBeGreaterThan(10);
    expect(await style(icon.locator('circle').first(), 'stroke')).toEqual({ stroke: colour });
  }
  await page.locator('.theme-demo').screenshot({ path: test.info().outputPath('themes.png') });
});

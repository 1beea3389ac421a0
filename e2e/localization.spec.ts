import type { Page } from '@playwright/test';
import { addButton, cartPill, chooseOptions, expect, expectAlert, test } from './fixtures';

/** What Intl in the page's Chromium writes, so expectations carry the locale's own spaces. */
function intl(page: Page, locale: string, currency: string, amount: number): Promise<string> {
  return page.evaluate(([l, c, a]) => new Intl.NumberFormat(l, { style: 'currency', currency: c }).format(a), [
    locale,
    currency,
    amount,
  ] as const);
}

test.describe('localized widgets', () => {
  test('the French store: widget strings from its catalog, money in fr-FR', async ({ page }) => {
    await page.goto('/fr/shop/p/linen-shirt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(addButton(page)).toHaveText('Ajouter au panier');

    // Platform price markup (48.00) in euros, as fr-FR writes them: "48,00 €".
    const price = await intl(page, 'fr-FR', 'EUR', 48);
    expect(price).toMatch(/^48,00\s€$/);
    await expect(page.locator('.sqs-money-native').first()).toHaveText(price);
    await expect(page.locator('.product-price').first()).toContainText(`à partir de ${price}`);
    const payment = await intl(page, 'fr-FR', 'EUR', 12);
    await expect(page.locator('store-installment-pill .store-installment-pill')).toHaveText(
      new RegExp(`^ou 4 paiements sans frais de ${payment} avec Afterpay`),
    );

    // Validation and the alert in French.
    await addButton(page).click();
    await expectAlert(page, "Impossible d'ajouter l'article", 'Veuillez choisir les options Size et Color.');
    await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Fermer' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();

    // Adding: the button's phases, then the pill's French plural and the cart (in the store's dollars) in fr-FR.
    await chooseOptions(page, { Size: 'L', Color: 'Sand' });
    await addButton(page).click();
    await expect(addButton(page)).toHaveText('Ajout…');
    await expect(addButton(page)).toHaveText('Ajouté\u00a0!');
    await expect(cartPill(page).locator('.store-cart-pill__items')).toHaveText('1 article');
    await expect(cartPill(page).locator('.store-cart-pill__subtotal')).toHaveText(await intl(page, 'fr-FR', 'USD', 52));
    await expect(cartPill(page)).toHaveAccessibleName(/^un article dans le panier, sous-total/);
  });

  test('the French store: reviews with French plurals and dates in Europe/Paris', async ({ page }) => {
    await page.goto('/fr/shop/p/linen-shirt');
    const tab = page.locator('store-reviews .store-reviews__tab');
    await expect(tab).toHaveText(/^Avis \(\d+\)$/);
    await expect(page.locator('store-reviews .store-reviews__summary')).toHaveText(/^[★☆]+ \d,\d sur 5, \d+ avis$/);
    await tab.click();
    const months = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
    await expect(page.locator('store-reviews .store-reviews__byline').first()).toHaveText(
      new RegExp(`, le \\d{1,2} (${months}) \\d{4}$`),
    );
  });

  test('platform amounts with grouping get their currency: $2,400.00, and ¥4,800 on a JPY store', async ({ page }) => {
    await page.goto('/shop/p/walnut-writing-desk');
    await expect(page.locator('.sqs-money-native').first()).toHaveText('$2,400.00');
    await page.goto('/qa/p/linen-shirt?currency=JPY');
    await expect(page.locator('.sqs-money-native').first()).toHaveText('¥4,800');
  });
});

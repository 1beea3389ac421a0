/** What the theme developers' pages of the browser tests share (plain data: every engine's driver reads it). */

/** A value as JSON inside a single-quoted attribute. */
export const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/** The restock box's thanks, as the store's settings give it. */
export const RESTOCK_THANKS = "Thanks! We'll e-mail you as soon as it is back in stock.";

/** What a theme developer copies from the store: its context (currency, CAPTCHA, restock settings). */
export const THEME_CONTEXT = {
  websiteId: 'site-field-and-forge',
  storeSettings: { selectedCurrency: 'USD' },
  captchaSettings: { siteKey: 'test-site-key', scriptUrl: '/captcha/test-provider.js' },
  restockSettings: { mailingListSignUpEnabled: true, successText: RESTOCK_THANKS, captcha: true },
};

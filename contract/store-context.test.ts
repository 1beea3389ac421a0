import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTCHA_SCRIPT, parseStoreContext } from './store-context';

const DEFAULTS = {
  currency: 'USD',
  multipleQuantityAllowedForServices: true,
  captcha: { scriptUrl: DEFAULT_CAPTCHA_SCRIPT },
  restock: { mailingListSignUpEnabled: false, mailingListOptInByDefault: false, captcha: false },
  enabledFeatures: null,
};

describe('parseStoreContext', () => {
  it('gives the defaults for missing, malformed or non-object JSON', () => {
    for (const json of [undefined, null, '', '{', '42', 'null']) expect(parseStoreContext(json)).toEqual(DEFAULTS);
  });

  it('reads what the server writes', () => {
    const json = JSON.stringify({
      websiteId: 'site-1',
      storeSettings: { selectedCurrency: 'JPY', multipleQuantityAllowedForServices: false },
      captchaSettings: { siteKey: 'key', scriptUrl: '/captcha.js' },
      restockSettings: {
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        successText: 'Thanks!',
        captcha: true,
      },
      enabledFeatures: [40, 64, 999, '66', null, 1.5],
    });
    expect(parseStoreContext(json)).toEqual({
      websiteId: 'site-1',
      currency: 'JPY',
      multipleQuantityAllowedForServices: false,
      captcha: { siteKey: 'key', scriptUrl: '/captcha.js' },
      restock: {
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        successText: 'Thanks!',
        captcha: true,
      },
      enabledFeatures: [40, 64, 999],
    });
  });

  it('drops an unknown currency, blank texts and values of the wrong type', () => {
    const json = JSON.stringify({
      websiteId: 7,
      storeSettings: { selectedCurrency: 'XYZ', multipleQuantityAllowedForServices: 'no' },
      captchaSettings: { siteKey: ' ', scriptUrl: 3 },
      restockSettings: { mailingListSignUpEnabled: 'true', successText: '', captcha: 1 },
    });
    expect(parseStoreContext(json)).toEqual(DEFAULTS);
  });
});

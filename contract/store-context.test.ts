import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTCHA_SCRIPT, parseStoreContext } from './store-context';

const DEFAULTS = {
  currency: 'USD',
  multipleQuantityAllowedForServices: true,
  captcha: { scriptUrl: DEFAULT_CAPTCHA_SCRIPT },
  restock: { mailingListSignUpEnabled: false, mailingListOptInByDefault: false, captcha: false },
  enabledFeatures: null,
  featureFlags: null,
  languagePrefix: '',
  locale: 'en-US',
  timeZone: 'America/New_York',
  messages: {},
  classes: {},
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
      featureFlags: ['vanilla-form-handler', 3],
      classes: { button: '  btn   btn-dark ', select: 'form-select', sparkle: 'x', input: 3, label: ' ' },
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
      featureFlags: ['vanilla-form-handler'],
      languagePrefix: '',
      locale: 'en-US',
      timeZone: 'America/New_York',
      messages: {},
      classes: { button: 'btn btn-dark', select: 'form-select' },
    });
  });

  it('drops an unknown currency, blank texts and values of the wrong type', () => {
    const json = JSON.stringify({
      websiteId: 7,
      storeSettings: { selectedCurrency: 'XYZ', multipleQuantityAllowedForServices: 'no' },
      captchaSettings: { siteKey: ' ', scriptUrl: 3 },
      restockSettings: { mailingListSignUpEnabled: 'true', successText: '', captcha: 1 },
      classes: ['btn'],
    });
    expect(parseStoreContext(json)).toEqual(DEFAULTS);
  });

  it('reads the locale (else the website locale), the time zone and the widget messages', () => {
    const json = JSON.stringify({
      websiteLocale: 'de-DE',
      locale: 'fr_fr',
      timeZone: 'Europe/Paris',
      messages: {
        'cartPill.items': '{count, plural, one {article} other {articles}}',
        'not a key': 'x',
        'cart.tax': 3,
      },
    });
    expect(parseStoreContext(json)).toMatchObject({
      locale: 'fr-FR',
      timeZone: 'Europe/Paris',
      messages: { 'cartPill.items': '{count, plural, one {article} other {articles}}' },
    });
    expect(parseStoreContext(json).messages).not.toHaveProperty('not a key');
    expect(parseStoreContext(json).messages).not.toHaveProperty('cart.tax');
    expect(parseStoreContext('{"websiteLocale":"ja-JP"}').locale).toBe('ja-JP');
  });

  it('falls back from an unusable locale or time zone', () => {
    const json = JSON.stringify({ locale: 'not a locale!', timeZone: 'Mars/Olympus', messages: ['x'] });
    expect(parseStoreContext(json)).toMatchObject({ locale: 'en-US', timeZone: 'America/New_York', messages: {} });
    expect(parseStoreContext('{"messages":{"__proto__":"x"}}').messages).toEqual({});
  });
});

describe('apiBase', () => {
  it('keeps an http(s) URL or a path, and drops anything else', () => {
    expect(parseStoreContext('{"apiBase":"https://shop.example"}').apiBase).toBe('https://shop.example');
    expect(parseStoreContext('{"apiBase":"/"}').apiBase).toBe('/');
    expect(parseStoreContext('{"apiBase":"//evil.example"}').apiBase).toBeUndefined();
    expect(parseStoreContext('{"apiBase":"javascript:alert(1)"}').apiBase).toBeUndefined();
    expect(parseStoreContext('{"apiBase":42}').apiBase).toBeUndefined();
    expect(parseStoreContext('{}').apiBase).toBeUndefined();
  });
});

describe('languagePrefix', () => {
  const read = (value: unknown) => parseStoreContext(JSON.stringify({ languagePrefix: value })).languagePrefix;

  it('keeps `/` and a short lowercase code', () => {
    expect(read('/de')).toBe('/de');
    expect(read('/fil')).toBe('/fil');
    expect(parseStoreContext('{}').languagePrefix).toBe('');
    expect(read('')).toBe('');
  });

  it('drops anything else, so no written value can lead a link off the store or into a script', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://evil.example',
      'de',
      '/de/',
      '/DE',
      '/de-at',
      '/deutsch',
      '/d',
      '/de?x',
      '/de#x',
      ' /de',
      '/de\n',
      '/',
      42,
      null,
      ['/de'],
      { prefix: '/de' },
    ])
      expect(read(value), JSON.stringify(value)).toBe('');
  });
});

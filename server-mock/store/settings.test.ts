import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGINS_KEY,
  allowedOrigins,
  commerceSettings,
  COMMERCE_SETTINGS_KEY,
  setSetting,
  websiteSettings,
} from './settings';
import { storePerTest } from '../testing/test-store';

const store = storePerTest();

describe('commerce settings', () => {
  it('reads the demo store settings, also through websiteSettings', () => {
    const expected = {
      minimumSubtotalCents: 2000,
      taxRatePercent: 8,
      flatShippingCents: 700,
      installments: {
        afterPayMinCents: 3500,
        afterPayMaxCents: 200000,
        stripeAccountCountry: 'US',
        shopperLanguage: 'en',
      },
      reviews: { nativeReviewsEnabled: true, importedReviewsEnabled: false },
      featureFlags: [],
    };
    expect(commerceSettings(store.db)).toEqual(expected);
    expect(websiteSettings(store.db).commerceSettings).toEqual(expected);
  });

  const DEFAULTS = {
    minimumSubtotalCents: null,
    taxRatePercent: 0,
    flatShippingCents: 0,
    installments: null,
    reviews: { nativeReviewsEnabled: false, importedReviewsEnabled: false },
    featureFlags: [],
  };

  it.each([
    ['unset', null],
    ['not JSON', '{oops'],
    ['a list', '[1]'],
    [
      'of the wrong types',
      JSON.stringify({
        minimumSubtotalCents: '2000',
        taxRatePercent: -5,
        flatShippingCents: 7.5,
        installments: {
          afterPayMinCents: 5000,
          afterPayMaxCents: 100,
          stripeAccountCountry: 'US',
          shopperLanguage: 'en',
        },
        reviews: { nativeReviewsEnabled: 'yes' },
        featureFlags: 'reviews-kill-switch',
      }),
    ],
  ])('falls back to safe defaults when the setting is %s', (_name, value) => {
    if (value === null) store.db.prepare('DELETE FROM settings WHERE key = ?').run(COMMERCE_SETTINGS_KEY);
    else setSetting(store.db, COMMERCE_SETTINGS_KEY, value);
    expect(commerceSettings(store.db)).toEqual(DEFAULTS);
  });

  it('keeps only the text flags', () => {
    setSetting(store.db, COMMERCE_SETTINGS_KEY, JSON.stringify({ featureFlags: ['reviews-kill-switch', 3, null] }));
    expect(commerceSettings(store.db).featureFlags).toEqual(['reviews-kill-switch']);
  });
});

describe('allowed origins', () => {
  it('are none by default, the strings of a JSON list when set, and none when the setting is malformed', () => {
    expect(allowedOrigins(store.db)).toEqual([]);
    setSetting(store.db, ALLOWED_ORIGINS_KEY, JSON.stringify(['https://theme.example', 42]));
    expect(allowedOrigins(store.db)).toEqual(['https://theme.example']);
    setSetting(store.db, ALLOWED_ORIGINS_KEY, '{not json');
    expect(allowedOrigins(store.db)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGINS_KEY,
  allowedOrigins,
  commerceSettings,
  COMMERCE_SETTINGS_KEY,
  experimentConfig,
  EXPERIMENTS_KEY,
  setEnabledFeatures,
  setSetting,
  SITE_STATUS_KEY,
  siteStatus,
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
      featureFlags: ['vanilla-form-handler'],
      enabledFeatures: [40, 50, 64, 66, 68],
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
    // Named flags that are on by default: the vanilla form handler.
    featureFlags: ['vanilla-form-handler'],
    // Settings from before the numbered flags keep what the store did then.
    enabledFeatures: [40, 50, 64, 66, 68],
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

describe('numbered feature flags, experiments and site status', () => {
  it('saves the known flags the owner turns on, keeping the other commerce settings', () => {
    expect(setEnabledFeatures(store.db, [66, 40, 40, 999, 64])).toEqual([40, 64, 66]);
    expect(commerceSettings(store.db)).toMatchObject({ taxRatePercent: 8, enabledFeatures: [40, 64, 66] });
    setEnabledFeatures(store.db, []);
    expect(commerceSettings(store.db).enabledFeatures).toEqual([]);
    setSetting(store.db, COMMERCE_SETTINGS_KEY, JSON.stringify({ enabledFeatures: [50, '40', 70.5, 70] }));
    expect(commerceSettings(store.db).enabledFeatures).toEqual([50, 70]);
  });

  it('reads the seeded experiments and drops definitions that are not objects', () => {
    expect(experimentConfig(store.db)['add-button-label']).toEqual({ type: 'AB_TEST', variant: 'control' });
    setSetting(store.db, EXPERIMENTS_KEY, JSON.stringify({ a: { type: 'AB_TEST', variant: 'x' }, b: 'nope', c: [1] }));
    expect(experimentConfig(store.db)).toEqual({ a: { type: 'AB_TEST', variant: 'x' } });
    setSetting(store.db, EXPERIMENTS_KEY, '[1]');
    expect(experimentConfig(store.db)).toEqual({});
  });

  it('reads the site status, paid by default', () => {
    expect(siteStatus(store.db)).toBe(8);
    setSetting(store.db, SITE_STATUS_KEY, '6');
    expect(siteStatus(store.db)).toBe(6);
    setSetting(store.db, SITE_STATUS_KEY, 'internal');
    expect(siteStatus(store.db)).toBe(8);
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

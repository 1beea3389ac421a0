import { randomBytes } from 'node:crypto';
import type {
  CaptchaSettings,
  CommerceSettings,
  InstallmentSettings,
  RestockSettings,
} from '../../contract/store-context';
import type { Db } from './db';
import { settingsRows } from './settings-rows';
import { cachedPerTable } from './table-version';
import { DEFAULT_ENABLED_FEATURES, DEFAULT_NAMED_FLAGS, isFeatureFlag } from '../../contract/feature-flags';
import type { ExperimentConfig } from '../../contract/experiments';
import { SESSION_RECORDING_MOCK_ID, type SessionRecordingAnswer } from '../../contract/session-recording';
import { SiteStatus } from '../../contract/enumerations';
import type { SiteHeaderFooter, SiteLanguage } from '../../contract/site-settings';
import { servedLanguages, siteHeaderFooter } from './site-settings';

export function getSetting(db: Db, key: string): string | undefined {
  return settingsRows(db).get(key);
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** A random secret kept in the settings under `key`, made on first use so it survives restarts. */
function storeSecret(db: Db, key: string): string {
  const existing = getSetting(db, key);
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, secret);
  return getSetting(db, key) ?? secret;
}

/** The secret that signs crumbs; made once per store so crumbs survive restarts. */
export function crumbSecret(db: Db): string {
  return storeSecret(db, 'crumb_secret');
}

/** The secret that keys the hashes of addresses and e-mail addresses the store keeps instead of them. */
export function identitySecret(db: Db): string {
  return storeSecret(db, 'identity_secret');
}

/** The secret that signs CAPTCHA tokens of the local test provider (never sent to pages). */
export function captchaSecret(db: Db): string {
  return storeSecret(db, 'captcha_secret');
}

/** Settings keys of the CAPTCHA, restock and commerce settings (JSON values). */
export const CAPTCHA_SETTINGS_KEY = 'captcha_settings';
export const RESTOCK_SETTINGS_KEY = 'restock_settings';
export const COMMERCE_SETTINGS_KEY = 'commerce_settings';
/** Settings key of the experiment configuration (JSON: name -> `{type, variant}`). */
export const EXPERIMENTS_KEY = 'experiments';
/** Settings key of the session recording account (JSON: `{orgId, samplePercent}`). */
export const SESSION_RECORDING_KEY = 'session_recording';
/** Settings key of the site status (a `SiteStatus` code). */
export const SITE_STATUS_KEY = 'site_status';

function jsonSetting(db: Db, key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(getSetting(db, key) ?? 'null');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The site's CAPTCHA provider; null when no site key is configured (then nothing can verify). */
export function captchaSettings(db: Db): CaptchaSettings | null {
  const { siteKey, scriptUrl } = jsonSetting(db, CAPTCHA_SETTINGS_KEY);
  if (typeof siteKey !== 'string' || siteKey === '') return null;
  return { siteKey, scriptUrl: typeof scriptUrl === 'string' ? scriptUrl : '' };
}

/** The restock settings, with everything off when unset. */
export function restockSettings(db: Db): RestockSettings {
  const raw = jsonSetting(db, RESTOCK_SETTINGS_KEY);
  return {
    mailingListSignUpEnabled: raw.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: raw.mailingListOptInByDefault === true,
    successText: typeof raw.successText === 'string' ? raw.successText : '',
    captcha: raw.captcha === true,
  };
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function installmentSettings(value: unknown): InstallmentSettings | null {
  if (!value || typeof value !== 'object') return null;
  const {
    afterPayMinCents: min,
    afterPayMaxCents: max,
    stripeAccountCountry,
    shopperLanguage,
  } = value as Record<string, unknown>;
  if (!isCount(min) || !isCount(max) || min > max) return null;
  if (typeof stripeAccountCountry !== 'string' || typeof shopperLanguage !== 'string') return null;
  return { afterPayMinCents: min, afterPayMaxCents: max, stripeAccountCountry, shopperLanguage };
}

/** The commerce settings, with safe defaults: no minimum, no tax or shipping, no installments, no reviews. */
export function commerceSettings(db: Db): CommerceSettings {
  const raw = jsonSetting(db, COMMERCE_SETTINGS_KEY);
  const { minimumSubtotalCents: minimum, taxRatePercent: rate, flatShippingCents: shipping } = raw;
  const reviews = raw.reviews && typeof raw.reviews === 'object' ? (raw.reviews as Record<string, unknown>) : {};
  return {
    minimumSubtotalCents: isCount(minimum) && minimum > 0 ? minimum : null,
    taxRatePercent: typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : 0,
    flatShippingCents: isCount(shipping) ? shipping : 0,
    installments: installmentSettings(raw.installments),
    reviews: {
      nativeReviewsEnabled: reviews.nativeReviewsEnabled === true,
      importedReviewsEnabled: reviews.importedReviewsEnabled === true,
    },
    // Settings without a list of named flags have the default-on ones (the vanilla form handler).
    featureFlags: Array.isArray(raw.featureFlags)
      ? raw.featureFlags.filter((flag): flag is string => typeof flag === 'string')
      : [...DEFAULT_NAMED_FLAGS],
    // Settings saved before the numbered flags existed keep what the store did then.
    enabledFeatures: Array.isArray(raw.enabledFeatures)
      ? [...new Set(raw.enabledFeatures.filter(isFeatureFlag))].sort((a, b) => a - b)
      : [...DEFAULT_ENABLED_FEATURES],
  };
}

/** Saves the numbered feature flags the owner turned on (unknown numbers are dropped). */
export function setEnabledFeatures(db: Db, flags: readonly number[]): number[] {
  const enabled = [...new Set(flags.filter(isFeatureFlag))].sort((a, b) => a - b);
  db.transaction(() => {
    const raw = jsonSetting(db, COMMERCE_SETTINGS_KEY);
    setSetting(db, COMMERCE_SETTINGS_KEY, JSON.stringify({ ...raw, enabledFeatures: enabled }));
  }).immediate();
  return enabled;
}

/** The experiment configuration; definitions that are not objects are dropped, the rest kept as stored. */
export function experimentConfig(db: Db): ExperimentConfig {
  const raw = jsonSetting(db, EXPERIMENTS_KEY);
  const config: ExperimentConfig = {};
  for (const [name, definition] of Object.entries(raw)) {
    if (definition && typeof definition === 'object' && !Array.isArray(definition)) {
      config[name] = definition as ExperimentConfig[string];
    }
  }
  return config;
}

/**
 * What `GET /api/commerce/fullstory/getId` answers: the recording account's id, or the automated
 * mock id (recording off) when the store has none; the share of visitors sampled, 0 when unset.
 */
export function sessionRecordingSettings(db: Db): SessionRecordingAnswer {
  const { orgId, samplePercent } = jsonSetting(db, SESSION_RECORDING_KEY);
  return {
    id: typeof orgId === 'string' && orgId !== '' ? orgId : SESSION_RECORDING_MOCK_ID,
    samplePercent: typeof samplePercent === 'number' && samplePercent >= 0 && samplePercent <= 100 ? samplePercent : 0,
  };
}

/** The site status; a paid site when unset or not a number. */
export function siteStatus(db: Db): number {
  const value = Number(getSetting(db, SITE_STATUS_KEY));
  return Number.isSafeInteger(value) && value > 0 ? value : SiteStatus.PAID;
}

/** The site settings pages and carts read. */
export interface WebsiteSettings {
  id: string;
  title: string;
  selectedCurrency: string;
  multipleQuantityAllowedForServices: boolean;
  captchaSettings: CaptchaSettings | null;
  restockSettings: RestockSettings;
  commerceSettings: CommerceSettings;
  /** A `SiteStatus` code. */
  siteStatus: number;
  experiments: ExperimentConfig;
  /** The site header and footer (`GET /api/site-header-footer`). */
  headerFooter: SiteHeaderFooter;
  /** The languages pages offer (the default alone while the translation service is disconnected). */
  languages: SiteLanguage[];
}

/** `value` and everything in it frozen: what a cache hands to every caller must not change. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The site settings, with defaults for anything unset; read again only after the settings table
 * changed (frozen: every caller gets the same object).
 */
export const websiteSettings: (db: Db) => Readonly<WebsiteSettings> = cachedPerTable('settings', (db) =>
  deepFreeze(readWebsiteSettings(db)),
);

function readWebsiteSettings(db: Db): WebsiteSettings {
  return {
    id: getSetting(db, 'website_id') ?? 'site',
    title: getSetting(db, 'site_title') ?? 'Store',
    selectedCurrency: getSetting(db, 'selected_currency') ?? 'USD',
    multipleQuantityAllowedForServices: getSetting(db, 'multiple_quantity_services') !== 'false',
    captchaSettings: captchaSettings(db),
    restockSettings: restockSettings(db),
    commerceSettings: commerceSettings(db),
    siteStatus: siteStatus(db),
    experiments: experimentConfig(db),
    headerFooter: siteHeaderFooter(db),
    languages: servedLanguages(db),
  };
}

/** Settings key of the origins whose pages may call the API with the visitor's cookies (a JSON list). */
export const ALLOWED_ORIGINS_KEY = 'allowed_origins';

/**
 * The origins the store allows to embed its widgets (`["https://theme.example"]`); none when unset.
 * Read again only after the settings table changed (every request's CORS check reads it).
 */
export const allowedOrigins: (db: Db) => readonly string[] = cachedPerTable('settings', (db) =>
  Object.freeze(readAllowedOrigins(db)),
);

function readAllowedOrigins(db: Db): string[] {
  try {
    const value: unknown = JSON.parse(getSetting(db, ALLOWED_ORIGINS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The store-context schema: the store settings the server keeps, the JSON it writes into
 * `<script type="application/json" id="store-context">` on every page, and the tolerant reader
 * that gives widgets that context with defaults for anything missing or malformed.
 */
import type { OrderSummary } from './cart';
import { readControlClasses, type ControlClasses } from './control-classes';
import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from './currencies';
import type { ExperimentConfig } from './experiments';
import { readEnabledFeatures } from './feature-flags';
import { readLanguagePrefix } from './language-prefix';
import { readLocale, readMessages, readTimeZone, type WidgetMessageOverrides } from './locale';

/** Id of the script element that carries the store context. */
export const STORE_CONTEXT_ID = 'store-context';

/** reCAPTCHA's explicit-render script; sites (and the demo store) may point elsewhere. */
export const DEFAULT_CAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';

/** The site's CAPTCHA provider (`captchaSettings`): the public site key and the provider script. */
export interface CaptchaSettings {
  siteKey: string;
  scriptUrl: string;
}

/** Store-wide back-in-stock sign-up settings (`restockSettings`). */
export interface RestockSettings {
  /** Whether sign-ups offer to join the mailing list. */
  mailingListSignUpEnabled: boolean;
  /** Whether that offer starts accepted. */
  mailingListOptInByDefault: boolean;
  /** Shown after a sign-up; the widget says 'Signed up!' when empty. */
  successText: string;
  /** Whether a sign-up needs a solved CAPTCHA. */
  captcha: boolean;
}

/** The buy-now-pay-later offer on product pages (the installment pill's per-item context). */
export interface InstallmentSettings {
  /** Prices above this many minor units are in range. */
  afterPayMinCents: number;
  /** Prices up to this many minor units are in range. */
  afterPayMaxCents: number;
  /** Country of the store's payment account ('US', 'GB', …): picks the provider and info page. */
  stripeAccountCountry: string;
  /** Language of the shopper-facing texts ('en', 'fr'). */
  shopperLanguage: string;
}

/** Which reviews the store shows on product pages (`reviewsSettings`). */
export interface ReviewSettings {
  nativeReviewsEnabled: boolean;
  importedReviewsEnabled: boolean;
}

/** Store-wide commerce settings (`commerceSettings`): cart totals, installments, reviews, flags. */
export interface CommerceSettings {
  /** Smallest order subtotal that may check out, in minor units; null for no minimum. */
  minimumSubtotalCents: number | null;
  /** Tax on physical items, in percent (8 is 8 %). */
  taxRatePercent: number;
  /** Shipping of a cart that needs shipping, in minor units. */
  flatShippingCents: number;
  /** The installment offer; null when the store does not offer installments. */
  installments: InstallmentSettings | null;
  reviews: ReviewSettings;
  /** Feature flags on for this site ('reviews-kill-switch', …). */
  featureFlags: string[];
  /** Numbered feature flags on for this site (`FeatureFlag` codes: 40 gift cards, 64 Afterpay, …). */
  enabledFeatures: number[];
}

/** The store context as the server writes it (JSON). */
export interface StoreContextJson {
  websiteId: string;
  storeSettings: {
    /** The store currency; USD when unset or unknown. */
    selectedCurrency: string;
    /** Whether services may be bought more than one at a time. */
    multipleQuantityAllowedForServices: boolean;
  };
  /** Present when the site has a CAPTCHA provider. */
  captchaSettings?: CaptchaSettings;
  restockSettings?: RestockSettings;
  reviewsSettings: ReviewSettings;
  featureFlags: string[];
  /** Numbered feature flags on for this site (`FeatureFlag` codes); see contract/feature-flags.ts. */
  enabledFeatures: number[];
  /** A `SiteStatus` code; internal sites (6) may override experiment variants from the query. */
  siteStatus: number;
  /** The experiment configuration of the site, by name (see contract/experiments.ts). */
  experiments: ExperimentConfig;
  templateId: string;
  websiteLocale: string;
  /** The widgets' locale (BCP 47, 'fr-FR'); the website locale when absent. */
  locale?: string;
  /** The site's time zone (IANA, 'Europe/Paris'); dates in widgets are shown in it. */
  timeZone?: string;
  /** Widget strings by catalog key ('cart.pill.items'), overriding the English defaults. */
  messages?: Record<string, string>;
  /** The theme's classes for the widgets' controls, by kind (contract/control-classes.ts). */
  classes?: ControlClasses;
  sourceEnvironment: string;
  cookiePolicy: { restrictive: boolean };
  isCloneable: boolean;
  /** A `PageType` code. */
  pageType: number;
  pageId: string;
  /** The content item of an item page (`recordType` a `RecordType`; `productType` a `ProductType`, on products only). */
  item: { id: string; recordType: number; collectionId: string; title: string; productType?: number } | null;
  collection: { id: string; name: string } | null;
  /** The signed-in site owner or contributor, by `UserRole` codes; null for visitors. */
  account: { roles: readonly number[] } | null;
  /**
   * Where widgets call the API: an http(s) origin, or `/` for the page's own. Absent: the origin
   * `storefront.js` was loaded from.
   */
  apiBase?: string;
  /**
   * The path prefix of the page's language (`/de` on `/de/shop`): `/` and a short lowercase code.
   * Absent or '' on the default language's pages. Widgets keep their links to store pages under it.
   */
  languagePrefix?: string;
  /** On the order-confirmed page (page type 202): the order placed, amounts in minor units. */
  order?: OrderSummary;
  /** QA pages: analytics events go to the event service's validation endpoint (checked, not recorded). */
  eventValidationMode?: boolean;
}

/** Locale of widgets when the context names none. */
export const DEFAULT_LOCALE = 'en-US';

/** Time zone of dates in widgets when the context names none (the platform's default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The CAPTCHA provider as widgets read it: without a site key there is no CAPTCHA. */
export interface StoreContextCaptcha {
  siteKey?: string;
  /** The provider script (a reCAPTCHA-compatible `grecaptcha` API). */
  scriptUrl: string;
}

/** The restock settings as widgets read them. */
export interface StoreContextRestock {
  /** Whether sign-up offers the mailing-list checkbox. */
  mailingListSignUpEnabled: boolean;
  /** Whether that checkbox starts checked. */
  mailingListOptInByDefault: boolean;
  /** Text shown after a sign-up; 'Signed up!' when empty. */
  successText?: string;
  /** Whether sign-up asks for a CAPTCHA. */
  captcha: boolean;
}

/** What widgets know about the store, read from the store context with defaults. */
export interface StoreContext {
  websiteId?: string;
  /** The store currency (store setting `selectedCurrency`), USD when unset. */
  currency: CurrencyCode;
  /** Whether services may be bought more than one at a time (default allowed). */
  multipleQuantityAllowedForServices: boolean;
  /** CAPTCHA provider of the site (`captchaSettings`): its site key and script. */
  captcha: StoreContextCaptcha;
  /** Store-wide restock sign-up settings (`restockSettings`). */
  restock: StoreContextRestock;
  /** Numbered feature flags on (`enabledFeatures`); null when the context does not list them (every gate open). */
  enabledFeatures: readonly number[] | null;
  /** Named feature flags on (`featureFlags`); null when the context does not list them (default-on flags on). */
  featureFlags: readonly string[] | null;
  /**
   * `apiBase` as written (an absolute http(s) URL, or a path such as `/` for the page's own
   * origin); absent when missing or unusable, and then widgets call where their script came from.
   */
  apiBase?: string;
  /**
   * The page language's path prefix (`/de`) that links to store pages keep; '' on the default
   * language's pages and when the written value is not `/` and a short lowercase code.
   */
  languagePrefix: string;
  /** Locale of widget strings, money, numbers and dates: `locale`, else `websiteLocale`, else en-US. */
  locale: string;
  /** Time zone of dates in widgets: `timeZone`, else America/New_York. */
  timeZone: string;
  /** Overrides of widget strings by catalog key; unknown keys and non-strings are dropped. */
  messages: WidgetMessageOverrides;
  /** The theme's classes for the widgets' controls (`classes`); unknown kinds and non-strings are dropped. */
  classes: ControlClasses;
}

/** Reads store-context JSON text; missing or malformed parts give the defaults. */
export function parseStoreContext(json: string | null | undefined): StoreContext {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // Defaults below.
  }
  const settings = (raw.storeSettings ?? {}) as Record<string, unknown>;
  const selected = settings.selectedCurrency;
  const captcha = (raw.captchaSettings ?? {}) as Record<string, unknown>;
  const restock = (raw.restockSettings ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const siteKey = text(captcha.siteKey);
  const successText = text(restock.successText);
  const apiBase = text(raw.apiBase)?.trim();
  const usableApiBase =
    apiBase && (/^https?:\/\/[^/]/i.test(apiBase) || /^\/(?!\/)/.test(apiBase)) ? apiBase : undefined;
  return {
    ...(typeof raw.websiteId === 'string' ? { websiteId: raw.websiteId } : {}),
    currency: isCurrencyCode(selected) ? selected : DEFAULT_CURRENCY,
    multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices !== false,
    captcha: { ...(siteKey ? { siteKey } : {}), scriptUrl: text(captcha.scriptUrl) ?? DEFAULT_CAPTCHA_SCRIPT },
    restock: {
      mailingListSignUpEnabled: restock.mailingListSignUpEnabled === true,
      mailingListOptInByDefault: restock.mailingListOptInByDefault === true,
      ...(successText ? { successText } : {}),
      captcha: restock.captcha === true,
    },
    enabledFeatures: readEnabledFeatures(raw.enabledFeatures),
    featureFlags: Array.isArray(raw.featureFlags)
      ? raw.featureFlags.filter((flag): flag is string => typeof flag === 'string')
      : null,
    ...(usableApiBase ? { apiBase: usableApiBase } : {}),
    languagePrefix: readLanguagePrefix(raw.languagePrefix),
    locale: readLocale(raw.locale) ?? readLocale(raw.websiteLocale) ?? DEFAULT_LOCALE,
    timeZone: readTimeZone(raw.timeZone) ?? DEFAULT_TIME_ZONE,
    messages: readMessages(raw.messages),
    classes: readControlClasses(raw.classes).classes,
  };
}

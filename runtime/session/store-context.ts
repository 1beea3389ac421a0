import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '../money/currencies';
import { pageSlot } from '../page-runtime';

/** What the server tells every widget about the store, in `<script type="application/json" id="store-context">`. */
export interface StoreContext {
  websiteId?: string;
  /** The store currency (store setting `selectedCurrency`), USD when unset. */
  currency: CurrencyCode;
  /** Whether services may be bought more than one at a time (default allowed). */
  multipleQuantityAllowedForServices: boolean;
  /** CAPTCHA provider of the site (`captchaSettings`): its site key and script. */
  captcha: CaptchaSettings;
  /** Store-wide restock sign-up settings (`restockSettings`). */
  restock: RestockSettings;
}

export interface CaptchaSettings {
  /** Without a site key there is no CAPTCHA. */
  siteKey?: string;
  /** The provider script (a reCAPTCHA-compatible `grecaptcha` API). */
  scriptUrl: string;
}

export interface RestockSettings {
  /** Whether sign-up offers the mailing-list checkbox. */
  mailingListSignUpEnabled: boolean;
  /** Whether that checkbox starts checked. */
  mailingListOptInByDefault: boolean;
  /** Text shown after a sign-up; 'Signed up!' when empty. */
  successText?: string;
  /** Whether sign-up asks for a CAPTCHA. */
  captcha: boolean;
}

/** reCAPTCHA's explicit-render script; sites (and the demo store) may point elsewhere. */
export const DEFAULT_CAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';

export const STORE_CONTEXT_ID = 'store-context';

/** The parsed context of the page (none until a widget asks). */
const pageStoreContext = pageSlot<{ context?: StoreContext }>('store-context', () => ({}));

/** Parses the page's store context once; missing or malformed context gives the defaults. */
export function storeContext(doc: Document | undefined = globalThis.document): StoreContext {
  const cached = pageStoreContext.get();
  if (cached.context) return cached.context;
  let raw: Record<string, unknown> = {};
  try {
    const text = doc?.getElementById(STORE_CONTEXT_ID)?.textContent;
    const parsed: unknown = text ? JSON.parse(text) : {};
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
  cached.context = {
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
  };
  return cached.context;
}

/** Forgets the parsed context (tests, or a page that replaces it). */
export function resetStoreContext(): void {
  pageStoreContext.set(undefined);
}

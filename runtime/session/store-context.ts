import { DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from '../money/currencies';

/** What the server tells every widget about the store, in `<script type="application/json" id="store-context">`. */
export interface StoreContext {
  websiteId?: string;
  /** The store currency (store setting `selectedCurrency`), USD when unset. */
  currency: CurrencyCode;
  /** Whether services may be bought more than one at a time (default allowed). */
  multipleQuantityAllowedForServices: boolean;
}

export const STORE_CONTEXT_ID = 'store-context';

let cached: StoreContext | undefined;

/** Parses the page's store context once; missing or malformed context gives the defaults. */
export function storeContext(doc: Document | undefined = globalThis.document): StoreContext {
  if (cached) return cached;
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
  cached = {
    ...(typeof raw.websiteId === 'string' ? { websiteId: raw.websiteId } : {}),
    currency: isCurrencyCode(selected) ? selected : DEFAULT_CURRENCY,
    multipleQuantityAllowedForServices: settings.multipleQuantityAllowedForServices !== false,
  };
  return cached;
}

/** Forgets the parsed context (tests, or a page that replaces it). */
export function resetStoreContext(): void {
  cached = undefined;
}

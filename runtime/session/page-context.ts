import { PageType, RecordType } from '../../contract/enumerations';
import { STORE_CONTEXT_ID } from './store-context';

/** The content item a page shows (a product on product pages). */
export interface PageItem {
  id: string;
  recordType?: number;
  collectionId?: string;
  title?: string;
  productType?: number;
}

/** The collection a page belongs to. */
export interface PageCollection {
  id: string;
  name?: string;
}

/**
 * What analytics reads from the page's `#store-context` JSON. Every key is read
 * defensively: a malformed value counts as absent.
 */
export interface PageContext {
  websiteId?: string;
  templateId?: string;
  /** The site's locale, e.g. "en-US". */
  websiteLocale?: string;
  /** Platform page-type code. */
  pageType?: number;
  pageId?: string;
  item: PageItem | null;
  collection: PageCollection | null;
  featureFlags: string[];
  /** A signed-in site owner or contributor and their role codes; null for everyone else. */
  account: { roles: number[] } | null;
  cookiePolicy: { restrictive: boolean };
  /** Template sites others may clone: analytics writes no visitor cookies there. */
  isCloneable: boolean;
  /** The raw `sourceEnvironment` value (validated by the event tracker, which logs a bad one). */
  sourceEnvironment?: string;
  /** `storeSettings.selectedCurrency`, when it is a currency-like code. */
  currency?: string;
  /** The order placed, on the order-confirmed page (`order`); amounts in minor units. */
  order?: PageOrder;
  /** Events go to the event service's validation endpoint (`eventValidationMode`, QA pages). */
  eventValidationMode?: boolean;
}

/** The placed order an order-confirmed page carries. */
export interface PageOrder {
  id: string;
  currencyCode: string;
  taxCents: number;
  shippingCostCents: number;
  grandTotalCents: number;
  items: { id: string; name: string; quantity: number; priceCents: number }[];
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** Spreads `{[key]: value}` only when the value is defined (optional fields stay absent). */
function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function parseItem(value: unknown): PageItem | null {
  const raw = record(value);
  const id = text(raw?.id);
  if (!raw || !id) return null;
  return {
    id,
    ...optional('recordType', integer(raw.recordType)),
    ...optional('collectionId', text(raw.collectionId)),
    ...optional('title', text(raw.title)),
    ...optional('productType', integer(raw.productType)),
  };
}

function parseOrder(value: unknown): PageOrder | undefined {
  const raw = record(value);
  const id = text(raw?.id);
  const currencyCode = text(raw?.currencyCode);
  const cents = (key: string) => integer(raw?.[key]) ?? 0;
  if (!raw || !id || !currencyCode || !Array.isArray(raw.items)) return undefined;
  const items = raw.items.flatMap((entry: unknown) => {
    const item = record(entry);
    const itemId = text(item?.id);
    const quantity = integer(item?.quantity);
    const priceCents = integer(item?.priceCents);
    if (!item || !itemId || quantity === undefined || priceCents === undefined) return [];
    return [{ id: itemId, name: text(item.name) ?? '', quantity, priceCents }];
  });
  return {
    id,
    currencyCode,
    taxCents: cents('taxCents'),
    shippingCostCents: cents('shippingCostCents'),
    grandTotalCents: cents('grandTotalCents'),
    items,
  };
}

function parseCollection(value: unknown): PageCollection | null {
  const raw = record(value);
  const id = text(raw?.id);
  if (!raw || !id) return null;
  return { id, ...optional('name', text(raw.name)) };
}

function parseAccount(value: unknown): { roles: number[] } | null {
  const raw = record(value);
  if (!raw) return null;
  const roles = Array.isArray(raw.roles) ? raw.roles.filter((r): r is number => Number.isInteger(r)) : [];
  return { roles };
}

/** Reads the analytics keys of a parsed store context; anything malformed is absent. */
export function parsePageContext(value: unknown): PageContext {
  const raw = record(value) ?? {};
  const flags = Array.isArray(raw.featureFlags)
    ? raw.featureFlags.filter((f): f is string => typeof f === 'string')
    : [];
  const currency = text(record(raw.storeSettings)?.selectedCurrency);
  return {
    ...optional('websiteId', text(raw.websiteId)),
    ...optional('templateId', text(raw.templateId)),
    ...optional('websiteLocale', text(raw.websiteLocale)),
    ...optional('pageType', integer(raw.pageType)),
    ...optional('pageId', text(raw.pageId)),
    item: parseItem(raw.item),
    collection: parseCollection(raw.collection),
    featureFlags: flags,
    account: parseAccount(raw.account),
    cookiePolicy: { restrictive: record(raw.cookiePolicy)?.restrictive === true },
    isCloneable: raw.isCloneable === true,
    ...optional('sourceEnvironment', text(raw.sourceEnvironment)),
    ...optional('currency', currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined),
    ...optional('order', parseOrder(raw.order)),
    ...optional('eventValidationMode', raw.eventValidationMode === true ? true : undefined),
  };
}

/** Parses the page's `<script type="application/json" id="store-context">` (missing or malformed: defaults). */
export function readPageContext(doc: Document | undefined = globalThis.document): PageContext {
  let raw: unknown = {};
  try {
    const json = doc?.getElementById(STORE_CONTEXT_ID)?.textContent;
    if (json) raw = JSON.parse(json);
  } catch {
    // Malformed context: every key absent.
  }
  return parsePageContext(raw);
}

/** Whether the page shows a product (a content item page whose item is a store item). */
export function isProductPage(context: PageContext): boolean {
  return context.pageType === PageType.CONTENT_ITEM && context.item?.recordType === RecordType.STORE_ITEM;
}

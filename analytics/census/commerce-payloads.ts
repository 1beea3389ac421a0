import type { CommerceEventFields, SiteVisitorMetricsFields } from '../../contract/analytics';
import { ProductType } from '../../contract/enumerations';
import type { CommerceEventDetail, CommerceEventName } from '../../runtime/events';
import type { ShoppingCart } from '../../contract/cart';
import { CURRENCIES, isCurrencyCode } from '../../contract/currencies';
import type { PageContext } from '../../runtime/session/page-context';

export type { CommerceEventFields, SiteVisitorMetricsFields } from '../../contract/analytics';

/** Schema names of the events sent to the event service. */
export const EVENT_SCHEMAS = {
  /** The six commerce events (storefront spec, section 7). */
  commerce: 'commerce_event',
  /** Site-visitor metrics: product page view and add to cart. */
  siteVisitorMetrics: 'site_visitor_metrics',
} as const;

/** Product type names of the cart utilities (storefront spec, section 3). */
export const PRODUCT_TYPE_NAMES: Readonly<Record<number, string>> = {
  [ProductType.PHYSICAL]: 'PHYSICAL',
  [ProductType.DIGITAL]: 'DIGITAL',
  [ProductType.SERVICE]: 'SERVICE',
  [ProductType.GIFT_CARD]: 'GIFT_CARD',
};
export const UNKNOWN_PRODUCT_TYPE = 'UNKNOWN';

/** Purchase types of cart contents: cart entries are bought once; subscriptions check out on their own. */
export const PURCHASE_TYPES = { oneTime: 'ONE_TIME', subscription: 'SUBSCRIPTION' } as const;

/** The product-type name of a code (UNKNOWN when absent or not one of the four). */
export function productTypeName(code: number | undefined): string {
  return (code !== undefined && PRODUCT_TYPE_NAMES[code]) || UNKNOWN_PRODUCT_TYPE;
}

/** An amount in minor units as a number in major units of `currency` (JPY has none). */
export function majorUnits(minor: number, currency: string): number {
  const digits = isCurrencyCode(currency) ? CURRENCIES[currency].fractionDigits : 2;
  return minor / 10 ** digits;
}

/** The event names as the event service takes them: snake_case. */
export function commerceEventName(name: CommerceEventName): string {
  return name.replace(/-/g, '_');
}

/** What the payload builders know besides the event. */
export interface CommerceState {
  context: PageContext;
  cart: ShoppingCart | null;
  /** Product types seen on this page, by item id (the cart does not carry them). */
  itemTypes: ReadonlyMap<string, number>;
}

function currencyOf(state: CommerceState): string {
  return state.cart?.currencyCode || state.context.currency || 'USD';
}

/** The item of the page, when the event is about it. */
function pageItem(state: CommerceState, itemId: string | undefined) {
  const item = state.context.item;
  return item && (itemId === undefined || item.id === itemId) ? item : null;
}

/** Builds the commerce fields of an event. */
export function commerceEventFields(detail: CommerceEventDetail, state: CommerceState): CommerceEventFields {
  const currency = currencyOf(state);
  const item = pageItem(state, detail.itemId);
  const itemId = detail.itemId ?? null;
  const entry = itemId ? state.cart?.entries.find((e) => e.itemId === itemId) : undefined;
  const typeCode =
    detail.productType ?? entry?.productType ?? (itemId ? state.itemTypes.get(itemId) : undefined) ?? item?.productType;
  const entries = state.cart?.entries ?? [];
  const shown = state.context.item;
  const types = new Set(
    entries.map((e) =>
      productTypeName(
        e.productType ?? state.itemTypes.get(e.itemId) ?? (e.itemId === shown?.id ? shown.productType : undefined),
      ),
    ),
  );
  return {
    event_name: commerceEventName(detail.event),
    website_id: state.context.websiteId ?? null,
    page_id: state.context.pageId ?? null,
    cart_id: state.cart?.id ?? null,
    item_id: itemId,
    item_sku: detail.sku ?? null,
    item_quantity: detail.quantity ?? null,
    item_title: detail.title ?? entry?.title ?? item?.title ?? null,
    item_price:
      detail.unitPriceCents !== undefined
        ? majorUnits(detail.unitPriceCents, currency)
        : entry
          ? majorUnits(entry.purchasePriceCents, currency)
          : null,
    item_type: itemId ? productTypeName(typeCode) : null,
    item_collection_id: item?.collectionId ?? (item ? (state.context.collection?.id ?? null) : null),
    item_collection_name: item ? (state.context.collection?.name ?? null) : null,
    currency_code: currency,
    num_items_in_cart: state.cart?.totalQuantity ?? entries.reduce((sum, e) => sum + e.quantity, 0),
    cart_value: majorUnits(state.cart?.subtotalCents ?? 0, currency),
    product_types_list: [...types].sort(),
    purchase_type_list: entries.length > 0 ? [PURCHASE_TYPES.oneTime] : [],
  };
}

/** Builds the site-visitor metrics payload of a product page view or an add to cart. */
export function siteVisitorMetricsFields(
  eventName: SiteVisitorMetricsFields['event_name'],
  detail: Pick<CommerceEventDetail, 'itemId' | 'title' | 'productType'>,
  state: CommerceState,
): SiteVisitorMetricsFields {
  const item = pageItem(state, detail.itemId);
  const itemId = detail.itemId ?? item?.id ?? null;
  return {
    event_name: eventName,
    website_id: state.context.websiteId ?? null,
    page_id: state.context.pageId ?? null,
    cart_id: state.cart?.id ?? null,
    product_page: 'pdp',
    product: {
      item_id: itemId,
      item_type: productTypeName(
        detail.productType ?? (itemId ? state.itemTypes.get(itemId) : undefined) ?? item?.productType,
      ),
      item_title: detail.title ?? item?.title ?? null,
      item_collection_id: item?.collectionId ?? (item ? (state.context.collection?.id ?? null) : null),
      item_collection_name: item ? (state.context.collection?.name ?? null) : null,
    },
  };
}

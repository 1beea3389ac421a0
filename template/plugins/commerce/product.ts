/**
 * Facts about a product item as templates read it (`structuredContent.productType`,
 * `variants`, prices, stock, sale and subscription flags), per the platform spec sections 3-5.
 * Every function accepts any value and treats what it cannot read as missing.
 */
import { ProductType } from '../../../contract/enumerations';
import { isObject } from '../../values';
import { asNumber } from '../formatters.core';
import { isTrue, numberOf, objectField, objectList } from './fields';
import { priceOf, priceValue, ZERO_MONEY, type Price } from './price';

/** The product's structured content (an empty object when missing). */
export function structuredContentOf(item: unknown): Readonly<Record<string, unknown>> {
  return objectField(item, 'structuredContent');
}

/**
 * The product type code, read as the platform reads numbers (text by its leading number, so
 * "4e1" is 4 and "0x4" is 0; a boolean is 1 or 0); undefined when missing or no whole number.
 */
export function productTypeOf(item: unknown): number | undefined {
  const field = structuredContentOf(item).productType;
  const type = field === undefined || field === null || typeof field === 'object' ? NaN : asNumber(field);
  return Number.isInteger(type) ? type : undefined;
}

/** The product's variants (entries that are not objects are skipped). */
export function variantsOf(item: unknown): readonly Record<string, unknown>[] {
  return objectList(structuredContentOf(item).variants);
}

/** Whether the item is of a type that has a price (physical, digital, service, gift card). */
export function hasPrice(item: unknown): boolean {
  const type = productTypeOf(item);
  return type === ProductType.DIGITAL || isPricedByVariant(type);
}

/** Types whose prices live on their variants. */
function isPricedByVariant(type: number | undefined): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE || type === ProductType.GIFT_CARD;
}

/** Types whose variants carry stock and can go on sale. */
function isStocked(type: number | undefined): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}

// ---- Prices of anything priced: a variant, a digital product's content, a pricing option ----

/** The regular price (`priceMoney`, or the older `price` in cents). */
export function regularPrice(priced: unknown): Price {
  return priceOf(priced, 'priceMoney', 'price');
}

/** The sale price (`salePriceMoney`, or the older `salePrice` in cents). */
export function salePrice(priced: unknown): Price {
  return priceOf(priced, 'salePriceMoney', 'salePrice');
}

/** Whether the priced thing is marked on sale. */
export function isMarkedOnSale(priced: unknown): boolean {
  return isObject(priced) && isTrue(priced.onSale);
}

/** What the shopper pays: the sale price when on sale, else the regular price. */
export function effectivePrice(priced: unknown): Price {
  return isMarkedOnSale(priced) ? salePrice(priced) : regularPrice(priced);
}

/** Whether the list's entries differ in being on sale, in price, or (when on sale) in sale price. */
export function hasVariedPricing(list: readonly Record<string, unknown>[]): boolean {
  const [first, ...rest] = list;
  if (!first) return false;
  const onSale = isMarkedOnSale(first);
  const regular = priceValue(regularPrice(first));
  const sale = priceValue(salePrice(first));
  return rest.some(
    (entry) =>
      isMarkedOnSale(entry) !== onSale ||
      priceValue(regularPrice(entry)) !== regular ||
      (onSale && priceValue(salePrice(entry)) !== sale),
  );
}

/** The lowest of `price(entry)` over the list (the first one on ties); 0 for an empty list. */
export function lowestPrice(list: readonly unknown[], price: (entry: unknown) => Price): Price {
  let lowest: Price | undefined;
  for (const entry of list) {
    const money = price(entry);
    if (!lowest || priceValue(money) < priceValue(lowest)) lowest = money;
  }
  return lowest ?? ZERO_MONEY;
}

/** The highest of `price(entry)` over the list (the first one on ties); 0 for an empty list. */
export function highestPrice(list: readonly unknown[], price: (entry: unknown) => Price): Price {
  let highest: Price | undefined;
  for (const entry of list) {
    const money = price(entry);
    if (!highest || priceValue(money) > priceValue(highest)) highest = money;
  }
  return highest ?? ZERO_MONEY;
}

// ---- Product facts ----

/** More than one variant to choose from (digital products have none to choose). */
export function hasVariants(item: unknown): boolean {
  return productTypeOf(item) !== ProductType.DIGITAL && variantsOf(item).length > 1;
}

/** Variants differ in being on sale, in price, or in sale price. */
export function hasVariedPrices(item: unknown): boolean {
  return isPricedByVariant(productTypeOf(item)) && hasVariedPricing(variantsOf(item));
}

/** Any variant is on sale, or the digital product itself is. */
export function isOnSale(item: unknown): boolean {
  const type = productTypeOf(item);
  if (isStocked(type)) return variantsOf(item).some(isMarkedOnSale);
  return type === ProductType.DIGITAL && isMarkedOnSale(structuredContentOf(item));
}

/**
 * Units left to sell: the sum of the variants' stock (Infinity when one is unlimited) for
 * physical and service products, Infinity for digital products and gift cards, 0 otherwise.
 */
export function getTotalStockRemaining(item: unknown): number {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Infinity;
  if (!isStocked(type)) return 0;
  let total = 0;
  for (const variant of variantsOf(item)) {
    if (isTrue(variant.unlimited)) return Infinity;
    total += Math.max(0, numberOf(variant.qtyInStock) ?? 0);
  }
  return total;
}

/** No variant is unlimited or has stock (digital products and gift cards never sell out). */
export function isSoldOut(item: unknown): boolean {
  return getTotalStockRemaining(item) <= 0;
}

/** The lowest price a shopper can pay (sale prices included); 0 when there is none. */
export function getFromPrice(item: unknown): Price {
  const type = productTypeOf(item);
  if (isPricedByVariant(type)) return lowestPrice(variantsOf(item), effectivePrice);
  return type === ProductType.DIGITAL ? regularPrice(structuredContentOf(item)) : ZERO_MONEY;
}

/** The highest regular price; 0 when there is none. */
export function getNormalPrice(item: unknown): Price {
  const type = productTypeOf(item);
  if (isPricedByVariant(type)) return highestPrice(variantsOf(item), regularPrice);
  return type === ProductType.DIGITAL ? regularPrice(structuredContentOf(item)) : ZERO_MONEY;
}

/** The lowest sale price among what is on sale; 0 when nothing is. */
export function getSalePrice(item: unknown): Price {
  const type = productTypeOf(item);
  if (isStocked(type)) return lowestPrice(variantsOf(item).filter(isMarkedOnSale), salePrice);
  const content = structuredContentOf(item);
  return type === ProductType.DIGITAL && isMarkedOnSale(content) ? salePrice(content) : ZERO_MONEY;
}

/** The product is sold as a subscription. */
export function isSubscribable(item: unknown): boolean {
  return isTrue(structuredContentOf(item).isSubscribable);
}

/** Whether the store lets shoppers buy more than one of a service (allowed unless turned off). */
export function isMultipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const allowed = objectField(websiteSettings, 'storeSettings').multipleQuantityAllowedForServices;
  return allowed !== false && allowed !== 'false';
}

/**
 * The quantity input shows for physical products, and for services when the store allows
 * several; never for subscriptions; and only when more than one unit is left.
 */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  const type = productTypeOf(item);
  const quantityType =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && isMultipleQuantityAllowedForServices(websiteSettings));
  return quantityType && !isSubscribable(item) && getTotalStockRemaining(item) > 1;
}

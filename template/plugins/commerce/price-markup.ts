/**
 * Price blocks of `product-price` and `subscription-price`: a single price, "from" the lowest
 * of varied prices, or a sale price next to the original price; subscription products word
 * each price with their billing plan.
 */
import type { FormatContext } from '../../plugin';
import { escapeHtml } from '../formatters.core';
import { PLATFORM_LEAD } from './html';
import { isTrue, objectField, objectList } from './fields';
import { readCurrencyCode } from '../money/read-money';
import { moneyCldrHtml, moneyNativeHtml, type Price } from './price';
import { fillPlaceholders, localizedText, pageObject } from './page-data';
import {
  effectivePrice,
  getFromPrice,
  getNormalPrice,
  getSalePrice,
  hasPrice,
  hasVariedPrices,
  hasVariedPricing,
  highestPrice,
  isMarkedOnSale,
  isOnSale,
  isSubscribable,
  lowestPrice,
  regularPrice,
  salePrice,
  structuredContentOf,
  variantsOf,
} from './product';
import { billingPlanOf, subscriptionPriceText } from './subscription-price-text';

/** What a price block shows. */
export type PriceShape =
  | { kind: 'none' }
  | { kind: 'single'; price: Price }
  | { kind: 'from'; price: Price }
  | { kind: 'sale'; price: Price; original: Price };

/** The price block of a product: nothing for types without prices. */
export function productPriceShape(item: unknown): PriceShape {
  if (!hasPrice(item)) return { kind: 'none' };
  if (hasVariedPrices(item)) return { kind: 'from', price: getFromPrice(item) };
  if (isOnSale(item)) return { kind: 'sale', price: getSalePrice(item), original: getNormalPrice(item) };
  return { kind: 'single', price: getNormalPrice(item) };
}

/** The price block of priced entries (pricing options): the same rules over a plain list. */
export function pricingShape(list: readonly Record<string, unknown>[]): PriceShape {
  if (list.length === 0) return { kind: 'none' };
  if (hasVariedPricing(list)) return { kind: 'from', price: lowestPrice(list, effectivePrice) };
  const onSale = list.filter(isMarkedOnSale);
  const original = highestPrice(list, regularPrice);
  return onSale.length > 0
    ? { kind: 'sale', price: lowestPrice(onSale, salePrice), original }
    : { kind: 'single', price: original };
}

/**
 * Money as the page prints it: `<span class="sqs-money-native">…</span>`, or the currency
 * formatted for the locale when the website sets `useCLDRMoneyFormat`.
 */
export function moneyHtml(ctx: FormatContext, money: Price): string {
  if (!isTrue(pageObject(ctx, 'website').useCLDRMoneyFormat)) return moneyNativeHtml(money);
  const storeCurrency = objectField(pageObject(ctx, 'websiteSettings'), 'storeSettings').selectedCurrency;
  return moneyCldrHtml(money, ctx.locale, readCurrencyCode(storeCurrency));
}

/** Words one price (already HTML); `fromPrice` when it is the lowest of several. */
type PriceWording = (priceHtml: string, fromPrice: boolean) => string;

/** One-time prices: the price itself, or "from {fromPrice}". */
function oneTimeWording(ctx: FormatContext): PriceWording {
  return (priceHtml, fromPrice) =>
    fromPrice
      ? fillPlaceholders(localizedText(ctx, 'productPriceFromText', 'from {fromPrice}'), {
          fromPrice: priceHtml,
          price: priceHtml,
        })
      : priceHtml;
}

const VISUALLY_HIDDEN = '<span class="visually-hidden v6-visually-hidden">';

/** The inside of a price block. Blocks other than a single price end with a blank line. */
function priceBody(ctx: FormatContext, shape: PriceShape, word: PriceWording): string {
  switch (shape.kind) {
    case 'none':
      return '';
    case 'single':
      return word(moneyHtml(ctx, shape.price), false);
    case 'from':
      return `${word(moneyHtml(ctx, shape.price), true)}\n`;
    case 'sale': {
      const saleLabel = escapeHtml(localizedText(ctx, 'salePriceText', 'Sale Price:'));
      const originalLabel = escapeHtml(localizedText(ctx, 'originalPriceText', 'Original Price:'));
      const sale = word(moneyHtml(ctx, shape.price), false);
      const original = word(moneyHtml(ctx, shape.original), false);
      return (
        `${VISUALLY_HIDDEN}${saleLabel}</span>${sale} ` +
        `${VISUALLY_HIDDEN}${originalLabel}</span><span class="original-price">${original}</span>\n`
      );
    }
  }
}

/** Whether every price the shape shows comes from a money object (else the data is missing). */
function hasPrintablePrices(shape: PriceShape): boolean {
  switch (shape.kind) {
    case 'none':
      return true;
    case 'single':
    case 'from':
      return shape.price.origin === 'money';
    case 'sale':
      return shape.price.origin === 'money' && shape.original.origin === 'money';
  }
}

function priceBlock(cssClass: string, body: string): string {
  return `${PLATFORM_LEAD.priceBlock}<div class="${cssClass}">\n${body}\n</div>`;
}

/**
 * `product-price`: the product's price block; subscriptions word it with their billing plan.
 * Empty when a price to show is missing from the data.
 */
export function productPriceMarkup(ctx: FormatContext, item: unknown): string {
  const shape = productPriceShape(item);
  if (!hasPrintablePrices(shape)) return '';
  if (!isSubscribable(item)) return priceBlock('product-price', priceBody(ctx, shape, oneTimeWording(ctx)));
  const plan = billingPlanOf(structuredContentOf(item).subscriptionPlan);
  const body = plan
    ? priceBody(ctx, shape, (priceHtml, fromPrice) => subscriptionPriceText(ctx, plan, priceHtml, fromPrice))
    : `${escapeHtml(localizedText(ctx, 'productPriceUnavailable', 'Unavailable'))}\n`;
  return priceBlock('product-price', body);
}

/**
 * `subscription-price`: the price block of the product's subscription pricing options (the
 * first option of each variant); an empty block when no variant has one, nothing when a price
 * to show is missing from the data.
 */
export function subscriptionPriceMarkup(ctx: FormatContext, item: unknown): string {
  const options = variantsOf(item).flatMap((variant) => objectList(variant.pricingOptions).slice(0, 1));
  const shape = pricingShape(options);
  if (!hasPrintablePrices(shape)) return '';
  return priceBlock('subscription-price', priceBody(ctx, shape, oneTimeWording(ctx)));
}

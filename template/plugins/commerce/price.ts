/**
 * Prices as product data carries them, and their two printed forms.
 *
 * A price is a money object (read by {@link readMoney}: `{decimalValue, currencyCode}`, else
 * `{value, currency}`, a decimal in major units: "19.99"). Items that predate money objects
 * carry a plain number of cents (`price: 1999`). Anything unreadable is the default price, 0 USD.
 *
 * Prices are compared and summed whatever their origin, but only money objects are printed as
 * money: a price block whose price has no money object is missing data and renders nothing.
 */
import { MONEY_NATIVE_CLASS } from '../../../contract/class-names';
import { isObject } from '../../values';
import { escapeHtml } from '../formatters.core';
import { boundedCache } from '../money/bounded-cache';
import { formatCurrency, formatDecimal, type DigitOptions } from '../money/format-number';
import { parseDecimal, ZERO, type Decimal } from '../money/parse-decimal';
import { DEFAULT_CURRENCY, readCurrencyCode, readMoney, type Money } from '../money/read-money';
import { DEFAULT_LOCALE, resolveLocale } from '../money/resolve-locale';

/** A price: a money with a readable amount, and where it comes from. */
export interface Price extends Money {
  amount: Decimal;
  /** A money object, a number of cents, or nowhere (the default). */
  origin: 'money' | 'cents' | 'default';
}

/** The default price: 0 (in the store's currency, USD unless the site says otherwise). */
export const ZERO_MONEY: Price = Object.freeze({
  amount: ZERO,
  currency: DEFAULT_CURRENCY,
  currencyNamed: false,
  origin: 'default',
});

/** The price of a money object; undefined when it is not one or its amount is unreadable. */
export function moneyPrice(value: unknown): Price | undefined {
  return isObject(value) ? priceFrom(readMoney(value), 'money') : undefined;
}

/** The price of a whole number of cents (the pre-money `price` fields). */
function centsPrice(value: unknown): Price | undefined {
  return isObject(value) ? undefined : priceFrom(readMoney(value), 'cents');
}

function priceFrom(money: Money | undefined, origin: Price['origin']): Price | undefined {
  if (money?.amount === undefined) return undefined;
  return { amount: money.amount, currency: money.currency, currencyNamed: money.currencyNamed, origin };
}

/**
 * A price of `holder` (a product's structured content, a variant or a pricing option):
 * the money object under `moneyKey`, else what is under `centsKey`: a money object (the
 * shopper spec's `price` with its `decimalValue`) or cents; else 0.
 */
export function priceOf(holder: unknown, moneyKey: string, centsKey: string): Price {
  if (!isObject(holder)) return ZERO_MONEY;
  return moneyPrice(holder[moneyKey]) ?? moneyPrice(holder[centsKey]) ?? centsPrice(holder[centsKey]) ?? ZERO_MONEY;
}

/** The amount as a number, for comparing prices. */
export function priceValue(price: Price): number {
  return Number(price.amount);
}

/** The amount in cents (what `from-price`, `normal-price` and `sale-price` give); exact. */
export function moneyCents(price: Price): number {
  return Number(parseDecimal(`${price.amount}e2`) ?? ZERO);
}

/**
 * The amount with two decimals and grouping ("1,234.50"), as the storefront scripts expect it:
 * rounded half away from zero, as the page script rounds.
 */
export function nativeAmount(price: Price): string {
  // A page repeats its prices (every card of a grid at "25.00"): each amount is formatted once.
  return nativeTexts(price.amount, () => formatDecimal(price.amount, 'en-US', NATIVE_DIGITS));
}

/** Amounts {@link nativeAmount} has formatted. */
const nativeTexts = boundedCache<string>(1000);

const NATIVE_DIGITS: DigitOptions = Object.freeze({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  roundingMode: 'halfExpand',
});

/** `<span class="sqs-money-native">19.99</span>`: the amount for scripts to localise in the browser. */
export function moneyNativeHtml(price: Price): string {
  return `<span class="${MONEY_NATIVE_CLASS}">${nativeAmount(price)}</span>`;
}

/**
 * The amount as the locale writes the currency ("$2,500.00", "2.500,00 €"), HTML-escaped: the
 * `money` formatter's CLDR formatting, in `fallbackCurrency` when the data names no currency.
 */
export function moneyCldrHtml(price: Price, locale: string, fallbackCurrency: string = DEFAULT_CURRENCY): string {
  const currency = price.currencyNamed ? price.currency : (readCurrencyCode(fallbackCurrency) ?? DEFAULT_CURRENCY);
  return escapeHtml(formatCurrency(price.amount, currency, resolveLocale(locale) ?? DEFAULT_LOCALE));
}

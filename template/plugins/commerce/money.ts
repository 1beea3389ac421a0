/**
 * Money as product data carries it, and its two printed forms.
 *
 * A money object is `{value, currency}` (a decimal string in major units: "19.99"), or the
 * older `{decimalValue, currencyCode}`. Items that predate money objects carry a plain number
 * of cents (`price: 1999`). Anything unreadable is the default price, 0 USD.
 *
 * Prices are compared and summed whatever their origin, but only money objects are printed as
 * money: a price block whose price has no money object is missing data and renders nothing.
 */
import { MONEY_NATIVE_CLASS } from '../../../contract/class-names';
import { isObject } from '../../values';
import { escapeHtml } from '../formatters.core';

export interface Money {
  /** The amount in major units. */
  amount: number;
  /** The amount as a decimal literal, printed exactly (no binary rounding). */
  decimal: string;
  /** ISO 4217 code, when the data names one. */
  currency?: string;
  /** Where the amount comes from: a money object, a number of cents, or nowhere (the default). */
  origin: 'money' | 'cents' | 'default';
}

/** The default price: 0 (in the store's currency, USD unless the site says otherwise). */
export const ZERO_MONEY: Money = Object.freeze({ amount: 0, decimal: '0', origin: 'default' });

/** The currency money is printed in when neither the money nor the store names one. */
export const DEFAULT_CURRENCY = 'USD';

const DECIMAL_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;

/** A decimal amount from a number or a numeric string; undefined when it is neither or is not finite. */
function decimalOf(value: unknown): { amount: number; decimal: string } | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? { amount: value, decimal: String(value) } : undefined;
  if (typeof value !== 'string') return undefined;
  const decimal = value.trim();
  if (!DECIMAL_RE.test(decimal)) return undefined;
  const amount = Number(decimal);
  return Number.isFinite(amount) ? { amount, decimal } : undefined;
}

/** A three-letter currency code, upper-cased; undefined for anything else. */
export function currencyCode(value: unknown): string | undefined {
  return typeof value === 'string' && CURRENCY_RE.test(value) ? value.toUpperCase() : undefined;
}

/** Reads a money object: `value`/`currency`, falling back to `decimalValue`/`currencyCode`. */
export function moneyOf(value: unknown): Money | undefined {
  if (!isObject(value)) return undefined;
  const decimal = decimalOf(value.value) ?? decimalOf(value.decimalValue);
  if (!decimal) return undefined;
  const currency = currencyCode(value.currency) ?? currencyCode(value.currencyCode);
  return currency ? { ...decimal, currency, origin: 'money' } : { ...decimal, origin: 'money' };
}

/** Money from a whole number of cents (the pre-money `price` fields). */
function moneyFromCents(value: unknown): Money | undefined {
  const cents = decimalOf(value);
  if (!cents) return undefined;
  const amount = cents.amount / 100;
  return Number.isFinite(amount) ? { amount, decimal: String(amount), origin: 'cents' } : undefined;
}

/**
 * A price of `holder` (a product's structured content, a variant or a pricing option):
 * the money object under `moneyKey`, else the cents under `centsKey`, else 0.
 */
export function priceOf(holder: unknown, moneyKey: string, centsKey: string): Money {
  if (!isObject(holder)) return ZERO_MONEY;
  return moneyOf(holder[moneyKey]) ?? moneyFromCents(holder[centsKey]) ?? ZERO_MONEY;
}

/** The amount in cents (what `from-price`, `normal-price` and `sale-price` give); 0 when out of range. */
export function moneyCents(money: Money): number {
  // toPrecision drops the binary noise of the multiplication (0.07 * 100 = 7.000000000000001).
  const cents = Number((money.amount * 100).toPrecision(15));
  return Number.isFinite(cents) ? cents + 0 : 0;
}

const NATIVE_FORMAT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The amount with two decimals and grouping ("1,234.50"), as the storefront scripts expect it. */
export function nativeAmount(money: Money): string {
  return NATIVE_FORMAT.format(money.decimal as Intl.StringNumericLiteral);
}

/** `<span class="sqs-money-native">19.99</span>`: the amount for scripts to localise in the browser. */
export function moneyNativeHtml(money: Money): string {
  return `<span class="${MONEY_NATIVE_CLASS}">${nativeAmount(money)}</span>`;
}

const cldrFormats = new Map<string, Intl.NumberFormat>();

function cldrFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = cldrFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    }
    if (cldrFormats.size >= 100) cldrFormats.clear();
    cldrFormats.set(key, format);
  }
  return format;
}

/** The amount as the locale writes the currency ("$2,500.00", "2.500,00 €"), HTML-escaped. */
export function moneyCldrHtml(money: Money, locale: string, fallbackCurrency: string = DEFAULT_CURRENCY): string {
  const currency = money.currency ?? currencyCode(fallbackCurrency) ?? DEFAULT_CURRENCY;
  return escapeHtml(cldrFormat(locale, currency).format(money.decimal as Intl.StringNumericLiteral));
}

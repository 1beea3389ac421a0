/**
 * Money as the specs and the platform write it, read one way by the widgets, the template engine
 * and the server (storefront spec, section 3; platform spec, section 3):
 *
 * - a whole number of minor units, as a number or text (`4800`, `"4800"`: cents, whole yen);
 * - a money object, `{decimalValue, currencyCode}` (or `currency`), else `{value, currency}`, the
 *   amount a decimal in major units (`"48.00"`), as the platform's `priceMoney` is.
 */
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from './currencies';

/** Where a value keeps a money's amount and currency, as it holds them. */
export interface MoneyFields {
  amount: unknown;
  /** The currency the value names; undefined when it names none. */
  currency: unknown;
  /** The amount is in major units (a money object's); bare amounts are in minor units. */
  major: boolean;
}

/**
 * The fields of a money: a money object's first complete pair (`decimalValue` with
 * `currencyCode`, `value` with `currency`), else its first amount field present, `decimalValue`
 * going with `currency` when it has no `currencyCode`; a number or text is an amount alone.
 * Anything else (null, lists, objects without an amount) is no money.
 */
export function moneyFields(value: unknown): MoneyFields | undefined {
  if (typeof value === 'number' || typeof value === 'string')
    return { amount: value, currency: undefined, major: false };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const money = value as Record<string, unknown>;
  const has = (key: string) => Object.hasOwn(money, key);
  if (has('decimalValue') && (has('currencyCode') || !(has('value') && has('currency')))) {
    return {
      amount: money.decimalValue,
      currency: has('currencyCode') ? money.currencyCode : money.currency,
      major: true,
    };
  }
  return has('value') ? { amount: money.value, currency: money.currency, major: true } : undefined;
}

/** A price the store can show and send: whole minor units of one of its currencies. */
export interface Price {
  minor: number;
  currency: CurrencyCode;
}

/** Why a value is no usable price, in words for a console warning. */
export interface MoneyProblem {
  problem: string;
}

const AMOUNT = /^(-?)(\d{1,15})(?:\.(\d*))?$/;

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/**
 * Reads a price in one of the store's currencies: the currency the value names, else `currency`
 * (a tag's `data-currency`, the store's). Text with a decimal point is a decimal in major units
 * (the shopper spec's "price (decimalValue)": `"48.00"`); amounts round to whole minor units.
 * Missing values (undefined, null, blank text) give undefined; a value that is no amount (NaN,
 * Infinity, "12abc", over 15 integer places), a negative amount or a currency the store does not
 * sell in gives the problem.
 */
export function readPrice(value: unknown, currency: unknown): Price | MoneyProblem | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  const fields = moneyFields(value);
  if (!fields) return { problem: `${JSON.stringify(value)} is not an amount` };
  const named = fields.currency ?? currency;
  const code = typeof named === 'string' ? named.trim().toUpperCase() : named;
  if (!isCurrencyCode(code)) return { problem: `${shown(named)} is not a currency the store sells in` };
  const { amount } = fields;
  const text = typeof amount === 'string' ? amount.trim() : typeof amount === 'number' ? String(amount) : '';
  const match = AMOUNT.exec(text);
  if (!match) return { problem: `${shown(amount)} is not an amount` };
  const [, sign, whole = '', fraction] = match;
  if (!fields.major && fraction !== undefined && typeof amount === 'number') {
    // A number with a fraction is neither cents nor the spec's decimal text.
    return { problem: `${shown(amount)} is not a whole number of minor units` };
  }
  const digits = fields.major || fraction !== undefined ? CURRENCIES[code].fractionDigits : 0;
  const rest = fraction ?? '';
  const minor = Number(whole + rest.padEnd(digits, '0').slice(0, digits)) + (rest.charAt(digits) >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(minor)) return { problem: `${shown(amount)} is too large` };
  if (sign && minor > 0) return { problem: `${shown(amount)} is negative` };
  return { minor, currency: code };
}

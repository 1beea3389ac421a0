import { moneyFields } from '../../../contract/read-money';
import { fromMinorUnits, parseDecimal, type Decimal } from './parse-decimal';

/** The spec's default currency. */
export const DEFAULT_CURRENCY = 'USD';

/** A money as the formatters read it: an amount in major units and an ISO 4217 currency code. */
export interface Money {
  /** Major units ("123.45" dollars); undefined when the amount field is not a readable number. */
  amount: Decimal | undefined;
  /** Upper-case three-letter code; {@link DEFAULT_CURRENCY} when missing or malformed. */
  currency: string;
  /**
   * Whether the data names the currency; false when {@link currency} is the default (the
   * commerce price blocks then print the store's currency instead).
   */
  currencyNamed: boolean;
}

/** A currency code from a field: three ASCII letters (any case, trimmed), else undefined. */
export function readCurrencyCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (
    value.length === 3 &&
    isUpperAscii(value.charCodeAt(0)) &&
    isUpperAscii(value.charCodeAt(1)) &&
    isUpperAscii(value.charCodeAt(2))
  )
    return value; // already a code: the usual case
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : undefined;
}

function isUpperAscii(code: number): boolean {
  return code >= 65 && code <= 90;
}

/** A currency code from a field: three ASCII letters (any case, trimmed), else the default. */
export function readCurrency(value: unknown): string {
  return readCurrencyCode(value) ?? DEFAULT_CURRENCY;
}

function moneyOf(amount: Decimal | undefined, currencyField: unknown): Money {
  const code = readCurrencyCode(currencyField);
  return { amount, currency: code ?? DEFAULT_CURRENCY, currencyNamed: code !== undefined };
}

/**
 * Reads a money by the shared reading of its fields ({@link moneyFields}, `contract/read-money.ts`):
 *
 * - a money object (`decimalValue` with `currencyCode` or `currency`, `value` with `currency`):
 *   the amount is in major units as the vectors show (`{"decimalValue": "123456.7890"}` prints
 *   $123,456.79, `{"value": "100"}` prints 100.00);
 * - a number or numeric string: minor units (cents), the legacy formatters' input, in
 *   {@link DEFAULT_CURRENCY};
 * - anything else (null, booleans, lists, objects without an amount field) is not a money:
 *   undefined.
 */
export function readMoney(value: unknown): Money | undefined {
  const fields = moneyFields(value);
  if (fields === undefined) return undefined;
  const amount = parseDecimal(fields.amount);
  if (fields.major) return moneyOf(amount, fields.currency);
  return moneyOf(amount === undefined ? undefined : fromMinorUnits(amount), undefined);
}

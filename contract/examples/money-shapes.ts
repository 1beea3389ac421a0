/** Money written in every shape the specs and the platform use, for the tests of each side that reads it. */
import { CURRENCIES, type CurrencyCode } from '../currencies';

/** One price written in one of the shapes the specs and the platform use, and what it is. */
export interface ShapedPrice {
  /** The shape's name, for a failing case's message. */
  shape: string;
  /** The price as the data holds it. */
  value: unknown;
  /** A currency given beside the value (a tag's `data-currency`), when the shape names none. */
  beside?: CurrencyCode;
  minor: number;
  currency: CurrencyCode;
}

/** Minor units as the decimal text of major units: 4800 USD is "48.00", 4800 JPY "4800". */
export function decimalText(minor: number, currency: CurrencyCode): string {
  const digits = CURRENCIES[currency].fractionDigits;
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const SHAPES: Record<
  string,
  (minor: number, currency: CurrencyCode) => Omit<ShapedPrice, 'shape' | 'minor' | 'currency'>
> = {
  'minor-unit number': (minor, currency) => ({ value: minor, beside: currency }),
  'minor-unit string with currency': (minor, currency) => ({ value: String(minor), beside: currency }),
  'decimalValue with currencyCode': (minor, currency) => ({
    value: { decimalValue: decimalText(minor, currency), currencyCode: currency },
  }),
  'decimalValue with currency': (minor, currency) => ({
    value: { decimalValue: decimalText(minor, currency), currency },
  }),
  'value with currency (priceMoney)': (minor, currency) => ({
    value: { value: decimalText(minor, currency), currency },
  }),
  'decimal string with currency': (minor, currency) => ({ value: decimalText(minor, currency), beside: currency }),
};

/** The shapes' names. */
export const MONEY_SHAPES = Object.keys(SHAPES);

/** The store's currencies. */
export const STORE_CURRENCIES = Object.keys(CURRENCIES) as CurrencyCode[];

/** `minor` units of `currency` written in `shape` (one of {@link MONEY_SHAPES}). */
export function shaped(shape: string, minor: number, currency: CurrencyCode): ShapedPrice {
  return { shape, minor, currency, ...SHAPES[shape]!(minor, currency) };
}

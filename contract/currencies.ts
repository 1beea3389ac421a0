/** Where a currency's symbol stands relative to the number. */
export type SymbolPosition = 'prefix' | 'suffix';

export interface CurrencyInfo {
  /** Symbol shown with the amount. */
  symbol: string;
  position: SymbolPosition;
  /** Digits after the decimal point (JPY has none). */
  fractionDigits: number;
}

/**
 * The 27 currencies the store sells in. Symbols are the ones shoppers of each
 * market recognise; dollar-family currencies other than USD carry their country
 * prefix so that amounts stay unambiguous. Suffix symbols are separated by a space.
 */
export const CURRENCIES = {
  EUR: { symbol: '€', position: 'prefix', fractionDigits: 2 },
  USD: { symbol: '$', position: 'prefix', fractionDigits: 2 },
  AUD: { symbol: 'A$', position: 'prefix', fractionDigits: 2 },
  NOK: { symbol: 'kr', position: 'suffix', fractionDigits: 2 },
  CAD: { symbol: 'CA$', position: 'prefix', fractionDigits: 2 },
  NZD: { symbol: 'NZ$', position: 'prefix', fractionDigits: 2 },
  DKK: { symbol: 'kr.', position: 'suffix', fractionDigits: 2 },
  GBP: { symbol: '£', position: 'prefix', fractionDigits: 2 },
  HKD: { symbol: 'HK$', position: 'prefix', fractionDigits: 2 },
  CHF: { symbol: 'CHF', position: 'prefix', fractionDigits: 2 },
  MXN: { symbol: 'MX$', position: 'prefix', fractionDigits: 2 },
  SGD: { symbol: 'S$', position: 'prefix', fractionDigits: 2 },
  SEK: { symbol: 'kr', position: 'suffix', fractionDigits: 2 },
  CZK: { symbol: 'Kč', position: 'suffix', fractionDigits: 2 },
  ILS: { symbol: '₪', position: 'prefix', fractionDigits: 2 },
  PHP: { symbol: '₱', position: 'prefix', fractionDigits: 2 },
  RUB: { symbol: '₽', position: 'suffix', fractionDigits: 2 },
  PLN: { symbol: 'zł', position: 'suffix', fractionDigits: 2 },
  THB: { symbol: '฿', position: 'prefix', fractionDigits: 2 },
  MYR: { symbol: 'RM', position: 'prefix', fractionDigits: 2 },
  ARS: { symbol: 'ARS$', position: 'prefix', fractionDigits: 2 },
  BRL: { symbol: 'R$', position: 'prefix', fractionDigits: 2 },
  COP: { symbol: 'COL$', position: 'prefix', fractionDigits: 2 },
  IDR: { symbol: 'Rp', position: 'prefix', fractionDigits: 2 },
  INR: { symbol: '₹', position: 'prefix', fractionDigits: 2 },
  JPY: { symbol: '¥', position: 'prefix', fractionDigits: 0 },
  ZAR: { symbol: 'R', position: 'prefix', fractionDigits: 2 },
} as const satisfies Record<string, CurrencyInfo>;

export type CurrencyCode = keyof typeof CURRENCIES;

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** Digits after the decimal point of `currency` (0 for JPY); 2 for a currency the store does not sell in. */
export function currencyDigits(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].fractionDigits : 2;
}

/** Minor units (cents; whole yen for JPY) as a number of major units: 1250 USD is 12.5. */
export function toMajorUnits(minorUnits: number, currency: string): number {
  return minorUnits / 10 ** currencyDigits(currency);
}

/** Minor units as the decimal string the platform's money objects carry: "12.50", JPY "1250". */
export function toDecimalString(minorUnits: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minorUnits / 10 ** digits).toFixed(digits);
}

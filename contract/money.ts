import { CURRENCIES, DEFAULT_CURRENCY, isCurrencyCode, type CurrencyCode } from './currencies';

export interface FormatMoneyOptions {
  /** Drop the fraction when the amount is whole ("$12" instead of "$12.00"). */
  trimCents?: boolean;
  /** Thousands separators; on by default. */
  grouping?: boolean;
  /** The number alone, without the currency symbol. */
  valueOnly?: boolean;
  /**
   * A BCP 47 locale ('fr-FR'): separators, symbol and its position as the locale writes them
   * (Intl), digits as the store sells (JPY 0, others 2). Without it, the store's own layout
   * (the currency table: comma for thousands, dot for decimals).
   */
  locale?: string;
}

/** The largest amount shown has 15 integer places. */
const MAX_INTEGER_DIGITS = 15;

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(digits: number, grouping: boolean): Intl.NumberFormat {
  const key = `${digits}:${grouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    // en-US gives exactly the separators the store uses: comma for thousands, dot for decimals.
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** Reads minor units (cents) given as a number, bigint or digit string; anything else is 0. */
function toMinorUnits(amount: unknown): bigint {
  if (typeof amount === 'bigint') return amount;
  if (typeof amount === 'number') return Number.isFinite(amount) ? BigInt(Math.round(amount)) : 0n;
  if (typeof amount === 'string' && /^\s*-?\d+\s*$/.test(amount)) return BigInt(amount.trim());
  return 0n;
}

/**
 * Formats an amount held in minor units (cents; whole yen for JPY) in one of the
 * store currencies. An unknown currency falls back to USD; amounts beyond 15
 * integer places are capped rather than shown in exponent form.
 */
export function formatMoney(
  minorUnits: number | bigint | string,
  currency: string = DEFAULT_CURRENCY,
  options: FormatMoneyOptions = {},
): string {
  const code: CurrencyCode = isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY;
  const info = CURRENCIES[code];
  const units = toMinorUnits(minorUnits);
  const negative = units < 0n;
  const absolute = negative ? -units : units;

  const scale = 10n ** BigInt(info.fractionDigits);
  const max = 10n ** BigInt(MAX_INTEGER_DIGITS) * scale - 1n;
  const capped = absolute > max ? max : absolute;
  const integer = capped / scale;
  const fraction = capped % scale;

  const digits = options.trimCents && fraction === 0n ? 0 : info.fractionDigits;
  const decimal =
    digits === 0 ? integer.toString() : `${integer}.${fraction.toString().padStart(info.fractionDigits, '0')}`;
  if (options.locale) {
    const local = localeMoney(decimal, negative && capped !== 0n, code, digits, options);
    if (local !== undefined) return local;
  }
  // Intl formats a decimal string exactly, so 15-digit amounts keep every digit.
  const number = numberFormat(digits, options.grouping ?? true).format(decimal as unknown as number);

  const sign = negative && capped !== 0n ? '-' : '';
  if (options.valueOnly) return `${sign}${number}`;
  return info.position === 'prefix' ? `${sign}${info.symbol}${number}` : `${sign}${number} ${info.symbol}`;
}

const localeFormats = new Map<string, Intl.NumberFormat>();

/**
 * `decimal` (unsigned, exact) as `locale` writes an amount of `code`. The symbol is the locale's
 * own; where the locale has none (Intl falls back to the ISO code: NOK in en-US) it is the
 * store's symbol from the currency table.
 */
function localeMoney(
  decimal: string,
  negative: boolean,
  code: CurrencyCode,
  digits: number,
  options: FormatMoneyOptions,
): string | undefined {
  const key = `${options.locale}:${code}:${digits}:${options.grouping ?? true}:${Boolean(options.valueOnly)}`;
  let format = localeFormats.get(key);
  if (!format) {
    const shape: Intl.NumberFormatOptions = {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: options.grouping ?? true,
    };
    try {
      format = new Intl.NumberFormat(
        options.locale,
        options.valueOnly ? shape : { ...shape, style: 'currency', currency: code },
      );
    } catch {
      return undefined; // An unusable locale: the store's own layout.
    }
    localeFormats.set(key, format);
  }
  const text = `${negative ? '-' : ''}${decimal}` as unknown as number;
  return format
    .formatToParts(text)
    .map((part) => (part.type === 'currency' && part.value === code ? CURRENCIES[code].symbol : part.value))
    .join('');
}

/**
 * The formatting core: every money and percentage formatter formats through these functions,
 * which build on `Intl.NumberFormat` (ICU with CLDR data) and cache its instances.
 */
import { CURRENCIES, isCurrencyCode } from '../../../contract/currencies';
import { boundedCache } from './bounded-cache';
import type { Decimal } from './parse-decimal';

/** How digits are shown; unset fields keep the defaults of the format. */
export interface DigitOptions {
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  minimumSignificantDigits?: number;
  maximumSignificantDigits?: number;
  /** Default "halfEven", the rounding of Java's DecimalFormat and of CLDR money formatting. */
  roundingMode?: Intl.NumberFormatOptions['roundingMode'];
  /** Default true: grouping as the locale does it (platform spec, section 9: "grouping by default"). */
  grouping?: boolean;
}

/** How a currency amount is shown (the `money` formatter's arguments). */
export interface CurrencyOptions extends DigitOptions {
  /**
   * symbol ($1.00, the default), accounting (($1.00) when negative), code (USD 1.00),
   * name (1.00 US dollars), short ($1K).
   */
  style?: 'symbol' | 'accounting' | 'code' | 'name' | 'short';
  /** The narrow symbol ($ rather than US$ or CA$) for the symbol, accounting and short styles. */
  narrow?: boolean;
}

const formats = boundedCache<Intl.NumberFormat>();

/** The cache behind every format: `key` names the options, which are only built on a miss. */
function cachedFormat(locale: string, key: string, options: () => Intl.NumberFormatOptions): Intl.NumberFormat {
  return formats(`${locale} ${key}`, () => new Intl.NumberFormat(locale, options()));
}

/**
 * A cached `Intl.NumberFormat` (construction is slow, formatting is not). `locale` must be a
 * tag from `resolveLocale`, so that Intl never falls back to the host's default locale.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cachedFormat(locale, JSON.stringify(options), () => options);
}

const OPTION_NAMES = [
  'style',
  'narrow',
  'grouping',
  'roundingMode',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
] as const;

/** A cache key for formatter options, cheaper than JSON on the hot path. */
function optionsKey(options: CurrencyOptions): string {
  let key = '';
  for (const name of OPTION_NAMES) key += `${options[name] ?? ''},`;
  return key;
}

/** Fraction digits of a currency: the spec's for supported currencies, else CLDR's (2 for unknown codes). */
export function currencyDigits(currency: string): number {
  // The platform's currencies have the contract's digits (spec, section 9): CLDR 48 (Node's ICU)
  // gives COP and IDR 0 digits; the spec's 2 wins for those.
  if (isCurrencyCode(currency)) return CURRENCIES[currency].fractionDigits;
  return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

const MAX_FRACTION_DIGITS = 20;

const clamp = (n: number, min: number, max: number): number =>
  Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : min;

/**
 * Intl digit options with conflicts resolved instead of thrown (Intl rejects minimum > maximum
 * and counts out of range: Node 20's V8 takes at most 20 fraction digits, 21 significant or
 * integer digits):
 * significant digits take precedence over fraction digits, and a lone minimum or maximum
 * moves the other bound. `fractionDigits` is the format's default, none for compact notation.
 */
function digitOptions(options: DigitOptions, fractionDigits: number | undefined): Intl.NumberFormatOptions {
  const intl: Intl.NumberFormatOptions = {
    roundingMode: options.roundingMode ?? 'halfEven',
    useGrouping: options.grouping === false ? false : 'auto',
    // No sign on a zero: "-0.001" rounds to "0.00", not "-0.00".
    signDisplay: 'negative',
  };
  if (options.minimumIntegerDigits !== undefined)
    intl.minimumIntegerDigits = clamp(options.minimumIntegerDigits, 1, 21);
  const { minimumSignificantDigits: minSig, maximumSignificantDigits: maxSig } = options;
  if (minSig !== undefined || maxSig !== undefined) {
    const min = clamp(minSig ?? 1, 1, 21);
    intl.minimumSignificantDigits = min;
    intl.maximumSignificantDigits = Math.max(min, clamp(maxSig ?? 21, 1, 21));
    return intl;
  }
  const { minimumFractionDigits: minFrac, maximumFractionDigits: maxFrac } = options;
  if (minFrac === undefined && maxFrac === undefined) {
    if (fractionDigits !== undefined) {
      intl.minimumFractionDigits = fractionDigits;
      intl.maximumFractionDigits = fractionDigits;
    }
    return intl;
  }
  const min = clamp(minFrac ?? Math.min(fractionDigits ?? 0, maxFrac ?? 0), 0, MAX_FRACTION_DIGITS);
  intl.minimumFractionDigits = min;
  intl.maximumFractionDigits = Math.max(
    min,
    clamp(maxFrac ?? Math.max(fractionDigits ?? 0, min), 0, MAX_FRACTION_DIGITS),
  );
  return intl;
}

const NO_OPTIONS: CurrencyOptions = Object.freeze({});

/**
 * The format a frozen options object was last used with, and for which locale and currency:
 * callers that format often keep their options in frozen constants (or cached per template
 * argument list), and a page formats in one locale and currency, so most calls find their
 * format here without building a key. Options that are not frozen could change: never here.
 */
const lastUsed = new WeakMap<object, { locale: string; currency: string; format: Intl.NumberFormat }>();

function remembered(
  options: object,
  locale: string,
  currency: string,
  find: () => Intl.NumberFormat,
): Intl.NumberFormat {
  if (!Object.isFrozen(options)) return find();
  const last = lastUsed.get(options);
  if (last !== undefined && last.locale === locale && last.currency === currency) return last.format;
  const format = find();
  lastUsed.set(options, { locale, currency, format });
  return format;
}

/** Formats a plain number ("123,456.00") in `locale`. */
export function formatDecimal(amount: Decimal, locale: string, options: DigitOptions = NO_OPTIONS): string {
  return remembered(options, locale, '', () =>
    cachedFormat(locale, `decimal ${optionsKey(options)}`, () => digitOptions(options, undefined)),
  ).format(amount);
}

/**
 * Formats an amount of `currency` in `locale` the CLDR way: the locale's pattern, symbol and
 * separators, the currency's fraction digits (zeros kept), grouping on.
 */
export function formatCurrency(
  amount: Decimal,
  currency: string,
  locale: string,
  options: CurrencyOptions = NO_OPTIONS,
): string {
  const { style = 'symbol', narrow = false } = options;
  const format = remembered(options, locale, currency, () =>
    cachedFormat(locale, `${currency} ${optionsKey(options)}`, () => ({
      style: 'currency',
      currency,
      currencyDisplay: style === 'code' || style === 'name' ? style : narrow ? 'narrowSymbol' : 'symbol',
      ...(style === 'accounting' ? { currencySign: 'accounting' } : {}),
      ...(style === 'short' ? { notation: 'compact' } : {}),
      ...digitOptions(options, style === 'short' ? undefined : currencyDigits(currency)),
    })),
  );
  return format.format(amount);
}

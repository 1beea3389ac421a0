/**
 * Decimal text with more fraction digits than the runtime's Intl shows: Node 20 (V8 11.3)
 * refuses more than 20 fraction digits and 21 significant ones, the `decimal` formatter takes
 * up to 50 (platform spec, section 5). Intl still does the rounding and the locale's symbols;
 * only the decimal point is moved, on the text, which is exact.
 */
import { boundedCache } from '../money/bounded-cache';
import { numberFormat } from '../money/format-number';

/** What Node 20's Intl takes. */
export const INTL_MAX_FRACTION = 20;
export const INTL_MAX_SIGNIFICANT = 21;

/** `digits` × 10^`exponent`, `digits` without a point. */
interface Scaled {
  negative: boolean;
  digits: string;
  exponent: number;
}

function scaled(text: string): Scaled {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match ?? [];
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '') || '0';
  return { negative: sign === '-', digits, exponent: Number(exponent) - fraction.length };
}

function plain({ negative, digits, exponent }: Scaled): string {
  let text: string;
  if (exponent >= 0) text = digits + '0'.repeat(exponent);
  else {
    const padded = digits.padStart(-exponent + 1, '0');
    text = `${padded.slice(0, exponent)}.${padded.slice(exponent)}`;
  }
  return negative ? `-${text}` : text;
}

/** Decimal text in plain digits: "1e3" is "1000", "1.5e-2" is "0.015", ".4" is "0.4", "9." is "9", "1.50" stays. */
export function withoutExponent(text: string): string {
  return plain(scaled(text));
}

/** The power of ten of the first significant digit (2 for 123.4, -2 for 0.012); 0 for zero. */
export function leadingExponent(text: string): number {
  const { digits, exponent } = scaled(text);
  return /^0+$/.test(digits) ? 0 : digits.replace(/^0+/, '').length - 1 + exponent;
}

/**
 * `text` rounded to exactly `fractionDigits` digits after the point (negative: to tens,
 * hundreds …), as plain decimal text ("-0.50"), with Intl's rounding mode.
 */
export function roundToFraction(
  text: string,
  fractionDigits: number,
  roundingMode: Intl.NumberFormatOptions['roundingMode'],
): string {
  // Past Intl's 20 digits the point moves right first; before the point (-3: thousands) left.
  const shift = fractionDigits < 0 ? fractionDigits : Math.max(0, fractionDigits - INTL_MAX_FRACTION);
  const value = scaled(text);
  const digits = fractionDigits - shift;
  const rounded = numberFormat('en-US', {
    useGrouping: false,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode,
  }).format(plain({ ...value, exponent: value.exponent + shift }) as `${number}`);
  const back = scaled(rounded);
  return plain({ ...back, exponent: back.exponent - shift });
}

const localeDigits = boundedCache<string[]>();

/** The locale's ten digits (Arabic-Indic ones for ar-EG). */
function digitsOf(locale: string): string[] {
  return localeDigits(locale, () => {
    const format = numberFormat(locale, { useGrouping: false });
    return Array.from({ length: 10 }, (_, d) => format.format(d));
  });
}

/**
 * Plain decimal text that already has the fraction digits to show (more than Intl's 20), in
 * `locale` with `options` (grouping, integer digits): Intl writes the sign, the integer part and
 * the separators; the fraction digits are the text's own, in the locale's digits.
 */
export function formatManyFractionDigits(text: string, locale: string, options: Intl.NumberFormatOptions): string {
  const fraction = text.split('.')[1] ?? '';
  const parts = numberFormat(locale, {
    ...options,
    minimumFractionDigits: 1,
    maximumFractionDigits: INTL_MAX_FRACTION,
    minimumSignificantDigits: undefined,
    maximumSignificantDigits: undefined,
    roundingPriority: undefined,
    roundingMode: 'trunc',
  }).formatToParts(text as `${number}`);
  const digits = digitsOf(locale);
  const localFraction = [...fraction].map((d) => digits[Number(d)] ?? d).join('');
  let out = '';
  for (const part of parts) {
    if (part.type === 'fraction') continue;
    if (part.type === 'decimal') out += fraction === '' ? '' : `${part.value}${localFraction}`;
    else out += part.value;
  }
  return out;
}

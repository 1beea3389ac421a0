/**
 * Exact decimal amounts for money. Amounts stay decimal strings from input to `Intl.NumberFormat`
 * (which formats numeric strings exactly), so "0.1" cents or 17-digit values never pass through
 * binary floating point, and dividing cents by 100 is a move of the decimal point.
 */

import { boundedCache } from './bounded-cache';
import { trimChar } from '../../../contract/trim-char';

/** A finite decimal in plain notation ("-1234.5", "0.07", "12"), as `Intl.NumberFormat` accepts it. */
export type Decimal = `${number}`;

/** Zero, the amount of the spec's default price (0 USD). */
export const ZERO: Decimal = '0';

/**
 * Amounts with more integer digits are not money: no price comes near 10^15 and binary doubles
 * stop holding every integer soon after (2^53 ≈ 9.007e15), so they are treated as unreadable.
 * The cap also keeps "1e999999999" from turning into a billion-digit string.
 */
export const MAX_INTEGER_DIGITS = 15;

/** Digits kept after the point; formats show at most 20, the rest cannot change a rounding. */
const KEPT_FRACTION_DIGITS = 40;

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Text already in the normal form (the usual case: "12345", "-19.99"), returned as it is. */
const NORMAL_RE = /^-?(?:0|[1-9]\d{0,14})(?:\.\d{0,39}[1-9])?$/;

/**
 * Reads a decimal amount: a finite number, or a string holding one in plain or exponent notation
 * ("12.50", "-3", ".5", "1e3", surrounding whitespace allowed). Anything else (NaN, Infinity,
 * "0x10", "1,000", "12abc", booleans, objects) and amounts over {@link MAX_INTEGER_DIGITS}
 * integer digits give undefined. Negative zero reads as "0".
 */
export function parseDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? parseText(String(value)) : undefined;
  if (typeof value !== 'string') return undefined;
  if (value.length > 64) return parseText(value.trim());
  // Prices repeat across a page ("25.00" on every card): each short text is read once.
  return parsedTexts(value, () => parseText(value.trim()));
}

/** Texts already read by {@link parseDecimal}. */
const parsedTexts = boundedCache<Decimal | undefined>(1000);

function parseText(text: string): Decimal | undefined {
  if (NORMAL_RE.test(text) && text !== '-0') return text as Decimal;
  const match = DECIMAL_RE.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;

  // All significant digits, and where the decimal point falls among them.
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  const leadingZeros = digits.length - trimChar(digits, '0', 'start').length;
  digits = trimChar(digits.slice(leadingZeros), '0', 'end');
  point -= leadingZeros;
  if (digits === '') return ZERO;
  if (point > MAX_INTEGER_DIGITS) return undefined;
  if (digits.length - point > KEPT_FRACTION_DIGITS) {
    digits = trimChar(digits.slice(0, Math.max(0, point + KEPT_FRACTION_DIGITS)), '0', 'end');
    if (digits === '') return ZERO;
  }

  const integerPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fractionPart = point < 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  return `${sign === '-' ? '-' : ''}${integerPart}${fractionPart ? `.${fractionPart}` : ''}` as Decimal;
}

/** Minor units (cents) to major units: divides by 100 exactly, as the legacy formatters display cents. */
export function fromMinorUnits(cents: Decimal): Decimal {
  return parseDecimal(`${cents}e-2`) ?? ZERO;
}

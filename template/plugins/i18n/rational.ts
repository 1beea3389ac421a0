/**
 * Exact rational arithmetic on BigInt, for unit conversions: the converted amount is exact
 * up to the formatting, where `Intl.NumberFormat` rounds its decimal text.
 */
import { trimChar } from '../../../contract/trim-char';

export interface Rational {
  n: bigint;
  /** Always positive. */
  d: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('Division by zero');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d);
  return { n: (sign * n) / g, d: (sign * d) / g };
}

/** Decimal text ("-12.5", "1e3", "3/4" for a fraction) as a rational; undefined if unreadable. */
export function parseRational(text: string): Rational | undefined {
  const fraction = /^(-?\d+)\/(\d+)$/.exec(text);
  if (fraction)
    return fraction[2] === '0' ? undefined : rational(BigInt(fraction[1] as string), BigInt(fraction[2] as string));
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return undefined;
  const [, sign, whole = '', fractionDigits = '', exponent = '0'] = match;
  let n = BigInt(`${whole}${fractionDigits}` || '0');
  let d = 10n ** BigInt(fractionDigits.length);
  const e = Number(exponent);
  if (e > 0) n *= 10n ** BigInt(e);
  else if (e < 0) d *= 10n ** BigInt(-e);
  return rational(sign === '-' ? -n : n, d);
}

export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational): Rational => rational(a.n * b.d, a.d * b.n);
export const isZero = (a: Rational): boolean => a.n === 0n;
/** The integer part, towards zero. */
export const trunc = (a: Rational): Rational => rational(a.n / a.d);
/** Whether |a| >= 1. */
export const atLeastOne = (a: Rational): boolean => abs(a.n) >= a.d;
export const negate = (a: Rational): Rational => ({ n: -a.n, d: a.d });

/** Decimal text with up to `digits` fraction digits (cut, not rounded: Intl rounds later). */
export function toDecimalText(a: Rational, digits = 30): string {
  const negative = a.n < 0n;
  const scaled = (abs(a.n) * 10n ** BigInt(digits)) / a.d;
  const text = scaled.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = trimChar(text.slice(text.length - digits), '0', 'end');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

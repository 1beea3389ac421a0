/**
 * The digits the `money` formatter shows when its options set digit counts, a rounding mode, or
 * the short or code style, resolved as the platform's CLDR number engine resolves them (the
 * reference engine's): a minimum fraction count above the maximum is lowered to it, significant
 * digits take over from the currency's fraction digits (a lone maximum is the minimum too), the
 * short style counts significant digits unless a fraction count is given, and the code style is
 * the plain number followed by the code. The amount is rounded here, exactly, and Intl only lays
 * out the digits it is given.
 */
import { currencyDigits, numberFormat, type CurrencyOptions } from './format-number';
import type { Decimal } from './parse-decimal';

type Rounding = NonNullable<Intl.NumberFormatOptions['roundingMode']>;

/** A decimal as a coefficient and a scale: (negative ? -1 : 1) × coefficient / 10^scale. */
interface Scaled {
  negative: boolean;
  coefficient: bigint;
  scale: number;
}

function scaledOf(text: Decimal): Scaled {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const point = body.indexOf('.');
  const digits = point < 0 ? body : body.slice(0, point) + body.slice(point + 1);
  return { negative, coefficient: BigInt(digits), scale: point < 0 ? 0 : body.length - point - 1 };
}

/** The number of digits of the coefficient (1 for zero). */
function precision(n: Scaled): number {
  return n.coefficient.toString().length;
}

/** Digits before the point, at least 1. */
function integerDigits(n: Scaled): number {
  return Math.max(precision(n) - n.scale, 1);
}

/** Whether dropping a remainder of `twice / 2` out of `divisor` rounds the magnitude up. */
function roundsAway(mode: Rounding, negative: boolean, twice: bigint, divisor: bigint, odd: boolean): boolean {
  switch (mode) {
    case 'expand':
      return true;
    case 'trunc':
      return false;
    case 'ceil':
      return !negative;
    case 'floor':
      return negative;
    case 'halfExpand':
      return twice >= divisor;
    case 'halfTrunc':
      return twice > divisor;
    default:
      return twice > divisor || (twice === divisor && odd);
  }
}

function setScale(n: Scaled, scale: number, mode: Rounding): Scaled {
  if (scale >= n.scale) return { ...n, coefficient: n.coefficient * 10n ** BigInt(scale - n.scale), scale };
  const divisor = 10n ** BigInt(n.scale - scale);
  let coefficient = n.coefficient / divisor;
  const remainder = n.coefficient % divisor;
  if (remainder !== 0n && roundsAway(mode, n.negative, 2n * remainder, divisor, coefficient % 2n === 1n))
    coefficient += 1n;
  return { negative: n.negative, coefficient, scale };
}

function stripTrailingZeros(n: Scaled): Scaled {
  if (n.coefficient === 0n) return { negative: n.negative, coefficient: 0n, scale: 0 };
  let { coefficient, scale } = n;
  while (coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale--;
  }
  return { negative: n.negative, coefficient, scale };
}

/** Divides by 10^places (moves the point left). */
function shifted(n: Scaled, places: number): Scaled {
  return { ...n, scale: n.scale + places };
}

/** Plain text with exactly max(scale, 0) fraction digits; a zero has no sign. */
function textOf(n: Scaled): Decimal {
  let digits = n.coefficient.toString();
  if (n.scale <= 0) digits += '0'.repeat(-n.scale);
  else {
    digits = digits.padStart(n.scale + 1, '0');
    digits = `${digits.slice(0, -n.scale)}.${digits.slice(-n.scale)}`;
  }
  return `${n.negative && n.coefficient !== 0n ? '-' : ''}${digits}` as Decimal;
}

/** Resolved digit counts; -1 is "not set". */
interface Digits {
  significant: boolean;
  minFrac: number;
  maxFrac: number;
  minSig: number;
  maxSig: number;
}

/** The options' counts over the currency's fraction digits; in the short style, significant digits by default. */
function resolveDigits(options: CurrencyOptions, fractionDigits: number, compactMaxSig?: number): Digits {
  const {
    minimumFractionDigits: minF,
    maximumFractionDigits: maxF,
    minimumSignificantDigits: minS,
    maximumSignificantDigits: maxS,
  } = options;
  const byFraction = minF !== undefined || maxF !== undefined;
  const significant = (compactMaxSig !== undefined && !byFraction) || minS !== undefined || maxS !== undefined;
  let minFrac = fractionDigits;
  let maxFrac = maxF ?? fractionDigits;
  if (minF !== undefined) {
    minFrac = maxF === undefined ? minF : Math.min(minF, maxF);
    maxFrac = Math.max(maxFrac, minFrac);
  }
  if (maxF !== undefined && maxFrac < minFrac) minFrac = maxFrac;
  if (!significant) return { significant, minFrac, maxFrac, minSig: -1, maxSig: -1 };
  const compact = compactMaxSig !== undefined;
  const minSig = minS ?? (compact ? 1 : -1);
  let maxSig = maxS ?? (compact ? compactMaxSig : -1);
  if (minSig !== -1 && maxSig !== -1 && minSig > maxSig) maxSig = minSig;
  return { significant, minFrac, maxFrac, minSig: minSig === -1 ? maxSig : minSig, maxSig };
}

function adjust(n: Scaled, digits: Digits, mode: Rounding): Scaled {
  if (digits.significant && digits.minSig >= 0) {
    if (digits.maxSig !== -1 && precision(n) > digits.maxSig)
      n = setScale(n, digits.maxSig - precision(n) + n.scale, mode);
    n = stripTrailingZeros(n);
    if (precision(n) < digits.minSig) n = setScale(n, digits.minSig - precision(n) + n.scale, mode);
    return n;
  }
  n = stripTrailingZeros(setScale(n, Math.max(digits.minFrac, Math.min(n.scale, digits.maxFrac)), mode));
  return n.scale < digits.minFrac ? setScale(n, digits.minFrac, mode) : n;
}

/** How many places the locale's short currency form moves the point for an amount with `integers` digits (0: none). */
function compactShift(locale: string, integers: number): number {
  const format = numberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 0,
  });
  const parts = format.formatToParts(`1${'0'.repeat(integers - 1)}` as Decimal);
  if (!parts.some((part) => part.type === 'compact')) return 0;
  const shown = parts.filter((part) => part.type === 'integer').reduce((count, part) => count + part.value.length, 0);
  return integers - shown;
}

/** The short style's amount, rounded and divided by the locale's compact divisor (10^shift). */
function compactAmount(n: Scaled, options: CurrencyOptions, locale: string, fractionDigits: number, mode: Rounding) {
  const adjustAt = (q1: Scaled, shift: number, integers: number) => {
    const patternDigits = shift === 0 ? 1 : integers - shift;
    const q1Digits = integerDigits(q1);
    const maxSig = Math.max(patternDigits, q1Digits) + (q1Digits === 1 ? 1 : 0);
    return adjust(q1, resolveDigits(options, fractionDigits, maxSig), mode);
  };
  let integers = integerDigits(n);
  let shift = compactShift(locale, integers);
  const q1 = shifted(n, shift);
  let q2 = adjustAt(q1, shift, integers);
  if (integerDigits(q2) > integerDigits(q1)) {
    // Rounded up to one more digit: the next compact form may divide further.
    integers++;
    const next = compactShift(locale, integers);
    if (next > shift) {
      shift = next;
      q2 = adjustAt(setScale(shifted(n, shift), n.scale, 'halfEven'), shift, integers);
    }
  }
  return { amount: q2, shift };
}

/** Whether the options need the platform's digit rules rather than Intl's. */
export function needsMoneyDigits(options: CurrencyOptions): boolean {
  return (
    options.style === 'short' ||
    options.style === 'code' ||
    options.roundingMode !== undefined ||
    options.minimumFractionDigits !== undefined ||
    options.maximumFractionDigits !== undefined ||
    options.minimumSignificantDigits !== undefined ||
    options.maximumSignificantDigits !== undefined
  );
}

/** Formats `amount` of `currency` in `locale` with the platform's digit rules for `options`. */
export function formatMoneyDigits(amount: Decimal, currency: string, locale: string, options: CurrencyOptions): string {
  const mode = options.roundingMode ?? 'halfEven';
  const fractionDigits = currencyDigits(currency);
  const { style = 'symbol', narrow = false } = options;
  const layout: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    useGrouping: options.grouping === false ? false : 'auto',
    signDisplay: 'negative',
    ...(options.minimumIntegerDigits === undefined
      ? {}
      : { minimumIntegerDigits: Math.min(21, Math.max(1, options.minimumIntegerDigits)) }),
  };
  const exactly = (n: Scaled) => {
    const digits = Math.min(20, Math.max(0, n.scale));
    return { minimumFractionDigits: digits, maximumFractionDigits: digits };
  };
  const symbol = narrow ? 'narrowSymbol' : 'symbol';
  if (style === 'short') {
    const { amount: q2, shift } = compactAmount(scaledOf(amount), options, locale, fractionDigits, mode);
    const text = textOf(shifted(q2, -shift));
    // Below the first compact form the amount is written in the standard pattern, grouped.
    const notation = shift === 0 ? {} : { notation: 'compact' as const };
    return numberFormat(locale, { ...layout, currencyDisplay: symbol, ...notation, ...exactly(q2) }).format(text);
  }
  const n = adjust(scaledOf(amount), resolveDigits(options, fractionDigits), mode);
  const text = textOf(n);
  if (style === 'code') {
    // The number and the code in the locale's unit pattern, the one of currency names.
    const parts = numberFormat(locale, { ...layout, currencyDisplay: 'name', ...exactly(n) }).formatToParts(text);
    return parts.map((part) => (part.type === 'currency' ? currency : part.value)).join('');
  }
  return numberFormat(locale, {
    ...layout,
    currencyDisplay: style === 'name' ? 'name' : symbol,
    ...(style === 'accounting' ? { currencySign: 'accounting' } : {}),
    ...exactly(n),
  }).format(text);
}

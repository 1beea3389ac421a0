/**
 * The `decimal` formatter's options and formatting (and the number arguments of messages):
 * CLDR number patterns of the render locale through `Intl.NumberFormat`.
 */
import { numberFormat } from '../money/format-number';
import { digitName, namedArguments, readGroupingOrRounding } from '../money/number-options';
import { trimChar } from '../../../contract/trim-char';
import {
  formatManyFractionDigits,
  INTL_MAX_FRACTION,
  INTL_MAX_SIGNIFICANT,
  leadingExponent,
  roundToFraction,
} from './many-fraction-digits';

/**
 * Digit counts are clamped to 0..50 (platform spec, section 5) and honoured in full for plain
 * decimals (`many-fraction-digits.ts`); percent, compact and scientific styles show at most
 * what Intl does (20 fraction, 21 significant digits).
 */
export const MAX_DIGITS = 50;

export interface DecimalOptions {
  /** decimal (default), short or long (compact: 12K, 12 thousand), percent, permille. */
  style: 'decimal' | 'short' | 'long' | 'percent' | 'permille' | 'scientific';
  /** default, significant, significant-maxfrac, fractions. */
  mode: 'default' | 'significant' | 'significant-maxfrac' | 'fractions';
  minInt?: number;
  minFrac?: number;
  maxFrac?: number;
  minSig?: number;
  maxSig?: number;
  grouping: boolean;
  roundingMode?: Intl.NumberFormatOptions['roundingMode'];
}

const STYLES = new Set<DecimalOptions['style']>(['decimal', 'short', 'long', 'percent', 'permille', 'scientific']);
const MODES = new Set<DecimalOptions['mode']>(['default', 'significant', 'significant-maxfrac', 'fractions']);

/** A digit count clamped to 0..50; undefined for text that is not an integer. */
export function digitCount(text: string): number | undefined {
  if (!/^\s*[+-]?\d+\s*$/.test(text)) return undefined;
  return Math.min(MAX_DIGITS, Math.max(0, Number(text)));
}

/**
 * Reads options written `name:value` (or `name=value`): `style`, `mode`, the digit counts
 * (`minint`, `minfrac`, `maxfrac`, `minsig`, `maxsig` or their long names, any case),
 * `group`/`grouping`, `no-group`, `round`. Unknown names and unreadable values are ignored.
 */
export function parseDecimalOptions(args: readonly string[]): DecimalOptions {
  const options: DecimalOptions = { style: 'decimal', mode: 'default', grouping: true };
  for (const [name, value] of namedArguments(args)) {
    if (readGroupingOrRounding(options, name, value)) continue;
    if (name === 'style') {
      if (STYLES.has(value as DecimalOptions['style'])) options.style = value as DecimalOptions['style'];
    } else if (name === 'mode') {
      if (MODES.has(value as DecimalOptions['mode'])) options.mode = value as DecimalOptions['mode'];
    } else {
      const key = digitName(name);
      const count = digitCount(value);
      if (key && count !== undefined) options[key] = count;
    }
  }
  return options;
}

/** Which digit options apply: significant digits, fraction digits or both. */
function digitPlan({ minFrac, maxFrac, minSig, maxSig, mode }: DecimalOptions) {
  const hasSig = minSig !== undefined || maxSig !== undefined;
  const hasFrac = minFrac !== undefined || maxFrac !== undefined;
  const useSig = mode === 'significant' || mode === 'significant-maxfrac' || (mode === 'default' && hasSig && !hasFrac);
  const useFrac = mode !== 'significant' && (hasFrac || !useSig);
  return { useSig, useFrac, hasFrac };
}

/** Drops trailing fraction zeros of plain decimal text down to `keep` fraction digits. */
function trimZeros(text: string, keep: number): string {
  const [whole, fraction = ''] = text.split('.');
  const kept = trimChar(fraction, '0', 'end').padEnd(keep, '0');
  return kept === '' ? (whole as string) : `${whole}.${kept}`;
}

/**
 * The rounded plain text of a plain decimal whose digit options go beyond Intl's 20 fraction
 * or 21 significant digits; undefined when Intl can do it alone (or the style is not plain).
 * Significant digits become the fraction digits they mean for this value (negative ones round
 * a long integer to tens, hundreds …).
 */
function beyondIntl(text: string, options: DecimalOptions): string | undefined {
  if (options.style !== 'decimal' && options.style !== 'permille') return undefined;
  const { useSig, useFrac, hasFrac } = digitPlan(options);
  const mode = options.roundingMode ?? 'halfEven';
  if (useFrac && hasFrac && !useSig) {
    const min = options.minFrac ?? 0;
    const max = Math.max(min, options.maxFrac ?? Math.max(min, 3));
    if (max <= INTL_MAX_FRACTION) return undefined;
    return trimZeros(roundToFraction(text, max, mode), min);
  }
  if (useSig && !(useFrac && hasFrac)) {
    const min = Math.max(1, options.minSig ?? 1);
    const max = Math.max(min, options.maxSig ?? INTL_MAX_SIGNIFICANT);
    if (max <= INTL_MAX_SIGNIFICANT) return undefined;
    const exponent = leadingExponent(text);
    const maxFraction = max - exponent - 1;
    let rounded = roundToFraction(text, maxFraction, mode);
    // 9.99… rounding up to 10.0…: one digit more before the point, one fewer after it.
    const carried = leadingExponent(rounded) - exponent;
    if (carried > 0 && maxFraction > 0) rounded = rounded.slice(0, -carried).replace(/\.$/, '');
    return trimZeros(rounded, Math.max(0, min - leadingExponent(rounded) - 1));
  }
  return undefined;
}

function intlOptions(options: DecimalOptions): Intl.NumberFormatOptions {
  const intl: Intl.NumberFormatOptions = {
    useGrouping: options.grouping ? 'auto' : false,
    roundingMode: options.roundingMode ?? 'halfEven',
  };
  if (options.style === 'short' || options.style === 'long') {
    intl.notation = 'compact';
    intl.compactDisplay = options.style;
  } else if (options.style === 'percent') {
    intl.style = 'percent';
  } else if (options.style === 'scientific') {
    intl.notation = 'scientific';
  }
  if (options.minInt !== undefined) intl.minimumIntegerDigits = Math.min(21, Math.max(1, options.minInt));
  const { minFrac, maxFrac, minSig, maxSig } = options;
  const { useSig, useFrac, hasFrac } = digitPlan(options);
  if (useSig) {
    const min = Math.min(INTL_MAX_SIGNIFICANT, Math.max(1, minSig ?? 1));
    intl.minimumSignificantDigits = min;
    intl.maximumSignificantDigits = Math.max(
      min,
      Math.min(INTL_MAX_SIGNIFICANT, Math.max(1, maxSig ?? INTL_MAX_SIGNIFICANT)),
    );
  }
  if (useFrac && hasFrac) {
    const min = Math.min(INTL_MAX_FRACTION, minFrac ?? 0);
    intl.minimumFractionDigits = min;
    intl.maximumFractionDigits = Math.max(min, Math.min(INTL_MAX_FRACTION, maxFrac ?? Math.max(min, 3)));
  }
  if (useSig && useFrac && hasFrac) intl.roundingPriority = 'lessPrecision';
  return intl;
}

/** Formats decimal text in `locale` with the `decimal` formatter's options. */
export function formatDecimalText(text: string, locale: string, options: DecimalOptions): string {
  const value = options.style === 'permille' ? String(Number(text) * 1000) : text;
  const exact = beyondIntl(value, options);
  const formatted =
    exact === undefined
      ? numberFormat(locale, intlOptions(options)).format(value as `${number}`)
      : formatManyFractionDigits(exact, locale, intlOptions(options));
  return options.style === 'permille' ? `${formatted}‰` : formatted;
}

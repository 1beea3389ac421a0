/**
 * The `decimal` formatter's options and formatting (and the number arguments of messages):
 * CLDR number patterns of the render locale through `Intl.NumberFormat`.
 */
import { numberFormat } from '../money/format-number';
import { digitName, namedArguments, readGroupingOrRounding } from '../money/number-options';

/** Digit counts are clamped to 0..50 (platform spec, section 5). */
export const MAX_DIGITS = 50;
// What Node 20's Intl takes: counts above it (up to 50) format as these.
const INTL_MAX_FRACTION = 20;
const INTL_MAX_SIGNIFICANT = 21;

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
  const { minFrac, maxFrac, minSig, maxSig, mode } = options;
  const hasSig = minSig !== undefined || maxSig !== undefined;
  const hasFrac = minFrac !== undefined || maxFrac !== undefined;
  const useSig = mode === 'significant' || mode === 'significant-maxfrac' || (mode === 'default' && hasSig && !hasFrac);
  const useFrac = mode !== 'significant' && (hasFrac || !useSig);
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
  const format = numberFormat(locale, intlOptions(options));
  const value = options.style === 'permille' ? String(Number(text) * 1000) : text;
  const formatted = format.format(value as `${number}`);
  return options.style === 'permille' ? `${formatted}‰` : formatted;
}

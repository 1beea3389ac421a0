/**
 * The `decimal` formatter's options and formatting (and the number arguments of messages):
 * CLDR number patterns of the render locale through `Intl.NumberFormat`.
 */
import { boundedCache } from '../money/bounded-cache';
import { numberFormat } from '../money/format-number';
import { digitName, namedArguments, readGroupingOrRounding } from '../money/number-options';
import { trimChar } from '../../../contract/trim-char';
import {
  formatManyFractionDigits,
  INTL_MAX_FRACTION,
  INTL_MAX_SIGNIFICANT,
  leadingExponent,
  roundToFraction,
  withoutExponent,
} from './many-fraction-digits';

/**
 * Digit counts are clamped to 0..50 (platform spec, section 5) and honoured in full for plain
 * decimals (`many-fraction-digits.ts`); percent, compact and scientific styles show at most
 * what Intl does (20 fraction, 21 significant digits).
 */
export const MAX_DIGITS = 50;

export interface DecimalOptions {
  /** decimal (default), short or long (compact: 12K, 12 thousand), percent, permille (or their -scaled forms: the value already scaled), scientific. */
  style: 'decimal' | 'short' | 'long' | 'percent' | 'percent-scaled' | 'permille' | 'permille-scaled' | 'scientific';
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

const STYLES = new Set<DecimalOptions['style']>([
  'decimal',
  'short',
  'long',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
  'scientific',
]);
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
  // Significant digits, when given, win over fraction digits; a mode without them keeps the defaults.
  const useSig = hasSig && mode !== 'fractions';
  const useFrac = mode === 'significant-maxfrac' || !useSig;
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
  if (options.style !== 'decimal' && options.style !== 'permille' && options.style !== 'permille-scaled')
    return undefined;
  const { useSig, useFrac, hasFrac } = digitPlan(options);
  const mode = options.roundingMode ?? 'halfEven';
  if (useFrac && hasFrac && !useSig) {
    const min = Math.min(options.minFrac ?? 0, options.maxFrac ?? MAX_DIGITS);
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

const compactDivisors = boundedCache<number>();

/**
 * The power of ten the locale's compact form divides a number of `digits` integer digits by
 * (3 for "12K" in English, 4 for "1万" in Japanese, 0 below the first compact form).
 */
function compactDivisor(locale: string, display: 'short' | 'long', digits: number): number {
  return compactDivisors(`${locale} ${display} ${digits}`, () => {
    const format = numberFormat(locale, { notation: 'compact', compactDisplay: display, maximumSignificantDigits: 1 });
    const parts = format.formatToParts(`1${'0'.repeat(digits - 1)}` as `${number}`);
    const shown = parts.filter((p) => p.type === 'integer').reduce((n, p) => n + p.value.length, 0);
    return Math.max(0, digits - shown);
  });
}

/**
 * Significant digits of compact forms when only a minimum is given: the integer digits left
 * after the compact division, one more when that is a single digit ("1.2K", "12K", "123K").
 */
function compactSignificant(text: string, locale: string, display: 'short' | 'long'): number {
  const whole = withoutExponent(text).replace(/^-/, '').split('.')[0] ?? '0';
  const digits = Math.max(1, whole.replace(/^0+/, '').length);
  const left = Math.max(1, digits - compactDivisor(locale, display, digits));
  return left === 1 ? 2 : left;
}

/** The significant digits shown: [minimum, maximum], by style, as the platform defaults them. */
function significantRange(options: DecimalOptions, text: string, locale: string): [number, number] {
  const { minSig, maxSig, style } = options;
  const clamp = (n: number) => Math.min(INTL_MAX_SIGNIFICANT, Math.max(1, n));
  let min: number;
  let max: number;
  if (style === 'short' || style === 'long') {
    min = clamp(minSig ?? 1);
    max = clamp(maxSig ?? compactSignificant(text, locale, style));
  } else if (style === 'scientific') {
    // One significant digit unless asked; a minimum alone is the maximum too.
    min = clamp(minSig ?? 1);
    max = clamp(maxSig ?? min);
  } else {
    // A maximum alone is the minimum too: maxsig:3 prints 3 as "3.00".
    min = clamp(minSig ?? maxSig ?? 1);
    max = clamp(maxSig ?? INTL_MAX_SIGNIFICANT);
  }
  return [min, Math.max(min, max)];
}

const fourDigitGroups = boundedCache<boolean>();

/**
 * Compact numbers are grouped as the locale groups plain ones: "1,235T" in English, "1235 B" in
 * Spanish, whose groups need two digits before them (Intl keeps every compact number to that rule).
 */
function compactGrouping(locale: string): 'always' | 'min2' {
  const groups = fourDigitGroups(locale, () => /\D/.test(numberFormat(locale, {}).format(1234)));
  return groups ? 'always' : 'min2';
}

function intlOptions(options: DecimalOptions, text = '0', locale = 'en-US'): Intl.NumberFormatOptions {
  const compact = options.style === 'short' || options.style === 'long';
  const intl: Intl.NumberFormatOptions = {
    useGrouping: !options.grouping ? false : compact ? compactGrouping(locale) : 'auto',
    roundingMode: options.roundingMode ?? 'halfEven',
    // What rounds to zero prints "0", never "-0".
    signDisplay: 'negative',
  };
  if (options.style === 'short' || options.style === 'long') {
    intl.notation = 'compact';
    intl.compactDisplay = options.style;
  } else if (options.style === 'percent') {
    intl.style = 'percent';
  } else if (
    options.style === 'percent-scaled' ||
    options.style === 'permille' ||
    options.style === 'permille-scaled'
  ) {
    // Percent patterns show no fraction digits unless asked.
    intl.maximumFractionDigits = 0;
  } else if (options.style === 'scientific') {
    intl.notation = 'scientific';
    // One significant digit unless digit options say otherwise: "1E+3".
    intl.maximumFractionDigits = 0;
  }
  if (options.minInt !== undefined) intl.minimumIntegerDigits = Math.min(21, Math.max(1, options.minInt));
  const { minFrac, maxFrac } = options;
  const { useSig, useFrac, hasFrac } = digitPlan(options);
  if (useSig) {
    const [min, max] = significantRange(options, text, locale);
    intl.minimumSignificantDigits = min;
    intl.maximumSignificantDigits = max;
  }
  if (useFrac && hasFrac) {
    // A minimum above the maximum gives way to it: minfrac:2 maxfrac:0 prints no fraction.
    const min = Math.min(INTL_MAX_FRACTION, minFrac ?? 0, maxFrac ?? MAX_DIGITS);
    intl.minimumFractionDigits = min;
    // Only plain decimals show up to 3 fraction digits by default; other styles show the minimum.
    const upTo = options.style === 'decimal' ? Math.max(min, 3) : min;
    intl.maximumFractionDigits = Math.max(min, Math.min(INTL_MAX_FRACTION, maxFrac ?? upTo));
  }
  if (useSig && useFrac && hasFrac) intl.roundingPriority = 'lessPrecision';
  if (options.style === 'scientific' && useFrac && hasFrac && !useSig) {
    // Fraction digits count after the coefficient's integer digits, which Intl writes as one.
    const shift = Math.max(0, (intl.minimumIntegerDigits ?? 1) - 1);
    intl.minimumFractionDigits = Math.min(INTL_MAX_FRACTION, (intl.minimumFractionDigits ?? 0) + shift);
    intl.maximumFractionDigits = Math.min(INTL_MAX_FRACTION, (intl.maximumFractionDigits ?? 0) + shift);
  }
  return intl;
}

/** Decimal text times 1000, exactly (binary floating point would turn 16703.76 into 16703759.99…). */
function timesThousand(text: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return String(Number(text) * 1000);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent) + 3;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  const padded = digits.padEnd(point, '0');
  return `${sign}${padded.slice(0, point) || '0'}${point < padded.length ? `.${padded.slice(point)}` : ''}`;
}

/** A formatted number in the locale's percent pattern, its sign replaced by `sign` when given. */
function percentPattern(locale: string, formatted: string, sign: string | undefined): string {
  return numberFormat(locale, { style: 'percent' })
    .formatToParts(0)
    .map((part) => (part.type === 'integer' ? formatted : part.type === 'percentSign' && sign ? sign : part.value))
    .join('');
}

/** Formats decimal text in `locale` with the `decimal` formatter's options. */
export function formatDecimalText(text: string, locale: string, options: DecimalOptions): string {
  const value = options.style === 'permille' ? timesThousand(text) : text;
  const intl = intlOptions(options, value, locale);
  if (options.style === 'scientific') return formatScientific(value, locale, intl, options);
  const exact = beyondIntl(value, options);
  const formatted =
    exact === undefined
      ? integerDigits(numberFormat(locale, intl).formatToParts(value as `${number}`), options.minInt)
      : formatManyFractionDigits(exact, locale, { ...intl, signDisplay: 'auto' });
  if (options.style === 'permille' || options.style === 'permille-scaled')
    return percentPattern(locale, formatted, '‰');
  if (options.style === 'percent-scaled') return percentPattern(locale, formatted, undefined);
  if ((options.style === 'short' || options.style === 'long') && !/\p{L}|\p{Sc}/u.test(formatted)) {
    // Below the locale's first compact form the number is plain, grouped as plain numbers are.
    const { notation: _notation, compactDisplay: _display, ...plain } = intl;
    const { hasFrac, useSig } = digitPlan(options);
    if (!hasFrac && !useSig) {
      if (Math.abs(Number(value)) >= 100) plain.maximumFractionDigits = 0;
      else plain.maximumSignificantDigits = 2;
    }
    return integerDigits(numberFormat(locale, plain).formatToParts(value as `${number}`), options.minInt);
  }
  return formatted;
}

/**
 * A formatted number with `minInt` integer digits where Intl cannot write them: none before a
 * fraction for minint:0 (".5", "-,5"), and zeros past Intl's 21 (up to 50), grouped as the rest.
 */
function integerDigits(parts: Intl.NumberFormatPart[], minInt: number | undefined): string {
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  if (minInt === undefined || (minInt > 0 && minInt <= 21)) return text(parts);
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'group');
  if (first < 0) return text(parts);
  const digits = text(parts.slice(first, last + 1).filter((p) => p.type === 'integer'));
  // Zero keeps its digit ("0.0"); a fraction of something does without (".5").
  const fraction = /[1-9]/.test(text(parts.filter((p) => p.type === 'fraction')));
  if (minInt === 0)
    return digits === '0' && fraction ? text([...parts.slice(0, first), ...parts.slice(last + 1)]) : text(parts);
  const padded = digits.padStart(minInt, '0');
  const separator = parts.slice(first, last + 1).find((p) => p.type === 'group')?.value;
  // Groups of three from the right, as the locale's own separator sets them.
  let grouped = '';
  for (let end = padded.length; end > 0; end -= 3)
    grouped = (end > 3 && separator !== undefined ? separator : '') + padded.slice(Math.max(0, end - 3), end) + grouped;
  return text(parts.slice(0, first)) + grouped + text(parts.slice(last + 1));
}

/**
 * Scientific notation with `minimumIntegerDigits` integer digits in the coefficient, the
 * exponent lowered to match ("500E-3" for 0.5 at minint:3, where Intl pads: "005E-1"), and
 * the exponent as CLDR writes it: "E+4", "E-3", none for zero.
 */
function formatScientific(
  value: string,
  locale: string,
  intl: Intl.NumberFormatOptions,
  options: DecimalOptions,
): string {
  const { minInt: minDigits, minFrac, maxFrac } = options;
  const { minimumIntegerDigits: _intlMin, ...rest } = intl;
  const minInt = Math.max(1, minDigits ?? 1);
  const parts = numberFormat(locale, rest).formatToParts(value as `${number}`);
  const text = (type: string) =>
    parts
      .filter((p) => p.type === type)
      .map((p) => p.value)
      .join('');
  const whole = text('integer');
  const fraction = text('fraction');
  const shift = Math.max(0, minInt - whole.length);
  const digits = whole + fraction.padEnd(shift, '0');
  const point = whole.length + shift;
  // Zero keeps exponent 0 however many integer digits pad it.
  const lowered = /[1-9]/.test(digits) ? shift : 0;
  const exponent = Number(text('exponentInteger') || '0') * (text('exponentMinusSign') ? -1 : 1) - lowered;
  // Past Intl's 21 integer digits its fraction digits run out: the minimum asked for, in zeros.
  const { useSig, useFrac, hasFrac } = digitPlan(options);
  const wanted = minInt > 21 && useFrac && hasFrac && !useSig ? Math.min(minFrac ?? 0, maxFrac ?? MAX_DIGITS) : 0;
  const after = digits.slice(point).padEnd(wanted, '0');
  const shown = after !== '' ? `${text('decimal') || '.'}${after}` : '';
  const coefficient = `${text('minusSign')}${digits.slice(0, point)}${shown}`;
  if (exponent === 0) return coefficient;
  return `${coefficient}${text('exponentSeparator') || 'E'}${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

/**
 * The `unit` formatter: converts an amount between units of one category (exactly, on
 * rationals) and formats it in the render locale, as one unit, the best unit of a compact set
 * ("14.3d"), or a sequence ("1,028 ft 9 in").
 *
 * Options: `in:` the unit of the value; `out:` a unit, or comma-separated units to pick the
 * best of; `sequence:` units to show it in one after the other; `compact:` a set (length, mass, duration, duration-large,
 * duration-small, bytes, bits, frequency, temperature, area, volume, liquid, speed,
 * consumption, angle, electric, energy, power); `format:` narrow (default), short or long;
 * `group`; digit options as for `decimal` (at most one fraction digit by default). Without
 * `out`, `sequence` or `compact` the value goes to the compact set of its unit, in the locale's
 * measurement system (miles in the United States, kilometers in France). Labels are CLDR 29's
 * in the locales of `cldr-units.ts`, the runtime's elsewhere.
 */
import { boundedCache } from '../money/bounded-cache';
import { numberFormat } from '../money/format-number';
import { cldrUnitPattern } from './cldr-units';
import { parseDecimalOptions } from './decimal';
import { pluralCategory } from './number-text';
import {
  add,
  atLeastOne,
  div,
  isZero,
  mul,
  negate,
  parseRational,
  sub,
  toDecimalText,
  trunc,
  type Rational,
} from './rational';
import { COMPACT, unitName, UNITS, type UnitDef } from './unit-table';

type Width = 'narrow' | 'short' | 'long';

const usSystem = boundedCache<boolean>();

/** Whether `locale` measures in US customary units (United States, Liberia, Myanmar). */
export function usesUsUnits(locale: string): boolean {
  return usSystem(locale, () => {
    try {
      const region = new Intl.Locale(locale).maximize().region;
      return region === 'US' || region === 'LR' || region === 'MM';
    } catch {
      return true;
    }
  });
}

function compactSet(name: string, locale: string): readonly string[] | undefined {
  const set = Object.hasOwn(COMPACT, name) ? COMPACT[name] : undefined;
  if (set === undefined || Array.isArray(set)) return set as readonly string[] | undefined;
  const bySystem = set as { us: readonly string[]; metric: readonly string[] };
  return usesUsUnits(locale) ? bySystem.us : bySystem.metric;
}

const rationals = boundedCache<Rational>();
// The table's factors are all readable (a unit test checks them).
const constant = (text: string): Rational => rationals(text, () => parseRational(text) ?? { n: 1n, d: 1n });

function def(unit: string): UnitDef {
  return UNITS.get(unit) as UnitDef;
}

function toBase(value: Rational, unit: string): Rational | undefined {
  const d = def(unit);
  if (d.inverse) return isZero(value) ? undefined : div(constant(d.factor), value);
  const scaled = mul(value, constant(d.factor));
  return d.offset ? add(scaled, constant(d.offset)) : scaled;
}

function fromBase(base: Rational, unit: string): Rational | undefined {
  const d = def(unit);
  if (d.inverse) return isZero(base) ? undefined : div(constant(d.factor), base);
  return div(d.offset ? sub(base, constant(d.offset)) : base, constant(d.factor));
}

interface NumberStyle {
  minFrac: number;
  maxFrac: number;
  grouping: boolean;
}

/**
 * Formats `amount` of `unit`: the number through Intl, placed in the unit's CLDR 29 pattern for
 * its plural category (see `cldr-units.ts`); in other locales through Intl when it has the
 * unit, else with the unit's English label.
 */
function formatAmount(amount: string, unit: string, width: Width, locale: string, style: NumberStyle): string {
  const digits = {
    minimumFractionDigits: style.minFrac,
    maximumFractionDigits: style.maxFrac,
    useGrouping: style.grouping ? ('auto' as const) : false,
    roundingMode: 'halfEven' as const,
  };
  // The number as shown, in plain digits: its plural category counts the visible fraction digits.
  const plain = () => numberFormat('en', { ...digits, useGrouping: false }).format(amount as `${number}`);
  const cldr = cldrUnitPattern(locale, width, unit, () => pluralCategory(plain(), locale));
  const d = def(unit);
  if (cldr === undefined && d.intl)
    return numberFormat(locale, { style: 'unit', unit, unitDisplay: width, ...digits }).format(amount as `${number}`);
  const number = numberFormat(locale, digits).format(amount as `${number}`);
  // CLDR 29 grouped French numbers with U+00A0; CLDR 34 changed it to U+202F.
  if (cldr !== undefined) return cldr.replace('{0}', number.replace(/\u202f/g, '\u00a0'));
  const [narrow, short, one, other] = (d.label ?? '{0}').split('|');
  let pattern = width === 'narrow' ? narrow : width === 'short' ? short : undefined;
  if (width === 'long') pattern = pluralCategory(plain(), locale) === 'one' ? one : other;
  return (pattern ?? '{0}').replace('{0}', number);
}

export interface UnitOptions {
  input?: string;
  /** The output unit, or units to choose the best of (`out:hour,minute,second`). */
  output?: string[];
  /** Units to show the amount in, one after the other (`sequence:foot,inch`). */
  sequence?: string[];
  compact?: string;
  width: Width;
  style: NumberStyle;
}

const OPTION_RE = /^(in|out|sequence|compact|format):(.*)$/;

export function parseUnitOptions(args: readonly string[]): UnitOptions | undefined {
  const options: UnitOptions = { width: 'narrow', style: { minFrac: 0, maxFrac: 1, grouping: false } };
  const rest: string[] = [];
  let valid = true;
  for (const arg of args) {
    const match = OPTION_RE.exec(arg.trim());
    if (!match) {
      rest.push(arg);
      continue;
    }
    const [, name, value = ''] = match;
    if (name === 'in') {
      const unit = unitName(value);
      if (unit === undefined) valid = false;
      else options.input = unit;
    } else if (name === 'out') {
      // Names that are not units ("foot.inch") are left out of the choice.
      const units = value.split(',').flatMap((u) => unitName(u) ?? []);
      if (units.length > 0) options.output = units;
    } else if (name === 'sequence') {
      const units = value.split(',').map(unitName);
      if (units.every((u) => u !== undefined)) options.sequence = units as string[];
    } else if (name === 'compact') {
      options.compact = value;
    } else if (value === 'narrow' || value === 'short' || value === 'long') {
      options.width = value;
    }
  }
  if (!valid) return undefined;
  const digits = parseDecimalOptions(rest);
  const minFrac = Math.min(20, digits.minFrac ?? 0);
  options.style = {
    minFrac,
    maxFrac: Math.max(minFrac, Math.min(20, digits.maxFrac ?? 1)),
    grouping: rest.some((a) => /^group(ing)?(:true)?$/.test(a.trim())),
  };
  return options;
}

/** The best unit of a compact set: the largest at which the amount is at least 1, else the smallest. */
function bestUnit(base: Rational, set: readonly string[]): string | undefined {
  for (const unit of set) {
    const amount = fromBase(base, unit);
    if (amount !== undefined && atLeastOne(amount)) return unit;
  }
  return set[set.length - 1];
}

function formatSequence(base: Rational, units: readonly string[], options: UnitOptions, locale: string): string {
  const negative = base.n < 0n;
  let rest = negative ? negate(base) : base;
  const parts: { amount: Rational; unit: string }[] = [];
  units.forEach((unit, i) => {
    const amount = fromBase(rest, unit) ?? { n: 0n, d: 1n };
    const last = i === units.length - 1;
    const whole = last ? amount : trunc(amount);
    parts.push({ amount: whole, unit });
    if (!last) rest = sub(rest, toBase(whole, unit) ?? { n: 0n, d: 1n });
  });
  let shown = parts.filter((p) => !isZero(p.amount));
  if (shown.length === 0) shown = parts.slice(-1);
  return shown
    .map((p, i) => {
      const style = p === parts[parts.length - 1] ? options.style : { ...options.style, minFrac: 0, maxFrac: 0 };
      const text = toDecimalText(negative && i === 0 ? negate(p.amount) : p.amount);
      return formatAmount(text, p.unit, options.width, locale, style);
    })
    .join(' ');
}

/** Formats `text` (an amount) with `unit` options in `locale`; '' when it cannot. */
export function formatUnit(text: string, args: readonly string[], locale: string): string {
  const options = parseUnitOptions(args);
  const value = parseRational(text);
  if (options === undefined || value === undefined) return '';
  const { output, sequence } = options;
  let input = options.input;
  if (input === undefined) {
    // Without `in`, the value is in the smallest unit of the set its output unit belongs to.
    const first = output?.[0];
    if (first === undefined) return '';
    const sets = Object.keys(COMPACT).map((name) => compactSet(name, locale) ?? []);
    const set = sets.find((s) => s.includes(first)) ?? compactSet(def(first).compact, locale) ?? [first];
    input = set[set.length - 1] ?? first;
  }
  const category = def(input).category;
  const base = toBase(value, input);
  if (base === undefined) return '';
  if (sequence && sequence.every((u) => def(u).category === category))
    return formatSequence(base, sequence, options, locale);
  const requested = output?.length ? output : options.compact ? compactSet(options.compact, locale) : undefined;
  const set =
    requested && requested.every((u) => def(u).category === category)
      ? requested
      : (compactSet(def(input).compact, locale) ?? [input]);
  const unit = bestUnit(base, set) ?? input;
  const amount = fromBase(base, unit);
  return amount === undefined ? '' : formatAmount(toDecimalText(amount), unit, options.width, locale, options.style);
}

/**
 * What the number formatters' arguments (`money`, `decimal`) have in common: `name:value` (or
 * `name=value`) arguments, grouping, rounding and the digit-count names.
 */

/** Rounding names -> Intl's rounding modes. */
const ROUNDING: Readonly<Record<string, Intl.NumberFormatOptions['roundingMode']>> = {
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceiling: 'ceil',
  ceil: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

/** The digit counts, by their short names. */
export type DigitName = 'minInt' | 'minFrac' | 'maxFrac' | 'minSig' | 'maxSig';

/** Intl's option for each digit count. */
export const INTL_DIGIT_OPTION = {
  minInt: 'minimumIntegerDigits',
  minFrac: 'minimumFractionDigits',
  maxFrac: 'maximumFractionDigits',
  minSig: 'minimumSignificantDigits',
  maxSig: 'maximumSignificantDigits',
} as const satisfies Record<DigitName, keyof Intl.NumberFormatOptions>;

const DIGIT_NAMES = new Map<string, DigitName>(
  Object.entries(INTL_DIGIT_OPTION).flatMap(([short, long]) => [
    [short.toLowerCase(), short as DigitName],
    [long.toLowerCase(), short as DigitName],
  ]),
);

/** The digit count an argument name stands for (`minFrac`, `minimumFractionDigits`, any case). */
export function digitName(name: string): DigitName | undefined {
  return DIGIT_NAMES.get(name);
}

/** Each argument as its lower-case name and its trimmed value ('' when it has none). */
export function namedArguments(args: readonly string[]): [name: string, value: string][] {
  return args.map((arg) => {
    const delimiter = arg.search(/[:=]/);
    const name = (delimiter < 0 ? arg : arg.slice(0, delimiter)).trim().toLowerCase();
    return [name, delimiter < 0 ? '' : arg.slice(delimiter + 1).trim()];
  });
}

/**
 * Reads `group`/`grouping[:true|false]`, `no-group`/`no-grouping` and
 * `round`/`rounding:up|down|truncate|ceiling|ceil|floor|half-up|half-down|half-even` into
 * `options`; false when `name` is none of them.
 */
export function readGroupingOrRounding(
  options: { grouping?: boolean; roundingMode?: Intl.NumberFormatOptions['roundingMode'] },
  name: string,
  value: string,
): boolean {
  if (name === 'group' || name === 'grouping') options.grouping = value === '' || value === 'true';
  else if (name === 'no-group' || name === 'no-grouping') options.grouping = false;
  else if (name === 'round' || name === 'rounding') {
    const mode = Object.hasOwn(ROUNDING, value) ? ROUNDING[value] : undefined;
    if (mode) options.roundingMode = mode;
  } else return false;
  return true;
}

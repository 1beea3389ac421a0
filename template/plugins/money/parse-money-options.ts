import type { CurrencyOptions } from './format-number';

const STYLES: Readonly<Record<string, CurrencyOptions['style']>> = {
  symbol: 'symbol',
  standard: 'symbol',
  accounting: 'accounting',
  code: 'code',
  name: 'name',
  short: 'short',
};

const ROUNDING: Readonly<Record<string, CurrencyOptions['roundingMode']>> = {
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

type DigitKey =
  | 'minimumIntegerDigits'
  | 'minimumFractionDigits'
  | 'maximumFractionDigits'
  | 'minimumSignificantDigits'
  | 'maximumSignificantDigits';

const DIGITS: Readonly<Record<string, DigitKey>> = {
  minint: 'minimumIntegerDigits',
  minimumintegerdigits: 'minimumIntegerDigits',
  minfrac: 'minimumFractionDigits',
  minimumfractiondigits: 'minimumFractionDigits',
  maxfrac: 'maximumFractionDigits',
  maximumfractiondigits: 'maximumFractionDigits',
  minsig: 'minimumSignificantDigits',
  minimumsignificantdigits: 'minimumSignificantDigits',
  maxsig: 'maximumSignificantDigits',
  maximumsignificantdigits: 'maximumSignificantDigits',
};

/**
 * Reads the `money` formatter's arguments, each `name:value` (or `name=value`):
 * `style:symbol|standard|accounting|code|name|short`, `symbol:narrow|default`,
 * `group`/`grouping[:true|false]`, `no-group`/`no-grouping`,
 * `round`/`rounding:up|down|truncate|ceiling|ceil|floor|half-up|half-down|half-even`, and the
 * digit counts `minInt`, `minFrac`, `maxFrac`, `minSig`, `maxSig` (or their long names, any case).
 * Unknown names and unreadable values are ignored; counts Intl cannot take are capped when formatting.
 */
export function parseMoneyOptions(args: readonly string[]): CurrencyOptions {
  const options: CurrencyOptions = {};
  for (const arg of args) {
    const delimiter = arg.search(/[:=]/);
    const name = (delimiter < 0 ? arg : arg.slice(0, delimiter)).trim().toLowerCase();
    const value = delimiter < 0 ? '' : arg.slice(delimiter + 1).trim();
    if (name === 'style') {
      const style = Object.hasOwn(STYLES, value) ? STYLES[value] : undefined;
      if (style) options.style = style;
    } else if (name === 'symbol') {
      if (value === 'narrow' || value === 'default') options.narrow = value === 'narrow';
    } else if (name === 'group' || name === 'grouping') {
      options.grouping = value === '' || value === 'true';
    } else if (name === 'no-group' || name === 'no-grouping') {
      options.grouping = false;
    } else if (name === 'round' || name === 'rounding') {
      const mode = Object.hasOwn(ROUNDING, value) ? ROUNDING[value] : undefined;
      if (mode) options.roundingMode = mode;
    } else {
      const key = Object.hasOwn(DIGITS, name) ? DIGITS[name] : undefined;
      const count = Number(value);
      if (key && value !== '' && Number.isInteger(count)) options[key] = Math.max(0, count);
    }
  }
  return options;
}

import type { CurrencyOptions } from './format-number';
import { digitName, INTL_DIGIT_OPTION, namedArguments, readGroupingOrRounding } from './number-options';

const STYLES: Readonly<Record<string, CurrencyOptions['style']>> = {
  symbol: 'symbol',
  standard: 'symbol',
  accounting: 'accounting',
  code: 'code',
  name: 'name',
  short: 'short',
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
  for (const [name, value] of namedArguments(args)) {
    if (readGroupingOrRounding(options, name, value)) continue;
    if (name === 'style') {
      const style = Object.hasOwn(STYLES, value) ? STYLES[value] : undefined;
      if (style) options.style = style;
    } else if (name === 'symbol') {
      if (value === 'narrow' || value === 'default') options.narrow = value === 'narrow';
    } else {
      const key = digitName(name);
      const count = Number(value);
      if (key && value !== '' && Number.isInteger(count)) options[INTL_DIGIT_OPTION[key]] = Math.max(0, count);
    }
  }
  return options;
}

/**
 * Internationalisation formatters (platform spec, sections 5, 8, 9), by template name: ICU
 * messages, plurals and decimals in the render's locale through Intl (CLDR). None throws:
 * unreadable input prints nothing, a malformed message prints its error.
 */
import type { FormatContext, Formatter } from '../plugin';
import { MONEY_FORMATTERS } from './formatters.money';
import { formatDecimalText, parseDecimalOptions } from './i18n/decimal';
import { formatMessage, type MessageArguments } from './i18n/message';
import { numberText, renderLocale } from './i18n/number-text';
import { renderTimeZone } from './i18n/time-zone';
import { formatUnit } from './i18n/units';

/**
 * Formatter arguments as message arguments: each by position, and `name=a.b` by name too (a
 * named argument keeps its place: `{1}` of `name=x y` is y).
 */
function messageArguments(args: readonly string[], ctx: FormatContext): MessageArguments {
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const value = ctx.resolve(eq > 0 ? arg.slice(eq + 1) : arg);
    if (eq > 0) named[arg.slice(0, eq)] = value;
    positional.push(value);
  }
  return { positional, named };
}

/** `{msg|message a b name=c}`: the message in the value with the arguments' values. */
const message: Formatter = ({ value, args, ctx }) => {
  if (typeof value !== 'string') return '';
  const money = MONEY_FORMATTERS.money;
  return formatMessage(value, messageArguments(args, ctx), {
    locale: renderLocale(ctx.locale),
    timeZone: renderTimeZone(ctx),
    money: (amount, options) => (money ? String(money({ value: amount, args: options, others: [], ctx })) : ''),
  });
};

export const I18N_FORMATTERS: Record<string, Formatter> = {
  /**
   * `{n|decimal style:short maxfrac:1}`: a number in the render locale; options `style`
   * (decimal, short, long, percent, permille), `mode` (default, significant,
   * significant-maxfrac, fractions), digit counts `minint minfrac maxfrac minsig maxsig`
   * (clamped to 0..50), `group`/`no-group`, `round`. Not a number prints nothing.
   */
  decimal: ({ value, args, ctx }) => {
    // Text with spaces around the number is no number to the platform's decimal reader.
    if (typeof value === 'string' && value.trim() !== value) return '';
    const text = numberText(value);
    return text === undefined ? '' : formatDecimalText(text, renderLocale(ctx.locale), parseDecimalOptions(args));
  },
  message,
  /**
   * `{n|unit in:inch out:centimeter}`, `{n|unit in:second sequence:day,hour,minute format:long}`,
   * `{n|unit in:byte compact:bytes}`: see `i18n/units.ts`. Not a number, or an unknown input
   * unit, prints nothing.
   */
  unit: ({ value, args, ctx }) => {
    const text = numberText(value);
    // What is no number is given back as it is, as the reference does.
    return text === undefined ? value : formatUnit(text, args, renderLocale(ctx.locale));
  },
  /** `{msg|plural count name}`: the same as `message` (its plural cases pick the text). */
  plural: message,
};

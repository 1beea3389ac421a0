/**
 * Money and percentage formatters (platform spec, sections 3 and 9), by template name.
 *
 * Two families:
 * - CLDR formatters, in the render's locale through Intl: `money` (a money object, with
 *   options), `bookkeeper-money-format` (cents), `percentage-format`.
 * - Legacy formatters, which the published reference engine stubs and which follow the vectors
 *   and the Java template compiler: `money-format`/`moneyFormat`/`money-string` (cents as
 *   `#,##0.00` in US English, what the page script reads back from `sqs-money-native`) and
 *   `i18n-money-format` (Squarespace's pre-CLDR money layout, see `format-legacy-money.ts`).
 *
 * None throws: unreadable amounts count as 0 (the spec's default price, 0 USD), except in the
 * legacy formatters, which give back a value without an amount as it is; malformed currencies
 * count as USD, unusable locales as "en".
 */
import { MONEY_NATIVE_CLASS } from '../../contract/class-names';
import type { Formatter } from '../plugin';
import { isObject } from '../values';
import { formatCurrency, formatDecimal, type CurrencyOptions, type DigitOptions } from './money/format-number';
import { formatLegacyMoney } from './money/format-legacy-money';
import { parseDecimal, ZERO, type Decimal } from './money/parse-decimal';
import { formatMoneyDigits, needsMoneyDigits } from './money/money-digits';
import { parseMoneyOptions } from './money/parse-money-options';
import { DEFAULT_CURRENCY, readMoney, type Money } from './money/read-money';
import { DEFAULT_LOCALE, resolveLocale } from './money/resolve-locale';

/** Cents (or a money object) as `#,##0.00` in US English, whatever the render locale. */
function legacyMoneyText(amount: Decimal): string {
  return formatDecimal(amount, 'en-US', LEGACY_DIGITS);
}

const LEGACY_DIGITS: DigitOptions = Object.freeze({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The `money` formatter's arguments as read: the free-if-zero argument and the format options. */
interface MoneyArguments {
  free: string | undefined;
  options: CurrencyOptions;
}

/** Read once per argument list (the lists come from compiled templates, which are reused). */
const moneyArguments = new WeakMap<readonly string[], MoneyArguments>();

function readMoneyArguments(args: readonly string[]): MoneyArguments {
  let parsed = moneyArguments.get(args);
  if (parsed === undefined) {
    parsed = {
      free: args.find((a) => /^free-if-zero(?:[:=]|$)/.test(a)),
      options: Object.freeze(parseMoneyOptions(args)),
    };
    moneyArguments.set(args, parsed);
  }
  return parsed;
}

/**
 * What the legacy formatters give for a value that holds no amount: the value as it is (text
 * prints as written, objects and missing values print nothing), as the reference engine does.
 */
function withAmount(format: (amount: Decimal) => string): Formatter {
  return ({ value }) => {
    const money = readMoney(value);
    return holdsNoAmount(value, money) ? value : format(money?.amount ?? ZERO);
  };
}

/** Not a money, or text that is no number; a money object with an unreadable amount counts as 0. */
function holdsNoAmount(value: unknown, money: Money | undefined): boolean {
  return money === undefined || (money.amount === undefined && !isObject(value));
}

/** An amount written as text with spaces around it, which the platform's money reader refuses. */
function hasSpacedAmount(value: unknown): boolean {
  if (!isObject(value)) return false;
  const field = Object.hasOwn(value, 'decimalValue') ? value.decimalValue : value.value;
  return typeof field === 'string' && field.trim() !== field;
}

const moneyFormat: Formatter = withAmount((amount) => legacyMoneyText(amount));

/** Money and percentage formatters, by template name. */
export const MONEY_FORMATTERS: Record<string, Formatter> = {
  /**
   * `{price|money style:short}`: a money object (`decimalValue`/`currencyCode` or
   * `value`/`currency`, major units) in the render locale. Prints nothing for anything that
   * is not a money object with a readable amount (text with spaces around it included), as the
   * reference engine does. Digit counts, rounding modes and the short and code styles follow the
   * platform's digit rules (`money/money-digits.ts`).
   * `free-if-zero:LABEL` prints LABEL for a zero amount; the label is required (spec, section 5):
   * without one the option is reported and ignored.
   */
  money: ({ value, args, ctx }) => {
    const money = isObject(value) ? readMoney(value) : undefined;
    if (money?.amount === undefined || hasSpacedAmount(value)) return '';
    const { free, options } = readMoneyArguments(args);
    const freeLabel = free?.slice('free-if-zero:'.length);
    if (free !== undefined && !freeLabel) ctx.error("money: 'free-if-zero' needs a Free label (free-if-zero:LABEL)");
    else if (freeLabel && Number(money.amount) === 0) return freeLabel;
    const locale = resolveLocale(ctx.locale) ?? DEFAULT_LOCALE;
    if (needsMoneyDigits(options)) return formatMoneyDigits(money.amount, money.currency, locale, options);
    return formatCurrency(money.amount, money.currency, locale, options);
  },

  /**
   * `{cents|bookkeeper-money-format}`: cents (or a money object) as a currency amount in the
   * render locale; not a number counts as 0. US dollars unless the money object says
   * otherwise: the Java original formats US dollars (the reference engine takes the currency of
   * the locale's region, data Intl does not expose). An unusable render locale prints nothing
   * (vector f-bookkeeper-money-format-2, locale "none").
   */
  'bookkeeper-money-format': ({ value, ctx }) => {
    const locale = resolveLocale(ctx.locale);
    if (locale === undefined) return '';
    const money = readMoney(value);
    return formatCurrency(money?.amount ?? ZERO, money?.currency ?? DEFAULT_CURRENCY, locale);
  },

  /** `{cents|money-format}`: 12345 prints 123.45. */
  'money-format': moneyFormat,
  /** The camel-case name of `money-format`. */
  moneyFormat,

  /** `{cents|money-string}`: `money-format` in the span the page script reads prices from. */
  'money-string': withAmount((amount) => `<span class="${MONEY_NATIVE_CLASS}">${legacyMoneyText(amount)}</span>`),

  /**
   * `{money|i18n-money-format de-DE}`: a money object in the legacy layout of the locale
   * argument (`de-DE` or `de_DE`; the render locale without one). What is no money prints as it
   * is; an unreadable amount of a money object counts as 0, a missing or malformed currency as
   * USD, an unusable locale as "en".
   */
  'i18n-money-format': ({ value, args, ctx }) => {
    const money = readMoney(value);
    if (money === undefined || holdsNoAmount(value, money)) return value;
    const locale = resolveLocale(args.length > 0 ? args[0] : ctx.locale) ?? DEFAULT_LOCALE;
    return formatLegacyMoney(money.amount ?? ZERO, money.currency, locale);
  },

  /**
   * `{n|percentage-format}`: a number with 2 or 3 fraction digits in the render locale
   * (123456 prints 123,456.00); `trim` drops trailing zeros. Not a number counts as 0.
   */
  'percentage-format': ({ value, args, ctx }) => {
    const amount = parseDecimal(value) ?? ZERO;
    const locale = resolveLocale(ctx.locale) ?? DEFAULT_LOCALE;
    return formatDecimal(amount, locale, {
      minimumFractionDigits: args.includes('trim') ? 0 : 2,
      maximumFractionDigits: 3,
    });
  },
};

import { formatMoney as formatStoreMoney, type FormatMoneyOptions } from '../../contract/money';
import { boundedCache } from '../../contract/bounded-cache';
import { formatInstant, type DateShape } from '../../contract/date-format';
import { storeContext } from '../session/store-context';

/**
 * Money in the store's locale (`Intl.NumberFormat`): an amount in minor units (cents; whole
 * yen for JPY) of `currency`, the store currency by default. "$2,400.00" in en-US,
 * "2 400,00 €" in fr-FR, "¥4,800" for JPY.
 */
export function formatMoney(
  minorUnits: number | bigint | string,
  currency: string = storeContext().currency,
  options: Omit<FormatMoneyOptions, 'locale'> = {},
): string {
  return formatStoreMoney(minorUnits, currency, { ...options, locale: storeContext().locale });
}

const numberFormats = boundedCache<Intl.NumberFormat>();

/** A number in the store's locale ("4.5" in en-US, "4,5" in fr-FR). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const { locale } = storeContext();
  const key = `${locale}:${JSON.stringify(options)}`;
  return numberFormats(key, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** Review dates: "March 4, 2026". */
export const DATE_LONG: DateShape = { date: { year: 'numeric', month: 'long', day: 'numeric' } };
/**
 * Time stamps: "Mar 4, 2026, 9:05 AM" (a narrow no-break space before AM), the template's
 * `datetime date:medium time:short`.
 */
export const DATE_TIME_MEDIUM: DateShape = { date: { dateStyle: 'medium' }, time: { timeStyle: 'short' } };

/**
 * A moment (epoch milliseconds, an ISO string or a Date) in the store's locale and time zone,
 * as the template shows it (`contract/date-format.ts`); "Invalid date." when it is not a date.
 */
export function formatDate(value: number | string | Date, shape: DateShape = DATE_LONG): string {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  const { locale, timeZone } = storeContext();
  return formatInstant(ms, shape, locale, timeZone);
}

import { formatMoney as formatStoreMoney, type FormatMoneyOptions } from '../../contract/money';
import { boundedCache } from '../../contract/bounded-cache';
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
const dateFormats = boundedCache<Intl.DateTimeFormat>();

/** A number in the store's locale ("4.5" in en-US, "4,5" in fr-FR). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const { locale } = storeContext();
  const key = `${locale}:${JSON.stringify(options)}`;
  return numberFormats(key, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** Review dates: "March 4, 2026". */
export const DATE_LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
/** Time stamps: "Mar 4, 2026, 9:05 AM". */
export const DATE_TIME_MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * A moment (epoch milliseconds, an ISO string or a Date) in the store's locale and time zone,
 * through one cached `Intl.DateTimeFormat` per shape; '' when it is not a valid date.
 */
export function formatDate(value: number | string | Date, options: Intl.DateTimeFormatOptions = DATE_LONG): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { locale, timeZone } = storeContext();
  const key = `${locale}:${timeZone}:${JSON.stringify(options)}`;
  return dateFormats(key, () => new Intl.DateTimeFormat(locale, { ...options, timeZone })).format(date);
}

import { formatMoney as formatStoreMoney, type FormatMoneyOptions } from '../../contract/money';
import { boundedCache } from '../../contract/bounded-cache';
import { storeContext } from '../session/store-context';

/**
 * Money in the store's locale (`Intl.NumberFormat`): an amount in minor units (cents; whole
 * yen for JPY) of `currency`, the store currency by default. "$2,400.00" in en-US,
 * "2 400,00 €" in fr-FR, "¥4,800" for JPY. An amount that is no number (NaN: money that could
 * not be read) is nothing, never "$0.00".
 */
export function formatMoney(
  minorUnits: number | bigint | string,
  currency: string = storeContext().currency,
  options: Omit<FormatMoneyOptions, 'locale'> = {},
): string {
  if (typeof minorUnits === 'number' && !Number.isFinite(minorUnits)) return '';
  return formatStoreMoney(minorUnits, currency, { ...options, locale: storeContext().locale });
}

const numberFormats = boundedCache<Intl.NumberFormat>();

/** A number in the store's locale ("4.5" in en-US, "4,5" in fr-FR). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const { locale } = storeContext();
  const key = `${locale}:${JSON.stringify(options)}`;
  return numberFormats(key, () => new Intl.NumberFormat(locale, options)).format(value);
}

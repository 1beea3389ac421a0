import { formatInstant, type DateShape } from '../../contract/date-format';
import { storeContext } from '../session/store-context';

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

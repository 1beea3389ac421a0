/** Event dates: the external calendar link and same-day events (platform spec, sections 5 and 9). */
import { DEFAULT_TIME_ZONE } from '../../../contract/store-context';
import type { FormatContext } from '../../plugin';
import { numberOf, objectField, scalarText } from '../commerce/fields';
import { pageObject } from '../commerce/page-data';
import { urlEncode } from '../formatters.core';
import { boundedCache } from '../money/bounded-cache';
import { fieldOf } from './item';

/** An epoch-milliseconds date field that a Date can hold; undefined otherwise. */
function dateField(item: unknown, key: string): number | undefined {
  const ms = numberOf(fieldOf(item, key));
  return ms !== undefined && Math.abs(ms) <= 8.64e15 ? ms : undefined;
}

/** `20131115T123030Z`: a date in UTC as the calendar service reads it. */
function calendarDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * `google-calendar-url`: a link that adds the event to an external calendar: its title, start
 * and end in UTC, and its address when it has one. "" without a start and an end.
 */
export function googleCalendarUrl(item: unknown): string {
  const start = dateField(item, 'startDate');
  const end = dateField(item, 'endDate');
  if (start === undefined || end === undefined) return '';
  // The reference engines encode ( ) ! ' ~ in the title too, and leave * - _ . / + @ as they are.
  const title = urlEncode(scalarText(fieldOf(item, 'title')));
  const location = objectField(item, 'location');
  const address = [location.addressLine1, location.addressLine2, location.addressCountry]
    .map((part) => scalarText(part).trim())
    .filter((part) => part !== '')
    .join(', ');
  const url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${title}&dates=${calendarDate(start)}/${calendarDate(end)}`;
  return address === '' ? url : `${url}&location=${encodeURIComponent(address)}`;
}

const dayFormats = boundedCache<Intl.DateTimeFormat>(50);

/** The calendar day of `ms` in `timeZone` (the default zone when the site's is unusable). */
function dayOf(ms: number, timeZone: string): string {
  const format = dayFormats(timeZone, () => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return new Intl.DateTimeFormat('en-US', {
        timeZone: DEFAULT_TIME_ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    }
  });
  return format.format(ms);
}

/** The site's time zone (`website.timeZone`), else the platform default. */
export function siteTimeZone(ctx: FormatContext): string {
  const zone = pageObject(ctx, 'website').timeZone;
  return typeof zone === 'string' && zone !== '' ? zone : DEFAULT_TIME_ZONE;
}

/** The event starts and ends on the same day in the site's time zone. */
export function isSameDay(ctx: FormatContext, item: unknown): boolean {
  const start = dateField(item, 'startDate');
  const end = dateField(item, 'endDate');
  if (start === undefined || end === undefined) return false;
  const zone = siteTimeZone(ctx);
  return dayOf(start, zone) === dayOf(end, zone);
}

/**
 * Dates and times in the render's locale and the website's time zone, through
 * `Intl.DateTimeFormat`, `Intl.RelativeTimeFormat` and the runtime's CLDR data: the `datetime`,
 * `datetime-interval`, `relative-time`, `timesince` and `humanizeDuration` formatters.
 */
import { formatInstant, type DateShape } from '../../../contract/date-format';
import { boundedCache } from '../money/bounded-cache';
import { zonedTime } from './zoned-time';

type Width = 'short' | 'medium' | 'long' | 'full';
const WIDTHS = new Set<string>(['short', 'medium', 'long', 'full']);

/** The `datetime` formatter's options. */
export interface DateTimeOptions {
  /** A named width or a CLDR skeleton ("yMMMd") for the date part. */
  date?: string;
  /** A named width or a CLDR skeleton ("hm") for the time part. */
  time?: string;
  /** The width whose pattern joins date and time ("{date} at {time}" for long and full). */
  wrap?: Width;
  /** `begin-sentence` capitalises the first letter. */
  context?: string;
  /** A calendar Intl knows ("japanese", "buddhist"); Gregorian by default. */
  calendar?: string;
}

/**
 * Reads `datetime` options: a bare width (`short` … `full`: date and time), a bare skeleton
 * (`yMMMd`), `date:` and `time:` (width or skeleton), `skeleton:`, `wrap:`, `context:`,
 * `calendar:`. With neither date nor time the date is shown `long`.
 */
export function parseDateTimeOptions(args: readonly string[]): DateTimeOptions {
  const options: DateTimeOptions = {};
  for (const arg of args) {
    const colon = arg.search(/[:=]/);
    const name = colon < 0 ? '' : arg.slice(0, colon).trim();
    const value = (colon < 0 ? arg : arg.slice(colon + 1)).trim();
    if (value === '') continue;
    if (name === '') {
      if (WIDTHS.has(value)) {
        options.date = value;
        options.time = value;
      } else {
        options.date = value;
      }
    } else if (name === 'date' || name === 'time') options[name] = value;
    else if (name === 'skeleton') options.date = value;
    else if (name === 'wrap' && WIDTHS.has(value)) options.wrap = value as Width;
    else if (name === 'context') options.context = value;
    else if (name === 'calendar' && /^[a-z0-9-]{1,20}$/.test(value)) options.calendar = value;
  }
  if (options.date === undefined && options.time === undefined) options.date = 'long';
  return options;
}

/** Intl options for a CLDR skeleton; letters Intl has no field for are ignored. */
export function skeletonOptions(skeleton: string): Intl.DateTimeFormatOptions {
  const options: Intl.DateTimeFormatOptions = {};
  for (const [run] of skeleton.matchAll(/([A-Za-z])\1*/g)) {
    const n = run.length;
    const text = n >= 5 ? 'narrow' : n === 4 ? 'long' : 'short';
    switch (run[0]) {
      case 'G':
        options.era = text;
        break;
      case 'y':
      case 'Y':
      case 'u':
        options.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        options.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : text;
        break;
      case 'd':
        options.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'c':
      case 'e':
        options.weekday = text;
        break;
      case 'h':
      case 'K':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        options.hourCycle = run[0] === 'h' ? 'h12' : 'h11';
        break;
      case 'H':
      case 'k':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        options.hourCycle = run[0] === 'H' ? 'h23' : 'h24';
        break;
      case 'j':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'm':
        options.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        options.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'B':
      case 'b':
        options.dayPeriod = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'z':
        options.timeZoneName = n === 4 ? 'long' : 'short';
        break;
      case 'v':
        options.timeZoneName = n === 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
      case 'Z':
      case 'x':
      case 'X':
        options.timeZoneName = n === 4 ? 'longOffset' : 'shortOffset';
        break;
      default:
        break;
    }
  }
  // "Bh": with a day period the hour is on the 12-hour clock.
  if (options.dayPeriod && options.hour) delete options.hourCycle;
  return options;
}

const formats = boundedCache<Intl.DateTimeFormat>(200);

/** A cached `Intl.DateTimeFormat` (of intervals; single instants go through `formatInstant`). */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formats(`${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

function partOptions(part: string, kind: 'date' | 'time'): Intl.DateTimeFormatOptions {
  if (WIDTHS.has(part)) return kind === 'date' ? { dateStyle: part as Width } : { timeStyle: part as Width };
  return skeletonOptions(part);
}

/** The width whose glue joins a date part: its own, or the month's width in a skeleton. */
function widthOf(date: string): Width {
  if (WIDTHS.has(date)) return date as Width;
  if (/E{4}/.test(date)) return 'full';
  if (/[ML]{4}/.test(date)) return 'long';
  if (/[ML]{3}/.test(date)) return 'medium';
  return 'short';
}

function beginSentence(text: string, context: string | undefined): string {
  return context === 'begin-sentence' || context === 'standalone' || context === 'ui-list-or-menu'
    ? text.charAt(0).toLocaleUpperCase() + text.slice(1)
    : text;
}

/**
 * Formats `ms` with `datetime` options in `locale` and `timeZone`, through the helper the
 * widgets use too (`contract/date-format.ts`): the same instant gives the same text in both.
 */
export function formatDateTime(ms: number, options: DateTimeOptions, locale: string, timeZone: string): string {
  const { date, time, calendar } = options;
  const shape: DateShape = { wrap: options.wrap ?? widthOf(date ?? 'short') };
  if (date !== undefined) shape.date = partOptions(date, 'date');
  if (time !== undefined) shape.time = partOptions(time, 'time');
  if (calendar !== undefined) shape.calendar = calendar;
  return beginSentence(formatInstant(ms, shape, locale, timeZone), options.context);
}

/**
 * The platform's default date format, 'LLL' (spec, section 9): month in words, day, year and
 * the time on the locale's clock, "February 24, 2020 at 2:04 PM" in English, "24. Februar 2020
 * um 14:04" in German.
 */
export function formatDefaultDate(ms: number, locale: string, timeZone: string): string {
  return formatDateTime(ms, { date: 'yMMMMd', time: 'jm', wrap: 'long' }, locale, timeZone);
}

/**
 * A range of instants (`datetime-interval`): a skeleton when given, else the time ("hm") when
 * both fall on the same day in the zone and the date ("yMMMd") otherwise.
 */
export function formatInterval(
  start: number,
  end: number,
  skeleton: string | undefined,
  locale: string,
  timeZone: string,
  sameDayTime = 'hm',
): string {
  const a = zonedTime(start, timeZone);
  const b = zonedTime(end, timeZone);
  const sameDay = a.year === b.year && a.month === b.month && a.day === b.day;
  let pattern = skeleton ?? (sameDay ? sameDayTime : 'yMMMd');
  // A skeleton without date fields ("EEE") gets the month and day when the days differ, as CLDR does.
  if (!sameDay && !/[yMLd]/.test(pattern) && /[EcG]/.test(pattern)) pattern += a.year === b.year ? 'Md' : 'yMd';
  const format = dateTimeFormat(locale, { ...skeletonOptions(pattern), timeZone });
  return start <= end ? format.formatRange(start, end) : format.formatRange(end, start);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30.436875 * DAY;
const YEAR = 365.2425 * DAY;

const relativeFormats = boundedCache<Intl.RelativeTimeFormat>();

/**
 * The time from `from` to `to` in words ("in 12 days", "11 hours ago"): the largest unit that
 * is at least 1, rounded; weeks only with `allowWeeks`.
 */
export function formatRelativeTime(
  from: number,
  to: number,
  locale: string,
  options: { allowWeeks?: boolean; context?: string } = {},
): string {
  const diff = to - from;
  const size = Math.abs(diff);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', YEAR],
    ['month', MONTH],
    ...(options.allowWeeks ? ([['week', WEEK]] as [Intl.RelativeTimeFormatUnit, number][]) : []),
    ['day', DAY],
    ['hour', HOUR],
    ['minute', MINUTE],
    ['second', SECOND],
  ];
  const [unit, length] = units.find(([, ms]) => size >= ms) ?? ['second', SECOND];
  const format = relativeFormats(locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));
  return beginSentence(format.format(Math.sign(diff) * Math.round(size / length), unit), options.context);
}

/**
 * The `timesince` wording, the reference engine's algorithm (its `humanizeDate`): the largest of
 * years (365 days), months (30 days), weeks, days, hours, minutes that is at least 1, rounded
 * down: "about a week ago" for 10 days, "about 12 months ago" for 364. Under a minute, and any
 * instant after `now`, is "less than a minute ago" (platform spec, section 9: only "ago").
 */
export function timeSince(ms: number, now: number): string {
  const seconds = (now - ms) / 1000;
  const days = Math.trunc(seconds / 86_400);
  const units: [string, number][] = [
    ['year', Math.trunc(days / 365)],
    ['month', Math.trunc(days / 30)],
    ['week', Math.trunc(days / 7)],
    ['day', days],
    ['hour', Math.trunc((seconds - days * 86_400) / 3_600)],
    ['minute', Math.trunc((seconds - days * 86_400) / 60)],
  ];
  const found = units.find(([, count]) => count > 0);
  if (found === undefined) return 'less than a minute ago';
  const [unit, count] = found;
  if (count > 1) return `about ${count} ${unit}s ago`;
  return `about ${unit === 'hour' ? 'an' : 'a'} ${unit} ago`;
}

/**
 * A duration in milliseconds as minutes and seconds: "2:05", "62:05" (minutes are not folded
 * into hours), each truncated toward zero as the reference engine does, so a negative one
 * shows both signs ("-2:-5"; no vector or spec line says otherwise).
 */
export function humanizeDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  const minutes = Math.trunc(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes === 0 ? 0 : minutes}:${String(rest === 0 ? 0 : rest).padStart(2, '0')}`;
}

/** The calendar links' date format: year, month, day, T, hour, minute, second, Z, in UTC. */
export function calendarDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
}

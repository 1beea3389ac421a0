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
  let skeleton: string | undefined;
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
        skeleton = (skeleton ?? '') + value;
      }
    } else if (name === 'date' || name === 'time') {
      // A width names a standard format; anything else adds skeleton fields.
      if (WIDTHS.has(value)) options[name] = value;
      else skeleton = (skeleton ?? '') + value;
    } else if (name === 'skeleton') skeleton = value;
    else if (name === 'wrap' && WIDTHS.has(value)) options.wrap = value as Width;
    else if (name === 'context') options.context = value;
    else if (name === 'calendar' && /^[a-z0-9-]{1,20}$/.test(value)) options.calendar = value;
  }
  if (skeleton !== undefined) withSkeleton(options, skeleton);
  if (options.date === undefined && options.time === undefined) options.date = 'long';
  return options;
}

/** Skeleton letters of time fields; the others are date fields. */
const TIME_FIELDS = /[abBhHkKjJCmsSAzZOvVXx]/;
const TIME_FIELDS_ALL = /[abBhHkKjJCmsSAzZOvVXx]/g;
const DATE_FIELDS_ALL = /[^abBhHkKjJCmsSAzZOvVXx]/g;

/**
 * Adds a skeleton to standard formats: alone it is the whole format; beside a date width its
 * time fields are the time, beside a time width its date fields the date (joined as short
 * formats are). Beside both widths it is not used.
 */
function withSkeleton(options: DateTimeOptions, skeleton: string): void {
  const runs = [...skeleton.matchAll(/([A-Za-z])\1*/g)].map(([run]) => run);
  const time = runs.filter((r) => TIME_FIELDS.test(r)).join('');
  const date = runs.filter((r) => !TIME_FIELDS.test(r)).join('');
  if (options.date === undefined && options.time === undefined) options.date = skeleton;
  else if (options.time === undefined) {
    // With no time fields the platform's best fit for the empty time skeleton is the weekday.
    options.time = time === '' ? 'E' : time;
  } else if (options.date === undefined) {
    if (date !== '') options.date = date;
    options.wrap ??= 'short';
  }
}

/** Intl options for a CLDR skeleton; letters Intl has no field for are ignored. */
export function skeletonOptions(skeleton: string, locale = 'en-US'): Intl.DateTimeFormatOptions {
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
        // The locale's 12-hour clock: 1 to 12, but 0 to 11 in Japanese (CLDR's "aK:mm" for "hm").
        options.hour = n === 2 ? '2-digit' : 'numeric';
        options.hourCycle = /^ja\b/.test(locale) ? 'h11' : 'h12';
        break;
      case 'K':
        options.hour = n === 2 ? '2-digit' : 'numeric';
        options.hourCycle = 'h11';
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

function partOptions(part: string, kind: 'date' | 'time', locale: string): Intl.DateTimeFormatOptions {
  if (WIDTHS.has(part)) return kind === 'date' ? { dateStyle: part as Width } : { timeStyle: part as Width };
  return skeletonOptions(part, locale);
}

/** The width whose glue joins a date part: its own, or the month's width in a skeleton. */
function widthOf(date: string): Width {
  if (WIDTHS.has(date)) return date as Width;
  if (/E{4}/.test(date) && /[ML]{4}/.test(date)) return 'full';
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
  if (date !== undefined) shape.date = partOptions(date, 'date', locale);
  if (time !== undefined) shape.time = partOptions(time, 'time', locale);
  if (calendar !== undefined) shape.calendar = calendar;
  return beginSentence(formatInstant(ms, shape, locale, timeZone), options.context);
}

/**
 * The platform's default date format, 'LLL' (platform spec, section 9): month in words, day, year and
 * the time on the locale's clock, "February 24, 2020 at 2:04 PM" in English, "24. Februar 2020
 * um 14:04" in German.
 */
export function formatDefaultDate(ms: number, locale: string, timeZone: string): string {
  return formatDateTime(ms, { date: 'yMMMMd', time: 'jm', wrap: 'long' }, locale, timeZone);
}

/** The skeleton of `datetime-interval` arguments: bare (`yMMM`) or `skeleton:yMMM`, the last one given. */
export function intervalSkeleton(args: readonly string[]): string | undefined {
  const skeletons = args.map((a) => a.replace(/^skeleton:/, '')).filter((a) => /^[A-Za-z]+$/.test(a));
  return skeletons.at(-1);
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
  if (!sameDay) {
    // A time skeleton over different days gets the medium date ("Jan 8, 1970, 7:01 PM – …").
    if (!/[GyYuMLdEc]/.test(pattern)) pattern = `yMMMd${pattern}`;
    // A skeleton without date fields ("EEE") gets the month and day when the days differ, as CLDR does.
    else if (!/[yMLd]/.test(pattern) && !TIME_FIELDS.test(pattern)) pattern += a.year === b.year ? 'Md' : 'yMd';
  }
  // Date and time fields: CLDR writes the date beside the time, or beside the time range.
  const compound = /[GyYuMLdEc]/.test(pattern) && TIME_FIELDS.test(pattern);
  // Over different days, each instant in the skeleton alone, joined ("Tue, 3:51 PM – Mon, 10:25 AM"),
  // as CLDR's fallback does; Intl would add the date to a weekday.
  if (compound && !sameDay) {
    return (
      dateBesideTime(start, pattern, locale, timeZone) +
      fallbackSeparator(locale) +
      dateBesideTime(end, pattern, locale, timeZone)
    );
  }
  const options = { ...skeletonOptions(pattern, locale), timeZone };
  const format = dateTimeFormat(locale, options);
  if (
    !compound &&
    /[ML]{3}/.test(pattern) &&
    !hasRangePattern(format, pattern, `${locale} ${JSON.stringify(options)}`)
  ) {
    return joinRange(start, end, pattern, locale, timeZone);
  }
  // The range keeps its order: an end before the start is written second all the same.
  const parts = format.formatRangeToParts(start, end).map((p) => narrowed(p, pattern));
  if (compound) {
    // The day once, beside the range of times ("dom., 1 de ago. de 2021, 16:30 – 16:29").
    const times = formatInterval(start, end, pattern.replace(DATE_FIELDS_ALL, ''), locale, timeZone);
    return dateBesideTime(start, pattern, locale, timeZone, { wrap: 'medium', time: times });
  }
  if (parts.some((p) => p.source !== 'shared')) return parts.map((p) => p.value).join('');
  // One instant at this precision: CLDR's narrow no-break space before AM/PM, as single dates have it.
  return parts
    .map((p, i) => (p.type === 'literal' && p.value === ' ' && parts[i + 1]?.type === 'dayPeriod' ? '\u202f' : p.value))
    .join('');
}

/**
 * One instant of a skeleton of date and time fields, its date and its time joined as CLDR joins
 * them ("Sun, 4:30 PM"); a weekday in its format form ("So."), as beside other fields.
 */
function dateBesideTime(
  ms: number,
  skeleton: string,
  locale: string,
  timeZone: string,
  /** The width whose pattern joins them, and a text (a range of times) to write for the time. */
  beside: { wrap?: Width; time?: string } = {},
): string {
  const parts = { date: skeleton.replace(TIME_FIELDS_ALL, ''), time: skeleton.replace(DATE_FIELDS_ALL, '') };
  let text = formatDateTime(ms, beside.wrap ? { ...parts, wrap: beside.wrap } : parts, locale, timeZone);
  if (beside.time !== undefined)
    text = text.replace(formatDateTime(ms, { time: parts.time }, locale, timeZone), beside.time);
  if (!/^[Ec]+$/.test(parts.date)) return text;
  const alone = dateTimeFormat(locale, { ...skeletonOptions(parts.date, locale), timeZone }).format(ms);
  const whole = dateTimeFormat(locale, { ...skeletonOptions(skeleton, locale), timeZone });
  const weekday = whole.formatToParts(ms).find((p) => p.type === 'weekday')?.value;
  return weekday === undefined ? text : text.replace(alone, weekday);
}

/** A range's numeric day or month without its leading zero where the skeleton asks for one digit, as one date has it. */
function narrowed(part: Intl.DateTimeRangeFormatPart, skeleton: string): Intl.DateTimeRangeFormatPart {
  const letters = part.type === 'day' ? 'd' : part.type === 'month' ? 'ML' : '';
  const run = [...skeleton.matchAll(/([A-Za-z])\1*/g)].find(([r]) => letters.includes(r.charAt(0)));
  if (run?.[0].length !== 1 || !/^0\d$/.test(part.value)) return part;
  return { ...part, value: part.value.slice(1) };
}

/**
 * Whether Intl has a range pattern of the format's own (a range within one year shares its
 * year); where it has none (Japanese and Polish month names) it writes two whole dates, numeric
 * ones in Japanese, though CLDR has a pattern.
 */
function hasRangePattern(format: Intl.DateTimeFormat, skeleton: string, key: string): boolean {
  return rangePatterns(`${key} ${skeleton}`, () => {
    // Two dates of one year that differ in the skeleton's smallest date field only.
    const next = /d/.test(skeleton) ? Date.UTC(2021, 0, 16, 12) : Date.UTC(2021, 1, 15, 12);
    const parts = format.formatRangeToParts(Date.UTC(2021, 0, 15, 12), next);
    return parts.some((p) => p.source === 'shared' && p.type !== 'literal');
  });
}

const rangePatterns = boundedCache<boolean>();
const separators = boundedCache<string>();

/** What a range of Intl's shares between its two instants: its separator when nothing else is shared. */
function between(format: Intl.DateTimeFormat, start: number, end: number): string {
  const parts = format.formatRangeToParts(start, end);
  return parts
    .filter((p) => p.source === 'shared')
    .map((p) => p.value)
    .join('');
}

/** The locale's range separator, as Intl writes numeric dates of different years ("–" in Polish, "～" in Japanese). */
function rangeSeparator(locale: string): string {
  return separators(locale, () => {
    const format = dateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    return between(format, Date.UTC(2020, 0, 15), Date.UTC(2021, 0, 15));
  });
}

/** What joins two whole date-times (CLDR's interval fallback, "{0} – {1}"), as Intl writes it. */
function fallbackSeparator(locale: string): string {
  return separators(`${locale} fallback`, () => {
    const format = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    return between(format, Date.UTC(2020, 0, 15, 9), Date.UTC(2021, 0, 15, 17));
  });
}

/** The date fields from the largest down, with the part types that show them. */
const RANGE_FIELDS: [string, RegExp, readonly string[]][] = [
  ['year', /[yYu]/, ['era', 'year', 'relatedYear', 'yearName']],
  ['month', /[ML]/, ['month']],
  ['day', /[dEc]/, ['day', 'weekday']],
];

/**
 * A range of dates as CLDR's interval patterns write it, from the two dates' own formats: the
 * fields above the largest one that differs are written once, where the format has them (first
 * in Japanese: "2021年8月1日～2日", last in Polish: "lip–lis 1972").
 */
function joinRange(start: number, end: number, skeleton: string, locale: string, timeZone: string): string {
  const a = zonedTime(start, timeZone);
  const b = zonedTime(end, timeZone);
  // Different years are written even where the skeleton has none, as Intl does.
  const pattern = a.year !== b.year && !/[yYu]/.test(skeleton) ? `y${skeleton}` : skeleton;
  const format = dateTimeFormat(locale, { ...skeletonOptions(pattern, locale), timeZone });
  const first = format.formatToParts(start);
  const second = format.formatToParts(end);
  const values = [a.year !== b.year, a.month !== b.month, a.day !== b.day];
  const greatest = values.findIndex((differs, i) => differs && RANGE_FIELDS[i]?.[1].test(pattern));
  const text = (parts: Intl.DateTimeFormatPart[]) => parts.map((p) => p.value).join('');
  if (greatest < 0) return text(first);
  const separator = rangeSeparator(locale);
  const shared = new Set(RANGE_FIELDS.slice(0, greatest).flatMap(([, , types]) => types));
  if (!first.some((p) => shared.has(p.type))) return text(first) + separator + text(second);
  const own = (p: Intl.DateTimeFormatPart) => p.type !== 'literal' && !shared.has(p.type);
  const firstOwn = second.findIndex(own);
  const lastOwn = first.findLastIndex(own);
  const sharedFirst = first.slice(0, first.findIndex(own)).some((p) => shared.has(p.type));
  return sharedFirst
    ? text(first) + separator + text(second.slice(firstOwn))
    : text(first.slice(0, lastOwn + 1)) + separator + text(second);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** The mean lengths in days a fraction of a month or a year is counted in. */
const MONTH_DAYS = 30.44;
const YEAR_DAYS = 365.25;

const relativeFormats = boundedCache<Intl.RelativeTimeFormat>();

/** Days from 1970-01-01 to a UTC calendar date (the month may run past 12 or below 1). */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY;

/**
 * The span from `from` to `to` in whole calendar months (UTC dates) and the days left over,
 * with their fraction; both carry the span's sign. A month counts once the end reaches the
 * start's day of the month, as Temporal's `until` counts them.
 */
function calendarSpan(from: number, to: number): { months: number; days: number } {
  const step = Math.sign(to - from);
  const a = new Date(from);
  const timeA = from - Math.floor(from / DAY) * DAY;
  // The end date, moved a day back towards the start when its time of day falls short of the start's.
  let end = Math.floor(to / DAY);
  if (end === Math.floor(from / DAY)) return { months: 0, days: (to - from) / DAY };
  if (Math.sign(to - (end * DAY + timeA)) === -step) end -= step;
  const millis = to - (end * DAY + timeA);
  const [y, m, d] = [a.getUTCFullYear(), a.getUTCMonth() + 1, a.getUTCDate()];
  const e = new Date(end * DAY);
  const target = e.getUTCFullYear() * 12 + e.getUTCMonth() + 1;
  // Whole months: the start's day in a month up to the end's, not past the end's date.
  let months = target - (y * 12 + m);
  const beyond = (n: number) => {
    const month = y * 12 + m + n;
    return step * (month - target) > 0 || (month === target && step * (d - e.getUTCDate()) > 0);
  };
  while (months !== 0 && beyond(months)) months -= step;
  const clamped = Math.min(d, new Date(Date.UTC(y, m + months, 0)).getUTCDate());
  return { months, days: end - dayNumber(y, m + months, clamped) + millis / DAY };
}

/**
 * The time from `from` to `to` in words ("in 12 days", "11 hours ago"): in calendar years or
 * months when there is at least one whole one, a fraction of the rest counted in mean months
 * (30.44 days) and years (365.25), else the largest of weeks (with `allowWeeks`), days, hours,
 * minutes and seconds that is at least 1; rounded.
 */
export function formatRelativeTime(
  from: number,
  to: number,
  locale: string,
  options: RelativeTimeOptions = {},
): string {
  const diff = to - from;
  const size = Math.abs(diff);
  const { months, days } = calendarSpan(from, to);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ...(options.allowWeeks ? ([['week', WEEK]] as [Intl.RelativeTimeFormatUnit, number][]) : []),
    ['day', DAY],
    ['hour', HOUR],
    ['minute', MINUTE],
    ['second', SECOND],
  ];
  const years = Math.abs(months / 12 + days / YEAR_DAYS);
  const inMonths = Math.abs(months + days / MONTH_DAYS);
  const [unit, amount] = ((): [Intl.RelativeTimeFormatUnit, number] => {
    const field = options.field;
    if (field === 'year') return ['year', years];
    if (field === 'month') return ['month', inMonths];
    if (field !== undefined) return [field === 'millis' ? 'second' : field, size / FIELD_MS[field]];
    if (Math.abs(months) >= 12) return ['year', years];
    if (months !== 0) return ['month', inMonths];
    const [largest, ms] = units.find(([, length]) => size >= length) ?? ['second', SECOND];
    return [largest, size / ms];
  })();
  // CLDR's words where it has them ("now", "tomorrow", "next week"), unless only numbers are asked for.
  const numeric = options.numericOnly ? 'always' : 'auto';
  const style = options.width === 'short' || options.width === 'narrow' ? options.width : 'long';
  const format = relativeFormats(
    `${locale} ${numeric} ${style}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric, style }),
  );
  const scale = 10 ** Math.min(Math.max(options.maxFrac ?? 0, 0), 20);
  return beginSentence(format.format((Math.sign(diff) * roundHalfEven(amount * scale)) / scale, unit), options.context);
}

/** What `relative-time` may be told: a unit to count in, numbers only, a width and fraction digits. */
export interface RelativeTimeOptions {
  allowWeeks?: boolean;
  context?: string;
  field?: RelativeTimeField;
  numericOnly?: boolean;
  width?: string;
  maxFrac?: number;
}

/** The fields `relative-time field:` counts in, with their lengths (months and years are calendar ones). */
const FIELD_MS = {
  year: 0,
  month: 0,
  week: WEEK,
  day: DAY,
  hour: HOUR,
  minute: MINUTE,
  second: SECOND,
  millis: SECOND,
} as const;
export type RelativeTimeField = keyof typeof FIELD_MS;

/** A field `relative-time` can count in, or undefined. */
export function relativeTimeField(name: string | undefined): RelativeTimeField | undefined {
  return name !== undefined && Object.hasOwn(FIELD_MS, name) ? (name as RelativeTimeField) : undefined;
}

/** Rounds to an integer, halves to the even one (2.5 days are 2), as the platform's numbers do. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
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

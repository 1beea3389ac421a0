/**
 * Instants (epoch milliseconds) as wall-clock fields in an IANA time zone. The zone's offset
 * comes from `Intl.DateTimeFormat` (the runtime's tz data); the fields are then read from a
 * shifted UTC date, which covers the whole supported range (proleptic Gregorian, years < 1 too).
 */
import { boundedCache } from '../money/bounded-cache';
import { numberText } from './number-text';

/** The supported range (platform spec, section 9): Julian day 0 to 4881503. */
export const MIN_JULIAN_DAY = 0;
export const MAX_JULIAN_DAY = 4881503;
/** The Julian day that starts (at local midnight) on 1970-01-01. */
const UNIX_EPOCH_JULIAN_DAY = 2440588;
const DAY_MS = 86_400_000;

/**
 * The Julian day of an instant as the date library counts it: the local date in `timeZone`,
 * days starting at midnight there (reference engine, `calendars/calendar.js` `jdFromUnixEpoch`).
 */
export function julianDay(ms: number, timeZone: string): number {
  return Math.floor((ms + Math.round(zoneOffsetMinutes(ms, timeZone) * 60_000)) / DAY_MS) + UNIX_EPOCH_JULIAN_DAY;
}

/** The date library's error for a day outside the supported range, word for word (two spaces in "Jan  1"). */
export function julianDayRangeError(day: number): string {
  return `Julian day ${day} is outside the supported range of this library: Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.`;
}

export type Instant = { ok: true; ms: number } | { ok: false; error: string } | undefined;

/**
 * Reads an instant: epoch milliseconds as a number or numeric text. Undefined for anything
 * else; the date library's error for an instant whose date in `timeZone` is outside the
 * supported Julian days.
 */
export function readInstant(value: unknown, timeZone: string): Instant {
  const text = numberText(value);
  return text === undefined ? undefined : instantInRange(Number(text), timeZone);
}

/**
 * Reads an instant as the platform's CLDR date formatters (`datetime`, `datetime-interval`,
 * `relative-time`, dates in messages) do: numbers as they are, text up to its first non-digit
 * (with a point: as a float), true as 1, and null, false, objects and lists as 0. Missing data
 * is no instant (platform spec, section 8: "formatters return an empty string on missing data").
 */
export function readCldrInstant(value: unknown, timeZone: string): Instant {
  if (value === undefined) return undefined;
  let ms = 0;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'boolean') ms = value ? 1 : 0;
  else if (typeof value === 'string') ms = value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
  return instantInRange(ms, timeZone);
}

function instantInRange(value: number, timeZone: string): Instant {
  const ms = Math.trunc(value);
  if (!Number.isFinite(ms)) return undefined;
  const day = julianDay(ms, timeZone);
  if (day < MIN_JULIAN_DAY || day > MAX_JULIAN_DAY) return { ok: false, error: julianDayRangeError(day) };
  return { ok: true, ms };
}

export interface ZonedTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 (Sunday) to 6. */
  weekday: number;
  /** 1 to 366. */
  dayOfYear: number;
  /** Minutes east of UTC (fractional for local mean times). */
  offsetMinutes: number;
  /** Whether the date is before the Gregorian reform (1582-10-15), so in the Julian calendar. */
  julian: boolean;
}

/** The first Gregorian day, 1582-10-15: earlier days are Julian dates, as the date library has them. */
const GREGORIAN_REFORM_JULIAN_DAY = 2299161;

/** The Julian-calendar date of a Julian day number (astronomical years: 0 is 1 B.C.). */
function julianCalendarDate(day: number): { year: number; month: number; day: number } {
  const c = day + 32082;
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    day: e - Math.floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * Math.floor(m / 10),
    year: d - 4800 + Math.floor(m / 10),
  };
}

/** The Julian day number of January 1 of a Julian-calendar year. */
function julianCalendarNewYear(year: number): number {
  const y = year + 4799;
  return 1 + 306 + 365 * y + Math.floor(y / 4) - 32083;
}

const offsetFormats = boundedCache<Intl.DateTimeFormat>(100);

/** The zone's offset from UTC at `ms`, in minutes ("GMT+05:30" gives 330). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const format = offsetFormats(
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
  );
  // Intl formats only years it can show; the offset far from today is the zone's standard one anyway.
  const clamped = Math.min(Math.max(ms, -8.64e15 + DAY_MS), 8.64e15 - DAY_MS);
  const name = format.formatToParts(clamped).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /([+-−])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?/.exec(name);
  if (!match) return 0;
  // Local mean times before standard time have seconds: Paris was GMT+00:09:21.
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0) + Number(match[4] ?? 0) / 60;
  return match[1] === '+' ? minutes : -minutes;
}

/**
 * The wall-clock fields of `ms` in `timeZone`: Gregorian from 1582-10-15 on, Julian before, as
 * the date library (and the reference engine) count them.
 */
export function zonedTime(ms: number, timeZone: string): ZonedTime {
  const offsetMinutes = zoneOffsetMinutes(ms, timeZone);
  const localMs = ms + Math.round(offsetMinutes * 60_000);
  const local = new Date(localMs);
  const clock = {
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
    weekday: local.getUTCDay(),
    offsetMinutes,
  };
  const day = Math.floor(localMs / DAY_MS) + UNIX_EPOCH_JULIAN_DAY;
  if (day < GREGORIAN_REFORM_JULIAN_DAY) {
    const date = julianCalendarDate(day);
    return { ...date, ...clock, dayOfYear: day - julianCalendarNewYear(date.year) + 1, julian: true };
  }
  const year = local.getUTCFullYear();
  const midnight = Date.UTC(2000, local.getUTCMonth(), local.getUTCDate()) - Date.UTC(2000, 0, 1);
  const leapShift = local.getUTCMonth() >= 2 && !isLeapYear(year) && isLeapYear(2000) ? DAY_MS : 0;
  return {
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    ...clock,
    dayOfYear: Math.round((midnight - leapShift) / DAY_MS) + 1,
    julian: false,
  };
}

/** Whether `year` has 366 days: Gregorian rules, or the Julian calendar's every fourth year. */
export function isLeapYear(year: number, julian = false): boolean {
  if (julian) return year % 4 === 0;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

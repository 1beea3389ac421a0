/**
 * The `date` formatter's patterns: strftime-style `%` specifiers (`%Y-%m-%d %H:%M:%S %Z`),
 * with month and weekday names and the zone abbreviation from the runtime's CLDR data.
 */
import { boundedCache } from '../money/bounded-cache';
import { isLeapYear, zonedTime, zoneOffsetMinutes, type ZonedTime } from './zoned-time';

const names = boundedCache<string>(1000);

/** A month name in `locale`: `long` ("February") or `short` ("Feb"). */
function monthName(locale: string, month: number, width: 'long' | 'short'): string {
  return names(`${locale} M${month} ${width}`, () =>
    new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(Date.UTC(2021, month - 1, 15)),
  );
}

/** A weekday name in `locale` (0 is Sunday). */
function weekdayName(locale: string, weekday: number, width: 'long' | 'short'): string {
  return names(`${locale} E${weekday} ${width}`, () =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2021, 0, 3 + weekday)),
  );
}

/** Locales whose CLDR data has zone abbreviations in Latin capitals (EST, CET, AEDT, IST, JST). */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'ja'];

const zoneNameFormats = boundedCache<Intl.DateTimeFormat>(100);

function abbreviationAt(ms: number, timeZone: string, locale: string): { name?: string; fallback?: string } {
  let fallback: string | undefined;
  for (const tag of [locale, ...ABBREVIATION_LOCALES]) {
    const name = zoneNameFormats(
      `${tag} ${timeZone}`,
      () => new Intl.DateTimeFormat(tag, { timeZone, timeZoneName: 'short' }),
    )
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,5}$/.test(name)) return { name };
    if (tag === 'en-US') fallback = name;
  }
  return { fallback };
}

/** Mid-winter and mid-summer instants of a recent year, when CLDR has names for every zone. */
const PROBES = [Date.UTC(2021, 0, 15), Date.UTC(2021, 6, 15)];

/**
 * The zone's abbreviation at `ms` ("EST", "JST"): the first one CLDR has in capitals, in the
 * render locale or one of the locales that carry them. CLDR names zones only from 1970 on; for
 * earlier instants the name the zone has today for the same offset is used, and "LMT" for a
 * local mean time (an offset in seconds). Else the GMT offset ("GMT+9").
 */
export function zoneAbbreviation(ms: number, timeZone: string, locale: string): string {
  const found = abbreviationAt(ms, timeZone, locale);
  if (found.name) return found.name;
  const offset = zoneOffsetMinutes(ms, timeZone);
  // An offset in seconds is a local mean time, "LMT" in the tz database (and the reference).
  if (!Number.isInteger(offset)) return 'LMT';
  for (const probe of PROBES) {
    if (zoneOffsetMinutes(probe, timeZone) !== offset) continue;
    const today = abbreviationAt(probe, timeZone, locale).name;
    if (today) return today;
  }
  return found.fallback ?? 'GMT';
}

const pad = (n: number, width = 2, fill = '0'): string => {
  const text = String(Math.abs(n)).padStart(width, fill);
  return n < 0 ? `-${text}` : text;
};

/** ISO 8601 week-numbering year and week of a date. */
function isoWeek(t: ZonedTime): { year: number; week: number } {
  const isoWeekday = t.weekday === 0 ? 7 : t.weekday;
  const week = Math.floor((t.dayOfYear - isoWeekday + 10) / 7);
  const weeksIn = (year: number, jan1Weekday: number): number =>
    jan1Weekday === 4 || (isLeapYear(year, t.julian) && jan1Weekday === 3) ? 53 : 52;
  const jan1 = (((t.weekday - (t.dayOfYear - 1)) % 7) + 7) % 7;
  if (week < 1) {
    const previousJan1 = (((jan1 - (isLeapYear(t.year - 1, t.julian) ? 366 : 365)) % 7) + 7) % 7;
    return { year: t.year - 1, week: weeksIn(t.year - 1, previousJan1) };
  }
  if (week > weeksIn(t.year, jan1)) return { year: t.year + 1, week: 1 };
  return { year: t.year, week };
}

/**
 * Week of the year as the platform numbers it for `%U` and `%W` (and the reference engine
 * agrees): weeks run Sunday to Saturday, and the week holding January 1 is week 1, so the last
 * days of December can be week 1 of the next year.
 */
function weekOfYear(t: ZonedTime): number {
  let saturday = t.dayOfYear + (6 - t.weekday);
  const daysInYear = isLeapYear(t.year, t.julian) ? 366 : 365;
  if (saturday > daysInYear) saturday -= daysInYear;
  return Math.floor((saturday - 1) / 7) + 1;
}

/** Formats `ms` in `timeZone` with a strftime-style pattern; unknown specifiers stay as written. */
export function strftime(pattern: string, ms: number, timeZone: string, locale: string): string {
  const t = zonedTime(ms, timeZone);
  // Years as the date library prints them: of their era, so 44 B.C. is "44" (and 1 B.C. "1").
  const year = t.year <= 0 ? 1 - t.year : t.year;
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  const am = t.hour < 12 ? 'AM' : 'PM';
  const offsetAbs = Math.trunc(Math.abs(t.offsetMinutes));
  const offset = `${t.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(offsetAbs / 60))}:${pad(offsetAbs % 60)}`;
  const spec = (c: string): string | undefined => {
    switch (c) {
      case 'a':
        return weekdayName(locale, t.weekday, 'short');
      case 'A':
        return weekdayName(locale, t.weekday, 'long');
      case 'b':
      case 'h':
        return monthName(locale, t.month, 'short');
      case 'B':
        return monthName(locale, t.month, 'long');
      case 'c':
        return `${spec('a')}, ${spec('b')} ${t.day}, ${year} ${hour12}:${pad(t.minute)}:${pad(t.second)} ${am} ${spec('Z')}`;
      case 'C':
        return pad(Math.floor(year / 100));
      case 'd':
        return pad(t.day);
      case 'D':
        return `${pad(t.month)}/${pad(t.day)}/${pad(year % 100)}`;
      case 'e':
        return pad(t.day, 2, ' ');
      case 'F':
        return `${year}-${pad(t.month)}-${pad(t.day)}`;
      // The ISO year as the reference pads it: astronomical, "0844", "-4" for 2205 B.C.'s "-2204".
      case 'g':
        return String(isoWeek(t).year % 100).padStart(2, '0');
      case 'G':
        return String(isoWeek(t).year).padStart(4, '0');
      case 'H':
        return pad(t.hour);
      case 'I':
        return pad(hour12);
      case 'j':
        return pad(t.dayOfYear, 3);
      case 'k':
        return pad(t.hour, 2, ' ');
      case 'l':
        return pad(hour12, 2, ' ');
      case 'm':
        return pad(t.month);
      case 'M':
        return pad(t.minute);
      case 'n':
        return '\n';
      case 'N':
        return pad(t.millisecond * 1_000_000, 9);
      case 'p':
        return am;
      case 'P':
        return am.toLowerCase();
      case 'q':
        return String(Math.ceil(t.month / 3));
      case 'r':
        return `${hour12}:${pad(t.minute)}:${pad(t.second)} ${am}`;
      case 'R':
        return `${pad(t.hour)}:${pad(t.minute)}`;
      case 's':
        return String(Math.trunc(ms / 1000));
      case 'S':
        return pad(t.second);
      case 't':
        return '\t';
      case 'T':
        return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
      case 'u':
        return String(t.weekday === 0 ? 7 : t.weekday);
      case 'U':
        return pad(weekOfYear(t));
      case 'w':
        return String(t.weekday);
      case 'W':
        return pad(weekOfYear(t));
      case 'x':
        return `${pad(t.month)}/${pad(t.day)}/${year}`;
      case 'X':
        return `${pad(hour12)}:${pad(t.minute)}:${pad(t.second)} ${am}`;
      case 'y':
        return pad(year % 100);
      case 'Y':
        return String(year);
      case 'z':
        return offset;
      case 'Z':
        return zoneAbbreviation(ms, timeZone, locale);
      case 'v':
        return `${spec('e')}-${spec('b')}-${year}`;
      case 'V':
        return pad(isoWeek(t).week);
      case '%':
        return '%';
      default:
        return undefined;
    }
  };
  return pattern.replace(/%(.)/gs, (whole, c: string) => spec(c) ?? whole);
}

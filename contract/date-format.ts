/**
 * Dates as the template's `datetime` formatter and the widgets both show them: one instant,
 * locale and IANA zone give one text, through plain `Intl.DateTimeFormat` (no date library in
 * the widgets' bundle).
 */
import { boundedCache } from './bounded-cache';

/** CLDR's named widths of dates and times. */
export type DateWidth = 'short' | 'medium' | 'long' | 'full';

/** What to show of an instant: a date part, a time part, or both joined as `wrap`'s pattern does. */
export interface DateShape {
  /** Intl fields of the date (`{ dateStyle: 'medium' }`, `{ year, month, day }`). */
  date?: Intl.DateTimeFormatOptions;
  /** Intl fields of the time (`{ timeStyle: 'short' }`, `{ hour, minute }`). */
  time?: Intl.DateTimeFormatOptions;
  /** The width whose pattern joins date and time: "{date} at {time}" (long, full), "{date}, {time}". */
  wrap?: DateWidth;
  /** A calendar Intl knows ("japanese"); Gregorian by default, and when Intl rejects it. */
  calendar?: string;
}

/** What `formatInstant` gives for an instant that is not a date (platform spec, section 5). */
export const INVALID_DATE = 'Invalid date.';

const formats = boundedCache<Intl.DateTimeFormat>(200);

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions, calendar?: string): Intl.DateTimeFormat {
  return formats(`${locale} ${calendar ?? ''} ${JSON.stringify(options)}`, () => {
    try {
      return new Intl.DateTimeFormat(calendar ? `${locale}-u-ca-${calendar}` : locale, options);
    } catch {
      return new Intl.DateTimeFormat(locale, options);
    }
  });
}

/**
 * V8 formats with a plain space where CLDR 42+ puts a narrow no-break space before AM/PM
 * (a web-compatibility patch, not in `formatRange`); this puts CLDR's back, as the template
 * vectors (f-datetime-1) and ICU itself have it. Flexible day periods ("in the afternoon")
 * keep theirs.
 */
function formatWithCldrSpaces(format: Intl.DateTimeFormat, ms: number): string {
  if (format.resolvedOptions().dayPeriod !== undefined) return format.format(ms);
  const parts = format.formatToParts(ms);
  return parts
    .map((part, i) =>
      part.type === 'literal' &&
      part.value === ' ' &&
      parts[i + 1]?.type === 'dayPeriod' &&
      /^[AaPp]\.?[Mm]\.?$/.test(parts[i + 1]?.value ?? '')
        ? '\u202f'
        : part.value,
    )
    .join('');
}

const glues = boundedCache<(date: string, time: string) => string>();

/** How `locale` joins a date and a time at `width` ("{date} at {time}", "{date}, {time}"). */
function glue(locale: string, width: DateWidth): (date: string, time: string) => string {
  return glues(`${locale} ${width}`, () => {
    const sample = Date.UTC(2020, 1, 24, 14, 4, 40);
    const timeZone = 'UTC';
    const both = new Intl.DateTimeFormat(locale, { dateStyle: width, timeStyle: width, timeZone }).format(sample);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: width, timeZone }).format(sample);
    const time = new Intl.DateTimeFormat(locale, { timeStyle: width, timeZone }).format(sample);
    if (both.startsWith(date) && both.endsWith(time)) {
      const between = both.slice(date.length, both.length - time.length);
      return (d, t) => `${d}${between}${t}`;
    }
    if (both.startsWith(time) && both.endsWith(date)) {
      const between = both.slice(time.length, both.length - date.length);
      return (d, t) => `${t}${between}${d}`;
    }
    return (d, t) => `${d} ${t}`;
  });
}

/**
 * `ms` (epoch milliseconds) in `locale` (a tag Intl has data for) and `timeZone` (IANA):
 * the date part, the time part, or both joined as the locale joins them at `wrap` (the date's
 * own width by default). "Feb 24, 2020, 2:04 PM" (narrow no-break space before PM) for
 * `{ date: { dateStyle: 'medium' }, time: { timeStyle: 'short' } }` in en-US; "Invalid date."
 * for what is not a finite instant.
 */
export function formatInstant(ms: number, shape: DateShape, locale: string, timeZone: string): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return INVALID_DATE;
  const { date, time, calendar } = shape;
  const format = (options: Intl.DateTimeFormatOptions) =>
    formatWithCldrSpaces(dateTimeFormat(locale, { ...options, timeZone }, calendar), ms);
  if (date !== undefined && time !== undefined) {
    const width = shape.wrap ?? date.dateStyle ?? 'short';
    return glue(locale, width)(format(date), format(time));
  }
  return format(date ?? time ?? { dateStyle: 'long' });
}

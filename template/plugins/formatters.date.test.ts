import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../contract/date-format';
import { execute } from '../index';
import { calendarDate, humanizeDuration, timeSince } from './i18n/datetime';
import { julianDay, MAX_JULIAN_DAY } from './i18n/zoned-time';

const T = 1582571080000; // 2020-02-24 14:04:40 in New York

function render(template: string, data: unknown, options: { locale?: string; now?: number } = {}): string {
  const { output, errors } = execute(template, data, options);
  expect(errors).toEqual([]);
  return output;
}

describe('date', () => {
  it('shows the time in the website zone, New York by default', () => {
    expect(render('{t|date %Y-%m-%d %H:%M %Z}', { t: T })).toBe('2020-02-24 14:04 EST');
    expect(render('{t|date %H:%M %z %Z}', { t: T, website: { timeZone: 'Europe/Paris' } })).toBe('20:04 +01:00 CET');
    expect(render('{t|date %H:%M %Z}', { t: T, website: { timeZone: 'Asia/Kolkata' } })).toBe('00:34 IST');
  });

  it('names a local mean time LMT, as the tz database does', () => {
    const t = Date.UTC(1850, 5, 1, 12);
    expect(render('{t|date %H:%M:%S %Z %z}', { t })).toBe('07:03:58 LMT -04:56');
    expect(render('{t|date %Z}', { t, website: { timeZone: 'Asia/Tokyo' } })).toBe('LMT');
    expect(render('{t|date %Z}', { t, website: { timeZone: 'UTC' } })).toBe('UTC');
  });

  it('falls back to New York for zones Intl does not know', () => {
    for (const timeZone of ['Mars/Olympus', '', 42, null, 'x'.repeat(500)])
      expect(render('{t|date %H:%M}', { t: T, website: { timeZone } })).toBe('14:04');
  });

  it('numbers ISO and calendar weeks across year ends', () => {
    expect(render('{t|date %G-W%V %U %W %j}', { t: Date.UTC(2021, 0, 1, 17) })).toBe('2020-W53 01 01 001');
    expect(render('{t|date %G-W%V}', { t: Date.UTC(2024, 11, 30, 17) })).toBe('2025-W01');
  });

  it("defaults to the platform's LLL format and names months in the locale", () => {
    expect(render('{t|date}', { t: T })).toBe('February 24, 2020 at 2:04\u202fPM');
    expect(render('{t|date}', { t: T }, { locale: 'de-DE' })).toBe('24. Februar 2020 um 14:04');
    expect(render('{t|date}', { t: T }, { locale: 'fr-FR' })).toBe('24 février 2020 à 14:04');
    expect(render('{t|date}', { t: T }, { locale: 'ja' })).toBe('2020年2月24日 14:04');
    expect(render('{t|date}', { t: T, website: { timeZone: 'Asia/Tokyo' } })).toBe('February 25, 2020 at 4:04\u202fAM');
    expect(render('{t|date %A %B}', { t: T }, { locale: 'de-DE' })).toBe('Montag Februar');
  });

  it('keeps unknown specifiers and reads numeric text', () => {
    expect(render('{t|date %Q %Y}', { t: String(T) })).toBe('%Q 2020');
  });

  it('prints nothing for what is not an instant', () => {
    for (const t of ['abc', null, {}, [], true, 'NaN']) expect(render('{t|date %Y}', { t })).toBe('');
  });

  // The reference engine's bounds: days start at midnight in the website's zone (its
  // calendars/calendar.js jdFromUnixEpoch), local mean time included for the far past.
  const FIRST_DAY_UTC = -2440588 * 86_400_000; // 4713 B.C. Jan 1 00:00 UTC, Julian day 0
  const AFTER_LAST_DAY_UTC = (MAX_JULIAN_DAY + 1 - 2440588) * 86_400_000;
  const rangeError = (day: number) =>
    `Julian day ${day} is outside the supported range of this library: Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.`;
  const errorOf = (t: number, timeZone: string) => {
    const result = execute('{t|date %H:%M:%S}', { t, website: { timeZone } });
    return result.errors.length === 0 ? result.output : `${result.output}|${result.errors[0]?.message ?? ''}`;
  };

  it('starts the supported range at midnight of Julian day 0 in the website zone', () => {
    expect(julianDay(Date.UTC(2000, 0, 1, 12), 'UTC')).toBe(2451545);
    expect(julianDay(Date.UTC(2000, 0, 1, 0), 'UTC')).toBe(2451545);
    expect(errorOf(FIRST_DAY_UTC, 'UTC')).toBe('00:00:00');
    expect(errorOf(FIRST_DAY_UTC - 1, 'UTC')).toBe(`|${rangeError(-1)}`);
    // New York's local mean time then was UTC-4:56:02: its day 0 starts 4:56:02 later.
    expect(errorOf(FIRST_DAY_UTC + 4 * 3_600_000, 'America/New_York')).toContain(rangeError(-1));
    expect(errorOf(FIRST_DAY_UTC + 5 * 3_600_000, 'America/New_York')).toBe('00:03:58');
    // Tokyo's (UTC+9:18:59) starts before UTC's.
    expect(errorOf(FIRST_DAY_UTC - 1, 'Asia/Tokyo')).toBe('09:18:58');
  });

  it('counts days before the Gregorian reform in the Julian calendar, years by era', () => {
    const utc = (t: number) => render('{t|date %Y-%m-%d %a %j}', { t, website: { timeZone: 'UTC' } });
    expect(utc(FIRST_DAY_UTC)).toBe('4713-01-01 Mon 001'); // "Mon Jan  1 4713 B.C." of the error
    expect(utc(Date.UTC(1582, 9, 14, 12))).toBe('1582-10-04 Thu 277');
    expect(utc(Date.UTC(1582, 9, 15, 12))).toBe('1582-10-15 Fri 288');
    expect(utc(Date.UTC(1500, 2, 1, 12))).toBe('1500-02-20 Thu 051');
    expect(utc(AFTER_LAST_DAY_UTC - 1)).toBe('8652-12-31 Fri 366');
    const idesOfMarch = new Date(Date.UTC(2000, 2, 13, 12)).setUTCFullYear(-43); // Julian 15 March 44 B.C.
    expect(render('{t|date %Y %y %C %F %x}', { t: idesOfMarch, website: { timeZone: 'UTC' } })).toBe(
      '44 44 00 44-03-15 03/15/44',
    );
  });

  it('ends the supported range at midnight after Julian day 4881503 in the website zone', () => {
    expect(errorOf(AFTER_LAST_DAY_UTC - 1, 'UTC')).toBe('23:59:59');
    expect(errorOf(AFTER_LAST_DAY_UTC, 'UTC')).toBe(`|${rangeError(4881504)}`);
    expect(errorOf(AFTER_LAST_DAY_UTC + 5 * 3_600_000 - 1, 'America/New_York')).toBe('23:59:59');
    expect(errorOf(AFTER_LAST_DAY_UTC - 1, 'Asia/Tokyo')).toBe(`|${rangeError(4881504)}`);
    expect(execute('{t|date %Y}', { t: -1e20 }).errors[0]?.message).toMatch(/^Julian day -\d+ is outside/);
  });
});

describe('datetime-interval', () => {
  const H = 3_600_000;
  it('shows the times of a same-day range with the zone, the dates of a longer one', () => {
    expect(render('{t, e|datetime-interval}', { t: T, e: T + 3 * H })).toBe('2:04\u2009–\u20095:04\u202fPM');
    expect(render('{t, e|datetime-interval}', { t: T, e: T + 40 * 24 * H })).toBe('Feb 24\u2009–\u2009Apr 4, 2020');
    expect(render('{t, e|datetime-interval}', { t: T, e: T + 12 * H }, { locale: 'de-DE' })).toBe('24.–25. Feb. 2020');
  });

  it('decides "same day" in the website zone, keeps the range in its order and takes a skeleton', () => {
    const tokyo = { t: T, e: T + 3 * H, website: { timeZone: 'Asia/Tokyo' } };
    expect(render('{t, e|datetime-interval}', tokyo)).toBe('4:04\u2009–\u20097:04\u202fAM');
    expect(render('{t, e|datetime-interval}', { t: T + 40 * 24 * H, e: T })).toBe('Apr 4\u2009–\u2009Feb 24, 2020');
    expect(render('{t, e|datetime-interval skeleton:yMMM}', { t: T, e: T + 400 * 24 * H })).toBe(
      'Feb 2020\u2009–\u2009Mar 2021',
    );
    expect(render('{t, e|datetime-interval yMMM}', { t: T, e: T + 400 * 24 * H })).toBe(
      'Feb 2020\u2009–\u2009Mar 2021',
    );
  });

  it('writes a numeric day or month of one letter in one digit, as a single date', () => {
    const range = { t: Date.UTC(1970, 0, 11), e: Date.UTC(2024, 3, 8), website: { timeZone: 'UTC' } };
    expect(render('{t, e|datetime-interval yMd}', range, { locale: 'de-DE' })).toBe('11.1.1970\u2009–\u20098.4.2024');
    expect(render('{t, e|datetime-interval yMd}', range, { locale: 'pl-PL' })).toBe('11.1.1970–8.4.2024');
    expect(render('{t, e|datetime-interval yMd}', range, { locale: 'ja-JP' })).toBe('1970/1/11～2024/4/8');
  });

  it('writes month names in a range as CLDR does where Intl joins two whole dates', () => {
    const at = (template: string, t: number, e: number, locale: string) =>
      render(template, { t, e, website: { timeZone: 'UTC' } }, { locale });
    const [aug1, aug2, nov25] = [Date.UTC(2021, 7, 1, 12), Date.UTC(2021, 7, 2, 12), Date.UTC(2021, 10, 25, 12)];
    expect(at('{t, e|datetime-interval}', aug1, aug2, 'ja-JP')).toBe('2021年8月1日～2日');
    expect(at('{t, e|datetime-interval yMMM}', aug1, nov25, 'ja-JP')).toBe('2021年8月～11月');
    expect(at('{t, e|datetime-interval skeleton:yMMMEd}', aug1, nov25, 'ja-JP')).toBe('2021年8月1日(日)～11月25日(木)');
    expect(at('{t, e|datetime-interval MMMd}', aug1, nov25, 'ja-JP')).toBe('8月1日～11月25日');
    expect(at('{t, e|datetime-interval hm}', aug1, nov25, 'ja-JP')).toBe(
      '2021年8月1日 午後0:00～2021年11月25日 午後0:00',
    );
    expect(at('{t, e|datetime-interval yMMM}', aug1, nov25, 'pl-PL')).toBe('sie–lis 2021');
    expect(at('{t, e|datetime-interval yMMM}', nov25, Date.UTC(1972, 6, 1), 'pl-PL')).toBe('lis 2021–lip 1972');
    expect(at('{t, e|datetime-interval yMMM}', aug1, aug2, 'pl-PL')).toBe('sie 2021');
  });

  it('prints nothing unless both ends are instants', () => {
    expect(render('{t, e|datetime-interval}', { t: T, e: 'x' })).toBe('');
    expect(render('{t, e|datetime-interval}', { t: 'x', e: T })).toBe('');
  });
});

describe('datetime', () => {
  it('ignores unknown calendars and options', () => {
    expect(render('{t|datetime calendar:bogus nonsense:1}', { t: T })).toBe('February 24, 2020');
  });

  it('words an instant as the widgets do (contract/date-format), narrow space before PM', () => {
    const shape = { date: { dateStyle: 'medium' as const }, time: { timeStyle: 'short' as const } };
    expect(render('{t|datetime date:medium time:short}', { t: T })).toBe('Feb 24, 2020, 2:04\u202fPM');
    expect(render('{t|datetime date:medium time:short}', { t: T })).toBe(
      formatInstant(T, shape, 'en-US', 'America/New_York'),
    );
    expect(
      render('{t|datetime date:medium time:short}', { t: T, website: { timeZone: 'Asia/Tokyo' } }, { locale: 'ja' }),
    ).toBe(formatInstant(T, shape, 'ja', 'Asia/Tokyo'));
  });

  it('takes the time fields of a skeleton beside a date width, the date fields beside a time width', () => {
    expect(render('{t|datetime date:short skeleton:hm}', { t: T }, { locale: 'en-GB' })).toBe(
      '24/02/2020, 2:04\u202fpm',
    );
    expect(render('{t|datetime time:short skeleton:yMMMd}', { t: T }, { locale: 'en-GB' })).toBe('24 Feb 2020, 14:04');
    expect(render('{t|datetime date:medium skeleton:yMMMd}', { t: T }, { locale: 'en-GB' })).toBe('24 Feb 2020, Mon');
    expect(render('{t|datetime time:hm}', { t: T, website: { timeZone: 'UTC' } }, { locale: 'ja' })).toBe('午後7:04');
  });

  it('reads null as the epoch and missing data as no instant', () => {
    expect(render('{t|datetime}', { t: null })).toBe('December 31, 1969');
    expect(render('{t|datetime}', {})).toBe('');
  });

  it('glues date and time the way the locale does', () => {
    expect(render('{t|datetime date:long time:short}', { t: T }, { locale: 'de-DE' })).toBe(
      '24. Februar 2020 um 14:04',
    );
  });
});

describe('relative-time, timesince, humanizeDuration', () => {
  it('counts from now when given one instant', () => {
    expect(render('{t|relative-time}', { t: T + 3 * 86_400_000 }, { now: T })).toBe('in 3 days');
    expect(render('{t|relative-time}', { t: T - 90_000 }, { now: T, locale: 'fr-FR' })).toBe('il y a 2 minutes');
  });

  it('counts in one field, in numbers only, in a width and to fraction digits when told; the last valid option wins', () => {
    const H = 3_600_000;
    const at = (args: string, t: number) => render(`{t|relative-time ${args}}`, { t }, { now: T });
    expect(at('field:hour', T + 24 * H)).toBe('in 24 hours');
    expect(at('field:minute', T + 90 * H)).toBe('in 5,400 minutes');
    expect(at('field:hour', T + H / 2)).toBe('this hour');
    expect(at('field:year field:week', T + 240 * H)).toBe('next week');
    expect(at('field:week field:bogus', T + 240 * H)).toBe('next week');
    expect(at('field:day maxfrac:1', T + 36 * H)).toBe('in 1.5 days');
    expect(at('numericOnly:true', T - 24 * H)).toBe('1 day ago');
    expect(at('numericOnly:true', T)).toBe('in 0 seconds');
    expect(at('width:short', T + 2 * H)).toBe('in 2 hr.');
  });

  it('uses CLDR words where it has them and rounds halves to even', () => {
    expect(render('{t|relative-time}', { t: T }, { now: T })).toBe('now');
    expect(render('{t|relative-time allowWeeks:true}', { t: T + 7 * 86_400_000 }, { now: T })).toBe('next week');
    expect(render('{t|relative-time}', { t: T - 86_400_000 }, { now: T, locale: 'de-DE' })).toBe('gestern');
    expect(render('{t|relative-time}', { t: T + 60 * 86_400_000 }, { now: T })).toBe('in 2 months');
    expect(render('{t|relative-time}', { t: T + 2.5 * 86_400_000 }, { now: T })).toBe('in 2 days');
  });

  it('counts calendar months and years, the rest as a fraction of a mean month or year', () => {
    const at = (from: number, to: number) => render('{s,t|relative-time}', { s: from, t: to });
    // February 1 to March 1 is a whole month though shorter than a mean one.
    expect(at(Date.UTC(2021, 1, 1), Date.UTC(2021, 2, 1))).toBe('next month');
    expect(at(Date.UTC(2021, 7, 31), Date.UTC(2021, 8, 30))).toBe('in 30 days');
    // One month and 15 days is under one and a half.
    expect(at(Date.UTC(2021, 7, 1), Date.UTC(2021, 8, 16))).toBe('next month');
    expect(at(Date.UTC(2021, 7, 1), Date.UTC(2022, 6, 31))).toBe('in 12 months');
    expect(at(Date.UTC(2021, 7, 1), Date.UTC(2020, 0, 30))).toBe('2 years ago');
    expect(at(Date.UTC(2021, 7, 1), Date.UTC(2023, 0, 31))).toBe('next year');
  });

  it('words time since in whole units', () => {
    expect(timeSince(T - 30_000, T)).toBe('less than a minute ago');
    expect(timeSince(T - 60_000, T)).toBe('about a minute ago');
    expect(timeSince(T - 5 * 3_600_000, T)).toBe('about 5 hours ago');
    expect(timeSince(T - 10 * 86_400_000, T)).toBe('about a week ago');
    expect(timeSince(T - 29 * 86_400_000, T)).toBe('about 4 weeks ago');
    expect(timeSince(T - 364 * 86_400_000, T)).toBe('about 12 months ago');
    expect(timeSince(T - 365 * 86_400_000, T)).toBe('about a year ago');
    expect(timeSince(T - 3_600_000, T)).toBe('about an hour ago');
    // The future has no wording of its own (the reference's, and the spec's "… ago" only).
    expect(timeSince(T + 2 * 86_400_000, T)).toBe('less than a minute ago');
    expect(render('{t|timesince}', { t: 'soon' })).toBe('Invalid date.');
  });

  it('shows durations as minutes and seconds', () => {
    expect(humanizeDuration(3_725_000)).toBe('62:05');
    expect(humanizeDuration(-125_000)).toBe('-2:-5');
    expect(humanizeDuration(-1000)).toBe('0:-1');
    expect(humanizeDuration(-999)).toBe('0:00');
    expect(render('{d|humanizeDuration}', { d: 'x' })).toBe('0:00');
  });

  it('writes calendar dates as year month day T hour minute second Z', () => {
    expect(calendarDate(T)).toBe('20200224T190440Z');
  });
});

describe('date formatters never throw', () => {
  it('whatever the value, arguments, zone and locale', () => {
    const names = ['date', 'datetime', 'datetime-interval', 'relative-time', 'timesince', 'humanizeDuration'];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.oneof(fc.double(), fc.integer(), fc.string(), fc.anything()),
        fc.stringMatching(/^[%a-zA-Z:0-9 -]{0,12}$/),
        fc.constantFrom('America/New_York', 'Asia/Tokyo', 'Nowhere/Else', '', 'UTC'),
        fc.constantFrom('en-US', 'ja', 'pl-PL', 'de-DE', 'zz', ''),
        (name, t, args, timeZone, locale) => {
          const { output } = execute(
            `{t,t|${name}${args.trim() ? ` ${args.trim()}` : ''}}`,
            { t, website: { timeZone } },
            { locale },
          );
          expect(typeof output).toBe('string');
        },
      ),
    );
  });
});

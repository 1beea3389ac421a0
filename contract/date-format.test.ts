import { describe, expect, it } from 'vitest';
import { formatInstant, INVALID_DATE } from './date-format';

const T = 1582571080000; // 2020-02-24 14:04:40 in New York

describe('formatInstant', () => {
  it('joins date and time as the locale does at the date width, with CLDR spaces', () => {
    const shape = { date: { dateStyle: 'medium' as const }, time: { timeStyle: 'short' as const } };
    expect(formatInstant(T, shape, 'en-US', 'America/New_York')).toBe('Feb 24, 2020, 2:04\u202fPM');
    expect(formatInstant(T, { ...shape, wrap: 'long' }, 'en-US', 'America/New_York')).toBe(
      'Feb 24, 2020 at 2:04\u202fPM',
    );
    expect(formatInstant(T, shape, 'de-DE', 'Europe/Berlin')).toBe('24.02.2020, 20:04');
  });

  it('shows one part alone, the long date by default', () => {
    expect(formatInstant(T, {}, 'en-US', 'Asia/Tokyo')).toBe('February 25, 2020');
    expect(formatInstant(T, { time: { hour: 'numeric', minute: '2-digit' } }, 'en-US', 'UTC')).toBe('7:04\u202fPM');
  });

  it('falls back to Gregorian for a calendar Intl does not know', () => {
    expect(formatInstant(T, { calendar: 'nonsense' }, 'en-US', 'UTC')).toBe('February 24, 2020');
  });

  it('says "Invalid date." for what is not an instant Date can hold', () => {
    for (const ms of [Number.NaN, Infinity, 8.64e15 + 1])
      expect(formatInstant(ms, {}, 'en-US', 'UTC')).toBe(INVALID_DATE);
  });
});

import { describe, expect, it } from 'vitest';
import { formatLegacyMoney } from './format-legacy-money';

const NBSP = '\u00a0';

describe('formatLegacyMoney', () => {
  it('puts fixed symbols where the locale puts the symbol, spaced only from letters', () => {
    expect(formatLegacyMoney('1234.56', 'AUD', 'de-DE')).toBe('1.234,56 A$');
    expect(formatLegacyMoney('1234.56', 'EUR', 'de-DE')).toBe('1.234,56€');
    expect(formatLegacyMoney('1234.56', 'SEK', 'de-DE')).toBe('1.234,56 kr');
    expect(formatLegacyMoney('1234.56', 'CAD', 'en-GB')).toBe('C$1,234.56');
    expect(formatLegacyMoney('1234.56', 'SEK', 'es-US')).toBe('kr 1,234.56');
  });

  it('writes an ASCII minus, after a letter symbol on the left', () => {
    expect(formatLegacyMoney('-1234.56', 'AUD', 'en-US')).toBe('-A$1,234.56');
    expect(formatLegacyMoney('-1234.56', 'SEK', 'en-GB')).toBe('kr -1,234.56');
    expect(formatLegacyMoney('-1234.56', 'USD', 'sv-SE')).toBe(`-1${NBSP}234,56$`);
    expect(formatLegacyMoney('-1234.56', 'CAD', 'fr-FR')).toBe(`-1${NBSP}234,56 C$`);
  });

  it('groups French numbers with U+00A0 as the vectors do, not CLDR 48’s U+202F', () => {
    expect(formatLegacyMoney('1234567.5', 'GBP', 'fr-FR')).toBe(`1${NBSP}234${NBSP}567,50£`);
  });

  it('rounds to the currency’s digits, half-even', () => {
    expect(formatLegacyMoney('1234.56', 'JPY', 'fr-FR')).toBe(`1${NBSP}235¥`);
    expect(formatLegacyMoney('0.125', 'USD', 'en-US')).toBe('$0.12');
    expect(formatLegacyMoney('-0.001', 'USD', 'en-US')).toBe('$0.00');
  });

  it('takes the locale’s own symbol for other currencies, and Latin digits always', () => {
    expect(formatLegacyMoney('1234.56', 'CHF', 'de-DE')).toBe('1.234,56 CHF');
    expect(formatLegacyMoney('1234.56', 'MXN', 'es-MX')).toBe('$1,234.56');
    expect(formatLegacyMoney('1234.5', 'EGP', 'ar-EG')).toMatch(/^1,234\.50 \S+$/);
  });
});

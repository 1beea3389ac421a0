import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies';
import { formatMoney } from './money';

describe('formatMoney', () => {
  // One literal expectation per spec currency: symbol, position, digits, separators.
  const expected: Record<string, string> = {
    EUR: '€1,234,567.89',
    USD: '$1,234,567.89',
    AUD: 'A$1,234,567.89',
    NOK: '1,234,567.89 kr',
    CAD: 'CA$1,234,567.89',
    NZD: 'NZ$1,234,567.89',
    DKK: '1,234,567.89 kr.',
    GBP: '£1,234,567.89',
    HKD: 'HK$1,234,567.89',
    CHF: 'CHF1,234,567.89',
    MXN: 'MX$1,234,567.89',
    SGD: 'S$1,234,567.89',
    SEK: '1,234,567.89 kr',
    CZK: '1,234,567.89 Kč',
    ILS: '₪1,234,567.89',
    PHP: '₱1,234,567.89',
    RUB: '1,234,567.89 ₽',
    PLN: '1,234,567.89 zł',
    THB: '฿1,234,567.89',
    MYR: 'RM1,234,567.89',
    ARS: 'ARS$1,234,567.89',
    BRL: 'R$1,234,567.89',
    COP: 'COL$1,234,567.89',
    IDR: 'Rp1,234,567.89',
    INR: '₹1,234,567.89',
    JPY: '¥123,456,789',
    ZAR: 'R1,234,567.89',
  };

  it('covers exactly the 27 spec currencies', () => {
    expect(Object.keys(CURRENCIES).sort()).toEqual(Object.keys(expected).sort());
    expect(Object.keys(CURRENCIES)).toHaveLength(27);
  });

  it.each(Object.entries(expected))('formats %s', (code, text) => {
    expect(formatMoney(123456789, code)).toBe(text);
  });

  it('uses 0 fraction digits for JPY only', () => {
    expect(formatMoney(5, 'JPY')).toBe('¥5');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
    expect(formatMoney(-1999, 'SEK')).toBe('-19.99 kr');
  });

  it('trims whole cents only when asked', () => {
    expect(formatMoney(1200, 'USD')).toBe('$12.00');
    expect(formatMoney(1200, 'USD', { trimCents: true })).toBe('$12');
    expect(formatMoney(1250, 'USD', { trimCents: true })).toBe('$12.50');
  });

  it('groups by default and can turn grouping off', () => {
    expect(formatMoney(123456789, 'USD', { grouping: false })).toBe('$1234567.89');
  });

  it('gives the value alone with valueOnly', () => {
    expect(formatMoney(123456, 'EUR', { valueOnly: true })).toBe('1,234.56');
    expect(formatMoney(-123456, 'NOK', { valueOnly: true })).toBe('-1,234.56');
  });

  it('falls back to USD for an unknown currency', () => {
    expect(formatMoney(100, 'XYZ')).toBe('$1.00');
    expect(formatMoney(100)).toBe('$1.00');
  });

  it('keeps all 15 integer digits exactly and caps beyond', () => {
    expect(formatMoney('99999999999999999', 'USD')).toBe('$999,999,999,999,999.99');
    expect(formatMoney('123456789012345678', 'USD')).toBe('$999,999,999,999,999.99');
    expect(formatMoney(10n ** 20n, 'JPY')).toBe('¥999,999,999,999,999');
  });

  it('reads bad amounts as zero', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
    expect(formatMoney('12abc', 'USD')).toBe('$0.00');
    expect(formatMoney(Infinity, 'GBP')).toBe('£0.00');
  });

  it('rounds fractional minor units', () => {
    expect(formatMoney(1234.6, 'USD')).toBe('$12.35');
  });

  it('writes the amount as a locale does when given one, digits as the store sells', () => {
    const intl = (locale: string, currency: string, digits: number, amount: number) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(amount);
    expect(formatMoney(240000, 'EUR', { locale: 'fr-FR' })).toBe(intl('fr-FR', 'EUR', 2, 2400));
    expect(formatMoney(-1999, 'EUR', { locale: 'fr-FR' })).toBe(intl('fr-FR', 'EUR', 2, -19.99));
    expect(formatMoney(4800, 'JPY', { locale: 'en-US' })).toBe('¥4,800');
    // Intl gives COP and IDR no decimals; the store sells them with two.
    expect(formatMoney(123456, 'IDR', { locale: 'en-US' })).toBe(intl('en-US', 'IDR', 2, 1234.56).replace('IDR', 'Rp'));
    // Where the locale has no symbol of its own (NOK in en-US), the store's.
    expect(formatMoney(1200, 'NOK', { locale: 'en-US' })).toBe(intl('en-US', 'NOK', 2, 12).replace('NOK', 'kr'));
    expect(formatMoney(123456, 'EUR', { locale: 'de-DE', valueOnly: true })).toBe('1.234,56');
    expect(formatMoney(1200, 'USD', { locale: 'en-US', trimCents: true })).toBe('$12');
  });

  it('keeps the store layout for an unusable locale', () => {
    expect(formatMoney(123456, 'USD', { locale: 'no such locale!' })).toBe('$1,234.56');
  });
});

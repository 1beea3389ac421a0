import { describe, expect, it } from 'vitest';
import { formatMoneyDigits, needsMoneyDigits } from './money-digits';

const usd = (amount: string, options: Parameters<typeof formatMoneyDigits>[3], locale = 'en-US') =>
  formatMoneyDigits(amount as `${number}`, 'USD', locale, options);

describe('money digits as the platform resolves them', () => {
  it('lowers a minimum fraction count above the maximum to it', () => {
    expect(usd('1.25', { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBe('$1.2');
    expect(usd('1.25', { minimumFractionDigits: 3 })).toBe('$1.250');
    expect(usd('1.25', { maximumFractionDigits: 0 })).toBe('$1');
  });

  it('counts significant digits instead of the currency digits; a lone maximum is the minimum too', () => {
    expect(usd('3', { maximumSignificantDigits: 2 })).toBe('$3.0');
    expect(usd('0.001', { maximumSignificantDigits: 2 })).toBe('$0.0010');
    expect(usd('29450.03', { minimumSignificantDigits: 3 })).toBe('$29,450.03');
    expect(usd('91413.44', { maximumSignificantDigits: 1, roundingMode: 'trunc' })).toBe('$90,000');
  });

  it('rounds in each mode, also when every digit lies past the first dropped place', () => {
    const at0 = (amount: string, roundingMode: Intl.NumberFormatOptions['roundingMode']) =>
      usd(amount, { maximumFractionDigits: 0, roundingMode });
    expect(
      ['expand', 'trunc', 'ceil', 'floor', 'halfExpand', 'halfTrunc', 'halfEven'].map((m) => at0('-2.5', m as never)),
    ).toEqual(['-$3', '-$2', '-$2', '-$3', '-$3', '-$2', '-$2']);
    expect(at0('0.6', 'expand')).toBe('$1');
    expect(at0('0.06', 'expand')).toBe('$1');
    expect(at0('-0.001', 'floor')).toBe('-$1');
  });

  it("writes the code after the number in the locale's unit pattern", () => {
    expect(usd('1234.5', { style: 'code' })).toBe('1,234.50 USD');
    expect(usd('-19', { style: 'code' }, 'ja-JP')).toBe('-19.00USD');
  });

  it('counts significant digits in the short style, and groups amounts below its first compact form', () => {
    expect(usd('43575.27', { style: 'short', minimumSignificantDigits: 3 })).toBe('$43.6K');
    expect(usd('1234.5', { style: 'short' })).toBe('$1.2K');
    expect(usd('999999', { style: 'short' })).toBe('$1M');
    expect(formatMoneyDigits('1234.5', 'EUR', 'de-DE', { style: 'short' })).toBe('1.234\u00a0€');
    expect(usd('22', { style: 'short', maximumFractionDigits: 1 })).toBe('$22.0');
  });

  it('is needed for digit counts, rounding modes and the short and code styles only', () => {
    expect(needsMoneyDigits({ style: 'accounting', grouping: false, narrow: true })).toBe(false);
    expect(needsMoneyDigits({ style: 'code' })).toBe(true);
    expect(needsMoneyDigits({ roundingMode: 'floor' })).toBe(true);
  });
});

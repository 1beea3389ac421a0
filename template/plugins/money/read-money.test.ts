import { describe, expect, it } from 'vitest';
import { readCurrency, readMoney } from './read-money';

describe('readMoney', () => {
  it('reads decimalValue and currencyCode, in major units', () => {
    expect(readMoney({ decimalValue: '123456.7890', currencyCode: 'EUR' })).toEqual({
      amount: '123456.789',
      currency: 'EUR',
    });
    expect(readMoney({ decimalValue: -1234.56, currencyCode: 'JPY' })).toEqual({ amount: '-1234.56', currency: 'JPY' });
  });

  it('falls back to value and currency (spec, section 3)', () => {
    expect(readMoney({ value: '100', currency: 'GBP' })).toEqual({ amount: '100', currency: 'GBP' });
    // An incomplete first pair gives way to a complete second one.
    expect(readMoney({ decimalValue: '1', value: '2', currency: 'CAD' })).toEqual({ amount: '2', currency: 'CAD' });
    // A lone amount field is read with the default currency.
    expect(readMoney({ value: '100' })).toEqual({ amount: '100', currency: 'USD' });
  });

  it('reads plain numbers and numeric strings as cents in USD', () => {
    expect(readMoney(12345)).toEqual({ amount: '123.45', currency: 'USD' });
    expect(readMoney('-5')).toEqual({ amount: '-0.05', currency: 'USD' });
    expect(readMoney('A')).toEqual({ amount: undefined, currency: 'USD' });
  });

  it('keeps unreadable amounts and malformed currencies apart from missing moneys', () => {
    expect(readMoney({ decimalValue: 'abc', currencyCode: 'EUR' })).toEqual({ amount: undefined, currency: 'EUR' });
    expect(readMoney({ decimalValue: { x: 1 }, currencyCode: 7 })).toEqual({ amount: undefined, currency: 'USD' });
    for (const value of [undefined, null, true, [], [1], { foo: 'bar' }]) expect(readMoney(value)).toBeUndefined();
  });
});

describe('readCurrency', () => {
  it('accepts three letters in any case, else USD', () => {
    expect(readCurrency(' sek ')).toBe('SEK');
    for (const value of ['US', 'EURO', 'U$D', '', 840, null, undefined]) expect(readCurrency(value)).toBe('USD');
  });
});

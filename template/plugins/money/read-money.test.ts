import { describe, expect, it } from 'vitest';
import { readCurrency, readCurrencyCode, readMoney } from './read-money';

describe('readMoney', () => {
  it('reads decimalValue and currencyCode, in major units', () => {
    expect(readMoney({ decimalValue: '123456.7890', currencyCode: 'EUR' })).toEqual({
      amount: '123456.789',
      currency: 'EUR',
      currencyNamed: true,
    });
    expect(readMoney({ decimalValue: -1234.56, currencyCode: 'JPY' })).toEqual({
      amount: '-1234.56',
      currency: 'JPY',
      currencyNamed: true,
    });
  });

  it('falls back to value and currency (platform spec, section 3)', () => {
    expect(readMoney({ value: '100', currency: 'GBP' })).toEqual({
      amount: '100',
      currency: 'GBP',
      currencyNamed: true,
    });
    // An incomplete first pair gives way to a complete second one.
    expect(readMoney({ decimalValue: '1', value: '2', currency: 'CAD' })).toEqual({
      amount: '2',
      currency: 'CAD',
      currencyNamed: true,
    });
    // A lone amount field is read with the default currency.
    expect(readMoney({ value: '100' })).toEqual({ amount: '100', currency: 'USD', currencyNamed: false });
  });

  it('reads the decimalValue/currencyCode pair before value/currency (spec, section 3)', () => {
    expect(readMoney({ decimalValue: '1', currencyCode: 'EUR', value: '2', currency: 'GBP' })).toEqual({
      amount: '1',
      currency: 'EUR',
      currencyNamed: true,
    });
  });

  it('reads plain numbers and numeric strings as cents in USD', () => {
    expect(readMoney(12345)).toEqual({ amount: '123.45', currency: 'USD', currencyNamed: false });
    expect(readMoney('-5')).toEqual({ amount: '-0.05', currency: 'USD', currencyNamed: false });
    expect(readMoney('A')).toEqual({ amount: undefined, currency: 'USD', currencyNamed: false });
  });

  it('keeps unreadable amounts and malformed currencies apart from missing moneys', () => {
    expect(readMoney({ decimalValue: 'abc', currencyCode: 'EUR' })).toEqual({
      amount: undefined,
      currency: 'EUR',
      currencyNamed: true,
    });
    expect(readMoney({ decimalValue: { x: 1 }, currencyCode: 7 })).toEqual({
      amount: undefined,
      currency: 'USD',
      currencyNamed: false,
    });
    for (const value of [undefined, null, true, [], [1], { foo: 'bar' }]) expect(readMoney(value)).toBeUndefined();
  });
});

describe('readCurrency', () => {
  it('accepts three letters in any case, else USD', () => {
    expect(readCurrency(' sek ')).toBe('SEK');
    for (const value of ['US', 'EURO', 'U$D', '', 840, null, undefined]) expect(readCurrency(value)).toBe('USD');
    expect(readCurrencyCode(' sek ')).toBe('SEK');
    expect(readCurrencyCode('EURO')).toBeUndefined();
  });
});

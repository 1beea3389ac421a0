import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDigits, formatCurrency, formatDecimal, numberFormat, type CurrencyOptions } from './format-number';

describe('numberFormat', () => {
  it('caches instances by locale and options', () => {
    const a = numberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(a);
    expect(numberFormat('en-GB', { style: 'currency', currency: 'USD' })).not.toBe(a);
    expect(numberFormat('en-US', { style: 'currency', currency: 'EUR' })).not.toBe(a);
  });
});

describe('currencyDigits', () => {
  it('follows the spec for supported currencies (2, JPY 0), where CLDR 48 says 0 for COP and IDR', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('COP')).toBe(2);
    expect(currencyDigits('IDR')).toBe(2);
  });

  it('takes CLDR digits for other currencies', () => {
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('XYZ')).toBe(2);
  });
});

describe('formatCurrency', () => {
  it('formats the styles of the money formatter', () => {
    expect(formatCurrency('123456.789', 'USD', 'en-US')).toBe('$123,456.79');
    expect(formatCurrency('123456.789', 'USD', 'en-US', { style: 'short' })).toBe('$123K');
    expect(formatCurrency('123456.789', 'USD', 'en-US', { style: 'name' })).toBe('123,456.79 US dollars');
    expect(formatCurrency('123456.789', 'EUR', 'en-US', { style: 'code' })).toBe('EUR\u00a0123,456.79');
    expect(formatCurrency('-5', 'USD', 'en-US', { style: 'accounting' })).toBe('($5.00)');
    expect(formatCurrency('5', 'CAD', 'en-US', { narrow: true })).toBe('$5.00');
    expect(formatCurrency('5', 'CAD', 'en-US')).toBe('CA$5.00');
  });

  it('keeps zero fractions, rounds half-even, shows no sign on zero', () => {
    expect(formatCurrency('5', 'USD', 'en-US')).toBe('$5.00');
    expect(formatCurrency('0.125', 'USD', 'en-US')).toBe('$0.12');
    expect(formatCurrency('0.135', 'USD', 'en-US')).toBe('$0.14');
    expect(formatCurrency('-0.001', 'USD', 'en-US')).toBe('$0.00');
    expect(formatCurrency('1234.5', 'JPY', 'en-US')).toBe('¥1,234');
  });

  it('resolves conflicting digit options instead of throwing', () => {
    expect(formatCurrency('5', 'JPY', 'en-US', { minimumFractionDigits: 2 })).toBe('¥5.00');
    expect(formatCurrency('5.555', 'USD', 'en-US', { maximumFractionDigits: 1 })).toBe('$5.6');
    expect(formatCurrency('5', 'USD', 'en-US', { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBe('$5.000');
    expect(formatCurrency('12345', 'USD', 'en-US', { minimumSignificantDigits: 5, maximumSignificantDigits: 2 })).toBe(
      '$12,345',
    );
    expect(formatCurrency('1234', 'USD', 'en-US', { grouping: false, roundingMode: 'ceil' })).toBe('$1234.00');
  });

  it('never throws, whatever the options', () => {
    const digits = fc.option(fc.integer({ min: -5, max: 200 }), { nil: undefined });
    const options: fc.Arbitrary<CurrencyOptions> = fc.record(
      {
        style: fc.constantFrom('symbol', 'accounting', 'code', 'name', 'short'),
        narrow: fc.boolean(),
        grouping: fc.boolean(),
        roundingMode: fc.constantFrom('ceil', 'floor', 'expand', 'trunc', 'halfExpand', 'halfTrunc', 'halfEven'),
        minimumIntegerDigits: digits,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        minimumSignificantDigits: digits,
        maximumSignificantDigits: digits,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(options, fc.constantFrom('USD', 'JPY', 'BHD', 'XYZ'), (opts, currency) => {
        expect(typeof formatCurrency('-1234.5678', currency, 'de-DE', opts)).toBe('string');
      }),
    );
  });
});

describe('formatDecimal', () => {
  it('formats in the locale', () => {
    expect(formatDecimal('123456', 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 })).toBe('123,456.00');
    expect(formatDecimal('1234.5678', 'de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 3 })).toBe(
      '1.234,568',
    );
    expect(formatDecimal('12', 'en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 })).toBe('12');
  });
});

describe('formats remembered per frozen options object', () => {
  it('still follows the locale and the currency of each call', () => {
    const options: CurrencyOptions = Object.freeze({ minimumFractionDigits: 1 });
    expect(formatDecimal('1234.5', 'en-US', options)).toBe('1,234.5');
    expect(formatDecimal('1234.5', 'de-DE', options)).toBe('1.234,5');
    expect(formatDecimal('1234.5', 'en-US', options)).toBe('1,234.5');
    expect(formatCurrency('2', 'USD', 'en-US', options)).toBe('$2.0');
    expect(formatCurrency('2', 'EUR', 'en-US', options)).toBe('€2.0');
    expect(formatCurrency('2', 'EUR', 'fr-FR', options)).toBe('2,0\u00a0€');
  });

  it('reads options that are not frozen afresh, so changing them changes the format', () => {
    const options: CurrencyOptions = { minimumFractionDigits: 1 };
    expect(formatDecimal('7', 'en-US', options)).toBe('7.0');
    options.minimumFractionDigits = 3;
    expect(formatDecimal('7', 'en-US', options)).toBe('7.000');
  });
});

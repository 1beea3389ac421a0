import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_SHAPES, shaped, STORE_CURRENCIES } from './examples/money-shapes';
import { moneyFields, readPrice } from './read-money';

describe('readPrice', () => {
  it('reads every shape as the same minor units and currency', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.constantFrom(...MONEY_SHAPES),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...STORE_CURRENCIES),
        (name, units, code) => {
          const { shape, value, beside, minor, currency } = shaped(name, units, code);
          seen.add(shape);
          // The currency beside the value is only a fallback: a shape that names its own ignores it.
          expect(readPrice(value, beside ?? 'CHF'), shape).toEqual({ minor, currency });
        },
      ),
      { numRuns: 500 },
    );
    expect([...seen].sort()).toEqual([...MONEY_SHAPES].sort());
  });

  it('reads the shopper spec variant price and the platform priceMoney', () => {
    expect(readPrice({ decimalValue: '48.00', currency: 'USD' }, 'EUR')).toEqual({ minor: 4800, currency: 'USD' });
    expect(readPrice({ value: '48.00', currency: 'eur' }, 'USD')).toEqual({ minor: 4800, currency: 'EUR' });
    expect(readPrice({ decimalValue: 48, currencyCode: 'JPY' }, 'USD')).toEqual({ minor: 48, currency: 'JPY' });
    expect(readPrice({ decimalValue: '48.005' }, 'USD')).toEqual({ minor: 4801, currency: 'USD' });
    expect(readPrice('48.00', 'USD')).toEqual({ minor: 4800, currency: 'USD' });
    expect(readPrice(' 4800 ', 'USD')).toEqual({ minor: 4800, currency: 'USD' });
    expect(readPrice('90071992547409.91', 'USD')).toEqual({ minor: 9007199254740991, currency: 'USD' });
  });

  it('gives nothing for a missing price', () => {
    for (const value of [undefined, null, '', '  ']) expect(readPrice(value, 'USD')).toBeUndefined();
  });

  it('names what is wrong with malformed money', () => {
    const problem = (value: unknown, currency: unknown = 'USD') =>
      (readPrice(value, currency) as { problem?: string }).problem;
    expect(problem('abc')).toBe('"abc" is not an amount');
    expect(problem(Number.NaN)).toBe('NaN is not an amount');
    expect(problem(Number.POSITIVE_INFINITY)).toBe('Infinity is not an amount');
    expect(problem('Infinity')).toBe('"Infinity" is not an amount');
    expect(problem('1e3')).toBe('"1e3" is not an amount');
    expect(problem('1,000')).toBe('"1,000" is not an amount');
    expect(problem('1234567890123456')).toBe('"1234567890123456" is not an amount');
    expect(problem('90071992547409.92')).toBe('"90071992547409.92" is too large');
    expect(problem(-5)).toBe('-5 is negative');
    expect(problem({ decimalValue: '-1.00', currencyCode: 'USD' })).toBe('"-1.00" is negative');
    expect(problem(48.5)).toBe('48.5 is not a whole number of minor units');
    expect(problem({ decimalValue: 'twelve', currencyCode: 'USD' })).toBe('"twelve" is not an amount');
    expect(problem({ value: '1.00', currency: 'XYZ' })).toBe('"XYZ" is not a currency the store sells in');
    expect(problem('100', 'KWD')).toBe('"KWD" is not a currency the store sells in');
    expect(problem(true)).toBe('true is not an amount');
    expect(problem({ amount: 1 })).toBe('{"amount":1} is not an amount');
    expect(problem([100])).toBe('[100] is not an amount');
  });

  it('keeps -0 and 0 as zero', () => {
    expect(readPrice('-0', 'USD')).toEqual({ minor: 0, currency: 'USD' });
    expect(readPrice(0, 'JPY')).toEqual({ minor: 0, currency: 'JPY' });
  });
});

describe('moneyFields', () => {
  it('takes the first complete pair, else the first amount field present', () => {
    expect(moneyFields({ decimalValue: '1', currencyCode: 'EUR', value: '2', currency: 'GBP' })).toEqual({
      amount: '1',
      currency: 'EUR',
      major: true,
    });
    expect(moneyFields({ decimalValue: '1', value: '2', currency: 'GBP' })).toEqual({
      amount: '2',
      currency: 'GBP',
      major: true,
    });
    expect(moneyFields({ decimalValue: '1', currency: 'GBP' })).toEqual({ amount: '1', currency: 'GBP', major: true });
    expect(moneyFields({ value: '2' })).toEqual({ amount: '2', currency: undefined, major: true });
    expect(moneyFields(4800)).toEqual({ amount: 4800, currency: undefined, major: false });
    expect(moneyFields({ currency: 'USD' })).toBeUndefined();
    expect(moneyFields(null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDigits, toDecimalString, toMajorUnits } from './currencies';

describe('currencies', () => {
  it('gives JPY no minor digits and every other store currency two', () => {
    expect(currencyDigits('JPY')).toBe(0);
    for (const code of Object.keys(CURRENCIES).filter((c) => c !== 'JPY')) expect(currencyDigits(code)).toBe(2);
  });

  it('counts two digits for a currency the store does not sell in', () => {
    expect(currencyDigits('XYZ')).toBe(2);
  });

  it('converts minor units to major units', () => {
    expect(toMajorUnits(1250, 'USD')).toBe(12.5);
    expect(toMajorUnits(1250, 'JPY')).toBe(1250);
  });

  it('writes minor units as the decimal string of money objects', () => {
    expect(toDecimalString(4800, 'USD')).toBe('48.00');
    expect(toDecimalString(5, 'EUR')).toBe('0.05');
    expect(toDecimalString(4800, 'JPY')).toBe('4800');
  });
});

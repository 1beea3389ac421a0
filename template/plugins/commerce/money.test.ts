import { describe, expect, it } from 'vitest';
import { moneyCents, moneyCldrHtml, moneyNativeHtml, moneyOf, priceOf, ZERO_MONEY } from './money';

describe('moneyOf', () => {
  it('reads value/currency, then decimalValue/currencyCode', () => {
    expect(moneyOf({ value: '19.99', currency: 'usd' })).toEqual({
      amount: 19.99,
      decimal: '19.99',
      currency: 'USD',
      origin: 'money',
    });
    expect(moneyOf({ decimalValue: '5', currencyCode: 'EUR' })).toMatchObject({ amount: 5, currency: 'EUR' });
    expect(moneyOf({ value: 'x', decimalValue: '.5' })).toMatchObject({ amount: 0.5, decimal: '.5' });
    expect(moneyOf({ value: 0 })).toMatchObject({ amount: 0, origin: 'money' });
  });

  it('rejects what is not a finite decimal, and currencies that are not three letters', () => {
    for (const value of ['', 'ten', '1,000', '0x10', '1e400', null, true, {}, NaN])
      expect(moneyOf({ value }), String(value)).toBeUndefined();
    expect(moneyOf({ value: '1', currency: '<b>' })).not.toHaveProperty('currency');
    expect(moneyOf('1')).toBeUndefined();
  });
});

describe('priceOf', () => {
  it('prefers the money object, then cents, then 0', () => {
    expect(priceOf({ priceMoney: { value: '2' }, price: 100 }, 'priceMoney', 'price').amount).toBe(2);
    expect(priceOf({ price: 150 }, 'priceMoney', 'price')).toMatchObject({ amount: 1.5, origin: 'cents' });
    expect(priceOf({ price: 'lots' }, 'priceMoney', 'price')).toBe(ZERO_MONEY);
    expect(priceOf(null, 'priceMoney', 'price')).toBe(ZERO_MONEY);
  });
});

describe('moneyCents', () => {
  it('gives whole cents without binary noise', () => {
    expect(moneyCents(moneyOf({ value: '.07' }) ?? ZERO_MONEY)).toBe(7);
    expect(moneyCents(moneyOf({ value: '7.50' }) ?? ZERO_MONEY)).toBe(750);
    expect(moneyCents(moneyOf({ value: '-0' }) ?? ZERO_MONEY)).toBe(0);
    expect(moneyCents(moneyOf({ value: '1e307' }) ?? ZERO_MONEY)).toBe(0);
  });
});

describe('printing', () => {
  it('native: two decimals with grouping, rounded from the exact decimal', () => {
    expect(moneyNativeHtml(moneyOf({ value: '1234567.005' }) ?? ZERO_MONEY)).toBe(
      '<span class="sqs-money-native">1,234,567.01</span>',
    );
    expect(moneyNativeHtml(ZERO_MONEY)).toBe('<span class="sqs-money-native">0.00</span>');
  });

  it('CLDR: the currency as the locale writes it, the store currency when the money has none', () => {
    expect(moneyCldrHtml(moneyOf({ value: '2500', currency: 'EUR' }) ?? ZERO_MONEY, 'en-US')).toBe('€2,500.00');
    expect(moneyCldrHtml(moneyOf({ value: '2500' }) ?? ZERO_MONEY, 'de-DE', 'EUR')).toBe('2.500,00\u00a0€');
    expect(moneyCldrHtml(moneyOf({ value: '1' }) ?? ZERO_MONEY, 'not a locale!')).toBe('$1.00');
  });
});

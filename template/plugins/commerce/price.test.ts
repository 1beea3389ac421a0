import { describe, expect, it } from 'vitest';
import { moneyCents, moneyCldrHtml, moneyNativeHtml, moneyPrice, priceOf, ZERO_MONEY } from './price';

describe('moneyPrice', () => {
  it('reads value/currency and decimalValue/currencyCode', () => {
    expect(moneyPrice({ value: '19.99', currency: 'usd' })).toEqual({
      amount: '19.99',
      currency: 'USD',
      currencyNamed: true,
      origin: 'money',
    });
    expect(moneyPrice({ decimalValue: '5', currencyCode: 'EUR' })).toMatchObject({ amount: '5', currency: 'EUR' });
    expect(moneyPrice({ value: 'x', decimalValue: '.5' })).toMatchObject({ amount: '0.5' });
    expect(moneyPrice({ value: 0 })).toMatchObject({ amount: '0', origin: 'money' });
  });

  it('reads decimalValue/currencyCode before value/currency, as the spec and the money formatter do', () => {
    // The commerce reader this replaced took value/currency first and printed £2.00 here.
    const both = { decimalValue: '1', currencyCode: 'EUR', value: '2', currency: 'GBP' };
    expect(moneyPrice(both)).toMatchObject({ amount: '1', currency: 'EUR', origin: 'money' });
    expect(priceOf({ priceMoney: both }, 'priceMoney', 'price')).toMatchObject({ amount: '1', currency: 'EUR' });
    // Pairs are read whole: a complete value/currency pair wins over a lone decimalValue.
    expect(moneyPrice({ decimalValue: '1', value: '2', currency: 'CAD' })).toMatchObject({
      amount: '2',
      currency: 'CAD',
    });
  });

  it('rejects what is not a finite decimal, and currencies that are not three letters', () => {
    for (const value of ['', 'ten', '1,000', '0x10', '1e400', null, true, {}, NaN])
      expect(moneyPrice({ value }), String(value)).toBeUndefined();
    expect(moneyPrice({ value: '1', currency: '<b>' })).toMatchObject({ currency: 'USD', currencyNamed: false });
    expect(moneyPrice('1')).toBeUndefined();
  });
});

describe('priceOf', () => {
  it('prefers the money object, then a money object or cents under the cents field, then 0', () => {
    expect(priceOf({ priceMoney: { value: '2' }, price: 100 }, 'priceMoney', 'price').amount).toBe('2');
    expect(priceOf({ price: 150 }, 'priceMoney', 'price')).toMatchObject({ amount: '1.5', origin: 'cents' });
    expect(priceOf({ price: 'lots' }, 'priceMoney', 'price')).toBe(ZERO_MONEY);
    // The shopper spec's variant: "price (decimalValue)".
    expect(priceOf({ price: { decimalValue: '48.00', currency: 'EUR' } }, 'priceMoney', 'price')).toMatchObject({
      amount: '48',
      currency: 'EUR',
      origin: 'money',
    });
    expect(priceOf({ price: { decimalValue: 'lots' } }, 'priceMoney', 'price')).toBe(ZERO_MONEY);
    expect(priceOf(null, 'priceMoney', 'price')).toBe(ZERO_MONEY);
  });
});

describe('moneyCents', () => {
  it('gives whole cents without binary noise', () => {
    expect(moneyCents(moneyPrice({ value: '.07' }) ?? ZERO_MONEY)).toBe(7);
    expect(moneyCents(moneyPrice({ value: '7.50' }) ?? ZERO_MONEY)).toBe(750);
    expect(moneyCents(moneyPrice({ value: '-0' }) ?? ZERO_MONEY)).toBe(0);
    expect(moneyCents(moneyPrice({ value: '1e307' }) ?? ZERO_MONEY)).toBe(0);
  });
});

describe('printing', () => {
  it('native: two decimals with grouping, rounded from the exact decimal', () => {
    expect(moneyNativeHtml(moneyPrice({ value: '1234567.005' }) ?? ZERO_MONEY)).toBe(
      '<span class="sqs-money-native">1,234,567.01</span>',
    );
    expect(moneyNativeHtml(ZERO_MONEY)).toBe('<span class="sqs-money-native">0.00</span>');
  });

  it('CLDR: the currency as the locale writes it, the store currency when the money has none', () => {
    expect(moneyCldrHtml(moneyPrice({ value: '2500', currency: 'EUR' }) ?? ZERO_MONEY, 'en-US')).toBe('€2,500.00');
    expect(moneyCldrHtml(moneyPrice({ value: '2500' }) ?? ZERO_MONEY, 'de-DE', 'EUR')).toBe('2.500,00\u00a0€');
    expect(moneyCldrHtml(moneyPrice({ value: '1' }) ?? ZERO_MONEY, 'not a locale!')).toBe('$1.00');
  });
});

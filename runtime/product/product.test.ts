import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { shaped, shapedPrice } from '../../testing/money-shapes';
import { isAvailable } from './availability';
import { parseVariants, toProductType } from './types';
import { findVariant, unselectedOptions, variantOptions } from './variants';

const variants = parseVariants(
  JSON.stringify([
    { sku: 'a', attributes: { Color: 'Red', Size: 'S' } },
    { sku: 'b', attributes: { Color: 'Blue', Size: 'S' } },
    { sku: 'c', attributes: { Color: 'Red', Size: 'M' } },
  ]),
);

const PRICE_FIELDS = ['priceCents', 'priceMoney', 'price'];
const SALE_FIELDS = ['salePriceCents', 'salePriceMoney', 'salePrice'];

describe('variants', () => {
  it('orders options by the product ordering, values by first appearance', () => {
    expect(variantOptions(variants, ['Size'])).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
    expect(variantOptions(variants).map((o) => o.name)).toEqual(['Color', 'Size']);
  });

  it('finds the variant of a full selection, none for a missing combination', () => {
    const options = variantOptions(variants);
    expect(findVariant(variants, options, { Color: 'Red', Size: 'M' })?.sku).toBe('c');
    expect(findVariant(variants, options, { Color: 'Blue', Size: 'M' })).toBeUndefined();
    expect(findVariant(variants, options, { Color: 'Blue' })).toBeUndefined();
    expect(unselectedOptions(options, { Color: 'Blue' })).toEqual(['Size']);
  });

  it('drops malformed variant data instead of failing', () => {
    expect(parseVariants('not json')).toEqual([]);
    expect(parseVariants('{"sku":"x"}')).toEqual([]);
    expect(
      parseVariants('[null, 3, {"attributes":{}}, {"sku":"ok","attributes":{"A":1,"B":{}},"qtyInStock":"9"}]'),
    ).toEqual([{ sku: 'ok', attributes: { A: '1' } }]);
  });

  it("reads prices from tags (priceCents) and from the platform's variants (price, salePrice)", () => {
    expect(parseVariants('[{"sku":"t","priceCents":1200,"salePriceCents":900,"onSale":true}]')[0]).toMatchObject({
      priceCents: 1200,
      salePriceCents: 900,
      onSale: true,
    });
    expect(parseVariants('[{"sku":"p","price":4800,"salePrice":3600,"mainImageId":"img-1"}]')[0]).toEqual({
      sku: 'p',
      attributes: {},
      priceCents: 4800,
      salePriceCents: 3600,
      currency: 'USD',
      mainImageId: 'img-1',
    });
  });

  it('reads a variant written as the shopper spec writes it: price (decimalValue)', () => {
    const spec = { sku: 'n', price: { decimalValue: '48.00', currency: 'USD' }, attributes: {}, qtyInStock: 3 };
    expect(parseVariants(JSON.stringify([spec]))[0]).toEqual({
      sku: 'n',
      attributes: {},
      priceCents: 4800,
      currency: 'USD',
      qtyInStock: 3,
    });
    expect(parseVariants('[{"sku":"n","price":"48.00"}]')[0]?.priceCents).toBe(4800);
  });

  it('reads price and sale price in every money shape, in the currency they name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRICE_FIELDS),
        shapedPrice(),
        fc.constantFrom(...SALE_FIELDS),
        fc.nat(100),
        (priceField, price, saleField, percent) => {
          // A shape that names no currency is in the store's (USD here).
          const currency = price.beside ? 'USD' : price.currency;
          const sale = shaped(price.shape, Math.floor((price.minor * percent) / 100), price.currency);
          const variant = { sku: 's', [priceField]: price.value, [saleField]: sale.value, onSale: true };
          expect(parseVariants(JSON.stringify([variant]))[0], price.shape).toMatchObject({
            priceCents: price.minor,
            salePriceCents: sale.minor,
            currency,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves out malformed prices with one warning naming the tag, the variant and the field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const json = JSON.stringify([
      { sku: 'a', priceMoney: 'abc', price: { value: '12.00', currency: 'EUR' } },
      { sku: 'b', priceCents: -100, salePrice: { decimalValue: '1.00', currencyCode: 'XYZ' } },
      { sku: 'c', priceCents: 100, salePrice: { value: '0.50', currency: 'EUR' } },
    ]);
    const read = () => parseVariants(json, '<store-add-to-cart> data-variants');
    expect(read()).toEqual([
      { sku: 'a', attributes: {}, priceCents: 1200, currency: 'EUR' },
      { sku: 'b', attributes: {} },
      { sku: 'c', attributes: {}, priceCents: 100, currency: 'USD' },
    ]);
    read();
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      '<store-add-to-cart> data-variants, variant a, priceMoney: "abc" is not an amount, so the price is left out.',
      '<store-add-to-cart> data-variants, variant b, priceCents: -100 is negative, so the price is left out.',
      '<store-add-to-cart> data-variants, variant b, salePrice: "XYZ" is not a currency the store sells in, so the price is left out.',
      "<store-add-to-cart> data-variants, variant c, sale price: EUR is not the price's currency (USD), so the price is left out.",
    ]);
    warn.mockRestore();
  });

  it('reads product types, defaulting to physical', () => {
    expect(toProductType('4')).toBe(4);
    expect(toProductType(undefined)).toBe(1);
    expect(toProductType('99')).toBe(1);
  });
});

describe('availability rule', () => {
  it('is available when any result is unlimited or has more stock than the cart holds', () => {
    expect(isAvailable([{ unlimited: true, qtyInStock: 0 }], 100)).toBe(true);
    expect(isAvailable([{ unlimited: false, qtyInStock: 3 }], 2)).toBe(true);
    expect(isAvailable([{ unlimited: false, qtyInStock: 3 }], 3)).toBe(false);
    expect(isAvailable([{ unlimited: false, qtyInStock: 0 }], 0)).toBe(false);
    expect(isAvailable([], 0)).toBe(false);
  });
});

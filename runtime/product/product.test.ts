import { describe, expect, it } from 'vitest';
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
      mainImageId: 'img-1',
    });
    expect(parseVariants('[{"sku":"n","price":"48.00"}]')[0]?.priceCents).toBeUndefined();
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

import { describe, expect, it } from 'vitest';
import { ProductType } from '../../contract/enumerations';
import { parseVariants } from '../../runtime/product/types';
import { variantOptions } from '../../runtime/product/variants';
import { parseQuantity, selectOptionsMessage, validateAddToCart } from './validate-add-to-cart';

const shirt = parseVariants(
  JSON.stringify([
    { sku: 's-red', attributes: { Size: 'S', Color: 'Red', Fit: 'Slim' } },
    { sku: 'm-red', attributes: { Size: 'M', Color: 'Red', Fit: 'Slim' } },
  ]),
);
const options = variantOptions(shirt, ['Size', 'Color', 'Fit']);
const base = { productType: ProductType.PHYSICAL, variants: shirt, options, quantityText: '1' };

describe('add-to-cart validation messages (storefront spec, section 5, verbatim)', () => {
  it('names one unselected option', () => {
    expect(selectOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(validateAddToCart({ ...base, selection: { Color: 'Red', Fit: 'Slim' } })).toEqual({
      ok: false,
      message: 'Please select the Size option.',
    });
  });

  it('names two unselected options', () => {
    expect(validateAddToCart({ ...base, selection: { Fit: 'Slim' } })).toEqual({
      ok: false,
      message: 'Please select the Size and Color options.',
    });
  });

  it('lists many unselected options with the last joined by "and"', () => {
    expect(validateAddToCart({ ...base, selection: {} })).toEqual({
      ok: false,
      message: 'Please select the Size, Color and Fit options.',
    });
  });

  it('refuses a combination no variant has', () => {
    const variants = parseVariants(
      JSON.stringify([
        { sku: 'a', attributes: { Size: 'S', Color: 'Red' } },
        { sku: 'b', attributes: { Size: 'M', Color: 'Blue' } },
      ]),
    );
    const check = validateAddToCart({
      productType: ProductType.PHYSICAL,
      variants,
      options: variantOptions(variants),
      selection: { Size: 'S', Color: 'Blue' },
      quantityText: '1',
    });
    expect(check).toEqual({
      ok: false,
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });

  it('refuses a product with no variant at all', () => {
    expect(validateAddToCart({ ...base, variants: [], options: [], selection: {} })).toEqual({
      ok: false,
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
  });

  it('asks for a gift card denomination instead of an option', () => {
    const cards = parseVariants(
      JSON.stringify([
        { sku: 'g25', attributes: { Amount: '$25' } },
        { sku: 'g50', attributes: { Amount: '$50' } },
      ]),
    );
    expect(
      validateAddToCart({
        productType: ProductType.GIFT_CARD,
        variants: cards,
        options: variantOptions(cards),
        selection: {},
        quantityText: undefined,
      }),
    ).toEqual({ ok: false, message: 'Select a denomination for the Gift Card' });
  });

  it.each([
    ['', 'Quantity must be a number.'],
    ['abc', 'Quantity must be a number.'],
    ['1e', 'Quantity must be a number.'],
    ['1.5', 'Quantity must be a whole number'],
    ['0.25', 'Quantity must be a whole number'],
    ['0', 'Quantity must be between 1 and 9999.'],
    ['10000', 'Quantity must be between 1 and 9999.'],
    ['-2', 'Quantity must be between 1 and 9999.'],
  ])('quantity %j gives %j', (text, message) => {
    expect(parseQuantity(text)).toEqual({ ok: false, message });
  });

  it('accepts whole quantities from 1 to 9999, and skips the check without a quantity field', () => {
    expect(parseQuantity(' 3 ')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity('9999')).toEqual({ ok: true, quantity: 9999 });
    expect(parseQuantity('2.0')).toEqual({ ok: true, quantity: 2 });
    const check = validateAddToCart({
      ...base,
      selection: { Size: 'M', Color: 'Red', Fit: 'Slim' },
      quantityText: undefined,
    });
    expect(check).toEqual({ ok: true, variant: shirt[1], quantity: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { execute } from '../index';

/** Which of the commerce predicates hold for the product. */
function holds(product: unknown): string[] {
  const template = ['has-variants?', 'on-sale?', 'sold-out?', 'varied-prices?']
    .map((name) => `{.${name}}${name} {.end}`)
    .join('');
  const { output, errors } = execute(`{.section p}${template}{.end}`, { p: product });
  expect(errors).toEqual([]);
  return output.split(' ').filter(Boolean);
}

describe('commerce predicates', () => {
  it('test the product in scope', () => {
    expect(
      holds({
        structuredContent: {
          productType: 1,
          variants: [
            { qtyInStock: 2, priceMoney: { value: '1' } },
            { onSale: true, priceMoney: { value: '1' } },
          ],
        },
      }),
    ).toEqual(['has-variants?', 'on-sale?', 'varied-prices?']);
    expect(holds({ structuredContent: { productType: 2, onSale: 'true' } })).toEqual(['on-sale?']);
    expect(holds({ structuredContent: { productType: 3, variants: [{ qtyInStock: 0 }, { qtyInStock: 0 }] } })).toEqual([
      'has-variants?',
      'sold-out?',
    ]);
  });

  it('treat data they cannot read as a product of unknown type: sold out, nothing else', () => {
    expect(holds({ structuredContent: { productType: 'x', variants: 'many' } })).toEqual(['sold-out?']);
    expect(holds({ structuredContent: [] })).toEqual(['sold-out?']);
  });
});

describe('subscribable?', () => {
  const subscribable = (productType: number, isSubscribable: unknown = true) =>
    execute('{.section p}{.subscribable?}yes{.or}no{.end}{.end}', {
      p: { structuredContent: { productType, isSubscribable } },
    }).output;

  it('holds for a subscribable physical or service product only', () => {
    expect(subscribable(1)).toBe('yes');
    expect(subscribable(3)).toBe('yes');
    expect(subscribable(2)).toBe('no');
    expect(subscribable(4)).toBe('no');
    expect(subscribable(5)).toBe('no');
    expect(subscribable(1, false)).toBe('no');
  });
});

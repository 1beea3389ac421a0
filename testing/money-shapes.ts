import fc from 'fast-check';
import { MONEY_SHAPES, shaped, STORE_CURRENCIES, type ShapedPrice } from '../contract/examples/money-shapes';

export type { ShapedPrice };
export { shaped };

/** A price in minor units up to `max`, in any store currency, written in any shape. */
export function shapedPrice(max = 10_000_000): fc.Arbitrary<ShapedPrice> {
  return fc
    .record({
      shape: fc.constantFrom(...MONEY_SHAPES),
      minor: fc.integer({ min: 0, max }),
      currency: fc.constantFrom(...STORE_CURRENCIES),
    })
    .map(({ shape, minor, currency }) => shaped(shape, minor, currency));
}

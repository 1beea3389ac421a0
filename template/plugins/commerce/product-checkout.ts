/** `product-checkout`: variant selects, quantity input and add-to-cart button, as one block. */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { addToCartButtonMarkup } from './add-to-cart-button';
import { quantityInputMarkup } from './quantity-input';
import { variantsSelectMarkup } from './variants-select';

/** The three parts, spaced by the blank lines of the platform's checkout block (part of the contract). */
export function productCheckoutMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item)) return '';
  const quantity = quantityInputMarkup(ctx, item);
  return (
    `${variantsSelectMarkup(ctx, item)}\n` +
    (quantity === '' ? '' : `\n\n\n${quantity}`) +
    '\n'.repeat(13) +
    addToCartButtonMarkup(ctx, item)
  );
}

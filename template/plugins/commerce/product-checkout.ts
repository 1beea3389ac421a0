/** `product-checkout`: variant selects, quantity input and add-to-cart button, as one block. */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { addToCartButtonMarkup } from './add-to-cart-button';
import { quantityInputMarkup } from './quantity-input';
import { variantsSelectMarkup } from './variants-select';

/** The three parts, one after the other, each with its own leading blank lines (`PLATFORM_LEAD`). */
export function productCheckoutMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item)) return '';
  return variantsSelectMarkup(ctx, item) + quantityInputMarkup(ctx, item) + addToCartButtonMarkup(ctx, item);
}

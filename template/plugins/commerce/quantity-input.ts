/** `quantity-input`: how many to add to the cart (1 to 9999), when the product allows choosing. */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { escapeAttribute } from '../formatters.core';
import { attributeText, PLATFORM_LEAD } from './html';
import { localizedText, pageObject } from './page-data';
import { showsQuantityInput } from './product';

/** The input markup; empty when the product does not show one (see `showsQuantityInput`). */
export function quantityInputMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item) || !showsQuantityInput(item, pageObject(ctx, 'websiteSettings'))) return '';
  const label = escapeAttribute(localizedText(ctx, 'productQuantityInputLabel', 'Quantity'));
  return (
    PLATFORM_LEAD.quantityInput +
    `<div class="product-quantity-input" data-item-id="${attributeText(item.id)}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${label}:</div>\n` +
    `  <input aria-label="${label}" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n` +
    '</div>'
  );
}

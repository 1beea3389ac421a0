/** `product-quick-view`: the button that opens the product in a quick-view overlay. */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { escapeHtml } from '../formatters.core';
import { attributeText } from './html';
import { localizedText } from './page-data';

/** The button markup, carrying the item id and the quick-view group (`group`, any scalar). */
export function productQuickViewMarkup(ctx: FormatContext, item: unknown, group: unknown): string {
  if (!isObject(item)) return '';
  const text = escapeHtml(localizedText(ctx, 'productQuickViewText', 'Quick View'));
  return (
    '<span class="sqs-product-quick-view-button" role="button" tabindex="0"' +
    ` data-id="${attributeText(item.id)}" data-group="${attributeText(group)}">${text}</span>`
  );
}

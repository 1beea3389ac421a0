/** `product-quick-view`: the button that opens the product in a quick-view overlay. */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { escapeHtml } from '../formatters.core';
import { attributeText } from './html';
import { localizedText } from './page-data';

/**
 * The group a button belongs to: the argument names a field of the item, else a variable in
 * scope, else it is the group name itself (`{item|product-quick-view featured}`).
 */
function groupOf(ctx: FormatContext, item: Record<string, unknown>, arg: string | undefined): unknown {
  if (arg === undefined) return '';
  if (Object.hasOwn(item, arg)) return item[arg];
  const resolved = ctx.resolve(arg);
  return resolved === undefined ? arg : resolved;
}

/** The button markup, carrying the item id and the quick-view group (see {@link groupOf}). */
export function productQuickViewMarkup(ctx: FormatContext, item: unknown, arg: string | undefined): string {
  if (!isObject(item)) return '';
  const group = groupOf(ctx, item, arg);
  const text = escapeHtml(localizedText(ctx, 'productQuickViewText', 'Quick View'));
  return (
    '<span class="sqs-product-quick-view-button" role="button" tabindex="0"' +
    ` data-id="${attributeText(item.id)}" data-group="${attributeText(group)}">${text}</span>`
  );
}

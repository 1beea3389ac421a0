/** `product-status`: the product's mark, "sold out" first, otherwise "sale", otherwise none. */
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { escapeHtml } from '../formatters.core';
import { scalarText } from './fields';
import { localizedText, merchandisingContextOf } from './page-data';
import { isOnSale, isSoldOut } from './product';

/** The mark markup; the sold-out text is the product's custom one when its merchandising context has it. */
export function productStatusMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item) || !isObject(item.structuredContent)) return '';
  if (isSoldOut(item)) {
    const custom = scalarText(merchandisingContextOf(ctx, item).customSoldOutText);
    const text = custom !== '' ? custom : localizedText(ctx, 'productSoldOutText', 'sold out');
    return `<div class="product-mark sold-out">${escapeHtml(text)}</div>`;
  }
  if (isOnSale(item)) {
    return `<div class="product-mark sale">${escapeHtml(localizedText(ctx, 'productSaleText', 'sale'))}</div>`;
  }
  return '';
}

/**
 * `product-scarcity`: "Only 3 left!" messages from the product's merchandising context, one per
 * scarcity view. A view for particular variants names their attributes and starts hidden.
 */
import type { FormatContext } from '../../plugin';
import { isObject, isTruthy } from '../../values';
import { isTrue, objectList, scalarText } from './fields';
import { htmlText, jsonAttribute } from './html';
import { fillPlaceholders, merchandisingContextOf } from './page-data';

/** The messages markup; empty unless scarcity is enabled for the product. */
export function productScarcityMarkup(ctx: FormatContext, item: unknown): string {
  const merchandising = merchandisingContextOf(ctx, item);
  if (!isTrue(merchandising.scarcityEnabled)) return '';
  const text = scalarText(merchandising.scarcityText);
  return objectList(merchandising.scarcityTemplateViews)
    .map((view) => {
      const attributes = isObject(view.attributes) && isTruthy(view.attributes) ? view.attributes : undefined;
      const variant = attributes ? ` data-variant-attributes="${jsonAttribute(attributes)}" hidden` : '';
      const message = fillPlaceholders(text, { qtyInStock: htmlText(view.qtyInStock) });
      return `<div class="product-scarcity"${variant}>\n    ${message}\n  </div>`;
    })
    .join('\n\n  ');
}

/** Data values written into markup, always escaped. */
import { escapeAttribute, escapeHtml } from '../formatters.core';
import { scalarText } from './fields';

/** A scalar as element content (`&`, `<`, `>` escaped); anything else gives "". */
export function htmlText(value: unknown): string {
  return escapeHtml(scalarText(value));
}

/** A scalar as an attribute value (`&`, `<`, `>`, `"` escaped); anything else gives "". */
export function attributeText(value: unknown): string {
  return escapeAttribute(scalarText(value));
}

/**
 * A value as JSON inside an attribute (`data-variants="[{&quot;…"`); missing values (and
 * values JSON cannot write, which page data never holds) give "".
 */
export function jsonAttribute(value: unknown): string {
  try {
    return escapeAttribute(JSON.stringify(value) ?? '');
  } catch {
    return '';
  }
}

/**
 * The blank lines the platform's markup opens with: it renders these formatters from templates
 * whose leading `.var` lines each leave a newline. Part of the page's bytes, so kept exactly.
 */
export const PLATFORM_LEAD = {
  addToCartButton: '\n'.repeat(13),
  priceBlock: '\n\n\n',
  quantityInput: '\n\n\n',
  restockNotification: '\n'.repeat(6),
  variantsSelect: '\n  \n  \n  \n  \n\n  ',
} as const;

/** `item-classes`: the CSS classes of a content item in a list (platform spec, section 3). */
import { RecordType } from '../../../contract/enumerations';
import type { FormatContext } from '../../plugin';
import { isTruthy } from '../../values';
import { scalarText } from '../commerce/fields';
import { isOnSale, isSoldOut } from '../commerce/product';
import { asNumber, escapeAttribute, slugify } from '../formatters.core';
import { fieldOf } from './item';

/**
 * ` PREFIX-slug` for each entry of a list field (categories, tags); an object counts its keys
 * and reads them by position, as both reference engines do.
 */
function listClasses(list: unknown, prefix: string): string {
  if (!isTruthy(list) || typeof list !== 'object' || list === null) return '';
  const size = Array.isArray(list) ? list.length : Object.keys(list).length;
  let out = '';
  for (let i = 0; i < size; i++) out += ` ${prefix}-${slugify(scalarText((list as Record<number, unknown>)[i]))}`;
  return out;
}

/**
 * "hentry", then: promoted and its block type, categories, tags, author, post type, the
 * position in the list (`article-index-N` inside a repeated section), featured, and for store
 * items whether they are on sale or sold out. Each field is looked up from the item outwards,
 * as the platform does; the post type is written as the platform sends it, escaped.
 */
export function itemClasses(ctx: FormatContext, item: unknown): string {
  const read = (key: string) => ctx.resolveFrom(item, key);
  let classes = 'hentry';
  const promoted = read('promotedBlockType');
  if (isTruthy(promoted)) classes += ` promoted promoted-block-${slugify(scalarText(promoted))}`;
  classes += listClasses(read('categories'), 'category') + listClasses(read('tags'), 'tag');
  const author = read('author');
  const name = fieldOf(author, 'displayName');
  if (isTruthy(author) && isTruthy(name)) classes += ` author-${slugify(scalarText(name))}`;
  classes += ` post-type-${escapeAttribute(scalarText(read('recordTypeLabel')))}`;
  const index = read('@index');
  if (index !== undefined) classes += ` article-index-${asNumber(index)}`;
  if (isTruthy(read('starred'))) classes += ' featured';
  if (asNumber(fieldOf(item, 'recordType')) === RecordType.STORE_ITEM) {
    if (isOnSale(item)) classes += ' on-sale';
    if (isSoldOut(item)) classes += ' sold-out';
  }
  return classes;
}

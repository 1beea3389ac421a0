/** `item-classes`: the CSS classes of a content item in a list (platform spec, section 3). */
import { RecordType } from '../../../contract/enumerations';
import type { FormatContext } from '../../plugin';
import { isObject } from '../../values';
import { isTrue, objectField, scalarText } from '../commerce/fields';
import { isOnSale, isSoldOut } from '../commerce/product';
import { fieldOf, recordTypeOf } from './item';

/** A class-name form of text: lower-case letters and digits, other runs as one "-". */
function classSlug(value: unknown): string {
  return scalarText(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `PREFIX-slug` for each entry of a list field (categories, tags) that has a slug. */
function listClasses(item: unknown, key: string, prefix: string): string[] {
  const list = fieldOf(item, key);
  return Array.isArray(list)
    ? list
        .map(classSlug)
        .filter((slug) => slug !== '')
        .map((slug) => `${prefix}-${slug}`)
    : [];
}

/**
 * "hentry", then: promoted and its block type, categories, tags, author, post type, the
 * position in the list (`article-index-N` inside a repeated section), featured, and for store
 * items whether they are on sale or sold out.
 */
export function itemClasses(ctx: FormatContext, item: unknown): string {
  if (!isObject(item)) return '';
  const classes = ['hentry'];
  const promoted = classSlug(item.promotedBlockType);
  if (promoted !== '') classes.push('promoted', `promoted-block-${promoted}`);
  classes.push(...listClasses(item, 'categories', 'category'), ...listClasses(item, 'tags', 'tag'));
  const author = classSlug(objectField(item, 'author').displayName);
  if (author !== '') classes.push(`author-${author}`);
  const postType = classSlug(item.recordTypeLabel);
  if (postType !== '') classes.push(`post-type-${postType}`);
  const index = ctx.resolve('@index');
  if (typeof index === 'number') classes.push(`article-index-${index}`);
  if (isTrue(item.starred)) classes.push('featured');
  if (recordTypeOf(item) === RecordType.STORE_ITEM) {
    if (isOnSale(item)) classes.push('on-sale');
    if (isSoldOut(item)) classes.push('sold-out');
  }
  return classes.join(' ');
}

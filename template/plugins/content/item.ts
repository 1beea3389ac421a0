/**
 * Facts about a content item as templates read it (platform spec, sections 3 and 4): record
 * type, collection and folder, excerpt, links, location, events. Every function accepts any
 * value and treats what it cannot read as missing.
 */
import {
  BackgroundSource,
  CollectionType,
  FolderBehavior,
  PromotedBlockType,
  RecordType,
} from '../../../contract/enumerations';
import { isObject, isTruthy } from '../../values';
import { asNumber } from '../formatters.core';
import { isTrue, numberOf, objectField, scalarText } from '../commerce/fields';
import { hasText } from './markup';

/** A field of an object, or undefined. */
export function fieldOf(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** A field that is a non-empty string, or "". */
export function stringField(value: unknown, key: string): string {
  const field = fieldOf(value, key);
  return typeof field === 'string' ? field : '';
}

/** The item's record type code, read as the platform reads numbers ("8abc" is 8, true is 1, missing 0). */
export function recordTypeOf(item: unknown): number {
  return asNumber(fieldOf(item, 'recordType'));
}

/**
 * Predicate names of the record types (`store-item?` for STORE_ITEM, `kbarticle?`…), with the
 * code each tests.
 */
export const RECORD_TYPE_PREDICATE_NAMES: readonly (readonly [string, number])[] = Object.entries(RecordType).map(
  ([key, code]) => [`${key.toLowerCase().replace(/_/g, '-')}?`, code] as const,
);

/** The item belongs to a collection (a non-empty `collection` object). */
export function hasCollection(item: unknown): boolean {
  return isTruthy(fieldOf(item, 'collection'));
}

/** The item's collection is a folder. */
export function isFolder(item: unknown): boolean {
  return isTrue(objectField(item, 'collection').folder);
}

/** `folderBehavior` as a number; undefined when missing (null counts as missing). */
function folderBehaviorOf(item: unknown): number | undefined | 'unreadable' {
  const behavior = fieldOf(item, 'folderBehavior');
  if (behavior === undefined || behavior === null) return undefined;
  return numberOf(behavior) ?? 'unreadable';
}

/** The folder redirects to its first page. */
export function isRedirect(item: unknown): boolean {
  return folderBehaviorOf(item) === FolderBehavior.REDIRECT;
}

/** Folder links are clickable when they index or redirect, or say nothing (spec, section 4). */
export function isClickable(item: unknown): boolean {
  const behavior = folderBehaviorOf(item);
  return behavior === undefined || behavior === FolderBehavior.INDEX || behavior === FolderBehavior.REDIRECT;
}

/** The collection (or, without one, the item itself) is of the template-page type. */
export function isCollectionTemplatePage(item: unknown): boolean {
  const collection = fieldOf(item, 'collection');
  const type = isObject(collection) ? collection.type : fieldOf(item, 'type');
  return numberOf(type) === CollectionType.TEMPLATE_PAGE;
}

/** The excerpt (`excerpt.html`, or a plain string) has text once markup and whitespace are gone. */
export function hasExcerpt(item: unknown): boolean {
  const excerpt = fieldOf(item, 'excerpt');
  const html = isObject(excerpt) ? excerpt.html : excerpt;
  return typeof html === 'string' && hasText(html);
}

/** The item links elsewhere: its `externalLink` is any truthy value (the platform may send a `{url, title}` object). */
export function hasExternalLink(item: unknown): boolean {
  return isTruthy(fieldOf(item, 'externalLink'));
}

/** The item has a location on the map (latitude and longitude). */
export function hasLocation(item: unknown): boolean {
  const location = objectField(item, 'location');
  return numberOf(location.mapLat) !== undefined && numberOf(location.mapLng) !== undefined;
}

/** The item passes through to its source (`passthrough` with a source URL). */
export function isPassthrough(item: unknown): boolean {
  return isTrue(fieldOf(item, 'passthrough')) && stringField(item, 'sourceUrl') !== '';
}

/** A list of more than one entry. */
export function hasMultiple(value: unknown): boolean {
  return Array.isArray(value) && value.length > 1;
}

/** The collection's first item has a main image. */
export function hasChildImages(item: unknown): boolean {
  const items = fieldOf(item, 'items');
  return Array.isArray(items) && hasMainImage(items[0]);
}

/**
 * `video?`, `image?`, `quote?`, `link?`, `gallery?` (and `external-video?`, as `video?`): the item
 * is of that record type, or promotes a block of that type (a post with a video).
 */
export const PROMOTED_RECORD_TYPES: Readonly<Record<string, readonly [number, string]>> = {
  'video?': [RecordType.VIDEO, PromotedBlockType.VIDEO],
  'external-video?': [RecordType.VIDEO, PromotedBlockType.VIDEO],
  'image?': [RecordType.IMAGE, PromotedBlockType.IMAGE],
  'quote?': [RecordType.QUOTE, PromotedBlockType.QUOTE],
  'link?': [RecordType.LINK, PromotedBlockType.LINK],
  'gallery?': [RecordType.GALLERY, 'gallery'],
};

/** The item is of the record type, or promotes a block of the type. */
export function isOrPromotes(item: unknown, [code, block]: readonly [number, string]): boolean {
  return recordTypeOf(item) === code || scalarText(fieldOf(item, 'promotedBlockType')) === block;
}

/** The item's collection is a page (`collection.type` read as a number, "10.0" included). */
export function isCollectionPage(item: unknown): boolean {
  const collection = fieldOf(item, 'collection');
  return isObject(collection) && asNumber(collection.type) === CollectionType.PAGE;
}

/** The item's collection is a folder that shows an index (the behaviour a number, not text). */
export function isFolderIndex(item: unknown): boolean {
  const collection = objectField(item, 'collection');
  return isTruthy(collection.folder) && collection.folderBehavior === FolderBehavior.INDEX;
}

/** The item has a main image: a `mainImageId`, or an image record's own `systemDataId`. */
export function hasMainImage(item: unknown): boolean {
  return isTruthy(fieldOf(item, 'mainImageId')) || isTruthy(fieldOf(item, 'systemDataId'));
}

/** `promotedMAP?`, `promotedEMBED?`…: the item promotes that block type (the name exactly, lower case). */
export const PROMOTED_PREDICATE_NAMES: readonly (readonly [string, string])[] = Object.entries(PromotedBlockType).map(
  ([key, type]) => [`promoted${key}?`, type] as const,
);

/** `background-source-upload?`…: the item's background source, read as a number, is that code. */
export const BACKGROUND_SOURCE_PREDICATE_NAMES: readonly (readonly [string, number])[] = Object.entries(
  BackgroundSource,
).map(([key, code]) => [`background-source-${key.toLowerCase()}?`, code] as const);

/** The item's background source code (NaN when it is not a number). */
export function backgroundSourceOf(item: unknown): number {
  return asNumber(fieldOf(item, 'backgroundSource'));
}

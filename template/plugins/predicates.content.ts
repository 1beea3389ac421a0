/**
 * Content predicates (platform spec, sections 3-5), by template name; each tests the node in
 * scope (a content item, a collection, a list) and is false for whatever it cannot read.
 */
import { SliceType } from '../../contract/enumerations';
import type { Predicate } from '../plugin';
import { isTrue, numberOf } from './commerce/fields';
import { isSameDay } from './content/calendar';
import {
  BACKGROUND_SOURCE_PREDICATE_NAMES,
  backgroundSourceOf,
  fieldOf,
  hasChildImages,
  hasCollection,
  hasExcerpt,
  hasExternalLink,
  hasLocation,
  hasMultiple,
  hasMainImage,
  isClickable,
  isCollectionPage,
  isCollectionTemplatePage,
  isOrPromotes,
  PROMOTED_RECORD_TYPES,
  isFolder,
  isFolderIndex,
  isPassthrough,
  isRedirect,
  recordTypeOf,
  PROMOTED_PREDICATE_NAMES,
  RECORD_TYPE_PREDICATE_NAMES,
  stringField,
} from './content/item';
import {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_DESIGNS,
  GALLERY_FLAGS,
  GALLERY_META_POSITIONS,
  type GallerySettingName,
} from '../../contract/gallery-settings';
import { gallerySetting } from './content/gallery-settings';
import { disqusShortname, showsComments } from './content/social';

/** `event?`, `gallery?`, `store-item?`…: the item is of that record type (`video?` and four more: or promotes one). */
const RECORD_TYPE_PREDICATES: Record<string, Predicate> = Object.fromEntries([
  ...RECORD_TYPE_PREDICATE_NAMES.map(([name, code]): [string, Predicate] => [
    name,
    ({ node }) => recordTypeOf(node) === code,
  ]),
  ...Object.entries(PROMOTED_RECORD_TYPES).map(([name, type]): [string, Predicate] => [
    name,
    ({ node }) => isOrPromotes(node, type),
  ]),
]);

/** `promotedVIDEO?`…: the item promotes that block type. */
const PROMOTED_PREDICATES: Record<string, Predicate> = Object.fromEntries(
  PROMOTED_PREDICATE_NAMES.map(([name, type]): [string, Predicate] => [
    name,
    ({ node }) => stringField(node, 'promotedBlockType') === type,
  ]),
);

/** `background-source-video?`…: the item's background comes from that source. */
const BACKGROUND_SOURCE_PREDICATES: Record<string, Predicate> = Object.fromEntries(
  BACKGROUND_SOURCE_PREDICATE_NAMES.map(([name, code]): [string, Predicate] => [
    name,
    ({ node }) => backgroundSourceOf(node) === code,
  ]),
);

/** The slice type a `current-type?` argument names ("gallery"), or undefined. */
function sliceTypeNamed(name: string | undefined): number | undefined {
  const key = (name ?? '').toUpperCase().replace(/-/g, '_');
  return Object.hasOwn(SliceType, key) ? SliceType[key as keyof typeof SliceType] : undefined;
}

/** `gallery-NAME-VALUE?` for each value of a setting: the gallery's options (looked up from the node outwards) set it. */
function settingValuePredicates(
  name: GallerySettingName,
  prefix: string,
  values: readonly string[],
): [string, Predicate][] {
  return values.map((value) => [
    `${prefix}-${value}?`,
    ({ ctx }) => gallerySetting(ctx.resolve('options'), name) === value,
  ]);
}

/** The `gallery-*` predicates (spec, section 5): designs, meta positions, alignments and flags. */
const GALLERY_PREDICATES: Record<string, Predicate> = Object.fromEntries([
  ...settingValuePredicates('design', 'gallery-design', GALLERY_DESIGNS),
  ...settingValuePredicates('meta-position', 'gallery-meta-position', GALLERY_META_POSITIONS),
  ...settingValuePredicates('active-alignment', 'gallery-active-alignment', GALLERY_ACTIVE_ALIGNMENTS),
  ...GALLERY_FLAGS.map((name): [string, Predicate] => [
    `gallery-${name}?`,
    ({ ctx }) => gallerySetting(ctx.resolve('options'), name) === true,
  ]),
  [
    'gallery-meta?',
    ({ ctx }) => {
      const options = ctx.resolve('options');
      return gallerySetting(options, 'controls') === true || isTrue(fieldOf(options, 'indicators'));
    },
  ],
]);

/** Predicates of the social area: comments and Disqus. */
export const SOCIAL_PREDICATES: Record<string, Predicate> = {
  'comments?': ({ node, ctx }) => showsComments(ctx, node),
  'disqus?': ({ ctx }) => disqusShortname(ctx) !== '',
};

/** Content predicates, by template name (the social ones included). */
export const CONTENT_PREDICATES: Record<string, Predicate> = {
  ...RECORD_TYPE_PREDICATES,
  ...SOCIAL_PREDICATES,
  ...GALLERY_PREDICATES,
  ...PROMOTED_PREDICATES,
  ...BACKGROUND_SOURCE_PREDICATES,
  'calendar-view?': ({ node }) => isTrue(fieldOf(node, 'calendarView')),
  'child-images?': ({ node }) => hasChildImages(node),
  'clickable?': ({ node }) => isClickable(node),
  'collection?': ({ node }) => hasCollection(node),
  'collection-page?': ({ node }) => isCollectionPage(node),
  'collection-template-page?': ({ node }) => isCollectionTemplatePage(node),
  'collectionTypeNameEquals?': ({ node, args }) =>
    args[0] !== undefined && args[0] !== '' && stringField(node, 'typeName') === args[0],
  'current-type?': ({ node, args }) => {
    const type = sliceTypeNamed(args[0]);
    return type !== undefined && numberOf(fieldOf(node, 'currentType')) === type;
  },
  'excerpt?': ({ node }) => hasExcerpt(node),
  'external-link?': ({ node }) => hasExternalLink(node),
  'folder?': ({ node }) => isFolder(node),
  'has-multiple?': ({ node }) => hasMultiple(node),
  'index?': ({ node }) => isFolderIndex(node),
  'location?': ({ node }) => hasLocation(node),
  'main-image?': ({ node }) => hasMainImage(node),
  'passthrough?': ({ node }) => isPassthrough(node),
  'redirect?': ({ node }) => isRedirect(node),
  'same-day?': ({ node, ctx }) => isSameDay(ctx, node),
  'serviceNameEmail?': ({ node }) => stringField(node, 'serviceName') === 'email',
  'show-past-events?': ({ node }) => stringField(node, 'showPastOrUpcomingEvents') === 'past',
};

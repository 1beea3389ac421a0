/**
 * Content predicates (platform spec, sections 3-5), by template name; each tests the node in
 * scope (a content item, a collection, a list) and is false for whatever it cannot read.
 */
import { SliceType } from '../../contract/enumerations';
import type { Predicate } from '../plugin';
import { isTrue, numberOf } from './commerce/fields';
import { isSameDay } from './content/calendar';
import {
  fieldOf,
  hasChildImages,
  hasCollection,
  hasExcerpt,
  hasExternalLink,
  hasLocation,
  hasMultiple,
  isClickable,
  isCollectionTemplatePage,
  isExternalVideo,
  isFolder,
  isPassthrough,
  isRedirect,
  recordTypeOf,
  RECORD_TYPE_PREDICATE_NAMES,
  stringField,
} from './content/item';
import { disqusShortname, showsComments } from './content/social';

/** `event?`, `gallery?`, `store-item?`…: the item is of that record type. */
const RECORD_TYPE_PREDICATES: Record<string, Predicate> = Object.fromEntries(
  RECORD_TYPE_PREDICATE_NAMES.map(([name, code]): [string, Predicate] => [
    name,
    ({ node }) => recordTypeOf(node) === code,
  ]),
);

/** The slice type a `current-type?` argument names ("gallery"), or undefined. */
function sliceTypeNamed(name: string | undefined): number | undefined {
  const key = (name ?? '').toUpperCase().replace(/-/g, '_');
  return Object.hasOwn(SliceType, key) ? SliceType[key as keyof typeof SliceType] : undefined;
}

/** Predicates of the social area: comments and Disqus. */
export const SOCIAL_PREDICATES: Record<string, Predicate> = {
  'comments?': ({ node, ctx }) => showsComments(ctx, node),
  'disqus?': ({ ctx }) => disqusShortname(ctx) !== '',
};

/** Content predicates, by template name (the social ones included). */
export const CONTENT_PREDICATES: Record<string, Predicate> = {
  ...RECORD_TYPE_PREDICATES,
  ...SOCIAL_PREDICATES,
  'calendar-view?': ({ node }) => isTrue(fieldOf(node, 'calendarView')),
  'child-images?': ({ node }) => hasChildImages(node),
  'clickable?': ({ node }) => isClickable(node),
  'collection?': ({ node }) => hasCollection(node),
  'collection-template-page?': ({ node }) => isCollectionTemplatePage(node),
  'collectionTypeNameEquals?': ({ node, args }) =>
    args[0] !== undefined && args[0] !== '' && stringField(node, 'typeName') === args[0],
  'current-type?': ({ node, args }) => {
    const type = sliceTypeNamed(args[0]);
    return type !== undefined && numberOf(fieldOf(node, 'currentType')) === type;
  },
  'excerpt?': ({ node }) => hasExcerpt(node),
  'external-link?': ({ node }) => hasExternalLink(node),
  'external-video?': ({ node }) => isExternalVideo(node),
  'folder?': ({ node }) => isFolder(node),
  'has-multiple?': ({ node }) => hasMultiple(node),
  'location?': ({ node }) => hasLocation(node),
  'passthrough?': ({ node }) => isPassthrough(node),
  'redirect?': ({ node }) => isRedirect(node),
  'same-day?': ({ node, ctx }) => isSameDay(ctx, node),
  'serviceNameEmail?': ({ node }) => stringField(node, 'serviceName') === 'email',
  'show-past-events?': ({ node }) => stringField(node, 'showPastOrUpcomingEvents') === 'past',
};

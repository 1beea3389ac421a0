/**
 * Content formatters (platform spec, sections 3, 4, 5, 8, 9), by template name: colours,
 * comments and social buttons, images and media of journal posts, events and galleries. Each
 * accepts any value, never throws, and escapes what it writes from the data into markup.
 */
import type { Formatter } from '../plugin';
import { isObject } from '../values';
import { absoluteUrl } from './content/abs-url';
import { googleCalendarUrl } from './content/calendar';
import { colorWeight, websiteColor } from './content/color';
import {
  childImageMeta,
  imageColor,
  imageMarkup,
  imageMetaAttributes,
  imageSrcset,
  resizedHeightForWidth,
  resizedWidthForHeight,
  sizeDimension,
  thumbnailForHeight,
  thumbnailForWidth,
} from './content/image';
import { itemClasses } from './content/item-classes';
import { audioPlayerMarkup, videoMarkup } from './content/media';
import {
  activateTwitterLinks,
  commentCountText,
  commentLinkMarkup,
  commentsMarkup,
  likeButtonMarkup,
  socialButtonMarkup,
  twitterFollowButtonMarkup,
} from './content/social';

/** Formatters of the social area: comments, likes, share and follow buttons, calendar links. */
export const SOCIAL_FORMATTERS: Record<string, Formatter> = {
  'activate-twitter-links': ({ value }) => activateTwitterLinks(value),
  'comment-count': ({ value }) => commentCountText(value),
  'comment-link': ({ value, ctx }) => commentLinkMarkup(ctx, value),
  comments: ({ value, ctx }) => commentsMarkup(ctx, value),
  'google-calendar-url': ({ value }) => googleCalendarUrl(value),
  'like-button': ({ value, ctx }) => likeButtonMarkup(ctx, value),
  'social-button': ({ value, ctx }) => socialButtonMarkup(ctx, value, false),
  'social-button-inline': ({ value, ctx }) => socialButtonMarkup(ctx, value, true),
  'twitter-follow-button': ({ value }) => twitterFollowButtonMarkup(value),
};

/** Content formatters, by template name (the social ones included). */
export const CONTENT_FORMATTERS: Record<string, Formatter> = {
  ...SOCIAL_FORMATTERS,
  AbsUrl: ({ value, ctx }) => absoluteUrl(ctx, value),
  'audio-player': ({ value }) => audioPlayerMarkup(value),
  'child-image-meta': ({ value, args, ctx }) => childImageMeta(ctx, value, args[0]),
  'color-weight': ({ value, ctx }) => colorWeight(value, ctx),
  'cover-image-meta': ({ value, ctx }) => imageMetaAttributes(ctx, isObject(value) ? value.coverImage : undefined),
  height: ({ value }) => sizeDimension(value, 'height'),
  image: ({ value, args, ctx }) => imageMarkup(ctx, value, args[0]),
  'image-color': ({ value, args, ctx }) => imageColor(value, args, ctx),
  'image-meta': ({ value, ctx }) => imageMetaAttributes(ctx, value),
  'image-srcset': ({ value }) => imageSrcset(value),
  'item-classes': ({ value, ctx }) => itemClasses(ctx, value),
  resizedHeightForWidth: ({ value, args }) => resizedHeightForWidth(value, args[0]),
  resizedWidthForHeight: ({ value, args }) => resizedWidthForHeight(value, args[0]),
  squarespaceThumbnailForHeight: ({ value, args }) => thumbnailForHeight(value, args[0]),
  squarespaceThumbnailForWidth: ({ args }) => thumbnailForWidth(args[0]),
  video: ({ value, args }) => videoMarkup(value, args),
  'website-color': ({ value }) => websiteColor(value),
  width: ({ value }) => sizeDimension(value, 'width'),
};

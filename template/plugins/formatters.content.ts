/**
 * Content formatters (platform spec, sections 3, 4, 5, 8, 9), by template name: colours,
 * comments and social buttons, images and media of journal posts, events and galleries. Each
 * accepts any value, never throws, and escapes what it writes from the data into markup.
 */
import type { Formatter } from '../plugin';
import { googleCalendarUrl } from './content/calendar';
import { colorWeight, websiteColor } from './content/color';
import {
  activateTwitterLinks,
  commentCountText,
  commentLinkMarkup,
  commentsMarkup,
  likeButtonMarkup,
  socialButtonInlineMarkup,
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
  'social-button-inline': ({ value, ctx }) => socialButtonInlineMarkup(ctx, value),
  'twitter-follow-button': ({ value }) => twitterFollowButtonMarkup(value),
};

/** Content formatters, by template name (the social ones included). */
export const CONTENT_FORMATTERS: Record<string, Formatter> = {
  ...SOCIAL_FORMATTERS,
  'color-weight': ({ value }) => colorWeight(value),
  'website-color': ({ value }) => websiteColor(value),
};

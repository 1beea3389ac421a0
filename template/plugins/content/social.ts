/**
 * Comments, likes and social buttons of content items (platform spec, sections 3-5 and 7).
 * Everything written from the data is escaped; what is missing gives "".
 */
import type { FormatContext } from '../../plugin';
import { child, isObject, isTruthy, MISSING, ownChild, toText } from '../../values';
import { escapeAttribute, escapeHtml } from '../formatters.core';
import { numberOf, objectField } from '../commerce/fields';
import { attributeText } from '../commerce/html';
import { pageObject } from '../commerce/page-data';
import { fieldOf, stringField } from './item';

/** The site's Disqus short name (the vectors spell it both ways); "" when comments are native. */
export function disqusShortname(ctx: FormatContext): string {
  const settings = pageObject(ctx, 'websiteSettings');
  const name = settings.disqusShortname ?? settings.disqusShortName;
  return typeof name === 'string' ? name : '';
}

/** Comment state 1: comments are open. */
const COMMENTS_OPEN = 1;

/**
 * Comments show when they are open or the item already has public comments, unless the site
 * turns comments off (spec, section 4).
 */
export function showsComments(ctx: FormatContext, item: unknown): boolean {
  const enabled = pageObject(ctx, 'websiteSettings').commentsEnabled;
  if (enabled === false || enabled === 'false') return false;
  return (
    numberOf(fieldOf(item, 'commentState')) === COMMENTS_OPEN ||
    (numberOf(fieldOf(item, 'publicCommentCount')) ?? 0) > 0
  );
}

/** The public comment count, 0 when missing or malformed. */
function commentCount(item: unknown): number {
  const count = numberOf(fieldOf(item, 'publicCommentCount'));
  return count !== undefined && count > 0 ? Math.trunc(count) : 0;
}

/** "No Comments", "1 Comment", "20 Comments" as [count, noun] (spec, section 5). */
function commentLabel(item: unknown): [string, string] {
  const count = commentCount(item);
  if (count === 0) return ['No', 'Comments'];
  return [String(count), count === 1 ? 'Comment' : 'Comments'];
}

/** `comment-count`: "No Comments", "1 Comment", "10 Comments". */
export function commentCountText(item: unknown): string {
  return commentLabel(item).join(' ');
}

/**
 * The platform's markup of the comment and like formatters opens on a new line and ends with
 * one, as its templates are written: between inline elements that is a space.
 */
const asWritten = (markup: string) => `\n  ${markup}\n`;

/**
 * Reads `path` as the platform's templates for these formatters do: from the node of the section
 * they are in (`inner`), else from the item outwards.
 */
function read(ctx: FormatContext, item: unknown, path: string, inner?: unknown): unknown {
  const [first = '', ...rest] = path.split('.');
  const own = inner === undefined ? MISSING : ownChild(inner, first);
  return own === MISSING ? ctx.resolveFrom(item, path) : rest.reduce(child, own);
}

/** A value printed into an attribute, escaped. */
const attr = (value: unknown) => escapeAttribute(toText(value));

/** The site's Disqus short name, as these formatters read it. */
const usesDisqus = (ctx: FormatContext, item: unknown) => isTruthy(read(ctx, item, 'websiteSettings.disqusShortname'));

/** `comment-link`: a link to the item's comments, with their count unless Disqus counts them. */
export function commentLinkMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item)) return '';
  const id = attr(read(ctx, item, 'id'));
  const url = attr(read(ctx, item, 'fullUrl'));
  if (usesDisqus(ctx, item))
    return asWritten(`<a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>`);
  // "No" for exactly 0, else the count as it is, as the platform's template prints it.
  const count = read(ctx, item, 'publicCommentCount');
  const label = count === 0 ? 'No' : escapeHtml(toText(count));
  return asWritten(
    `<a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${label}\n  Comment${count === 1 ? '' : 's'}\n  </a>`,
  );
}

/**
 * `comments`: the comment thread's container, for Disqus or for the native comments of the
 * page's item, else of its collection (`{collection|comments}` on a collection page).
 */
export function commentsMarkup(ctx: FormatContext, target: unknown): string {
  if (!isObject(target)) return '';
  if (usesDisqus(ctx, target)) return asWritten('<div class="squarespace-comments" id="disqus_thread"></div>');
  let data = '';
  for (const owner of ['item', 'collection']) {
    const node = read(ctx, target, owner);
    if (!isTruthy(node)) continue;
    const field = (name: string) => attr(read(ctx, target, `${owner}.${name}`, node));
    data =
      ` data-${owner}-id="${field('id')}" data-public-comment-count="${field('publicCommentCount')}"` +
      ` data-comment-state="${field('commentState')}"`;
    break;
  }
  return asWritten(`<div class="squarespace-comments" id="comments-${attr(read(ctx, target, 'id'))}"${data}></div>`);
}

/** `like-button`: the item's like button, when the site turns simple liking on. */
export function likeButtonMarkup(ctx: FormatContext, item: unknown): string {
  if (!isObject(item) || !isTruthy(read(ctx, item, 'websiteSettings.simpleLikingEnabled'))) return '';
  return asWritten(
    `<span class="sqs-simple-like" data-item-id="${attr(read(ctx, item, 'id'))}" data-like-count="${attr(read(ctx, item, 'likeCount'))}">\n` +
      '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>',
  );
}

/** A list or object with at least one entry (share button options are one or the other; text does not count). */
function hasEntries(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : isObject(value) && Object.keys(value).length > 0;
}

/**
 * `social-button-inline` (a span, `inline-style`) and `social-button` (a div, `button-style`):
 * the share buttons of an item, when the site has share buttons.
 */
export function socialButtonMarkup(ctx: FormatContext, item: unknown, inline: boolean): string {
  if (!hasEntries(pageObject(ctx, 'website').shareButtonOptions)) return '';
  // Whatever the value, the buttons are written; their fields come from an item object only.
  const fields = isObject(item) ? item : {};
  // A field the item has wins even when null; else the main image's.
  const systemDataId = Object.hasOwn(fields, 'systemDataId') ? fields.systemDataId : fields.mainImageId;
  const assetUrl = Object.hasOwn(fields, 'assetUrl') ? fields.assetUrl : objectField(fields, 'mainImage').assetUrl;
  const [tag, style] = inline ? ['span', 'inline-style'] : ['div', 'button-style'];
  return (
    `<${tag} class="squarespace-social-buttons ${style}" data-system-data-id="${attributeText(systemDataId)}"` +
    ` data-asset-url="${attributeText(assetUrl)}" data-record-type="${attributeText(fields.recordType)}"` +
    ` data-full-url="${attributeText(fields.fullUrl)}" data-title="${attributeText(fields.title)}"></${tag}>`
  );
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
  'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>';

/** The account's user name, else the last segment of its profile URL. */
function twitterUserName(account: unknown): string {
  const name = stringField(account, 'userName').trim();
  if (name !== '') return name;
  const path = stringField(account, 'profileUrl').split(/[?#]/)[0] ?? '';
  return (
    path
      .split('/')
      .filter((segment) => segment !== '')
      .pop() ?? ''
  );
}

/** `twitter-follow-button`: a follow button for a connected account; "" without a user name. */
export function twitterFollowButtonMarkup(account: unknown): string {
  const name = twitterUserName(account);
  if (name === '' || !/\w/.test(name)) return '';
  return `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${attributeText(name)}"></div>`;
}

// Links, @handles and #hashtags. A handle or tag must not follow a word character (e-mail
// addresses), "&" (character references such as &#39;) or "/" (inside URLs).
const TWITTER_TOKEN = /https?:\/\/[^\s<>"']+|(?<![\w&@#/])[@#]\w+/g;

/** `activate-twitter-links`: links a tweet's URLs, @handles and #hashtags; the rest is left as it is. */
export function activateTwitterLinks(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(TWITTER_TOKEN, (token) => {
    const target = attributeText(token.slice(1));
    if (token.startsWith('@')) return `<a target="new" href="https://twitter.com/${target}/">${token}</a>`;
    if (token.startsWith('#'))
      return `<a target="new" href="https://twitter.com/hashtag/${target}?src=hash">${token}</a>`;
    return `<a target="new" href="${attributeText(token)}">${token}</a>`;
  });
}

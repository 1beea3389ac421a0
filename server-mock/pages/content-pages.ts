import type { CatalogCollection } from '../../contract/catalog-admin';
import { LIMIT_MESSAGES, LIMITS, SLIDER_ASPECT_RATIO } from '../../contract/limits';
import contentData from '../../demo-pages/content.json' with { type: 'json' };
import { fitsTermLength, TERM_MAX_LENGTH, type TermType } from '../../contract/catalog-admin';
import { GALLERY_BLOCK_CLASS } from '../../contract/class-names';
import { RecordType } from '../../contract/enumerations';
import { IMAGE_WIDTHS } from '../../contract/product-images';
import { GALLERY_SETTINGS, gallerySetting, gallerySettings, type GallerySettingName } from '../../template/index';
import type { ImageDrawing } from '../store/catalog';

/**
 * The demo store's content pages (journal, events, gallery): plain data from
 * demo-pages/content.json turned into the content items the platform's templates read
 * (platform spec, section 3). Dates are computed from the server's now, so upcoming events stay upcoming.
 */

type ContentImage = (typeof contentData.images)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Every width of the image table: the service renders them all (`image-srcset` lists them). */
const ALL_WIDTHS = IMAGE_WIDTHS.map((w) => `${w}w`).join(',');

// The demo content is ours: a gallery past the platform's limits is a bug to hear of at once.
const limitProblems = contentLimitProblems({ galleries: [contentData.gallery] });
if (limitProblems.length > 0) throw new Error(`demo-pages/content.json: ${limitProblems.join(' ')}`);

const IMAGES = new Map<string, ContentImage>(contentData.images.map((image) => [image.id, image]));

/** What the image route draws for a content image (`/img/{id}.svg`), or undefined. */
export function contentImage(id: string): ImageDrawing | undefined {
  const image = IMAGES.get(id);
  if (!image) return undefined;
  const [width = 1000, height = 1000] = image.originalSize.split('x').map(Number);
  return { id: image.id, label: image.label, color: image.color, width, height, alt: image.altText };
}

/** An image asset as the platform's templates read it (`assetUrl`, `originalSize`, …); null when unknown. */
function imageAsset(id: string | undefined) {
  const image = id === undefined ? undefined : IMAGES.get(id);
  if (!image) return null;
  return {
    id: image.id,
    recordType: RecordType.IMAGE,
    assetUrl: `/img/${image.id}.svg`,
    originalSize: image.originalSize,
    systemDataVariants: ALL_WIDTHS,
    mediaFocalPoint: image.mediaFocalPoint,
    colorData: image.colorData,
    altText: image.altText,
    title: image.title,
    body: image.body,
    filename: `${image.id}.svg`,
  };
}

/** The site settings the social formatters read (comments, likes, share buttons). */
export const CONTENT_SETTINGS = {
  websiteSettings: contentData.websiteSettings,
  shareButtonOptions: contentData.shareButtonOptions,
};

/** Midnight UTC of `now`'s day: dates stay put for a whole day. */
function dayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

type Post = (typeof contentData.journal)[number];

/**
 * A post's categories or tags, held to the platform's lengths (category 25, tag 50 characters:
 * the rule the owner's product terms follow); a longer one is a mistake in the demo data.
 */
export function contentTerms(type: TermType, names: readonly string[]): string[] {
  const long = names.find((name) => !fitsTermLength(type, name));
  if (long !== undefined) throw new Error(`The ${type} "${long}" is longer than ${TERM_MAX_LENGTH[type]} characters.`);
  return [...names];
}

/** The journal's posts, their terms checked once. */
const JOURNAL: readonly Post[] = contentData.journal.map((post) => ({
  ...post,
  categories: contentTerms('category', post.categories),
  tags: contentTerms('tag', post.tags),
}));

function journalItem(post: Post, now: number) {
  const mainImage = imageAsset(post.mainImageId);
  const fullUrl = `/journal/${post.urlId}`;
  const publishOn = dayStart(now) - post.daysAgo * DAY_MS + 15 * HOUR_MS;
  return {
    id: post.id,
    urlId: post.urlId,
    fullUrl,
    absoluteUrl: fullUrl,
    title: post.title,
    recordType: RecordType.TEXT,
    recordTypeLabel: 'text',
    publishOn,
    addedOn: publishOn,
    author: { displayName: post.author },
    categories: post.categories,
    tags: post.tags,
    excerpt: post.excerpt,
    body: post.body,
    commentState: post.commentState,
    publicCommentCount: post.publicCommentCount,
    likeCount: post.likeCount,
    mainImageId: mainImage?.id,
    systemDataId: mainImage?.id,
    assetUrl: mainImage?.assetUrl,
    mainImage,
    video:
      'video' in post && post.video
        ? {
            id: `${post.id}-video`,
            title: post.video.title,
            recordType: RecordType.VIDEO,
            oembed: post.video.oembed,
            overlay: false,
            poster: imageAsset(post.video.posterImageId),
          }
        : null,
    audio:
      'audio' in post && post.audio
        ? {
            id: `${post.id}-audio`,
            title: post.audio.title,
            recordType: RecordType.AUDIO,
            structuredContent: { audioAssetUrl: post.audio.audioAssetUrl },
          }
        : null,
  };
}

/** The content collections (journal, events, gallery) with how many items each holds. */
export function contentCollections(): CatalogCollection[] {
  return [
    { id: 'journal', title: 'Journal', path: '/journal', items: JOURNAL.length },
    { id: 'events', title: 'Events', path: '/events', items: contentData.events.length },
    {
      id: 'gallery',
      title: contentData.gallery.title,
      path: '/gallery',
      items: contentData.gallery.imageIds.length,
      limit: LIMITS.gallerySize,
    },
  ];
}

/** The paths of the journal's posts (for the sitemap; nothing is rendered). */
export function journalPaths(): string[] {
  return JOURNAL.map((post) => `/journal/${post.urlId}`);
}

/** The journal's posts, newest first. */
export function journalItems(now: number) {
  return JOURNAL.map((post) => journalItem(post, now)).sort((a, b) => b.publishOn - a.publishOn);
}

/** One post by its URL id, or undefined. */
export function journalPost(urlId: string, now: number) {
  const post = JOURNAL.find((p) => p.urlId === urlId);
  return post ? journalItem(post, now) : undefined;
}

type Event = (typeof contentData.events)[number];

function eventItem(event: Event, now: number) {
  const startDate = dayStart(now) + event.startsInDays * DAY_MS + event.startHourUtc * HOUR_MS;
  return {
    id: event.id,
    urlId: event.urlId,
    fullUrl: `/events#${event.urlId}`,
    title: event.title,
    recordType: RecordType.EVENT,
    startDate,
    endDate: startDate + event.durationHours * HOUR_MS,
    excerpt: event.excerpt,
    location: event.location,
    mainImage: imageAsset(event.mainImageId),
  };
}

/** Upcoming events (soonest first) and past ones (latest first), relative to `now`. */
export function eventLists(now: number) {
  const events = contentData.events.map((e) => eventItem(e, now));
  return {
    upcoming: events.filter((e) => e.endDate >= now).sort((a, b) => a.startDate - b.startDate),
    past: events.filter((e) => e.endDate < now).sort((a, b) => b.startDate - a.startDate),
  };
}

/** Query values (QA) that override the gallery's settings: any setting of the table, when valid. */
export function galleryOverrides(query: Record<string, string>): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const name of Object.keys(GALLERY_SETTINGS) as GallerySettingName[]) {
    const text = query[name];
    if (text === undefined) continue;
    const value = gallerySetting({ [name]: text }, name);
    if (value !== undefined) overrides[name] = value;
  }
  return overrides;
}

/**
 * The gallery block: its items (image assets) and `options` as the `gallery-*` predicates read
 * them, with the QA query's overrides; `classes` names the layout the stylesheet draws
 * (design, aspect ratio, meta position, columns, padding) from the settings with their defaults.
 */
/** What breaks a platform limit in the content data (galleries and their images), as messages; none: []. */
export function contentLimitProblems(data: { galleries: readonly { imageIds: readonly string[] }[] }): string[] {
  const problems: string[] = [];
  if (data.galleries.length > LIMITS.galleries) problems.push(LIMIT_MESSAGES.galleries);
  if (data.galleries.some((g) => g.imageIds.length > LIMITS.gallerySize)) problems.push(LIMIT_MESSAGES.gallerySize);
  return problems;
}

export function galleryBlock(query: Record<string, string>) {
  const options = { ...contentData.gallery.options, ...galleryOverrides(query) };
  const s = gallerySettings(options);
  const classes = [
    GALLERY_BLOCK_CLASS,
    `gallery-design-${s.design}`,
    `gallery-aspect-${s['aspect-ratio']}`,
    `gallery-meta-${s['meta-position']}`,
    `gallery-align-${s['active-alignment']}`,
    `gallery-columns-${s['thumbnails-per-row']}`,
    `gallery-padding-${Math.round(s.padding / 10) * 10}`,
    // The slider's frame: the platform's default aspect ratio (height as a share of the width).
    s.design === 'slider' ? `gallery-slider-aspect-${SLIDER_ASPECT_RATIO}` : '',
    s['auto-crop'] ? 'gallery-auto-crop' : 'gallery-no-crop',
    s['show-meta-on-hover'] ? 'gallery-meta-on-hover' : '',
    s['square-thumbs'] ? 'gallery-square-thumbs' : '',
  ].filter(Boolean);
  const items = contentData.gallery.imageIds.map((id) => imageAsset(id)).filter((image) => image !== null);
  return {
    title: contentData.gallery.title,
    options,
    classes: classes.join(' '),
    autoplayDuration: s['autoplay-duration'],
    lightboxTheme: s.lightboxTheme,
    count: items.length,
    // The `sizes` of a gallery image: a column of the grid, else the width of the page.
    sizes:
      s.design === 'grid'
        ? `(min-width: 40rem) ${Math.ceil(100 / s['thumbnails-per-row'])}vw, 100vw`
        : '(min-width: 72rem) 69rem, 100vw',
    items: items.map((image, index) => ({ ...image, position: index + 1, active: index === 0 })),
  };
}

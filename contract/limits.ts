/**
 * The platform's business limits and layout defaults (platform spec, section 9), each with the
 * message a refusal at the limit gives, where the store has the thing limited.
 */
export const LIMITS = {
  /**
   * Products in one collection as a page lists them: the shop and search show this many a page, and
   * the catalog itself may grow past it (docs/spec-decisions.md).
   */
  productsPerCollection: 200,
  /** Categories in a store (nested or not); adding one more is refused. */
  nestedCategories: 10_000,
  /** Items in a collection whose order the owner sets (the spec's; the demo store has none). */
  userOrderableCollectionItems: 250,
  /** Tracks in an album (the spec's; the demo store has no albums). */
  tracksPerAlbum: 60,
  /** Blocks in one page layout (the spec's; demo pages have a fixed layout of a few blocks). */
  blocksPerLayout: 60,
  /** Images in one gallery. */
  gallerySize: 50,
  /** Galleries on a site. */
  galleries: 20,
} as const;

/** Refusals at each limit the store enforces. */
export const LIMIT_MESSAGES = {
  nestedCategories: `A store holds at most ${LIMITS.nestedCategories.toLocaleString('en-US')} categories.`,
  gallerySize: `A gallery holds at most ${LIMITS.gallerySize} images.`,
  galleries: `A site holds at most ${LIMITS.galleries} galleries.`,
} as const;

/** Columns of the layout grid content pages lay out on (platform spec, section 9). */
export const LAYOUT_GRID_COLUMNS = 12;

/** Default slider aspect ratio: the height as a percentage of the width (platform spec, section 9). */
export const SLIDER_ASPECT_RATIO = 50;

/** What stands in for a password wherever one would be shown (the spec names the constant, not its value). */
export const MASKED_PASSWORD_PLACEHOLDER = '••••••••';

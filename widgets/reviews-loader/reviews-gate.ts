/**
 * What the loader itself knows about reviews (this file ships in the loader, so it
 * stays small and imports nothing): where reviews may show, and the anchor clicks that
 * happen before their code has loaded.
 */

/** Page type of a content item, and the record type of a store item (platform spec, section 2/3). */
const CONTENT_ITEM_PAGE = 50;
const STORE_ITEM_RECORD = 11;
export const REVIEWS_KILL_SWITCH = 'reviews-kill-switch';
/** The early-events list of runtime/events.ts (the same global symbol; this file imports nothing). */
const EARLY_EVENTS = Symbol.for('storefront.early-events');

export interface ReviewsContext {
  pageType?: unknown;
  item?: { recordType?: unknown; id?: unknown } | null;
  featureFlags?: unknown;
  reviewsSettings?: { nativeReviewsEnabled?: unknown; importedReviewsEnabled?: unknown } | null;
}

function pageContext(doc: Document): ReviewsContext {
  try {
    const parsed: unknown = JSON.parse(doc.getElementById('store-context')?.textContent || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as ReviewsContext) : {};
  } catch {
    return {};
  }
}

/**
 * Reviews show on product pages only, when the store has native or imported reviews
 * turned on and the reviews kill-switch flag is off (storefront spec, section 9).
 */
export function reviewsAllowed(doc: Document): boolean {
  return reviewsAllowedFor(pageContext(doc));
}

/** The same rule on a store context object (the server decides with it whether to link to reviews). */
export function reviewsAllowedFor(context: ReviewsContext): boolean {
  const settings = context.reviewsSettings ?? {};
  const flags = Array.isArray(context.featureFlags) ? context.featureFlags : [];
  return (
    context.pageType === CONTENT_ITEM_PAGE &&
    context.item?.recordType === STORE_ITEM_RECORD &&
    (settings.nativeReviewsEnabled === true || settings.importedReviewsEnabled === true) &&
    !flags.includes(REVIEWS_KILL_SWITCH)
  );
}

/** A click on a link to a `<store-reviews>` element (`href="#reviews"`) is the reviews anchor click. */
export function listenForReviewsAnchors(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    const id = link?.getAttribute('href')?.slice(1);
    const target = id ? doc.getElementById(id) : null;
    if (target?.localName !== 'store-reviews') return;
    const itemId = target.getAttribute('data-item-id') ?? undefined;
    const detail = { event: 'reviews-anchor-click', itemId };
    // Until the census listens, it finds the event in the early list (see EARLY_EVENTS in runtime/events.ts).
    const scope = globalThis as { [EARLY_EVENTS]?: { name: string; detail: unknown }[] | null };
    if (scope[EARLY_EVENTS] !== null) (scope[EARLY_EVENTS] ??= []).push({ name: 'store-commerce', detail });
    doc.dispatchEvent(new CustomEvent('store-commerce', { detail, bubbles: true }));
  });
}

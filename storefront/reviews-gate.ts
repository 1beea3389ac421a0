/**
 * What the loader itself does for reviews, before their code has loaded: the reviews anchor
 * clicks. (Where reviews may load is the contract's `reviewsAllowedFor`, which the reviews
 * widget declares as its loading rule; the loader applies it to `pageContext`.)
 */

import { keepEarlyEvent } from '../runtime/early-events';
import { readContext } from '../runtime/experiments';
import type { StoreTag } from './registry.generated';

/** The tag an anchor click must lead to (checked against the registry's tags). */
const REVIEWS: StoreTag = 'store-reviews';

/** The page's store context (`#store-context`), or an empty object when it is missing or broken. */
export function pageContext(doc: Document): Record<string, unknown> {
  return readContext(doc) ?? {};
}

/** A click on a link to a `<store-reviews>` element (`href="#reviews"`) is the reviews anchor click. */
export function listenForReviewsAnchors(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    const id = link?.getAttribute('href')?.slice(1);
    const target = id ? doc.getElementById(id) : null;
    if (target?.localName !== REVIEWS) return;
    const itemId = target.getAttribute('data-item-id') ?? undefined;
    const detail = { event: 'reviews-anchor-click', itemId };
    // Until the census listens, it finds the event in the early-events list.
    keepEarlyEvent({ name: 'store-commerce', detail });
    doc.dispatchEvent(new CustomEvent('store-commerce', { detail, bubbles: true }));
  });
}

import { reviewsAllowedFor } from '../../contract/reviews-rule';
import { defineWidget } from '../../runtime/define-widget';
import { REVIEWS_STYLES, Reviews, type ReviewsProps } from './reviews';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-reviews' as const;

/**
 * The loader fetches this widget only once an element nears the viewport, and only on pages
 * whose store context passes this rule (a contract rule: the loader bundles it without widget code).
 */
export const LOAD_NEAR_VIEWPORT_IF = reviewsAllowedFor;

defineWidget<ReviewsProps>({
  tag: TAG,
  component: Reviews,
  attributes: { itemId: { attr: 'data-item-id', type: 'string' } },
  styles: REVIEWS_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}

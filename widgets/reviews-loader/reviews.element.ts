import { reviewsAllowedFor } from '../../contract/reviews-rule';
import { defineWidget } from '../../runtime/define-widget';
import { REVIEWS_STYLES, Reviews, type ReviewsProps } from './reviews';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-reviews' as const;

/**
 * The loader fetches this widget only once an element nears the viewport, and only on pages
 * whose store context passes this rule (a contract rule: the loader bundles it without widget code).
 */
export const LOAD_NEAR_VIEWPORT_IF = reviewsAllowedFor;

defineWidget<ReviewsProps>({
  tag: TAG,
  component: Reviews,
  events: ['store-commerce'],
  attributes: { itemId: 'string' },
  styles: REVIEWS_STYLES,
});

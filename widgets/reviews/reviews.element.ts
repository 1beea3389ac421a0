import { reviewsAllowedFor } from '../../contract/reviews-rule';
import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { REVIEWS_STYLES, Reviews, type ReviewsProps } from './reviews';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-reviews' as const;

/**
 * The loader fetches this widget only once an element nears the viewport, and only on pages
 * whose store context passes this rule (a contract rule: the loader bundles it without widget code).
 */
export const LOAD_NEAR_VIEWPORT_IF = reviewsAllowedFor;

/** The reviews come after the add button: once the page is interactive (and near the viewport), or on first contact. */
export const LOAD_AFTER_INTERACTIVE = true;

defineWidget<ReviewsProps>({
  tag: TAG,
  component: Reviews,
  events: ['store-commerce'],
  attributes: { itemId: 'string' },
  styles: REVIEWS_STYLES,
  cssProperties: cssPropertiesOf(
    '--store-font',
    '--store-text-color',
    '--store-spacing',
    '--store-focus-ring',
    '--store-rating-color',
    '--store-divider-color',
    '--store-muted-text-color',
  ),
  parts: {
    'store-reviews__title': 'The section heading',
    'store-reviews__tab': 'The reviews tab',
    'store-reviews__stars': 'A star rating',
    'store-reviews__review': 'One review',
    'store-reviews__byline': 'Who wrote a review, and when',
  },
});

import { defineWidget } from '../../runtime/define-widget';
import { REVIEWS_STYLES, Reviews, type ReviewsProps } from './reviews';

defineWidget<ReviewsProps>({
  tag: 'store-reviews',
  component: Reviews,
  attributes: { itemId: { attr: 'data-item-id', type: 'string' } },
  styles: REVIEWS_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    'store-reviews': HTMLElement;
  }
}

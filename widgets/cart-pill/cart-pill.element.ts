import { defineWidget } from '../../runtime/define-widget';
import { CartPill, CART_PILL_STYLES, type CartPillProps } from './cart-pill';

defineWidget<CartPillProps>({
  tag: 'store-cart-pill',
  component: CartPill,
  attributes: {},
  styles: CART_PILL_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    'store-cart-pill': HTMLElement;
  }
}

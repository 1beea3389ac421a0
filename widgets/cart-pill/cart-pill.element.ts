import { defineWidget } from '../../runtime/define-widget';
import { CartPill, CART_PILL_STYLES, type CartPillProps } from './cart-pill';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-cart-pill' as const;

defineWidget<CartPillProps>({
  tag: TAG,
  component: CartPill,
  events: [],
  attributes: {},
  styles: CART_PILL_STYLES,
});

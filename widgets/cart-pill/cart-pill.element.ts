import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { CartPill, CART_PILL_STYLES, type CartPillProps } from './cart-pill';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-cart-pill' as const;

defineWidget<CartPillProps>({
  tag: TAG,
  component: CartPill,
  events: [],
  attributes: {},
  styles: CART_PILL_STYLES,
  cssProperties: cssPropertiesOf(
    '--store-font',
    '--store-accent-color',
    '--store-accent-text-color',
    '--store-focus-ring',
  ),
  parts: {
    'store-cart-pill': 'The floating link to the cart',
    'store-cart-pill__subtotal': 'The subtotal inside the pill',
  },
});

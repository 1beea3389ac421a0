import { defineWidget } from '../../runtime/define-widget';
import { FORM_STYLES } from '../additional-fields/additional-fields-form';
import { DIALOG_STYLES } from '../ui/dialog';
import { CartPage, CART_PAGE_STYLES, type CartPageProps } from './cart-page';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-cart-page' as const;

defineWidget<CartPageProps>({
  tag: TAG,
  component: CartPage,
  events: ['store-commerce'],
  attributes: {},
  styles: DIALOG_STYLES + FORM_STYLES + CART_PAGE_STYLES,
});

import { defineWidget } from '../../runtime/define-widget';
import { FORM_STYLES } from '../additional-fields/additional-fields-form';
import { DIALOG_STYLES } from '../ui/dialog';
import { CartPage, CART_PAGE_STYLES, type CartPageProps } from './cart-page';

defineWidget<CartPageProps>({
  tag: 'store-cart-page',
  component: CartPage,
  attributes: {},
  styles: DIALOG_STYLES + FORM_STYLES + CART_PAGE_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    'store-cart-page': HTMLElement;
  }
}

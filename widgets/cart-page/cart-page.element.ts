import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { FORM_PARTS, FORM_THEME } from '../additional-fields/form-styles';
import { DIALOG_PARTS, DIALOG_STYLES, DIALOG_THEME } from '../ui/dialog-styles';
import { CartPage, CART_PAGE_STYLES, type CartPageProps } from './cart-page';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-cart-page' as const;

defineWidget<CartPageProps>({
  tag: TAG,
  component: CartPage,
  events: ['store-commerce'],
  attributes: {},
  // The entry form brings its own CSS.
  styles: DIALOG_STYLES + CART_PAGE_STYLES,
  cssProperties: cssPropertiesOf(
    ...DIALOG_THEME,
    ...FORM_THEME,
    '--store-text-color',
    '--store-divider-color',
    '--store-background-color',
  ),
  parts: {
    ...DIALOG_PARTS,
    ...FORM_PARTS,
    'store-cart-page__entry': 'One cart line: item, quantity, price and actions',
    'store-cart-page__options': 'A line’s variant options',
    'store-cart-page__actions': 'A line’s edit and remove buttons',
    'store-cart-page__totals': 'Subtotal, tax, shipping and total',
    'store-cart-page__grand-total': 'The total row',
    'store-cart-page__minimum': 'The minimum-order notice',
    'store-cart-page__checkout': 'The checkout link (also `store-button`)',
  },
});

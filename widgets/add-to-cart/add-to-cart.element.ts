import { ProductType } from '../../contract/enumerations';
import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { FORM_PARTS, FORM_THEME } from '../additional-fields/form-styles';
import { CONTROL_STYLES } from '../ui/control-styles';
import { DIALOG_PARTS, DIALOG_THEME } from '../ui/dialog-styles';
import { AddToCart, ADD_TO_CART_STYLES, type AddToCartProps } from './add-to-cart';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-add-to-cart' as const;

/**
 * Its box until its code arrives, held by the loader's CSS (and storefront.css): a row per
 * variant option (`data-reserve-options`), the quantity row for physical products and services
 * unless the tag says there is none (`data-reserve-quantity="0"`: a subscription, one unit or less in
 * stock, services bought one at a time), the button. Each row is a label line and a control; the
 * widget's own CSS lays them out with the same lengths. It stays held once the code has drawn (an
 * add button scrolled out of view is not laid out, and some engines lay it out empty for a frame).
 */
export const RESERVED_BOX = `store-add-to-cart { --_store-reserve-height: calc((var(--_store-reserve-options, 0) + var(--_store-reserve-quantity, 0)) * (1.5rem + var(--store-spacing, 1rem) * 1.05 + var(--store-control-height, 2.75rem)) + var(--store-control-height, 2.75rem)); display: block; min-height: var(--_store-reserve-height); }
store-add-to-cart[data-product-type="${ProductType.PHYSICAL}"], store-add-to-cart[data-product-type="${ProductType.SERVICE}"] { --_store-reserve-quantity: 1; }
store-add-to-cart[data-reserve-quantity="0"], store-add-to-cart[data-subscribable]:not([data-subscribable="false"]) { --_store-reserve-quantity: 0; }
store-add-to-cart[data-reserve-options="1"] { --_store-reserve-options: 1; }
store-add-to-cart[data-reserve-options="2"] { --_store-reserve-options: 2; }
store-add-to-cart[data-reserve-options="3"] { --_store-reserve-options: 3; }
store-add-to-cart[data-reserve-options="4"] { --_store-reserve-options: 4; }`;

defineWidget<AddToCartProps>({
  tag: TAG,
  component: AddToCart,
  events: ['store-variant-change', 'store-item-added', 'store-commerce', 'store-button-render', 'store-button-click'],
  attributes: {
    itemId: 'string',
    productType: 'string',
    subscribable: 'boolean',
    useCustomLabel: 'boolean',
    originalLabel: 'string',
    useForm: 'boolean',
    form: 'string',
    formId: 'string',
    variants: 'string',
    variantOptionOrdering: 'string',
    expressCheckout: 'boolean',
  },
  // Its box (RESERVED_BOX) is in the loader's CSS, which every page has before this code; its dialogs bring their own.
  styles: CONTROL_STYLES + ADD_TO_CART_STYLES,
  cssProperties: cssPropertiesOf(...DIALOG_THEME, ...FORM_THEME, '--store-text-color', '--store-border-color'),
  parts: {
    ...DIALOG_PARTS,
    ...FORM_PARTS,
    'store-add-to-cart': 'The widget: options, quantity and button',
    'store-add-to-cart__option': 'One variant option (label and select)',
    'store-add-to-cart__quantity': 'The quantity label and input',
    'store-add-to-cart__button': 'The add-to-cart button (also `store-button`)',
  },
});

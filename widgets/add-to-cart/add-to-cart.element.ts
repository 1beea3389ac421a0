import { defineWidget } from '../../runtime/define-widget';
import { FORM_STYLES } from '../additional-fields/additional-fields-form';
import { DIALOG_STYLES } from '../ui/dialog';
import { AddToCart, ADD_TO_CART_STYLES, type AddToCartProps } from './add-to-cart';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-add-to-cart' as const;

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
  styles: DIALOG_STYLES + FORM_STYLES + ADD_TO_CART_STYLES,
});

import { defineWidget } from '../../runtime/define-widget';
import { FORM_STYLES } from '../additional-fields/additional-fields-form';
import { DIALOG_STYLES } from '../ui/dialog';
import { AddToCart, ADD_TO_CART_STYLES, type AddToCartProps } from './add-to-cart';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-add-to-cart' as const;

defineWidget<AddToCartProps>({
  tag: TAG,
  component: AddToCart,
  attributes: {
    itemId: { attr: 'data-item-id', type: 'string' },
    productType: { attr: 'data-product-type', type: 'string' },
    subscribable: { attr: 'data-subscribable', type: 'boolean' },
    useCustomLabel: { attr: 'data-use-custom-label', type: 'boolean' },
    originalLabel: { attr: 'data-original-label', type: 'string' },
    useForm: { attr: 'data-use-form', type: 'boolean' },
    form: { attr: 'data-form', type: 'string' },
    formId: { attr: 'data-form-id', type: 'string' },
    variants: { attr: 'data-variants', type: 'string' },
    variantOptionOrdering: { attr: 'data-variant-option-ordering', type: 'string' },
    expressCheckout: { attr: 'data-express-checkout', type: 'boolean' },
  },
  styles: DIALOG_STYLES + FORM_STYLES + ADD_TO_CART_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}

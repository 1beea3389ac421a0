import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { RestockBox, RESTOCK_STYLES, type RestockBoxProps } from './restock-box';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-restock-box' as const;

defineWidget<RestockBoxProps>({
  tag: TAG,
  component: RestockBox,
  attributes: {
    productId: { attr: 'data-product-id', type: 'string' },
    variantId: { attr: 'data-variant-id', type: 'string' },
    variants: { attr: 'data-variants', type: 'string' },
    mailingList: { attr: 'data-mailing-list', type: 'string' },
    successText: { attr: 'data-success-text', type: 'string' },
  },
  styles: DIALOG_STYLES + RESTOCK_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}

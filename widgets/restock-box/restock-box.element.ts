import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { RestockBox, RESTOCK_STYLES, type RestockBoxProps } from './restock-box';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-restock-box' as const;

defineWidget<RestockBoxProps>({
  tag: TAG,
  component: RestockBox,
  events: [],
  attributes: {
    productId: 'string',
    variantId: 'string',
    variants: 'string',
    mailingList: 'string',
    successText: 'string',
  },
  styles: DIALOG_STYLES + RESTOCK_STYLES,
});

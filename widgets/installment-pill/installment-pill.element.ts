import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { INSTALLMENT_STYLES, InstallmentPill, type InstallmentPillProps } from './installment-pill';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-installment-pill' as const;

defineWidget<InstallmentPillProps>({
  tag: TAG,
  component: InstallmentPill,
  events: [],
  attributes: {
    itemId: 'string',
    afterPayAvailable: 'boolean',
    afterPayMin: 'string',
    afterPayMax: 'string',
    shopperLanguage: 'string',
    stripeAccountCountry: 'string',
    price: 'string',
    currency: 'string',
  },
  styles: DIALOG_STYLES + INSTALLMENT_STYLES,
});

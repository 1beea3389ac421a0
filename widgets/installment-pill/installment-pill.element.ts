import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { INSTALLMENT_STYLES, InstallmentPill, type InstallmentPillProps } from './installment-pill';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-installment-pill' as const;

defineWidget<InstallmentPillProps>({
  tag: TAG,
  component: InstallmentPill,
  attributes: {
    itemId: { attr: 'data-item-id', type: 'string' },
    afterPayAvailable: { attr: 'data-after-pay-available', type: 'boolean' },
    afterPayMin: { attr: 'data-after-pay-min', type: 'string' },
    afterPayMax: { attr: 'data-after-pay-max', type: 'string' },
    shopperLanguage: { attr: 'data-shopper-language', type: 'string' },
    stripeAccountCountry: { attr: 'data-stripe-account-country', type: 'string' },
    price: { attr: 'data-price', type: 'string' },
    currency: { attr: 'data-currency', type: 'string' },
  },
  styles: DIALOG_STYLES + INSTALLMENT_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}

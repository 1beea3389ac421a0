import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { DIALOG_PARTS, DIALOG_THEME } from '../ui/dialog-styles';
import { INSTALLMENT_STYLES, InstallmentPill, type InstallmentPillProps } from './installment-pill';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-installment-pill' as const;

/** Its server markup shows all there is until the shopper acts: loads once the page is interactive, or on first contact. */
export const LOAD_AFTER_INTERACTIVE = true;

/** Its box (the offer's two lines and margins), held by the loader's CSS before its code arrives. */
export const RESERVED_BOX = `store-installment-pill { display: flow-root; }
store-installment-pill:not(:defined) { min-height: calc(2 * 1.5rem + .25rem + var(--store-spacing, 1rem)); }`;

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
  // The info modal's CSS comes with its code (LazyDialog); its box (RESERVED_BOX) with the loader's CSS.
  styles: INSTALLMENT_STYLES,
  cssProperties: cssPropertiesOf(...DIALOG_THEME, '--store-text-color'),
  parts: {
    ...DIALOG_PARTS,
    'store-installment-pill': 'The offer line',
    'store-installment-pill__provider':
      'The provider name (also `store-installment-pill__provider--afterpay`, `--clearpay`, `--klarna`)',
    'store-installment-pill__info': 'The info button that opens the modal',
    'store-installment-pill__icon': 'The info mark: an inline SVG drawn in `currentColor`',
    'store-installment-pill__modal': 'The info modal (also `store-dialog`)',
    'store-installment-pill__content': 'The provider’s text inside the modal',
  },
});

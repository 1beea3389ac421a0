import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { DIALOG_PARTS, DIALOG_STYLES, DIALOG_THEME } from '../ui/dialog-styles';
import { RestockBox, RESTOCK_STYLES, type RestockBoxProps } from './restock-box';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-restock-box' as const;

/** Its server markup shows all there is until the shopper acts: loads once the page is interactive, or on first contact. */
export const LOAD_AFTER_INTERACTIVE = true;

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
  cssProperties: cssPropertiesOf(
    ...DIALOG_THEME,
    '--store-text-color',
    '--store-divider-color',
    '--store-border-color',
    '--store-error-color',
  ),
  parts: {
    ...DIALOG_PARTS,
    'store-restock': 'The sign-up panel',
    'store-restock__cta': 'Its call to action',
    'store-restock__form': 'The e-mail form',
    'store-restock__error': 'An error message',
    'store-restock__success': 'The confirmation',
  },
});

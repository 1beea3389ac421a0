import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { DIALOG_PARTS, DIALOG_STYLES, DIALOG_THEME } from '../ui/dialog';
import { RestockAdmin, RESTOCK_ADMIN_STYLES, type RestockAdminProps } from './restock-admin';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-restock-admin' as const;

defineWidget<RestockAdminProps>({
  tag: TAG,
  component: RestockAdmin,
  events: [],
  attributes: {},
  styles: DIALOG_STYLES + RESTOCK_ADMIN_STYLES,
  cssProperties: cssPropertiesOf(
    ...DIALOG_THEME,
    '--store-text-color',
    '--store-spacing',
    '--store-divider-color',
    '--store-muted-text-color',
    '--store-error-color',
  ),
  parts: {
    ...DIALOG_PARTS,
    'store-restock-admin': 'The dashboard',
    'store-restock-admin__actions': 'Row and page buttons',
    'store-restock-admin__error': 'An error message',
  },
});

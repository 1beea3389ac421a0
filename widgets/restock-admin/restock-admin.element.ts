import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_PARTS, DIALOG_STYLES, OWNER_PAGE_CSS_PROPERTIES } from '../ui/dialog-styles';
import { RestockAdmin, RESTOCK_ADMIN_STYLES, type RestockAdminProps } from './restock-admin';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-restock-admin' as const;

defineWidget<RestockAdminProps>({
  tag: TAG,
  component: RestockAdmin,
  events: [],
  attributes: {},
  styles: DIALOG_STYLES + RESTOCK_ADMIN_STYLES,
  cssProperties: OWNER_PAGE_CSS_PROPERTIES,
  parts: {
    ...DIALOG_PARTS,
    'store-restock-admin': 'The dashboard',
    'store-restock-admin__actions': 'Row and page buttons',
    'store-restock-admin__error': 'An error message',
  },
});

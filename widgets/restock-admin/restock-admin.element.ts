import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { RestockAdmin, RESTOCK_ADMIN_STYLES, type RestockAdminProps } from './restock-admin';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-restock-admin' as const;

defineWidget<RestockAdminProps>({
  tag: TAG,
  component: RestockAdmin,
  events: [],
  attributes: {},
  styles: DIALOG_STYLES + RESTOCK_ADMIN_STYLES,
});

import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { RestockAdmin, RESTOCK_ADMIN_STYLES, type RestockAdminProps } from './restock-admin';

/** The element's tag: the storefront loader's registry and the tag-name map below take it from here. */
const TAG = 'store-restock-admin' as const;

defineWidget<RestockAdminProps>({
  tag: TAG,
  component: RestockAdmin,
  attributes: {},
  styles: DIALOG_STYLES + RESTOCK_ADMIN_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: HTMLElement;
  }
}

import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_STYLES } from '../ui/dialog';
import { RestockAdmin, RESTOCK_ADMIN_STYLES, type RestockAdminProps } from './restock-admin';

defineWidget<RestockAdminProps>({
  tag: 'store-restock-admin',
  component: RestockAdmin,
  attributes: {},
  styles: DIALOG_STYLES + RESTOCK_ADMIN_STYLES,
});

declare global {
  interface HTMLElementTagNameMap {
    'store-restock-admin': HTMLElement;
  }
}

import { defineWidget } from '../../runtime/define-widget';
import { cssPropertiesOf } from '../ui/theme';
import { DIALOG_PARTS, DIALOG_STYLES, DIALOG_THEME } from '../ui/dialog';
import { CatalogAdmin, CATALOG_ADMIN_STYLES, type CatalogAdminProps } from './catalog-admin';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-catalog-admin' as const;

defineWidget<CatalogAdminProps>({
  tag: TAG,
  component: CatalogAdmin,
  events: [],
  attributes: {},
  styles: DIALOG_STYLES + CATALOG_ADMIN_STYLES,
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
    'store-catalog-admin': 'The catalog page',
    'store-catalog-admin__list': 'The tags or the categories',
    'store-catalog-admin__import': 'Product import',
    'store-catalog-admin__export': 'Product export',
    'store-catalog-admin__error': 'A problem message',
    'store-catalog-admin__status': 'A success message',
  },
});

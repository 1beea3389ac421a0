import { defineWidget } from '../../runtime/define-widget';
import { DIALOG_PARTS, DIALOG_STYLES, OWNER_PAGE_CSS_PROPERTIES } from '../ui/dialog-styles';
import { CatalogAdmin, CATALOG_ADMIN_STYLES, type CatalogAdminProps } from './catalog-admin';

/** The element's tag: the storefront loader's registry and `HTMLElementTagNameMap` are generated from it. */
const TAG = 'store-catalog-admin' as const;

defineWidget<CatalogAdminProps>({
  tag: TAG,
  component: CatalogAdmin,
  events: [],
  attributes: {},
  styles: DIALOG_STYLES + CATALOG_ADMIN_STYLES,
  cssProperties: OWNER_PAGE_CSS_PROPERTIES,
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

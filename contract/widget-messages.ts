/**
 * Every string a widget shows, by key, with its English default: the spec's strings character
 * for character (storefront spec, sections 2, 4, 5, 8, 9). A store localizes widgets by giving
 * `messages` in its store context (key -> text); keys it leaves out keep these defaults.
 *
 * Texts are ICU-like: `{name}` is a value, `{count, plural, =1 {…} one {…} other {# items}}`
 * picks a form by `Intl.PluralRules` of the store locale (`=N` matches exactly first), `#` is
 * the count in the locale's digits. Braces are syntax only.
 */
import { ADD_TO_CART_STRINGS } from './widget-messages/add-to-cart';
import { ERROR_STRINGS } from './widget-messages/error';
import { DIALOG_STRINGS } from './widget-messages/dialog';
import { CART_PILL_STRINGS } from './widget-messages/cart-pill';
import { CART_STRINGS } from './widget-messages/cart';
import { INSTALLMENTS_STRINGS } from './widget-messages/installments';
import { REVIEWS_STRINGS } from './widget-messages/reviews';
import { RESTOCK_STRINGS } from './widget-messages/restock';
import { RESTOCK_ADMIN_STRINGS } from './widget-messages/restock-admin';
import { FORM_STRINGS } from './widget-messages/form';
import { ACCOUNT_STRINGS } from './widget-messages/account';
import { SITE_SETTINGS_STRINGS } from './widget-messages/site-settings';
import { CATALOG_ADMIN_STRINGS } from './widget-messages/catalog-admin';

/**
 * The whole catalog, for listings and checks (tests, docs). Widgets import their area's module
 * (`widget-messages/cart-pill.ts`, …) so each chunk carries only its own strings.
 */
export const WIDGET_MESSAGES = {
  ...ADD_TO_CART_STRINGS,
  ...ERROR_STRINGS,
  ...DIALOG_STRINGS,
  ...CART_PILL_STRINGS,
  ...CART_STRINGS,
  ...INSTALLMENTS_STRINGS,
  ...REVIEWS_STRINGS,
  ...RESTOCK_STRINGS,
  ...RESTOCK_ADMIN_STRINGS,
  ...FORM_STRINGS,
  ...ACCOUNT_STRINGS,
  ...SITE_SETTINGS_STRINGS,
  ...CATALOG_ADMIN_STRINGS,
} as const;

/** A widget string's key ('cartPill.items'). */
export type WidgetMessageKey = keyof typeof WIDGET_MESSAGES;

/** Whether `key` names a widget string. */
export function isWidgetMessageKey(key: string): key is WidgetMessageKey {
  return Object.hasOwn(WIDGET_MESSAGES, key);
}

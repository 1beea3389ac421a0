/**
 * The cart's wire type for `runtime/census` (analytics), which still imports it from here;
 * everything else imports `contract/cart` directly. Remove once census does too.
 */
export type { ShoppingCart } from '../../contract/cart';

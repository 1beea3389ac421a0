import type { Formatter } from '../plugin';
import { addToCartButtonMarkup } from './commerce/add-to-cart-button';
import { CART_COUNT_CAP, CART_QUANTITY_CLASS } from '../../contract/class-names';
import { cartQuantity } from './commerce/cart';
import { formFieldSummaryMarkup } from './commerce/form-field-summary';
import { moneyCents } from './commerce/price';
import { productPriceMarkup, subscriptionPriceMarkup } from './commerce/price-markup';
import { getFromPrice, getNormalPrice, getSalePrice } from './commerce/product';
import { productCheckoutMarkup } from './commerce/product-checkout';
import { productQuickViewMarkup } from './commerce/product-quick-view';
import { productScarcityMarkup } from './commerce/product-scarcity';
import { productStatusMarkup } from './commerce/product-status';
import { quantityInputMarkup } from './commerce/quantity-input';
import { restockNotificationMarkup } from './commerce/restock-notification';
import { variantDescriptor } from './commerce/variant-descriptor';
import { variantsSelectMarkup } from './commerce/variants-select';

/**
 * Commerce formatters (platform spec, sections 3, 4, 5, 9), by template name. Each takes the
 * product item (or variant, form field, cart) as its value, never throws on malformed data, and
 * escapes whatever it writes from the data.
 */
export const COMMERCE_FORMATTERS: Record<string, Formatter> = {
  'add-to-cart-btn': ({ value, ctx }) => addToCartButtonMarkup(ctx, value),
  'cart-quantity': ({ value }) => {
    const units = cartQuantity(value);
    return `<span class="${CART_QUANTITY_CLASS}">${units > CART_COUNT_CAP ? `${CART_COUNT_CAP}+` : units}</span>`;
  },
  'cart-subtotal': () => 'deprecated, do not use',
  'cart-url': () => '/cart',
  'from-price': ({ value }) => moneyCents(getFromPrice(value)),
  'normal-price': ({ value }) => moneyCents(getNormalPrice(value)),
  'product-checkout': ({ value, ctx }) => productCheckoutMarkup(ctx, value),
  'product-price': ({ value, ctx }) => productPriceMarkup(ctx, value),
  'product-quick-view': ({ value, args, ctx }) => productQuickViewMarkup(ctx, value, args[0]),
  'product-restock-notification': ({ value, ctx }) => restockNotificationMarkup(ctx, value),
  'product-scarcity': ({ value, ctx }) => productScarcityMarkup(ctx, value),
  'product-status': ({ value, ctx }) => productStatusMarkup(ctx, value),
  'quantity-input': ({ value, ctx }) => quantityInputMarkup(ctx, value),
  'sale-price': ({ value }) => moneyCents(getSalePrice(value)),
  'subscription-price': ({ value, ctx }) => subscriptionPriceMarkup(ctx, value),
  'summary-form-field': ({ value, ctx }) => formFieldSummaryMarkup(ctx, value),
  'variant-descriptor': ({ value }) => variantDescriptor(value),
  'variants-select': ({ value, ctx }) => variantsSelectMarkup(ctx, value),
};

import { FeatureFlag, PageType, ProductType } from '../../contract/enumerations';
import { FEATURE_OFF_MESSAGES } from '../../contract/feature-flags';
import { formatMoney } from '../../contract/money';
import { getCart, getSubscriptionCart } from '../store/carts';
import { getProduct, variantDescription } from '../store/catalog';
import { commerceSettings } from '../store/settings';
import { billingText } from './billing-text';
import { cartPageView, type CartFormState } from './cart-forms';
import { cartRows, pageData } from './page-data';
import { pageContext, pageItem, type PageAccount, type StorePages } from './store-pages';
import { formKeyFor } from '../http/form-key';

/** The cart page: its rows with their forms, a refused post's `state` or the `status` after a change. */
export function cartView(
  pages: StorePages,
  cartId: string | null,
  form: { state: CartFormState | undefined; status: string | undefined; crumb: string },
  account: PageAccount,
) {
  return pageData(
    pages.site(),
    'Cart',
    cartPageView(getCart(pages.db, cartId), pages.site(), form.state, form.status, form.crumb),
    pageContext(account, PageType.SHOW_CART, 'cart'),
  );
}

/** The checkout page: the cart's rows. */
export function checkoutView(pages: StorePages, cartId: string | null, crumb: string, account: PageAccount) {
  return pageData(
    pages.site(),
    'Checkout',
    { cart: cartRows(getCart(pages.db, cartId), pages.site().selectedCurrency), crumb, formKey: formKeyFor(crumb) },
    pageContext(account, PageType.CHECKOUT, 'checkout'),
  );
}

/** The checkout of the subscription cart of `cartToken`; undefined when there is none. */
export function subscriptionView(pages: StorePages, cartToken: string, account: PageAccount) {
  const sub = getSubscriptionCart(pages.db, cartToken);
  if (!sub) return undefined;
  const currency = pages.site().selectedCurrency;
  return pageData(
    pages.site(),
    'Subscription checkout',
    {
      subscription: {
        title: sub.product.name,
        options: variantDescription(sub.variant.attributes),
        quantity: sub.quantity,
        total: formatMoney(sub.variant.priceCents * sub.quantity, currency),
        every: billingText(sub.product.subscriptionPlan),
      },
    },
    pageContext(account, PageType.CHECKOUT, 'subscription-checkout'),
  );
}

/**
 * The checkout of a gift card's variant; undefined when there is no such gift card, `available`
 * false when gift cards are off (numbered flag 40), whatever the page's button showed.
 */
export function giftCardView(pages: StorePages, itemId: string, sku: string | undefined, account: PageAccount) {
  const product = getProduct(pages.db, itemId);
  const variant = product?.variants.find((v) => v.sku === sku);
  if (!product || product.productType !== ProductType.GIFT_CARD || !variant) return undefined;
  if (!commerceSettings(pages.db).enabledFeatures.includes(FeatureFlag.GIFT_CARDS)) {
    const page = pageContext(account, PageType.CHECKOUT, 'gift-card-checkout');
    const data = { item: pageItem(pages, product), unavailable: FEATURE_OFF_MESSAGES.giftCards };
    return { available: false, view: pageData(pages.site(), 'Gift card', data, page) };
  }
  const view = pageData(
    pages.site(),
    'Gift card',
    { item: pageItem(pages, product), denomination: formatMoney(variant.priceCents, pages.site().selectedCurrency) },
    pageContext(account, PageType.CHECKOUT, 'gift-card-checkout'),
  );
  return { available: true, view };
}

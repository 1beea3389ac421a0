/**
 * Class names of the platform's markup: the template formatters render them, the loader
 * finds them, the widgets style and read them.
 */

/** The add-to-cart button (`add-to-cart-btn`, `product-checkout`). */
export const ADD_TO_CART_BUTTON_CLASS = 'sqs-add-to-cart-button';
/** Native money (`money-native`). */
export const MONEY_NATIVE_CLASS = 'sqs-money-native';
/** The back-in-stock sign-up block (`product-restock-notification`). */
export const RESTOCK_NOTIFICATION_CLASS = 'product-restock-notification';
/** The label inside the add-to-cart button (`add-to-cart-btn`); the widget writes its state there. */
export const ADD_TO_CART_BUTTON_INNER_CLASS = 'sqs-add-to-cart-button-inner';
/** A gallery block (the demo templates' gallery, laid out by its settings); the gallery enhancer brings it to life. */
export const GALLERY_BLOCK_CLASS = 'sqs-gallery-block';
/** The quantity inside a cart link (`cart-quantity`): the number of units, capped at '100+'. */
export const CART_QUANTITY_CLASS = 'sqs-cart-quantity';
/** The subtotal inside a cart link: the cart's subtotal in the store currency (platform spec, section 2). */
export const CART_SUBTOTAL_CLASS = 'sqs-cart-subtotal';
/** A template-integrated cart link (`<a class="sqs-custom-cart" href="{@|cart-url}">`); the cart-link enhancer labels and updates it. */
export const CART_LINK_CLASS = 'sqs-custom-cart';
/** The root element of a full-page cart (platform spec, section 2): the platform's, or our `<store-cart-page>`. */
export const FULL_PAGE_CART_ROOT_ID = 'sqs-cart-root';
export const FULL_PAGE_CART_SELECTOR = `#${FULL_PAGE_CART_ROOT_ID}, store-cart-page`;
/** Above this many units a cart count shows '100+' (platform spec, section 9). */
export const CART_COUNT_CAP = 100;

/** Whether the page is a full-page cart: it holds a full-page cart root. */
export function isFullPageCart(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): boolean {
  return Boolean(doc?.querySelector(FULL_PAGE_CART_SELECTOR));
}
/** The quick-view button (`product-quick-view`), carrying the item id and its group. */
export const QUICK_VIEW_BUTTON_CLASS = 'sqs-product-quick-view-button';

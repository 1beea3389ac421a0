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

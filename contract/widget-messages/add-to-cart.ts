import { FEATURE_OFF_MESSAGES } from '../feature-flags';
import { OUT_OF_STOCK } from '../messages';

/** The add-to-cart button and its checks (storefront spec, sections 4, 5, 8). English defaults, by key. */
export const ADD_TO_CART_STRINGS = {
  'addToCart.button': 'Add To Cart',
  'addToCart.subscribe': 'Subscribe',
  'addToCart.adding': 'Adding…',
  'addToCart.added': 'Added!',
  'addToCart.quantity': 'Quantity',
  'addToCart.selectOption': 'Select {option}',
  'addToCart.selectOne': 'Please select the {option} option.',
  'addToCart.selectMany': 'Please select the {list} and {last} options.',
  'addToCart.unavailable': 'Sorry, that item variant is unavailable. Please select another variant.',
  'addToCart.outOfStock': OUT_OF_STOCK,
  'addToCart.notANumber': 'Quantity must be a number.',
  'addToCart.notWhole': 'Quantity must be a whole number',
  'addToCart.outOfRange': 'Quantity must be between 1 and 9999.',
  'addToCart.giftCardDenomination': 'Select a denomination for the Gift Card',
  'addToCart.alert.add': 'Unable to Add Item',
  'addToCart.alert.purchase': 'Unable to Purchase Item',
  'addToCart.alert.giftCard': 'Unable to purchase Gift Card',
  'addToCart.giftCardsOff': FEATURE_OFF_MESSAGES.giftCards,
  'addToCart.subscriptionsOff': FEATURE_OFF_MESSAGES.subscriptions,
} as const;

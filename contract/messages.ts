/**
 * Messages the server sends and the widgets show, or that both check with (storefront spec,
 * sections 5 and 8), character for character. Each side groups them with its own messages.
 */

/** Field checks of forms (site forms and additional fields), client and server alike. */
export const FIELD_MESSAGES = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
} as const;

/** A CAPTCHA was shown but not solved (site forms and restock sign-ups). */
export const CAPTCHA_REQUIRED = 'Complete CAPTCHA before submitting.';

/** The e-mail of a restock sign-up. */
export const RESTOCK_EMAIL_MESSAGES = {
  blank: 'Email cannot be blank',
  invalid: 'Email is invalid',
} as const;

/** Refused site-form submissions. */
export const FORM_SUBMISSION_MESSAGES = {
  /** 400: fields failed the server's check. */
  invalidFields: 'One or more fields is invalid, please check your entries.',
  /** 401: no usable submission key. */
  unauthorized: 'Unable to submit form. Please try again later.',
  /** 404: the form does not exist. */
  notConfigured: 'This form has not been configured yet.',
  /** The answers are not readable JSON. */
  parse: 'Could not parse the form fields, please check your entries.',
} as const;

/** A cart entry asks for more than is in stock. */
export const OUT_OF_STOCK = 'Sorry, we do not have enough of that item available.';

/** A request without a valid crumb (CSRF), when the visitor has cookies. */
export const SESSION_EXPIRED = 'Your session has expired. Please reload the page and try again.';

/** Quantities one cart entry may hold. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;

/** Answers of the cart-token and hand-off calls, and of the store page a hand-off lands on. */
export const HANDOFF_MESSAGES = {
  tokenOnly: 'This call is for pages on other sites: send the cart token header.',
  noCart: 'There is no cart to take to the store yet.',
  originRefused: 'This store does not accept a cart handed over from that page.',
} as const;

/** Different items (cart entries) one cart may hold. */
export const CART_ENTRIES_MAX = 100;

/** Refused adds and quantity changes past what one shopper may hold. */
export const HOLD_MESSAGES = {
  /** The cart already has {@link CART_ENTRIES_MAX} entries. */
  tooManyEntries: `Sorry, your cart can hold at most ${CART_ENTRIES_MAX} different items. Please remove one to add another.`,
  /** A scarce variant: one cart, or one address, holds at most `share` units of it. */
  fairShare: (share: number) => `Sorry, that item is in short supply: you can hold at most ${share} at a time.`,
  /** A scarce variant this cart or address held as long as one may: refused until the pause ends. */
  heldLongEnough: (minutes: number) =>
    `Sorry, we can no longer hold that item for you. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

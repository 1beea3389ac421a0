/**
 * Every string a widget shows, by key, with its English default: the spec's strings character
 * for character (storefront spec, sections 2, 4, 5, 8, 9). A store localizes widgets by giving
 * `messages` in its store context (key -> text); keys it leaves out keep these defaults.
 *
 * Texts are ICU-like: `{name}` is a value, `{count, plural, =1 {…} one {…} other {# items}}`
 * picks a form by `Intl.PluralRules` of the store locale (`=N` matches exactly first), `#` is
 * the count in the locale's digits. Braces are syntax only.
 */
import {
  CAPTCHA_REQUIRED,
  FIELD_MESSAGES,
  FORM_SUBMISSION_MESSAGES,
  OUT_OF_STOCK,
  RESTOCK_EMAIL_MESSAGES,
  SESSION_EXPIRED,
} from './messages';

export const WIDGET_MESSAGES = {
  // Add to cart (sections 4, 5, 8).
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

  // Calls (section 8).
  'error.sessionExpired': SESSION_EXPIRED,
  'error.enableCookies': 'Please enable cookies in your browser, reload the page, and try again.',
  'error.rateLimited': 'Please try again in a few seconds.',
  'error.network': 'Unable to connect. Please try again',
  'error.unknown': 'Something went wrong',

  // Dialogs.
  'dialog.close': 'Close',
  'dialog.ok': 'OK',

  // Cart pill (sections 2, 9).
  'cartPill.countOver': '{max}+',
  'cartPill.items': '{count, plural, =1 {item} other {items}}',
  'cartPill.label': '{count, plural, =1 {one item in cart} other {# items in cart}}',
  'cartPill.labelOver': 'more than {max} items',
  'cartPill.subtotal': '{label}, subtotal ',

  // Cart page (section 8).
  'cart.loading': 'Loading your cart…',
  'cart.retry': 'Retry',
  'cart.empty': 'You have nothing in your shopping cart.',
  'cart.continueShopping': 'Continue shopping',
  'cart.entries': 'Items in your cart',
  'cart.summary': 'Order summary',
  'cart.subtotal': 'Subtotal',
  'cart.tax': 'Tax',
  'cart.shipping': 'Shipping',
  'cart.discount': 'Discount',
  'cart.total': 'Total',
  'cart.checkout': 'Checkout',
  'cart.minimumSubtotal': 'To check out, your order subtotal must be {subtotal} or more.',
  'cart.quantityOf': 'Quantity of {title}',
  'cart.editDetails': 'Edit details',
  'cart.editDetailsOf': ' of {title}',
  'cart.remove': 'Remove',
  'cart.removeWhat': ' {title}',
  'cart.updateQuantity': 'Unable to update quantity',
  'cart.removeFailed': 'Unable to remove item',
  'cart.updateForm': 'Unable to update form',
  'cart.openForm': 'Unable to open form',
  'cart.tryAgain': 'Please try again.',
  'cart.offline': 'Please check your internet connection.',
  'cart.save': 'Save',

  // Installment pill (sections 4, 5, 9).
  'installments.payments': 'or {n} interest-free payments of {amount} with',
  'installments.over': 'available for orders over {amount}',
  'installments.upTo': 'available for orders up to {amount}',
  'installments.about': 'About paying with {provider}',
  'installments.payWith': 'Pay with {provider}',

  // Reviews.
  'reviews.loading': 'Loading reviews…',
  'reviews.loadFailed': 'Unable to load. Try again.',
  'reviews.retry': 'Retry',
  'reviews.region': 'Reviews',
  'reviews.tab': 'Reviews ({count})',
  'reviews.summary': '{rating} out of 5, {count, plural, one {# review} other {# reviews}}',
  'reviews.none': 'No reviews yet.',
  'reviews.stars': '{rating} out of 5 stars',
  'reviews.byline': '{author}, {date}',
  'reviews.more': 'More reviews',
  'reviews.loadingMore': 'Loading…',

  // Restock sign-up (sections 4, 5, 8).
  'restock.cta': 'Get notified by email when this product is back in stock',
  'restock.email': 'Email',
  'restock.mailingList': 'Subscribe to our mailing list',
  'restock.button': 'Sign Up',
  'restock.signedUp': 'Signed up!',
  'restock.blank': RESTOCK_EMAIL_MESSAGES.blank,
  'restock.invalid': RESTOCK_EMAIL_MESSAGES.invalid,
  'restock.captcha': CAPTCHA_REQUIRED,

  // Restock dashboard (owners).
  'restockAdmin.title': 'Restock notifications',
  'restockAdmin.loading': 'Loading sign-ups…',
  'restockAdmin.sending': 'Sending…',
  'restockAdmin.sent': '{count, plural, =1 {Sent 1 restock e-mail.} other {Sent # restock e-mails.}}',
  'restockAdmin.nobody': 'No one is waiting for a restock.',
  'restockAdmin.groups': 'Products with pending sign-ups',
  'restockAdmin.select': 'Select',
  'restockAdmin.product': 'Product',
  'restockAdmin.variant': 'Variant',
  'restockAdmin.signUps': 'Sign-ups',
  'restockAdmin.actions': 'Actions',
  'restockAdmin.sendSelected': 'Send to selected ({count})',
  'restockAdmin.selectGroup': 'Select {label}',
  'restockAdmin.view': 'View sign-ups',
  'restockAdmin.hide': 'Hide sign-ups',
  'restockAdmin.for': ' for {label}',
  'restockAdmin.send': 'Send e-mails',
  'restockAdmin.signUpsFor': 'Sign-ups for {label}',
  'restockAdmin.email': 'E-mail',
  'restockAdmin.signedUp': 'Signed up',
  'restockAdmin.mailingList': 'Mailing list',
  'restockAdmin.yes': 'Yes',
  'restockAdmin.no': 'No',

  // Forms: site forms and additional fields (sections 5, 8).
  'form.required': FIELD_MESSAGES.required,
  'form.characterLimit': FIELD_MESSAGES.characterLimit,
  'form.email': FIELD_MESSAGES.email,
  'form.counter': '{count} / {max}',
  'form.overLimit': 'Over the character limit',
  'form.selectOption': 'Select an option',
  'form.saving': 'Saving…',
  'form.fixFields': 'Update the missing or invalid information above.',
  'form.submit': 'Submit',
  'form.submitting': 'Submitting…',
  'form.thankYou': 'Thank you!',
  'form.honeypot': 'Leave this field empty',
  'form.invalidFields': FORM_SUBMISSION_MESSAGES.invalidFields,
  'form.captcha': CAPTCHA_REQUIRED,
  'form.unauthorized': FORM_SUBMISSION_MESSAGES.unauthorized,
  'form.notConfigured': FORM_SUBMISSION_MESSAGES.notConfigured,
  'form.rateLimited': 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  'form.serverError': 'Unable to send form. Please try again later.',
  'form.unknown': 'Unknown error, please try again later.',
  'form.processing': 'Error processing form submission. Please reload and try again.',
  'form.noKey': 'Could not get a form submission key, please try again later.',
  'form.parse': FORM_SUBMISSION_MESSAGES.parse,
  'form.scrollDown': 'Your form has encountered a problem. Please scroll down to review.',
  'form.scrollUp': 'Your form has encountered a problem. Please scroll up to review.',
  'form.loadFailed': 'Unable to load. Try again.',
  // Parts of multi-part fields and the likert scale (the labels of contract/form-fields.ts).
  'form.part.firstName': 'First Name',
  'form.part.lastName': 'Last Name',
  'form.part.address1': 'Address 1',
  'form.part.address2': 'Address 2',
  'form.part.city': 'City',
  'form.part.state': 'State',
  'form.part.zip': 'ZIP Code',
  'form.part.country': 'Country',
  'form.part.month': 'Month',
  'form.part.day': 'Day',
  'form.part.year': 'Year',
  'form.part.hour': 'Hour',
  'form.part.minute': 'Minute',
  'form.part.ampm': 'AM/PM',
  'form.part.areaCode': 'Area code',
  'form.part.prefix': 'Prefix',
  'form.part.line': 'Line',
  'form.part.countryCode': 'Country code',
  'form.part.stronglyDisagree': 'Strongly Disagree',
  'form.part.disagree': 'Disagree',
  'form.part.neutral': 'Neutral',
  'form.part.agree': 'Agree',
  'form.part.stronglyAgree': 'Strongly Agree',
} as const;

/** A widget string's key ('cartPill.items'). */
export type WidgetMessageKey = keyof typeof WIDGET_MESSAGES;

/** A store's overrides of widget strings, by key. */
export type WidgetMessageOverrides = Partial<Record<WidgetMessageKey, string>>;

/** Whether `key` names a widget string. */
export function isWidgetMessageKey(key: string): key is WidgetMessageKey {
  return Object.hasOwn(WIDGET_MESSAGES, key);
}

/** The overrides in store-context JSON: known keys with string values; anything else is dropped. */
export function readMessages(value: unknown): WidgetMessageOverrides {
  const messages: WidgetMessageOverrides = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return messages;
  for (const [key, text] of Object.entries(value)) {
    if (isWidgetMessageKey(key) && typeof text === 'string') messages[key] = text;
  }
  return messages;
}

/** A usable BCP 47 locale in canonical form ('fr-FR'), else undefined. */
export function readLocale(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return Intl.getCanonicalLocales(value.trim().replace('_', '-'))[0];
  } catch {
    return undefined;
  }
}

/** A time zone Intl knows ('Europe/Paris'), else undefined. */
export function readTimeZone(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

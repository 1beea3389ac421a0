import { CAPTCHA_REQUIRED, RESTOCK_EMAIL_MESSAGES } from '../messages';

/** The restock sign-up (storefront spec, sections 4, 5, 8). English defaults, by key. */
export const RESTOCK_STRINGS = {
  'restock.cta': 'Get notified by email when this product is back in stock',
  'restock.email': 'Email',
  'restock.mailingList': 'Subscribe to our mailing list',
  'restock.button': 'Sign Up',
  'restock.signedUp': 'Signed up!',
  'restock.blank': RESTOCK_EMAIL_MESSAGES.blank,
  'restock.invalid': RESTOCK_EMAIL_MESSAGES.invalid,
  'restock.captcha': CAPTCHA_REQUIRED,
} as const;

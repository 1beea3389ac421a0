import { SESSION_EXPIRED } from '../messages';

/** Failed calls (storefront spec, section 8). English defaults, by key. */
export const ERROR_STRINGS = {
  'error.sessionExpired': SESSION_EXPIRED,
  'error.enableCookies': 'Please enable cookies in your browser, reload the page, and try again.',
  'error.rateLimited': 'Please try again in a few seconds.',
  'error.network': 'Unable to connect. Please try again',
  'error.unknown': 'Something went wrong',
  /** A click-only part of a widget (a dialog) whose code or CSS did not arrive; the next open tries again. */
  'error.loadFailed': 'Unable to load. Try again.',
} as const;

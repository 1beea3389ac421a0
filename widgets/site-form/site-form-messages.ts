/** Every message of the site form (storefront spec, sections 5 and 8), word for word. */
export const SITE_FORM_MESSAGES = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  invalidFields: 'One or more fields is invalid, please check your entries.',
  captcha: 'Complete CAPTCHA before submitting.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
  processing: 'Error processing form submission. Please reload and try again.',
  noKey: 'Could not get a form submission key, please try again later.',
  parse: 'Could not parse the form fields, please check your entries.',
  /** Shown when the message area is above the form: the problems are further down. */
  scrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  /** Shown when the message area is below the form (by the submit button): the problems are further up. */
  scrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  /** The definition could not be loaded (platform spec, user strings). */
  loadFailed: 'Unable to load. Try again.',
} as const;

export const SUBMITTING_LABEL = 'Submitting…';
export const DEFAULT_SUBMIT_LABEL = 'Submit';
/** Shown after a submission when the form has no success message of its own. */
export const DEFAULT_SUCCESS_MESSAGE = 'Thank you!';

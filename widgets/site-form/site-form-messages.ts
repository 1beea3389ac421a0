import { CAPTCHA_REQUIRED, FIELD_MESSAGES, FORM_SUBMISSION_MESSAGES } from '../../contract/messages';

/** Every message of the site form (storefront spec, sections 5 and 8), word for word. */
export const SITE_FORM_MESSAGES = {
  required: FIELD_MESSAGES.required,
  characterLimit: FIELD_MESSAGES.characterLimit,
  email: FIELD_MESSAGES.email,
  invalidFields: FORM_SUBMISSION_MESSAGES.invalidFields,
  captcha: CAPTCHA_REQUIRED,
  unauthorized: FORM_SUBMISSION_MESSAGES.unauthorized,
  notConfigured: FORM_SUBMISSION_MESSAGES.notConfigured,
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
  processing: 'Error processing form submission. Please reload and try again.',
  noKey: 'Could not get a form submission key, please try again later.',
  parse: FORM_SUBMISSION_MESSAGES.parse,
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

import { WIDGET_MESSAGES as M } from '../../contract/widget-messages';

/**
 * Every message of the site form (storefront spec, sections 5 and 8) in English: the defaults
 * of the `form.*` keys, which the widget shows through `t` (localized when the store says).
 */
export const SITE_FORM_MESSAGES = {
  required: M['form.required'],
  characterLimit: M['form.characterLimit'],
  email: M['form.email'],
  invalidFields: M['form.invalidFields'],
  captcha: M['form.captcha'],
  unauthorized: M['form.unauthorized'],
  notConfigured: M['form.notConfigured'],
  rateLimited: M['form.rateLimited'],
  serverError: M['form.serverError'],
  unknown: M['form.unknown'],
  processing: M['form.processing'],
  noKey: M['form.noKey'],
  parse: M['form.parse'],
  /** Shown when the message area is above the form: the problems are further down. */
  scrollDown: M['form.scrollDown'],
  /** Shown when the message area is below the form (by the submit button): the problems are further up. */
  scrollUp: M['form.scrollUp'],
  /** The definition could not be loaded (platform spec, user strings). */
  loadFailed: M['form.loadFailed'],
} as const;

export const SUBMITTING_LABEL = M['form.submitting'];
export const DEFAULT_SUBMIT_LABEL = M['form.submit'];
/** Shown after a submission when the form has no success message of its own. */
export const DEFAULT_SUCCESS_MESSAGE = M['form.thankYou'];

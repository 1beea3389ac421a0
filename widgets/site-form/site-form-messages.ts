import { FORM_STRINGS } from '../../contract/widget-messages/form';

/**
 * Every message of the site form (storefront spec, sections 5 and 8) in English: the defaults
 * of the `form.*` keys, which the widget shows through `t` (localized when the store says).
 */
export const SITE_FORM_MESSAGES = {
  required: FORM_STRINGS['form.required'],
  characterLimit: FORM_STRINGS['form.characterLimit'],
  email: FORM_STRINGS['form.email'],
  invalidFields: FORM_STRINGS['form.invalidFields'],
  captcha: FORM_STRINGS['form.captcha'],
  unauthorized: FORM_STRINGS['form.unauthorized'],
  notConfigured: FORM_STRINGS['form.notConfigured'],
  rateLimited: FORM_STRINGS['form.rateLimited'],
  serverError: FORM_STRINGS['form.serverError'],
  unknown: FORM_STRINGS['form.unknown'],
  processing: FORM_STRINGS['form.processing'],
  noKey: FORM_STRINGS['form.noKey'],
  parse: FORM_STRINGS['form.parse'],
  /** Shown when the message area is above the form: the problems are further down. */
  scrollDown: FORM_STRINGS['form.scrollDown'],
  /** Shown when the message area is below the form (by the submit button): the problems are further up. */
  scrollUp: FORM_STRINGS['form.scrollUp'],
  /** The definition could not be loaded (platform spec, user strings). */
  loadFailed: FORM_STRINGS['form.loadFailed'],
} as const;

export const SUBMITTING_LABEL = FORM_STRINGS['form.submitting'];

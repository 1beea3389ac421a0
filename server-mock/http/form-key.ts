import { randomBytes } from 'node:crypto';
import { CRUMB_STAND_IN, FORM_KEY_STAND_IN } from './kept-page';

/** The hidden field of a page's own form that carries the form's one-time key. */
export const FORM_KEY_FIELD = 'formKey';

/** 16 random bytes, base64url. */
const FORM_KEY = /^[A-Za-z0-9_-]{22}$/;

/** A fresh one-time key for a rendered form. */
export function newFormKey(): string {
  return randomBytes(16).toString('base64url');
}

/** Whether `value` is a form key as the store renders them. */
export function isFormKey(value: string): boolean {
  return FORM_KEY.test(value);
}

/**
 * The one-time key of forms rendered with `crumb`: a fresh one, or on a kept page (rendered with
 * the crumb's stand-in) the key's stand-in, which each response fills with a fresh key.
 */
export function formKeyFor(crumb: string): string {
  return crumb === CRUMB_STAND_IN ? FORM_KEY_STAND_IN : newFormKey();
}

import type { Db } from './db';

export interface FormFieldRecord {
  id: string;
  type: string;
  title: string;
  required?: boolean;
  maxLength?: number;
  options?: string[];
}

export interface FormRecord {
  id: string;
  name: string;
  fields: FormFieldRecord[];
}

export function getForm(db: Db, id: string): FormRecord | undefined {
  const row = db.prepare('SELECT definition FROM forms WHERE id = ?').get(id) as { definition: string } | undefined;
  return row ? (JSON.parse(row.definition) as FormRecord) : undefined;
}

export const FORM_MESSAGES = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  option: 'Please choose one of the listed options.',
} as const;

/** 3 to 256 characters: local part, @, domain, and an ending of 2 to 4 letters (storefront spec, section 5). */
export function isValidEmail(value: string): boolean {
  return value.length >= 3 && value.length <= 256 && /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/.test(value);
}

const MULTI_PART_OPTIONAL = new Set(['Line2']);

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).filter(([k]) => !MULTI_PART_OPTIONAL.has(k));
    return parts.length === 0 || parts.some(([, v]) => typeof v !== 'string' || v.trim() === '');
  }
  return false;
}

/** Server-side check of a form's answers; returns field id -> message (empty when all pass). */
export function validateAnswers(form: FormRecord, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const value = values[field.id];
    if (isEmpty(value)) {
      if (field.required && field.type !== 'section' && field.type !== 'hidden')
        errors[field.id] = FORM_MESSAGES.required;
      continue;
    }
    if (typeof value === 'string') {
      if (field.maxLength && value.length > field.maxLength) errors[field.id] = FORM_MESSAGES.characterLimit;
      else if (field.type === 'email' && !isValidEmail(value.trim())) errors[field.id] = FORM_MESSAGES.email;
      else if ((field.type === 'select' || field.type === 'radio') && field.options && !field.options.includes(value)) {
        errors[field.id] = FORM_MESSAGES.option;
      }
    }
  }
  return errors;
}

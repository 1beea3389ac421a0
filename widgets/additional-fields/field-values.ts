import { fieldParts } from '../../contract/form-field-parts';
import type { FormDefinition, FormField } from '../../contract/form-fields';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';

const t = translator(FORM_STRINGS);

/** One answer: text, the checked options, the parts of a multi-part field, or likert question -> answer. */
export type FieldValue = string | string[] | Record<string, string>;
export type FormValues = Record<string, FieldValue>;

/** The starting answers: empty, except hidden fields which carry their value. */
export function initialValues(form: FormDefinition): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    const parts = fieldParts(field);
    if (parts) values[field.id] = Object.fromEntries(parts.map((p) => [p.key, '']));
    else if (field.type === 'likert') values[field.id] = Object.fromEntries(field.options.map((q) => [q, '']));
    else if (field.type === 'checkbox') values[field.id] = [];
    else values[field.id] = field.type === 'hidden' ? (field.value ?? '') : '';
  }
  return values;
}

/** Whether an answer counts as not given (for a multi-part field: any part that is not optional is blank). */
export function isEmptyAnswer(field: FormField, value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim() === '';
  // A likert field needs every question answered.
  if (field.type === 'likert') return field.options.some((q) => (value[q] ?? '') === '');
  const parts = fieldParts(field) ?? [];
  return parts.some((p) => !p.optional && (value[p.key] ?? '').trim() === '');
}

/**
 * Client-side check (storefront spec, section 5): every required field needs a
 * value; for multi-part fields every part that is not optional. Returns field id -> message.
 */
export function requiredErrors(form: FormDefinition, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (
      field.required &&
      field.type !== 'section' &&
      field.type !== 'hidden' &&
      isEmptyAnswer(field, values[field.id])
    ) {
      errors[field.id] = t('form.required');
    }
  }
  return errors;
}

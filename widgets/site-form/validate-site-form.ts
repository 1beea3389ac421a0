import { isValidEmail } from '../../contract/email';
import { isEmptyAnswer, type FormValues } from '../additional-fields/field-values';
import type { FormDefinition } from '../../contract/form-fields';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';

const t = translator(FORM_STRINGS);

/**
 * The site form's own checks, field by field: 'Required' for an empty required field, the
 * character limit, and e-mail format (an empty optional field is always fine). Field id -> message.
 */
export function validateSiteForm(form: FormDefinition, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    if (field.type === 'section' || field.type === 'hidden') continue;
    const value = values[field.id];
    if (isEmptyAnswer(field, value)) {
      if (field.required) errors[field.id] = t('form.required');
      continue;
    }
    if (typeof value !== 'string') continue;
    if (field.maxLength !== undefined && value.length > field.maxLength) {
      errors[field.id] = t('form.characterLimit');
    } else if (field.type === 'email' && !isValidEmail(value.trim())) {
      errors[field.id] = t('form.email');
    }
  }
  return errors;
}

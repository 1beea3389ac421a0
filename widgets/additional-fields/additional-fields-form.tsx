import { space, themed } from '../ui/theme';
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../ui/dialog';
import type { FormDefinition } from '../../contract/form-fields';
import { initialValues, requiredErrors, type FormValues } from './field-values';
import { FormFieldView } from './form-field';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';

const t = translator({ ...ADD_TO_CART_STRINGS, ...FORM_STRINGS });

export const SAVING_LABEL = FORM_STRINGS['form.saving'];

export interface AdditionalFieldsFormProps {
  form: FormDefinition;
  /**
   * Saves the answers: resolves to field id -> message when the server rejects
   * fields, to nothing when saved. A thrown error's message is shown above the form.
   */
  onSubmit: (values: FormValues) => Promise<Record<string, string> | void>;
  onClose: () => void;
  /** Answers given before (editing a cart entry); fields it does not know start empty. */
  previous?: FormValues;
}

/** The message under a form the shopper must correct (storefront spec, section 8). */
export const FIX_FIELDS_MESSAGE = FORM_STRINGS['form.fixFields'];

/** Starting answers: empty ones, with earlier answers of the same fields (and the same shape) kept. */
function startingValues(form: FormDefinition, previous: FormValues | undefined): FormValues {
  const values = initialValues(form);
  for (const [id, empty] of Object.entries(values)) {
    const before = previous?.[id];
    if (before === undefined || before === null) continue;
    const sameShape =
      Array.isArray(empty) === Array.isArray(before) && (typeof empty === 'object') === (typeof before === 'object');
    if (sameShape) values[id] = before;
  }
  return values;
}

/** The product's additional-fields form in a modal: 'Required' checks here, the rest on the server. */
export function AdditionalFieldsForm({ form, onSubmit, onClose, previous }: AdditionalFieldsFormProps) {
  const [values, setValues] = useState<FormValues>(() => startingValues(form, previous));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>(
        '.store-field--error input, .store-field--error textarea, .store-field--error select',
      );
      invalid?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const missing = requiredErrors(form, values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const serverErrors = await onSubmit(values);
      if (serverErrors && Object.keys(serverErrors).length > 0) {
        setErrors(serverErrors);
        setSaving(false);
        focusFirstError();
      }
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
      setSaving(false);
    }
  };

  return (
    <Dialog title={form.name} onClose={onClose} className="store-form-dialog">
      <form ref={formRef} className="store-form" noValidate onSubmit={submit}>
        {formError ? (
          <p className="store-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        {form.fields.map((field) => (
          <FormFieldView
            key={field.id}
            field={field}
            value={values[field.id]}
            error={errors[field.id]}
            onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
          />
        ))}
        {!saving && Object.keys(errors).length > 0 ? (
          <p className="store-form__error" role="alert">
            {t('form.fixFields')}
          </p>
        ) : null}
        <div className="store-dialog__actions">
          <button type="submit" className="store-button" aria-disabled={saving ? true : undefined}>
            {saving ? t('form.saving') : (form.submitLabel ?? t('addToCart.button'))}
          </button>
        </div>
        <p className="store-visually-hidden" role="status">
          {saving ? t('form.saving') : ''}
        </p>
      </form>
    </Dialog>
  );
}

export const FORM_STYLES = `
.store-form { display: grid; gap: ${space(1)}; max-height: 70vh; overflow: auto; padding: 2px; font-family: ${themed('--store-font')}; }
.store-field { display: grid; gap: ${space(0.35)}; }
.store-field fieldset { border: none; margin: 0; padding: 0; display: grid; gap: ${space(0.35)}; }
.store-field__title { font-weight: 600; padding: 0; }
.store-field__required { color: ${themed('--store-error-color')}; }
.store-field__description { margin: 0; font-size: .9em; color: var(--store-muted-text-color, #444); }
.store-field__error, .store-form__error { margin: 0; color: ${themed('--store-error-color')}; font-weight: 600; }
.store-field--error input, .store-field--error textarea, .store-field--error select { border-color: ${themed('--store-error-color')}; }
.store-field input, .store-field textarea, .store-field select { font: inherit; padding: .45rem .5rem; border: 1px solid ${themed('--store-border-color')}; border-radius: ${themed('--store-radius')}; }
.store-field input[type=radio], .store-field input[type=checkbox] { padding: 0; margin-right: .4rem; }
.store-field__parts { display: flex; flex-wrap: wrap; gap: ${space(0.5)}; }
.store-field__part { display: grid; gap: .2rem; font-size: .9em; flex: 1 1 8rem; }
.store-field__choice { display: flex; align-items: center; }
.store-field input:focus-visible, .store-field textarea:focus-visible, .store-field select:focus-visible { outline: ${themed('--store-focus-ring')}; outline-offset: 2px; }
.store-field__counter { margin: 0; font-size: .85em; color: var(--store-muted-text-color, #444); justify-self: end; }
.store-field__counter--over, .store-field--error .store-field__counter--over { color: ${themed('--store-error-color')}; font-weight: 600; }
.store-field--section { margin-top: ${space(0.5)}; }
.store-field__section-title { margin: 0; font-size: 1.1rem; }
.store-field fieldset.store-likert__question { gap: .25rem; }
.store-likert__legend { padding: 0; }
.store-likert__scale { display: flex; flex-wrap: wrap; gap: .25rem ${space(1)}; }
`;

/** The theme properties form styles read. */
export const FORM_THEME = [
  '--store-font',
  '--store-spacing',
  '--store-error-color',
  '--store-muted-text-color',
  '--store-border-color',
  '--store-radius',
  '--store-focus-ring',
] as const;

/** Class names of forms a theme may style. */
export const FORM_PARTS = {
  'store-form': 'A form of fields (additional fields, site forms)',
  'store-field': 'One field: its title, control, description and error',
  'store-field__title': 'A field’s label',
  'store-field__error': 'A field’s error message',
} as const;

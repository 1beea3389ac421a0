import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../ui/dialog';
import type { FormDefinition } from '../../contract/form-fields';
import { initialValues, requiredErrors, type FormValues } from './field-values';
import { firstFieldInError, FormFieldList } from './form-field';
import { ADD_TO_CART_STRINGS } from '../../contract/widget-messages/add-to-cart';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';
import { useControlClass } from '../ui/controls';
import type { PlacesContext } from '../../runtime/http/places';

const t = translator({ ...ADD_TO_CART_STRINGS, ...FORM_STRINGS });

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
  /** A product page's tracking context for address suggestions' details calls. */
  placesContext?: PlacesContext;
}

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
export function AdditionalFieldsForm({ form, onSubmit, onClose, previous, placesContext }: AdditionalFieldsFormProps) {
  const [values, setValues] = useState<FormValues>(() => startingValues(form, previous));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const buttonClass = useControlClass('button');

  const focusFirstError = () => {
    requestAnimationFrame(() => firstFieldInError(formRef.current)?.focus());
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
        <FormFieldList
          fields={form.fields}
          values={values}
          errors={errors}
          setValues={setValues}
          placesContext={placesContext}
        />
        {!saving && Object.keys(errors).length > 0 ? (
          <p className="store-form__error" role="alert">
            {t('form.fixFields')}
          </p>
        ) : null}
        <div className="store-dialog__actions">
          <button type="submit" className={buttonClass} aria-disabled={saving ? true : undefined}>
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

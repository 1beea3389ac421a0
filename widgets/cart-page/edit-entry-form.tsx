import { useEffect, useEffectEvent } from 'react';
import { cartStore } from '../../runtime/cart/cart-store';
import { validateFormFields } from '../../runtime/http/commerce';
import { toStoreApiError } from '../../runtime/http/errors';
import type { CartEntry } from '../../contract/cart';
import { fetchFormDefinition } from '../../runtime/http/site-forms';
import { AdditionalFieldsForm } from '../additional-fields/additional-fields-form';
import { type FormDefinition } from '../../contract/form-fields';
import { parseFormDefinition } from '../additional-fields/form-definition';
import type { FormValues } from '../additional-fields/field-values';
import { CART_STRINGS } from '../../contract/widget-messages/cart';
import { translator } from '../../runtime/i18n/t';
import { useDataFetch } from '../../runtime/use-data-fetch';

const t = translator(CART_STRINGS);

export interface EditEntryFormProps {
  entry: CartEntry;
  onClose(): void;
  /** A failure to report in an alert: 'Unable to open form' or 'Unable to update form'. */
  onFailure(title: string, error: unknown): void;
}

/** The answers already given, read from the entry's JSON text (nothing when unreadable). */
function previousAnswers(entry: CartEntry): FormValues {
  try {
    const value: unknown = entry.additionalFields ? JSON.parse(entry.additionalFields) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormValues) : {};
  } catch {
    return {};
  }
}

/** Opens the product's additional-fields form for a cart entry, prefilled, and saves the new answers. */
export function EditEntryForm({ entry, onClose, onFailure }: EditEntryFormProps) {
  // Opening is once per entry.
  const loaded = useDataFetch(async () => {
    const raw = await fetchFormDefinition(entry.additionalFieldsFormId ?? '').catch((error: unknown) => {
      throw toStoreApiError(error);
    });
    const definition = parseFormDefinition(JSON.stringify(raw));
    if (!definition) throw new Error('unreadable form');
    return definition;
  }, [entry.id]);
  // The callbacks are the parent's and may change identity: the failure is told once.
  const failed = useEffectEvent((error: unknown) => {
    onFailure(t('cart.openForm'), error);
    onClose();
  });
  const error = loaded.status === 'failed' ? loaded.error : undefined;
  useEffect(() => {
    if (error !== undefined) failed(error);
  }, [error]);

  const form: FormDefinition | null = loaded.status === 'success' ? loaded.data : null;
  if (!form) return null;
  return (
    <AdditionalFieldsForm
      form={{ ...form, submitLabel: t('cart.save') }}
      previous={previousAnswers(entry)}
      onClose={onClose}
      onSubmit={async (values) => {
        const formId = form.id ?? entry.additionalFieldsFormId ?? '';
        const fieldErrors = await validateFormFields(formId, values);
        if (Object.keys(fieldErrors).length > 0) return fieldErrors;
        try {
          await cartStore().getState().updateAdditionalFields(entry.id, JSON.stringify(values));
          onClose();
        } catch (error) {
          onClose();
          onFailure(t('cart.updateForm'), error);
        }
      }}
    />
  );
}

import { textareaMaxLengthOn } from '../../contract/feature-flags';
import { isFieldType, type FieldType, type FormDefinition, type FormField } from '../../contract/form-fields';
import { storeContext } from '../../runtime/session/store-context';

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** Reads a form definition from JSON text (a `data-form` attribute); malformed input gives null. */
export function parseFormDefinition(json: string | undefined | null): FormDefinition | null {
  if (!json) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  return toFormDefinition(raw);
}

/** Reads a form definition from parsed JSON (an API response); anything but an object gives null. */
export function toFormDefinition(raw: unknown): FormDefinition | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const form = raw as Record<string, unknown>;
  const fields: FormField[] = [];
  for (const item of Array.isArray(form.fields) ? form.fields : []) {
    if (!item || typeof item !== 'object') continue;
    const f = item as Record<string, unknown>;
    const id = asString(f.id);
    if (!id) continue;
    const type: FieldType = isFieldType(f.type) ? f.type : 'text';
    const field: FormField = {
      id,
      type,
      title: asString(f.title) ?? '',
      required: f.required === true,
      options: Array.isArray(f.options) ? f.options.map(asString).filter((o): o is string => o !== undefined) : [],
    };
    const description = asString(f.description);
    if (description) field.description = description;
    const placeholder = asString(f.placeholder);
    if (placeholder) field.placeholder = placeholder;
    // A textarea's limit holds only while the vanilla form handler flag is on (platform spec, section 5).
    const limited = type !== 'textarea' || textareaMaxLengthOn(storeContext().featureFlags);
    if (typeof f.maxLength === 'number' && f.maxLength > 0 && limited) field.maxLength = f.maxLength;
    const value = asString(f.value);
    if (value !== undefined) field.value = value;
    const key = asString(f.key);
    if (key) field.key = key;
    if (f.showCountryCode === true) field.showCountryCode = true;
    fields.push(field);
  }
  const definition: FormDefinition = { name: asString(form.name) ?? 'Form', fields };
  const id = asString(form.id);
  if (id) definition.id = id;
  const submitLabel = asString(form.submitLabel);
  if (submitLabel) definition.submitLabel = submitLabel;
  return definition;
}

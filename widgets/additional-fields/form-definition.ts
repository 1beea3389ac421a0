/** Field kinds a form can hold (platform spec, form field types). */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'number'
  | 'currency'
  | 'website'
  | 'password'
  | 'phone'
  | 'name'
  | 'address'
  | 'date'
  | 'time'
  | 'section'
  | 'radio'
  | 'checkbox'
  | 'select'
  | 'hidden';

export interface FormField {
  id: string;
  type: FieldType;
  title: string;
  description?: string;
  required: boolean;
  /** Choices of radio, checkbox and select fields. */
  options: string[];
  placeholder?: string;
  /** Character limit of text fields (checked by the server). */
  maxLength?: number;
  /** Value of a hidden field. */
  value?: string;
}

export interface FormDefinition {
  id?: string;
  name: string;
  fields: FormField[];
  submitLabel?: string;
}

/** The parts of multi-part fields, in display order, with their labels. */
export const FIELD_PARTS: Partial<Record<FieldType, { key: string; label: string; optional?: boolean }[]>> = {
  name: [
    { key: 'First', label: 'First Name' },
    { key: 'Last', label: 'Last Name' },
  ],
  address: [
    { key: 'Line1', label: 'Address 1' },
    { key: 'Line2', label: 'Address 2', optional: true },
    { key: 'City', label: 'City' },
    { key: 'State', label: 'State' },
    { key: 'Zip', label: 'ZIP Code' },
    { key: 'Country', label: 'Country' },
  ],
  date: [
    { key: 'Month', label: 'Month' },
    { key: 'Day', label: 'Day' },
    { key: 'Year', label: 'Year' },
  ],
  time: [
    { key: 'Hour', label: 'Hour' },
    { key: 'Minute', label: 'Minute' },
    { key: 'Ampm', label: 'AM/PM' },
  ],
  phone: [
    { key: 'Areacode', label: 'Area code' },
    { key: 'Prefix', label: 'Prefix' },
    { key: 'Line', label: 'Line' },
  ],
};

const TYPES = new Set<string>([
  'text',
  'textarea',
  'email',
  'number',
  'currency',
  'website',
  'password',
  'phone',
  'name',
  'address',
  'date',
  'time',
  'section',
  'radio',
  'checkbox',
  'select',
  'hidden',
]);

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
  if (!raw || typeof raw !== 'object') return null;
  const form = raw as Record<string, unknown>;
  const fields: FormField[] = [];
  for (const item of Array.isArray(form.fields) ? form.fields : []) {
    if (!item || typeof item !== 'object') continue;
    const f = item as Record<string, unknown>;
    const id = asString(f.id);
    if (!id) continue;
    const type = (TYPES.has(String(f.type)) ? f.type : 'text') as FieldType;
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
    if (typeof f.maxLength === 'number' && f.maxLength > 0) field.maxLength = f.maxLength;
    const value = asString(f.value);
    if (value !== undefined) field.value = value;
    fields.push(field);
  }
  const definition: FormDefinition = { name: asString(form.name) ?? 'Form', fields };
  const id = asString(form.id);
  if (id) definition.id = id;
  const submitLabel = asString(form.submitLabel);
  if (submitLabel) definition.submitLabel = submitLabel;
  return definition;
}

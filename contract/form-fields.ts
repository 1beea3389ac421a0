/**
 * The form-field model (platform spec, section 3 "Form field types"): the field types and the
 * editable properties of a field (the parts of multi-part fields and the likert scale are in
 * form-field-parts.ts, apart, so a page that only reads a definition does not carry them).
 * Widgets render and collect by it, the server checks answers by it, the template summarises them by it.
 */

/** Field kinds a form can hold (platform spec, section 3 "Form field types"). */
export const FIELD_TYPES = [
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
  'likert',
  'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

const TYPES = new Set<string>(FIELD_TYPES);

/** Whether `value` names a field type. */
export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && TYPES.has(value);
}

export interface FormField {
  id: string;
  type: FieldType;
  title: string;
  description?: string;
  required: boolean;
  /** Choices of radio, checkbox and select fields; the questions of a likert field. */
  options: string[];
  placeholder?: string;
  /** Character limit of text fields (checked by the server). */
  maxLength?: number;
  /** Value of a hidden field. */
  value?: string;
  /** Query-string parameter whose value a hidden field takes when present. */
  key?: string;
  /** Whether a phone field asks for a country code too. */
  showCountryCode?: boolean;
}

export interface FormDefinition {
  id?: string;
  name: string;
  fields: FormField[];
  submitLabel?: string;
}

/** Field types a form may hold and the properties an owner can edit on each (platform spec, section 3). */
export const FORM_FIELD_SCHEMA = [
  { type: 'text', properties: ['title', 'description', 'required', 'placeholder', 'maxLength'] },
  { type: 'textarea', properties: ['title', 'description', 'required', 'placeholder', 'maxLength'] },
  { type: 'email', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'number', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'currency', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'website', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'password', properties: ['title', 'description', 'required'] },
  { type: 'phone', properties: ['title', 'description', 'required', 'showCountryCode'] },
  { type: 'name', properties: ['title', 'description', 'required'] },
  { type: 'address', properties: ['title', 'description', 'required'] },
  { type: 'date', properties: ['title', 'description', 'required'] },
  { type: 'time', properties: ['title', 'description', 'required'] },
  { type: 'section', properties: ['title', 'description'] },
  { type: 'radio', properties: ['title', 'description', 'required', 'options'] },
  { type: 'checkbox', properties: ['title', 'description', 'required', 'options'] },
  { type: 'select', properties: ['title', 'description', 'required', 'options'] },
  { type: 'likert', properties: ['title', 'description', 'required', 'options'] },
  { type: 'hidden', properties: ['key', 'value'] },
] as const satisfies readonly { type: FieldType; properties: readonly (keyof FormField)[] }[];

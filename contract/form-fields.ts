/**
 * The form-field model (platform spec, section 3 "Form field types"): the field types, the
 * editable properties of a field, the parts of multi-part fields and the likert scale. Widgets
 * render and collect by it, the server checks answers by it, the template summarises them by it.
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

/** One input of a multi-part field: the key of its answer and its label. */
export interface FieldPart {
  key: string;
  label: string;
  optional?: boolean;
  /** Digits only (the numeric keyboard on phones). */
  numeric?: boolean;
  /** A fixed list of answers, offered as a dropdown. */
  choices?: readonly string[];
}

/** The parts of multi-part fields, in display order, with their labels. */
export const FIELD_PARTS: Partial<Record<FieldType, FieldPart[]>> = {
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
    { key: 'Month', label: 'Month', numeric: true },
    { key: 'Day', label: 'Day', numeric: true },
    { key: 'Year', label: 'Year', numeric: true },
  ],
  time: [
    { key: 'Hour', label: 'Hour', numeric: true },
    { key: 'Minute', label: 'Minute', numeric: true },
    { key: 'Ampm', label: 'AM/PM', choices: ['AM', 'PM'] },
  ],
  phone: [
    { key: 'Areacode', label: 'Area code', numeric: true },
    { key: 'Prefix', label: 'Prefix', numeric: true },
    { key: 'Line', label: 'Line', numeric: true },
  ],
};

/** The country-code part a phone field shows first when `showCountryCode` is set. */
export const PHONE_COUNTRY_PART: FieldPart = { key: 'Country', label: 'Country code', optional: true, numeric: true };

/** The parts of one field (a phone with `showCountryCode` gets the country code first); undefined when single. */
export function fieldParts(field: Pick<FormField, 'type' | 'showCountryCode'>): FieldPart[] | undefined {
  const parts = FIELD_PARTS[field.type];
  if (field.type === 'phone' && field.showCountryCode && parts) return [PHONE_COUNTRY_PART, ...parts];
  return parts;
}

/** The five answers of a likert question, by value (platform spec: -2 to 2). */
export const LIKERT_SCALE: readonly { value: string; label: string }[] = [
  { value: '-2', label: 'Strongly Disagree' },
  { value: '-1', label: 'Disagree' },
  { value: '0', label: 'Neutral' },
  { value: '1', label: 'Agree' },
  { value: '2', label: 'Strongly Agree' },
];

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

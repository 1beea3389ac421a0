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
  | 'likert'
  | 'hidden';

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
  'likert',
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

/**
 * The parts of multi-part form fields and the likert scale (platform spec, section 3 "Form field
 * types"): what rendering a form and reading its answers need, kept apart from the field model
 * (form-fields.ts) that reading a form definition needs, so a product page's first bytes hold none of it.
 */
import type { FieldType, FormField } from './form-fields';

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

import { withFormHandlerRule } from '../../contract/feature-flags';
import type { Db } from './db';
import { commerceSettings } from './settings';

/** One field of a form (platform spec, "Form field types and editable properties"). */
export interface FormFieldRecord {
  id: string;
  type: string;
  title: string;
  description?: string;
  required?: boolean;
  /** Choices of radio, checkbox and select fields; the questions of a likert field. */
  options?: string[];
  maxLength?: number;
  placeholder?: string;
  /** Value of a hidden field. */
  value?: string;
  /** Query-string parameter a hidden field takes its value from. */
  key?: string;
  /** Whether a phone field asks for a country code. */
  showCountryCode?: boolean;
}

/** A form as stored (from demo-pages/store.json). */
export interface FormRecord {
  id: string;
  name: string;
  fields: FormFieldRecord[];
  submitLabel?: string;
  /** Text or HTML shown after a submission (when there is no redirect). */
  successMessage?: string;
  /** Where the visitor goes after a submission. */
  successRedirect?: string;
  /** Whether a submission needs a solved CAPTCHA. */
  captcha?: boolean;
  /** Whether this is a newsletter sign-up form. */
  newsletter?: boolean;
}

/** A form as `GetTemplateSchema?type=form&id=` returns it: the flags always present. */
export type FormDefinition = FormRecord & { captcha: boolean; newsletter: boolean };

/** A stored form by id, whatever its state, or undefined. */
export function getForm(db: Db, id: string): FormRecord | undefined {
  const row = db.prepare('SELECT definition FROM forms WHERE id = ?').get(id) as { definition: string } | undefined;
  if (!row) return undefined;
  const form = JSON.parse(row.definition) as FormRecord;
  // The vanilla form handler flag decides whether textareas keep their limit, for every reader.
  const flags = commerceSettings(db).featureFlags;
  return { ...form, fields: form.fields.map((field) => withFormHandlerRule(field, flags)) };
}

/** The definition of a form that can take submissions (it exists and has fields), or undefined. */
export function getFormDefinition(db: Db, id: string): FormDefinition | undefined {
  const form = getForm(db, id);
  if (!form || !Array.isArray(form.fields) || form.fields.length === 0) return undefined;
  return { ...form, captcha: form.captcha === true, newsletter: form.newsletter === true };
}

import type { FieldValue, FormValues } from '../additional-fields/field-values';
import { fieldParts } from '../../contract/form-field-parts';
import type { FormDefinition } from '../../contract/form-fields';
import { parseQuery } from '../../contract/query-string';

/** Name of the honeypot input: people leave it empty, form-filling robots do not. */
export const HONEYPOT_NAME = 'website-url-hp';

/**
 * The answers as submitted, keyed by field id (storefront spec, section 3): sections are
 * skipped; a hidden field takes the query-string value named by its `key`, else its own value;
 * a phone without a country-code input gets an empty country code prepended (4 parts);
 * a likert field maps each question to its checked value; the honeypot goes along under its name.
 */
export function collectAnswers(
  form: FormDefinition,
  values: FormValues,
  honeypot: string,
  search: string = globalThis.location?.search ?? '',
): Record<string, FieldValue> {
  const query = parseQuery(search);
  const answers: Record<string, FieldValue> = {};
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    const value = values[field.id];
    if (field.type === 'hidden') {
      const fromQuery = field.key ? query.get(field.key) : null;
      answers[field.id] = fromQuery ?? field.value ?? '';
    } else if (field.type === 'phone') {
      const given = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
      const parts = Object.fromEntries((fieldParts(field) ?? []).map((p) => [p.key, given[p.key] ?? '']));
      answers[field.id] = 'Country' in parts ? parts : { Country: '', ...parts };
    } else if (value !== undefined) {
      answers[field.id] = value;
    }
  }
  answers[HONEYPOT_NAME] = honeypot;
  return answers;
}

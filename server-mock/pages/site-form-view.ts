/**
 * A site form rendered by the server for visitors without JavaScript (in `<noscript>` inside
 * `<store-site-form>`), posted to the page itself, and its posted fields read back into the
 * answers the widget would send.
 */
import { fieldParts, LIKERT_SCALE } from '../../contract/form-field-parts';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { fieldList, fieldText, type FormFields } from '../http/page-form';
import { HONEYPOT_FIELD } from '../store/form-submissions';
import type { FormDefinition, FormFieldRecord } from '../store/forms';
import type { SiteInfo } from './page-data';
import { siteText } from './product-forms';
import { formKeyFor } from '../http/form-key';

/** The form as posted, when the page is shown again: the values, the messages above it, the field errors. */
export interface SiteFormState {
  fields: FormFields;
  messages: string[];
  errors: Record<string, string>;
}

/** The posted name of a field (`f-email`), or of one part of it (`f-name-First`, `f-experience-0`). */
const fieldName = (field: FormFieldRecord, part?: string | number) =>
  part === undefined ? `f-${field.id}` : `f-${field.id}-${part}`;

/** Single-line fields and the input type they take (the server checks them; the browser does not). */
const INPUT_TYPES: Readonly<Record<string, string>> = {
  text: 'text',
  email: 'email',
  number: 'text',
  currency: 'text',
  website: 'text',
  password: 'password',
};

/** What the posted fields give for `field`, as the widget would send it (contract: checkAnswers reads it). */
function postedAnswer(field: FormFieldRecord, fields: FormFields): unknown {
  const name = fieldName(field);
  const parts = fieldParts({ type: field.type as never, showCountryCode: field.showCountryCode === true });
  if (parts) {
    const answer = Object.fromEntries(parts.map((p) => [p.key, fieldText(fields, fieldName(field, p.key))]));
    // A phone without a country-code input gets an empty one first (storefront spec, section 3).
    return field.type === 'phone' && !('Country' in answer) ? { Country: '', ...answer } : answer;
  }
  if (field.type === 'checkbox') return fieldList(fields, name);
  if (field.type === 'likert') {
    const questions = (field.options ?? []).map((q, i) => [q, fieldText(fields, fieldName(field, i))] as const);
    return Object.fromEntries(questions.filter(([, value]) => value !== ''));
  }
  return fields[name] === undefined ? undefined : fieldText(fields, name);
}

/** The answers of a posted page form, keyed by field id, with the honeypot (as `collectAnswers` sends them). */
export function postedAnswers(form: FormDefinition, fields: FormFields): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    const answer = postedAnswer(field, fields);
    if (answer !== undefined) answers[field.id] = answer;
  }
  answers[HONEYPOT_FIELD] = fieldText(fields, HONEYPOT_FIELD);
  return answers;
}

/** One field's view: its kind, its inputs with the values to show, and its message. */
function fieldView(
  field: FormFieldRecord,
  state: SiteFormState | undefined,
  query: (name: string) => string | undefined,
  t: ReturnType<typeof siteText<keyof typeof FORM_STRINGS>>,
) {
  const name = fieldName(field);
  const posted = state?.fields ?? {};
  const value = (n: string) => fieldText(posted, n);
  const base = {
    id: name,
    name,
    title: field.title,
    description: field.description ?? null,
    required: field.required === true,
    error: state?.errors[field.id] ?? null,
  };
  if (field.type === 'section') return { heading: { title: field.title, description: field.description ?? null } };
  if (field.type === 'hidden') {
    return { hidden: { name, value: state ? value(name) : ((field.key && query(field.key)) ?? field.value ?? '') } };
  }
  const parts = fieldParts({ type: field.type as never, showCountryCode: field.showCountryCode === true });
  if (parts) {
    return {
      group: {
        ...base,
        parts: parts.map((p) => ({
          id: fieldName(field, p.key),
          name: fieldName(field, p.key),
          label: p.label,
          value: value(fieldName(field, p.key)),
          choices: p.choices
            ? p.choices.map((c) => ({ value: c, selected: value(fieldName(field, p.key)) === c }))
            : null,
        })),
      },
    };
  }
  if (field.type === 'radio' || field.type === 'checkbox') {
    const chosen = field.type === 'checkbox' ? fieldList(posted, name) : [value(name)];
    const choices = (field.options ?? []).map((option, i) => ({
      id: `${name}-${i}`,
      value: option,
      checked: chosen.includes(option),
    }));
    return { group: { ...base, choices, type: field.type } };
  }
  if (field.type === 'likert') {
    return {
      group: {
        ...base,
        questions: (field.options ?? []).map((question, i) => ({
          id: fieldName(field, i),
          name: fieldName(field, i),
          question,
          choices: LIKERT_SCALE.map((s) => ({ ...s, selected: value(fieldName(field, i)) === s.value })),
        })),
      },
    };
  }
  if (field.type === 'select') {
    const options = (field.options ?? []).map((o) => ({ value: o, selected: value(name) === o }));
    return { select: { ...base, placeholder: t('form.selectOption'), options } };
  }
  if (field.type === 'textarea') return { textarea: { ...base, value: value(name) } };
  return {
    input: {
      ...base,
      type: INPUT_TYPES[field.type] ?? 'text',
      value: field.type === 'password' ? '' : value(name),
      placeholder: field.placeholder ?? null,
    },
  };
}

/**
 * The page data of a site form's own form: a line saying the form needs JavaScript (its CAPTCHA
 * runs only there), the form with the values and messages of the last post, or the success
 * message after it (`?status=sent`).
 */
export function siteFormView(
  form: FormDefinition | undefined,
  site: SiteInfo,
  page: {
    state: SiteFormState | undefined;
    status: string | undefined;
    query: (name: string) => string | undefined;
    crumb: string;
  },
) {
  if (!form) return null;
  const t = siteText(site, FORM_STRINGS);
  const { state } = page;
  if (form.captcha) return { needsScript: true };
  if (page.status === 'sent' && !state) return { sent: form.successMessage || t('form.thankYou') };
  return {
    crumb: page.crumb,
    formKey: formKeyFor(page.crumb),
    messages: state?.messages ?? [],
    fields: form.fields.map((field) => fieldView(field, state, page.query, t)),
    honeypot: { name: HONEYPOT_FIELD, label: t('form.honeypot') },
    submit: form.submitLabel || t('form.submit'),
  };
}

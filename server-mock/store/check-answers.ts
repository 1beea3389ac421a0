import { isDeliverableEmail } from '../../contract/email';
import { FIELD_MESSAGES } from '../../contract/messages';
import { fieldParts, type FieldPart } from '../../contract/form-field-parts';
import type { FieldType } from '../../contract/form-fields';
import type { FormFieldRecord, FormRecord } from './forms';

/** Field messages of the server's check (storefront spec, section 5, where it has them). */
export const FORM_MESSAGES = {
  required: FIELD_MESSAGES.required,
  characterLimit: FIELD_MESSAGES.characterLimit,
  email: FIELD_MESSAGES.email,
  option: 'Please choose one of the listed options.',
  number: 'Number is not valid.',
  currency: 'Amount is not valid. Enter an amount like 25 or 25.50.',
  website: 'Website is not valid. Links should follow the format example.com or https://example.com.',
  phone: 'Phone number is not valid.',
  date: 'Date is not valid.',
  time: 'Time is not valid.',
  answer: 'This answer is not valid.',
} as const;

/** A field answer as stored: text, the checked options, parts by key, or likert question -> -2..2. */
export type Answer = string | string[] | Record<string, string> | Record<string, number>;

/** The parts a multi-part answer may have; a phone may always carry a country code. */
function partsOf(field: FormFieldRecord): FieldPart[] | undefined {
  const type = field.type as FieldType;
  return fieldParts({ type, showCountryCode: type === 'phone' ? true : field.showCountryCode === true });
}

const isBlankText = (value: string) => value.trim() === '';

/** Outcome of checking one answer: the normalised answer, or the message for the field. */
type Checked = { answer: Answer } | { error: string } | { blank: true };

function textOf(value: unknown): string | undefined {
  return typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;
}

/**
 * The parts of a multi-part answer by key: an object keyed by part, or (older pages) an array
 * in part order; a phone sent as three parts gets an empty country code first.
 */
function partsAnswer(field: FormFieldRecord, parts: FieldPart[], value: unknown): Record<string, string> | undefined {
  let given: Record<string, unknown>;
  if (Array.isArray(value)) {
    const list = field.type === 'phone' && value.length === parts.length - 1 ? ['', ...value] : value;
    if (list.length !== parts.length) return undefined;
    given = Object.fromEntries(parts.map((p, i) => [p.key, list[i]]));
  } else if (value && typeof value === 'object') {
    given = value as Record<string, unknown>;
    if (Object.keys(given).some((key) => !parts.some((p) => p.key === key))) return undefined;
  } else {
    return undefined;
  }
  const answer: Record<string, string> = {};
  for (const part of parts) {
    const text = given[part.key] === undefined || given[part.key] === null ? '' : textOf(given[part.key]);
    if (text === undefined) return undefined;
    answer[part.key] = text.trim();
  }
  return answer;
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function inRange(text: string | undefined, min: number, max: number, digits = /^\d{1,2}$/): boolean {
  return text !== undefined && digits.test(text) && Number(text) >= min && Number(text) <= max;
}

/** Meaning checks of multi-part answers that are filled in (name and address parts are free text). */
const PARTS_VALID: Partial<Record<string, (p: Record<string, string>) => boolean>> = {
  date: (p) => {
    if (!inRange(p.Year, 1000, 9999, /^\d{4}$/) || !inRange(p.Month, 1, 12)) return false;
    const month = Number(p.Month);
    const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const days = month === 2 && !leap(Number(p.Year)) ? 28 : (MONTH_DAYS[month - 1] ?? 0);
    return inRange(p.Day, 1, days);
  },
  time: (p) => inRange(p.Hour, 1, 12) && inRange(p.Minute, 0, 59, /^\d{2}$/) && /^(am|pm)$/i.test(p.Ampm ?? ''),
  phone: (p) =>
    /^(\+?\d{1,4})?$/.test(p.Country ?? '') &&
    [p.Areacode, p.Prefix, p.Line].every((part) => part !== undefined && /^\d{1,8}$/.test(part)),
};

/** Multi-part fields whose parts only make sense together: partly filled is invalid even when optional. */
const ALL_OR_NOTHING = new Set(['date', 'time', 'phone']);

function checkParts(field: FormFieldRecord, parts: FieldPart[], value: unknown): Checked {
  const answer = partsAnswer(field, parts, value);
  if (!answer) return { error: FORM_MESSAGES.answer };
  const missing = parts.filter((p) => !p.optional && answer[p.key] === '');
  if (parts.every((p) => answer[p.key] === '')) return { blank: true };
  if (missing.length > 0) {
    if (field.required) return { error: FORM_MESSAGES.required };
    if (ALL_OR_NOTHING.has(field.type)) return { error: FORM_MESSAGES[field.type as 'date' | 'time' | 'phone'] };
    return { answer };
  }
  const valid = PARTS_VALID[field.type];
  if (valid && !valid(answer)) return { error: FORM_MESSAGES[field.type as 'date' | 'time' | 'phone'] };
  return { answer };
}

const LIKERT_VALUES = new Set(['-2', '-1', '0', '1', '2']);

function checkLikert(field: FormFieldRecord, value: unknown): Checked {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: FORM_MESSAGES.answer };
  const questions = field.options ?? [];
  const answer: Record<string, number> = {};
  for (const [question, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!questions.includes(question)) return { error: FORM_MESSAGES.option };
    const text = raw === undefined || raw === null ? '' : textOf(raw);
    if (text === undefined) return { error: FORM_MESSAGES.answer };
    if (text === '') continue;
    if (!LIKERT_VALUES.has(text)) return { error: FORM_MESSAGES.option };
    answer[question] = Number(text);
  }
  if (Object.keys(answer).length === 0) return { blank: true };
  if (field.required && questions.some((q) => !Object.hasOwn(answer, q))) return { error: FORM_MESSAGES.required };
  return { answer };
}

function checkChoices(field: FormFieldRecord, value: unknown): Checked {
  const list = typeof value === 'string' ? (value === '' ? [] : [value]) : value;
  if (!Array.isArray(list) || !list.every((v): v is string => typeof v === 'string')) {
    return { error: FORM_MESSAGES.answer };
  }
  if (list.length === 0) return { blank: true };
  const options = field.options ?? [];
  if (new Set(list).size !== list.length || list.some((v) => !options.includes(v)))
    return { error: FORM_MESSAGES.option };
  return { answer: list };
}

function isWebsite(text: string): boolean {
  if (/\s/.test(text) || text.length > 2048) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z]{2,63}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Meaning checks of single-value answers, by field type. */
const TEXT_VALID: Partial<Record<string, [(text: string) => boolean, string]>> = {
  email: [isDeliverableEmail, FORM_MESSAGES.email],
  number: [
    (t) => /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?$/.test(t) && Number.isFinite(Number(t)),
    FORM_MESSAGES.number,
  ],
  currency: [(t) => /^(\d{1,3}(,\d{3})+|\d{1,15})(\.\d{1,2})?$/.test(t), FORM_MESSAGES.currency],
  website: [isWebsite, FORM_MESSAGES.website],
};

function checkText(field: FormFieldRecord, value: unknown): Checked {
  const raw = textOf(value);
  if (raw === undefined) return { error: FORM_MESSAGES.answer };
  if (field.type === 'hidden') return { answer: raw };
  if (isBlankText(raw)) return { blank: true };
  if (field.maxLength && raw.length > field.maxLength) return { error: FORM_MESSAGES.characterLimit };
  if (field.type === 'radio' || field.type === 'select') {
    return (field.options ?? []).includes(raw) ? { answer: raw } : { error: FORM_MESSAGES.option };
  }
  const text = field.type === 'password' ? raw : raw.trim();
  const rule = TEXT_VALID[field.type];
  if (rule && !rule[0](text)) return { error: rule[1] };
  return { answer: text };
}

function checkField(field: FormFieldRecord, value: unknown): Checked {
  if (value === undefined || value === null) return { blank: true };
  const parts = partsOf(field);
  if (parts) return checkParts(field, parts, value);
  if (field.type === 'likert') return checkLikert(field, value);
  if (field.type === 'checkbox') return checkChoices(field, value);
  return checkText(field, value);
}

/**
 * The server's check of a form's answers (every field kind; section items are skipped):
 * field id -> message for each failing field, and the answers as stored (known fields only,
 * trimmed, multi-part answers keyed by part, likert answers as numbers).
 */
/**
 * The answers as the store keeps them: without any password-type answer. It is dropped, not
 * hashed: the store never checks it against anything, and a hash would still let whoever holds
 * the database test guesses against it.
 */
export function keptAnswers<A>(form: FormRecord, answers: Record<string, A>): Record<string, A> {
  const secret = new Set(form.fields.filter((f) => f.type === 'password').map((f) => f.id));
  if (secret.size === 0) return answers;
  return Object.fromEntries(Object.entries(answers).filter(([id]) => !secret.has(id)));
}

export function checkAnswers(
  form: FormRecord,
  values: Record<string, unknown>,
): { errors: Record<string, string>; answers: Record<string, Answer> } {
  const errors: Record<string, string> = {};
  const answers: Record<string, Answer> = {};
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    const checked = checkField(field, Object.hasOwn(values, field.id) ? values[field.id] : undefined);
    if ('error' in checked) errors[field.id] = checked.error;
    else if ('answer' in checked) answers[field.id] = checked.answer;
    else if (field.required && field.type !== 'hidden') errors[field.id] = FORM_MESSAGES.required;
  }
  return { errors, answers };
}

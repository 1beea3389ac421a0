/**
 * `summary-form-field`: one answer of a product's additional-fields form, as shown in order
 * summaries: "Title: answer", with structured answers (name, address, date, time, phone,
 * checkbox, likert) laid out per field type and "N/A" for an empty answer.
 */
import { LIKERT_SCALE } from '../../../contract/form-field-parts';
import type { FormatContext } from '../../plugin';
import { isObject, isTruthy } from '../../values';
import { escapeHtml } from '../formatters.core';
import { numberOf, scalarText } from './fields';
import { htmlText } from './html';
import { localizedText } from './page-data';

type Label = readonly [key: string, english: string];

/** The localized-string key of each likert answer's label. */
const LIKERT_KEYS: Readonly<Record<string, string>> = {
  '-2': 'productAnswerMapStronglyDisagree',
  '-1': 'productAnswerMapDisagree',
  '0': 'productAnswerMapNeutral',
  '1': 'productAnswerMapAgree',
  // The platform's key for this one has no "Map".
  '2': 'productAnswerStronglyAgree',
};

/** Likert answers -2 to 2: the localized-string key of each label and its English default (the contract's scale). */
const LIKERT_LABELS = new Map<number, Label>(
  LIKERT_SCALE.map(({ value, label }) => [Number(value), [LIKERT_KEYS[value] ?? '', label]]),
);

const NEUTRAL: Label = LIKERT_LABELS.get(0) ?? ['productAnswerMapNeutral', 'Neutral'];

/** The label of a likert answer; anything outside -2 to 2 reads as neutral. */
function likertLabel(ctx: FormatContext, answer: unknown): string {
  const [key, english] = LIKERT_LABELS.get(numberOf(answer) ?? 0) ?? NEUTRAL;
  return escapeHtml(localizedText(ctx, key, english));
}

type Values = Readonly<Record<string, unknown>>;

/** `values[key]` as escaped text. */
function part(values: Values, key: string): string {
  return htmlText(values[key]);
}

/** `values[key]` as escaped text, "00" when missing (time fields). */
function timePart(values: Values, key: string): string {
  return part(values, key) || '00';
}

const INDENTED = '<div style="padding-left:5px;">\n';

/** How each structured field type lays out its `values` (escaped HTML; "" means no answer). */
const STRUCTURED_ANSWERS: Readonly<Record<string, (values: Values, ctx: FormatContext) => string>> = {
  name: (values) => [part(values, 'First'), part(values, 'Last')].filter(Boolean).join(' '),
  address: (values) => {
    const line2 = part(values, 'Line2');
    return (
      `${INDENTED}  <div>${part(values, 'Line1')}</div>\n` +
      (line2 === '' ? '' : `  <div>${line2}</div>\n`) +
      `  <div>${part(values, 'City')}, ${part(values, 'State')} ${part(values, 'Zip')} ${part(values, 'Country')}</div>\n` +
      '</div>'
    );
  },
  date: (values) => `${part(values, 'Month')}/${part(values, 'Day')}/${part(values, 'Year')}`,
  time: (values) => {
    const clock = `${timePart(values, 'Hour')}:${timePart(values, 'Minute')}:${timePart(values, 'Second')}`;
    const ampm = part(values, 'Ampm');
    return ampm === '' ? clock : `${clock} ${ampm}`;
  },
  phone: (values) => {
    const country = part(values, 'Country');
    const number = `${part(values, 'Areacode')}-${part(values, 'Prefix')}-${part(values, 'Line')}`;
    return country === '' ? number : `+${country} ${number}`;
  },
  likert: (values, ctx) =>
    INDENTED +
    Object.entries(values)
      .map(([question, answer]) => {
        const label = likertLabel(ctx, answer);
        return `  <div><span style="font-weight:bold;">${escapeHtml(question)}:</span> ${label}</div>\n`;
      })
      .join('') +
    '</div>',
};

/** The answer of a field as escaped HTML; "" when it has none. */
function answerOf(ctx: FormatContext, field: Values): string {
  const type = scalarText(field.type);
  if (type === 'checkbox') {
    const choices = Array.isArray(field.values) ? field.values.map(htmlText).filter(Boolean) : [];
    // A checkbox with one static value carries it as `value`, like a text field.
    return choices.length === 0 ? htmlText(field.value) : `${choices.join(', ')}\n`;
  }
  const layout = Object.hasOwn(STRUCTURED_ANSWERS, type) ? STRUCTURED_ANSWERS[type] : undefined;
  if (!layout) return htmlText(field.value);
  return isObject(field.values) && isTruthy(field.values) ? layout(field.values, ctx) : '';
}

/** The summary markup of a form field; empty when the value is not a field object. */
export function formFieldSummaryMarkup(ctx: FormatContext, field: unknown): string {
  if (!isObject(field)) return '';
  const answer = answerOf(ctx, field) || escapeHtml(localizedText(ctx, 'productSummaryFormNoAnswerText', 'N/A'));
  return (
    '<div style="font-size:11px; margin-top:3px">\n' +
    `  <span style="font-weight:bold;">${htmlText(field.rawTitle)}:</span> ${answer}\n` +
    '</div>'
  );
}

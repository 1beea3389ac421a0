import { useId, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { fieldParts, LIKERT_SCALE } from '../../contract/form-field-parts';
import type { FormField } from '../../contract/form-fields';
import type { FieldValue, FormValues } from './field-values';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';
import type { PlacesContext } from '../../runtime/http/places';
import { AddressSuggest } from './address-suggest';
import { useControlClass } from '../ui/controls';

const t = translator(FORM_STRINGS);

/** Catalog keys of the part and likert labels of contract/form-fields.ts, by English label. */
const PART_LABEL_KEYS = new Map(
  Object.entries(FORM_STRINGS)
    .filter(([key]) => key.startsWith('form.part.'))
    .map(([key, english]) => [english as string, key as keyof typeof FORM_STRINGS]),
);

/** A part or likert label in the store's language (labels the catalog does not know stay as they are). */
function partLabel(label: string): string {
  const key = PART_LABEL_KEYS.get(label);
  return key ? t(key) : label;
}

export interface FormFieldProps {
  field: FormField;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
  /** Heading level of a section's title (3 by default, under a dialog's h2). */
  sectionHeadingLevel?: 2 | 3 | 4;
  /** Where address suggestions' details calls come from (a product page passes its context). */
  placesContext?: PlacesContext;
}

const INPUT_TYPES: Record<string, string> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
};

function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="store-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

/** One field of a form: its error above the title, then the title, then the control(s). */
export function FormFieldView({
  field,
  value,
  error,
  onChange,
  sectionHeadingLevel = 3,
  placesContext,
}: FormFieldProps) {
  const id = useId();
  const inputClass = useControlClass('input');
  const selectClass = useControlClass('select');
  const labelClass = useControlClass('label', 'store-field__title');
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const counterId = `${id}-counter`;
  const counted = field.type === 'textarea' && field.maxLength !== undefined;
  const describedBy =
    [error ? errorId : '', field.description ? descriptionId : '', counted ? counterId : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = error ? true : undefined;

  if (field.type === 'hidden') return null;
  if (field.type === 'section') {
    const SectionHeading = `h${sectionHeadingLevel}` as const;
    return (
      <div className="store-field store-field--section">
        <SectionHeading className="store-field__section-title">{field.title}</SectionHeading>
        {field.description ? <p className="store-field__description">{field.description}</p> : null}
      </div>
    );
  }

  const errorView = error ? (
    <p className="store-field__error" id={errorId}>
      {error}
    </p>
  ) : null;
  const description = field.description ? (
    <p className="store-field__description" id={descriptionId}>
      {field.description}
    </p>
  ) : null;

  const title = (
    <>
      {field.title}
      <RequiredMark required={field.required} />
    </>
  );
  /** The field's frame: error first, then the title (a legend for groups of controls), description, controls. */
  const frame = (grouped: boolean, controls: ReactNode) => (
    <div
      className={`store-field store-field--${field.type}${error ? ' store-field--error' : ''}`}
      data-field-id={field.id}
    >
      {errorView}
      {grouped ? (
        <fieldset aria-describedby={describedBy} aria-invalid={invalid}>
          <legend className={labelClass}>{title}</legend>
          {description}
          {controls}
        </fieldset>
      ) : (
        <>
          <label className={labelClass} htmlFor={id}>
            {title}
          </label>
          {description}
          {controls}
        </>
      )}
    </div>
  );

  const parts = fieldParts(field);
  if (parts) {
    const current = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
      string,
      string
    >;
    return frame(
      true,
      <div className="store-field__parts">
        {parts.map((part) => {
          const partProps = {
            className: part.choices ? selectClass : inputClass,
            name: `${field.id}-${part.key}`,
            value: current[part.key] ?? '',
            'aria-required': field.required && !part.optional ? true : undefined,
            'aria-invalid': invalid,
            'aria-describedby': error ? errorId : undefined,
          } as const;
          if (field.type === 'address' && part.key === 'Line1') {
            return (
              <AddressSuggest
                key={part.key}
                label={partLabel(part.label)}
                value={partProps.value}
                inputProps={partProps}
                placesContext={placesContext}
                onType={(typed) => onChange({ ...current, [part.key]: typed })}
                onPlace={(address) => onChange({ ...current, ...address })}
              />
            );
          }
          return (
            <label key={part.key} className="store-field__part">
              <span className="store-field__part-label">{partLabel(part.label)}</span>
              {part.choices ? (
                <select {...partProps} onChange={(event) => onChange({ ...current, [part.key]: event.target.value })}>
                  <option value="">–</option>
                  {part.choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...partProps}
                  type="text"
                  inputMode={part.numeric ? 'numeric' : undefined}
                  onChange={(event) => onChange({ ...current, [part.key]: event.target.value })}
                />
              )}
            </label>
          );
        })}
      </div>,
    );
  }

  if (field.type === 'likert') {
    const answers = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
      string,
      string
    >;
    return frame(
      true,
      field.options.map((question, index) => (
        <fieldset key={question} className="store-likert__question">
          <legend className="store-likert__legend">{question}</legend>
          <div className="store-likert__scale">
            {LIKERT_SCALE.map((step) => (
              <label key={step.value} className="store-field__choice store-likert__choice">
                <input
                  type="radio"
                  name={`${field.id}-${index}`}
                  value={step.value}
                  checked={answers[question] === step.value}
                  aria-invalid={invalid && (answers[question] ?? '') === '' ? true : undefined}
                  onChange={() => onChange({ ...answers, [question]: step.value })}
                />
                {partLabel(step.label)}
              </label>
            ))}
          </div>
        </fieldset>
      )),
    );
  }

  if (field.type === 'radio' || field.type === 'checkbox') {
    const checked = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
    return frame(
      true,
      field.options.map((option) => (
        <label key={option} className="store-field__choice">
          <input
            type={field.type}
            name={field.id}
            value={option}
            checked={checked.includes(option)}
            onChange={(event) => {
              if (field.type === 'radio') onChange(option);
              else onChange(event.target.checked ? [...checked, option] : checked.filter((o) => o !== option));
            }}
          />
          {option}
        </label>
      )),
    );
  }

  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    name: field.id,
    value: text,
    'aria-required': field.required ? true : undefined,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  } as const;

  let control;
  if (field.type === 'textarea') {
    const over = field.maxLength !== undefined && text.length > field.maxLength;
    control = (
      <>
        <textarea
          {...common}
          className={inputClass}
          placeholder={field.placeholder}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
        />
        {counted ? (
          <>
            <p className={`store-field__counter${over ? ' store-field__counter--over' : ''}`} id={counterId}>
              {t('form.counter', { count: String(text.length), max: String(field.maxLength) })}
            </p>
            {/* Says so once when the text goes over the limit, instead of reading every keystroke's count. */}
            <span className="store-visually-hidden" aria-live="polite">
              {over ? t('form.overLimit') : ''}
            </span>
          </>
        ) : null}
      </>
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} className={selectClass} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('form.selectOption')}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        className={inputClass}
        placeholder={field.placeholder}
        type={INPUT_TYPES[field.type] ?? 'text'}
        // An amount may be written "1,250.50", which a number input would drop.
        inputMode={field.type === 'currency' ? 'decimal' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return frame(false, control);
}

/** The first control of a field in error below `root`, if any. */
export function firstFieldInError(root: HTMLElement | null): HTMLElement | null {
  return (
    root?.querySelector<HTMLElement>(
      '.store-field--error input, .store-field--error textarea, .store-field--error select',
    ) ?? null
  );
}

interface FormFieldListProps extends Pick<FormFieldProps, 'sectionHeadingLevel' | 'placesContext'> {
  fields: FormField[];
  values: FormValues;
  errors: Record<string, string>;
  setValues: Dispatch<SetStateAction<FormValues>>;
}

/** Every field of a form, each answer kept in `values` under its field's id. */
export function FormFieldList({ fields, values, errors, setValues, ...rest }: FormFieldListProps) {
  return fields.map((field) => (
    <FormFieldView
      key={field.id}
      field={field}
      value={values[field.id]}
      error={errors[field.id]}
      {...rest}
      onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
    />
  ));
}

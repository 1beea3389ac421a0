import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialValues, isEmptyAnswer, requiredErrors } from './field-values';
import { fieldParts } from '../../contract/form-field-parts';
import { parseFormDefinition } from './form-definition';
import { resetStoreContext } from '../../runtime/session/store-context';

describe('the shared field model', () => {
  const form = parseFormDefinition(
    JSON.stringify({
      id: 'f',
      name: 'F',
      fields: [
        { id: 'survey', type: 'likert', title: 'Survey', required: true, options: ['Fast', 'Kind'] },
        { id: 'phone', type: 'phone', title: 'Phone', required: true, showCountryCode: true },
        { id: 'plain', type: 'phone', title: 'Plain', required: false },
        { id: 'source', type: 'hidden', title: '', key: 'utm_source', value: 'direct' },
      ],
    }),
  );

  it('reads likert fields, the hidden key and showCountryCode', () => {
    expect(form?.fields.map((f) => [f.type, f.key, f.showCountryCode])).toEqual([
      ['likert', undefined, undefined],
      ['phone', undefined, true],
      ['phone', undefined, undefined],
      ['hidden', 'utm_source', undefined],
    ]);
  });

  it('gives a phone a country-code part first only with showCountryCode, and it is optional', () => {
    expect(fieldParts({ type: 'phone', showCountryCode: true })?.map((p) => [p.key, p.optional ?? false])).toEqual([
      ['Country', true],
      ['Areacode', false],
      ['Prefix', false],
      ['Line', false],
    ]);
    expect(fieldParts({ type: 'phone' })?.map((p) => p.key)).toEqual(['Areacode', 'Prefix', 'Line']);
  });

  it('starts likert answers empty per question, and a required likert needs every question answered', () => {
    if (!form) throw new Error('no form');
    const values = initialValues(form);
    expect(values.survey).toEqual({ Fast: '', Kind: '' });
    expect(values.phone).toEqual({ Country: '', Areacode: '', Prefix: '', Line: '' });
    expect(values.source).toBe('direct');
    const likert = form.fields[0];
    if (!likert) throw new Error('no field');
    expect(isEmptyAnswer(likert, { Fast: '1', Kind: '' })).toBe(true);
    expect(isEmptyAnswer(likert, { Fast: '1', Kind: '-2' })).toBe(false);
    const filled = {
      ...values,
      survey: { Fast: '1', Kind: '0' },
      phone: { Country: '', Areacode: '1', Prefix: '2', Line: '3' },
    };
    expect(requiredErrors(form, filled)).toEqual({});
    expect(requiredErrors(form, values)).toEqual({ survey: 'Required', phone: 'Required' });
  });
});

describe('parseFormDefinition on arbitrary input', () => {
  it('accepts any text and keeps only well-formed entries', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        const form = parseFormDefinition(text);
        if (form) expect(form.fields.every((f) => typeof f.id === 'string' && Array.isArray(f.options))).toBe(true);
      }),
    );
  });
});

describe('the vanilla form handler flag', () => {
  const definition = () =>
    parseFormDefinition(
      JSON.stringify({
        name: 'F',
        fields: [
          { id: 'note', type: 'textarea', title: 'Note', maxLength: 20 },
          { id: 'subject', type: 'text', title: 'Subject', maxLength: 10 },
        ],
      }),
    )?.fields.map((f) => [f.id, f.maxLength]);
  const withContext = (context: object | null) => {
    document.head.innerHTML =
      context === null ? '' : `<script type="application/json" id="store-context">${JSON.stringify(context)}</script>`;
    resetStoreContext();
  };

  it('keeps a textarea maxLength while the flag is on, or the page lists no named flags', () => {
    withContext({ featureFlags: ['vanilla-form-handler'] });
    expect(definition()).toEqual([
      ['note', 20],
      ['subject', 10],
    ]);
    withContext(null);
    expect(definition()).toEqual([
      ['note', 20],
      ['subject', 10],
    ]);
  });

  it('drops only the textarea maxLength while the page lists named flags without it', () => {
    withContext({ featureFlags: ['reviews-kill-switch'] });
    expect(definition()).toEqual([
      ['note', undefined],
      ['subject', 10],
    ]);
    withContext(null);
  });
});

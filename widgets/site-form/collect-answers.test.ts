import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../contract/form-fields';
import { collectAnswers } from './collect-answers';

const FORM = {
  id: 'f',
  name: 'F',
  fields: [{ id: 'source', type: 'hidden', title: 'Source', required: false, key: 'utm_source', value: 'direct' }],
} as unknown as FormDefinition;

const filler = (n: number) => Array.from({ length: n }, (_, i) => `x${i}=1`).join('&');

describe('hidden fields from the query string', () => {
  it('read the first 1000 parameters only: a value past them falls back to the field value', () => {
    expect(collectAnswers(FORM, {}, '', `?${filler(999)}&utm_source=mail`).source).toBe('mail');
    expect(collectAnswers(FORM, {}, '', `?${filler(1000)}&utm_source=mail`).source).toBe('direct');
  });
});

import { Hono } from 'hono';
import { checkAnswers } from '../store/check-answers';
import type { Db } from '../store/db';
import { createSubmissionKey, saveFormSubmission } from '../store/form-submissions';
import { getForm, getFormDefinition } from '../store/forms';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';

/** Field types a form may hold and the properties an owner can edit on each (platform spec, section 3). */
export const FORM_FIELD_SCHEMA = [
  { type: 'text', properties: ['title', 'description', 'required', 'placeholder', 'maxLength'] },
  { type: 'textarea', properties: ['title', 'description', 'required', 'placeholder', 'maxLength'] },
  { type: 'email', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'number', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'currency', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'website', properties: ['title', 'description', 'required', 'placeholder'] },
  { type: 'password', properties: ['title', 'description', 'required'] },
  { type: 'phone', properties: ['title', 'description', 'required', 'showCountryCode'] },
  { type: 'name', properties: ['title', 'description', 'required'] },
  { type: 'address', properties: ['title', 'description', 'required'] },
  { type: 'date', properties: ['title', 'description', 'required'] },
  { type: 'time', properties: ['title', 'description', 'required'] },
  { type: 'section', properties: ['title', 'description'] },
  { type: 'radio', properties: ['title', 'description', 'required', 'options'] },
  { type: 'checkbox', properties: ['title', 'description', 'required', 'options'] },
  { type: 'select', properties: ['title', 'description', 'required', 'options'] },
  { type: 'likert', properties: ['title', 'description', 'required', 'options'] },
  { type: 'hidden', properties: ['key', 'value'] },
] as const;

/** The form-level message sent with field errors (storefront spec, section 5). */
export const FORM_INVALID = 'One or more fields is invalid, please check your entries.';
/** 404 of an unknown form (definition and submission). */
export const FORM_NOT_CONFIGURED = 'This form has not been configured yet.';
/** 401 of a missing, used or expired submission key. */
export const FORM_KEY_REFUSED = 'Unable to submit form. Please try again later.';

/** Template schema, form definitions, server-side validation and site-form submissions. */
export function formRoutes(db: Db): Hono {
  const app = new Hono();

  app.get('/api/template/GetTemplateSchema', (c) => {
    const type = c.req.query('type');
    if (type !== 'form') throw new HttpError(400, "Unknown schema type: only 'form' is available.");
    const id = c.req.query('id');
    if (id === undefined) return c.json({ type: 'form', fieldTypes: FORM_FIELD_SCHEMA });
    const form = getFormDefinition(db, id);
    if (!form) throw new HttpError(404, FORM_NOT_CONFIGURED);
    return c.json(form);
  });

  app.post('/api/rest/forms/validate/:formId', async (c) => {
    const form = getForm(db, c.req.param('formId'));
    if (!form) throw new HttpError(404, 'This form does not exist.');
    const { errors } = checkAnswers(form, await readJsonObject(c));
    if (Object.keys(errors).length > 0) return c.json({ message: 'Some fields are invalid.', errors }, 400);
    return c.json({ valid: true });
  });

  app.post('/api/form/FormSubmissionKey', (c) => c.json({ key: createSubmissionKey(db) }));

  // Statuses are the contract the site form maps to its messages (storefront spec, section 8).
  app.post('/api/form/SaveFormSubmission', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = await readJsonObject(c);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return c.json({ message: error.message, error: error.message }, error.status);
    }
    const outcome = saveFormSubmission(db, body);
    switch (outcome.kind) {
      case 'stored':
      case 'ignored':
        return c.json({});
      case 'unknown-form':
        return c.json({ message: FORM_NOT_CONFIGURED }, 404);
      case 'bad-key':
        return c.json({ message: FORM_KEY_REFUSED }, 401);
      case 'fields':
        return c.json({ message: FORM_INVALID, errors: outcome.errors }, 400);
      case 'invalid':
        return c.json({ message: outcome.error, error: outcome.error }, 400);
    }
  });

  return app;
}

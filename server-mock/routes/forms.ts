import { Hono } from 'hono';
import type { Db } from '../store/db';
import { getForm, validateAnswers } from '../store/forms';
import { HttpError, readJsonObject } from '../middleware/json-body';

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

/** Template schema and server-side form validation. */
export function formRoutes(db: Db): Hono {
  const app = new Hono();

  app.get('/api/template/GetTemplateSchema', (c) => {
    const type = c.req.query('type');
    if (type !== 'form') throw new HttpError(400, "Unknown schema type: only 'form' is available.");
    return c.json({ type: 'form', fieldTypes: FORM_FIELD_SCHEMA });
  });

  app.post('/api/rest/forms/validate/:formId', async (c) => {
    const form = getForm(db, c.req.param('formId'));
    if (!form) throw new HttpError(404, 'This form does not exist.');
    const errors = validateAnswers(form, await readJsonObject(c));
    if (Object.keys(errors).length > 0) return c.json({ message: 'Some fields are invalid.', errors }, 400);
    return c.json({ valid: true });
  });

  return app;
}

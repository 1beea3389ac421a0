import { textareaMaxLengthOn } from '../../contract/feature-flags';
import { commerceSettings } from '../store/settings';
import { Hono } from 'hono';
import { FORM_FIELD_SCHEMA } from '../../contract/form-fields';
import { FORM_SUBMISSION_MESSAGES } from '../../contract/messages';
import type { SubmissionKeyResponse } from '../../contract/site-forms';
import { checkAnswers } from '../store/check-answers';
import type { CaptchaCheck } from '../store/captcha';
import type { Db } from '../store/db';
import { createSubmissionKey, saveFormSubmission, type SubmissionOutcome } from '../store/form-submissions';
import { getForm, getFormDefinition } from '../store/forms';
import { HttpError } from '../http/http-error';
import { readJsonObject } from '../http/read-json-object';

/** A submission's answer: success (200 `{}`) or the status and body the site form maps to its messages. */
export type SubmissionAnswer =
  | { status: 200; answer: Record<string, never> }
  | { status: 400 | 401 | 404; answer: { message: string; error?: string; errors?: Record<string, string> } };

/**
 * What became of a submission as the call answers it (storefront spec, section 8): the JSON call
 * and the site form pages' own form (without JavaScript) answer through here.
 */
export function submissionAnswer(outcome: SubmissionOutcome): SubmissionAnswer {
  switch (outcome.kind) {
    case 'stored':
    case 'ignored':
      return { status: 200, answer: {} };
    case 'unknown-form':
      return { status: 404, answer: { message: FORM_SUBMISSION_MESSAGES.notConfigured } };
    case 'bad-key':
      return { status: 401, answer: { message: FORM_SUBMISSION_MESSAGES.unauthorized } };
    case 'fields':
      return { status: 400, answer: { message: FORM_SUBMISSION_MESSAGES.invalidFields, errors: outcome.errors } };
    case 'invalid':
      return { status: 400, answer: { message: outcome.error, error: outcome.error } };
  }
}

/** Template schema, form definitions, server-side validation and site-form submissions (CAPTCHA by `captcha`). */
export function formRoutes(db: Db, captcha: CaptchaCheck): Hono {
  const app = new Hono();

  app.get('/template/GetTemplateSchema', (c) => {
    const type = c.req.query('type');
    if (type !== 'form') throw new HttpError(400, "Unknown schema type: only 'form' is available.");
    const id = c.req.query('id');
    if (id === undefined) {
      // Without the vanilla form handler flag a textarea has no maxLength property to edit.
      const limited = textareaMaxLengthOn(commerceSettings(db).featureFlags);
      const fieldTypes = FORM_FIELD_SCHEMA.map((t) =>
        t.type === 'textarea' && !limited ? { ...t, properties: t.properties.filter((p) => p !== 'maxLength') } : t,
      );
      return c.json({ type: 'form', fieldTypes });
    }
    const form = getFormDefinition(db, id);
    if (!form) throw new HttpError(404, FORM_SUBMISSION_MESSAGES.notConfigured);
    return c.json(form);
  });

  app.post('/rest/forms/validate/:formId', async (c) => {
    const form = getForm(db, c.req.param('formId'));
    if (!form) throw new HttpError(404, 'This form does not exist.');
    const { errors } = checkAnswers(form, await readJsonObject(c));
    if (Object.keys(errors).length > 0) return c.json({ message: 'Some fields are invalid.', errors }, 400);
    return c.json({ valid: true });
  });

  app.post('/form/FormSubmissionKey', (c) => c.json({ key: createSubmissionKey(db) } satisfies SubmissionKeyResponse));

  // Statuses are the contract the site form maps to its messages (storefront spec, section 8).
  app.post('/form/SaveFormSubmission', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = await readJsonObject(c);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return c.json({ message: error.message, error: error.message }, error.status);
    }
    const { status, answer } = submissionAnswer(await saveFormSubmission(db, body, captcha));
    return c.json(answer, status);
  });

  return app;
}

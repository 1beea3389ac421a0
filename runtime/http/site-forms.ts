import { http } from './client';
import type { FormSubmission, SubmissionKeyResponse } from '../../contract/site-forms';

/**
 * Site-form calls. Their failures are not mapped here: the site form shows its own messages
 * per status (storefront spec, section 8), so callers get ky's errors as they are.
 */

/** POST for a one-time submission key (empty body, credentials included). */
export function fetchSubmissionKey(): Promise<SubmissionKeyResponse> {
  return http().post('/api/form/FormSubmissionKey', { credentials: 'include' }).json<SubmissionKeyResponse>();
}

/** POST the submission. */
export function saveFormSubmission(submission: FormSubmission): Promise<unknown> {
  return http().post('/api/form/SaveFormSubmission', { json: submission, credentials: 'include' }).json<unknown>();
}

/** GET a site form's definition. */
export function fetchFormDefinition(formId: string): Promise<unknown> {
  return http()
    .get('/api/template/GetTemplateSchema', { searchParams: { type: 'form', id: formId } })
    .json<unknown>();
}

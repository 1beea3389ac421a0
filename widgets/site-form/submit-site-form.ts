import { isHttpError } from '../../runtime/http/client';
import { fetchSubmissionKey, saveFormSubmission } from '../../runtime/http/site-forms';
import type { ApiErrorBody } from '../../contract/api-error';
import type { FormSubmission } from '../../contract/site-forms';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { FORM_STRINGS } from '../../contract/widget-messages/form';
import { translator } from '../../runtime/i18n/t';

const t = translator({ ...ERROR_STRINGS, ...FORM_STRINGS });

/** The page the form sits on, sent with every submission. */
export interface PageFields {
  pageTitle: string;
  pageId: string;
  contentSource: 'i' | 'c';
  pagePath: string;
  pagePermissionTypeValue: number;
}

export type SubmitOutcome =
  | { ok: true }
  /** `fieldErrors` (field id -> message) when the server rejected fields, else `message`. */
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

export interface SubmitRequest {
  formId: string;
  /** JSON text of the answers keyed by field id. */
  form: string;
  captchaKey?: string;
  page: PageFields;
}

function bodyOf(data: unknown): ApiErrorBody {
  return data && typeof data === 'object' ? (data as ApiErrorBody) : {};
}

/** Field errors of a 400 answer: only string messages count. */
function fieldErrorsOf(body: ApiErrorBody): Record<string, string> {
  const errors: Record<string, string> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [id, message] of Object.entries(body.errors)) {
      if (typeof message === 'string' && message.trim() !== '') errors[id] = message;
    }
  }
  return errors;
}

/** A failed SaveFormSubmission as the visitor reads it (storefront spec, section 8). */
export function submissionFailure(error: unknown): Extract<SubmitOutcome, { ok: false }> {
  if (!isHttpError(error)) return { ok: false, message: t('form.processing') };
  const status = error.response.status;
  const body = bodyOf(error.data);
  switch (status) {
    case 401:
      return { ok: false, message: t('form.unauthorized') };
    case 404:
      return { ok: false, message: t('form.notConfigured') };
    case 429:
      return { ok: false, message: t('form.rateLimited') };
    case 500:
      return { ok: false, message: t('form.serverError') };
  }
  if (status === 400) {
    const fieldErrors = fieldErrorsOf(body);
    if (Object.keys(fieldErrors).length > 0) {
      return { ok: false, message: t('form.invalidFields'), fieldErrors };
    }
  }
  if (typeof body.error === 'string' && body.error.trim() !== '') return { ok: false, message: body.error };
  // The anti-forgery check of every call (a stale page): the storefront's own message for it.
  if (body.crumbFail) return { ok: false, message: t('error.sessionExpired') };
  return { ok: false, message: t('form.unknown') };
}

/**
 * One submission: a fresh one-time key, then the answers with the page fields. Never
 * throws; the outcome carries the message to show.
 */
export async function submitSiteForm(request: SubmitRequest): Promise<SubmitOutcome> {
  let key: string;
  try {
    const answer: unknown = await fetchSubmissionKey();
    const value = answer && typeof answer === 'object' ? (answer as { key?: unknown }).key : undefined;
    if (typeof value !== 'string' || value === '') return { ok: false, message: t('form.noKey') };
    key = value;
  } catch (error) {
    // Being over the submission rate already shows on the key call: say so rather than blame the key.
    if (isHttpError(error) && error.response.status === 429) {
      return { ok: false, message: t('form.rateLimited') };
    }
    return { ok: false, message: t('form.noKey') };
  }

  const submission: FormSubmission = {
    formId: request.formId,
    key,
    form: request.form,
    captchaKey: request.captchaKey ?? '',
    ...request.page,
  };
  try {
    await saveFormSubmission(submission);
    return { ok: true };
  } catch (error) {
    return submissionFailure(error);
  }
}

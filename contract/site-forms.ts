/** Wire shapes of the site-form calls (storefront spec, section 3). */

/** POST /api/form/FormSubmissionKey */
export interface SubmissionKeyResponse {
  key: string;
}

/** POST /api/form/SaveFormSubmission: the submission, plus the page it was sent from. */
export interface FormSubmission {
  formId: string;
  key: string;
  /** JSON text of the answers keyed by field id. */
  form: string;
  captchaKey?: string;
  pageTitle: string;
  pageId: string;
  /** 'i' for an item, 'c' for a collection. */
  contentSource: 'i' | 'c';
  pagePath: string;
  pagePermissionTypeValue: number;
}

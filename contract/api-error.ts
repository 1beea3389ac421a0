/** The error body of failing calls (storefront spec, section 7). */

/** Field id -> message, as the forms validation call returns on failure. */
export type FieldErrors = Record<string, string>;

/** The JSON error body every failing API call returns. */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  crumbFail?: boolean;
  errors?: FieldErrors;
}

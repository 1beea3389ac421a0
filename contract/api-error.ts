/** The error body of failing calls (storefront spec, section 7). */

/** Field id -> message, as the forms validation call returns on failure. */
export type FieldErrors = Record<string, string>;

/** The JSON error body every failing API call returns. */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  crumbFail?: boolean;
  /** With `crumbFail`: the call carried a crumb we handed out but no cookie (third-party cookies blocked). */
  cookiesBlocked?: boolean;
  /** The page's origin is not one the store allows (cross-origin embedding). */
  originRefused?: boolean;
  errors?: FieldErrors;
}

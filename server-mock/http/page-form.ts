import type { Context } from 'hono';
import { CRUMB_COOKIE, isFormCrumbValid } from '../middleware/crumb';
import { refuseControlCharacters } from '../validation/payload-check';
import { FORM_KEY_FIELD, isFormKey } from './form-key';
import { requestCookie } from './request-cookie';

/** A posted HTML form's fields; a name given several times (checkboxes) keeps every value. */
export type FormFields = Readonly<Record<string, string | readonly string[]>>;

/** Why a page form was not acted on (each page words it in its own message). */
export type PageFormRefusal = 'rate-limited' | 'session-expired' | 'cookies-off';

/** The status of the re-rendered page for each refusal. */
export const REFUSAL_STATUS = { 'rate-limited': 429, 'session-expired': 403, 'cookies-off': 403 } as const;

/** The first value posted under `name` ('' when none). */
export function fieldText(fields: FormFields, name: string): string {
  const value = fields[name];
  return (typeof value === 'string' ? value : value?.[0]) ?? '';
}

/** Every value posted under `name`. */
export function fieldList(fields: FormFields, name: string): string[] {
  const value = fields[name];
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
}

/**
 * The fields of a posted HTML form; a body that is not a readable form has none. A field holding
 * a control character is refused (400, the error page saying which).
 */
export async function readFormFields(c: Context): Promise<FormFields> {
  const fields: Record<string, string | string[]> = {};
  try {
    const body = await c.req.parseBody({ all: true });
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[name] = value;
      else if (Array.isArray(value)) fields[name] = value.filter((v): v is string => typeof v === 'string');
    }
  } catch {
    return {};
  }
  refuseControlCharacters(fields);
  return fields;
}

/**
 * Why a posted page form must not be acted on, if it must not: a crumb field that does not match
 * the visitor's crumb cookie (the API's CSRF check, on a hidden field instead of the header), or
 * no one-time form key (a page rendered before forms had one: it is reloaded). The rate limits
 * answer before the handler runs (see `refusesWith`).
 */
export function pageFormRefusal(c: Context, fields: FormFields): PageFormRefusal | undefined {
  if (!isFormCrumbValid(c, fields.crumb)) {
    return requestCookie(c, CRUMB_COOKIE) === undefined ? 'cookies-off' : 'session-expired';
  }
  return isFormKey(fieldText(fields, FORM_KEY_FIELD)) ? undefined : 'session-expired';
}

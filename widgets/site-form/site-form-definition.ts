import { type FormDefinition } from '../../contract/form-fields';
import { toFormDefinition } from '../additional-fields/form-definition';

/** A site form as `data-form` or `GET /api/template/GetTemplateSchema?type=form&id=…` describes it. */
export interface SiteFormDefinition extends FormDefinition {
  /** Text or trusted HTML shown instead of the form after a submission (its scripts run). */
  successMessage?: string;
  /** Where to go after a submission, instead of showing the success message. */
  successRedirect?: string;
  /** Ask for a CAPTCHA before submitting. */
  captcha: boolean;
  /** A newsletter form: no messages around the form, only field errors and the status. */
  newsletter: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Reads a site form definition from parsed JSON; null unless it is an object with a list of fields. */
export function toSiteFormDefinition(raw: unknown): SiteFormDefinition | null {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { fields?: unknown }).fields)) return null;
  const base = toFormDefinition(raw);
  if (!base) return null;
  const source = raw as Record<string, unknown>;
  const definition: SiteFormDefinition = {
    ...base,
    captcha: source.captcha === true,
    newsletter: source.newsletter === true,
  };
  const successMessage = text(source.successMessage);
  if (successMessage) definition.successMessage = successMessage;
  const successRedirect = text(source.successRedirect);
  if (successRedirect) definition.successRedirect = successRedirect;
  return definition;
}

/** Reads a site form definition from JSON text (`data-form`); malformed text gives null. */
export function parseSiteFormDefinition(json: string | undefined | null): SiteFormDefinition | null {
  if (!json) return null;
  try {
    return toSiteFormDefinition(JSON.parse(json));
  } catch {
    return null;
  }
}

import { verifyCaptcha, type CaptchaCheck } from '../store/captcha';
import type { Db } from '../store/db';

/**
 * Where the store's CAPTCHA tokens are verified (a setting, see docs/deploying.md):
 * - `test`: the local test provider of the demo store (`/captcha/test-provider.js`,
 *   `POST /api/captcha/test-token`); refused in production, where anyone could mint its tokens.
 * - `siteverify`: a reCAPTCHA-compatible service: each token is POSTed with the secret to
 *   `verifyUrl` (`secret`, `response`, form-encoded) and is good when it answers `{"success": true}`.
 */
export type CaptchaProvider = { kind: 'test' } | SiteverifyProvider;

export interface SiteverifyProvider {
  kind: 'siteverify';
  /** The public site key the pages' widget is rendered with. */
  siteKey: string;
  /** The provider's browser script. */
  scriptUrl: string;
  /** The provider's verification endpoint. */
  verifyUrl: string;
  /** The secret shared with the provider (never sent to pages or stored in the database). */
  secret: string;
  /** Origins the provider's script loads scripts and frames from, allowed by the pages' CSP. */
  cspSources: readonly string[];
}

/** reCAPTCHA's endpoints, the defaults of a `siteverify` provider. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/** How long a verification may take before the token counts as not verified. */
export const SITEVERIFY_TIMEOUT_MS = 10_000;
/** Longest token sent on (reCAPTCHA's are about 2,000 characters). */
const MAX_TOKEN_LENGTH = 8_192;

/** Answers no token is good for: a store without a provider fails closed. */
const refuseAll: CaptchaCheck = () => Promise.resolve(false);

/**
 * The token check of `provider`; every token fails without one. A siteverify check fails closed
 * on a network error, a timeout, a non-2xx answer or an answer that is not `success: true`.
 */
export function captchaCheck(db: Db, provider: CaptchaProvider | undefined, fetcher = fetch): CaptchaCheck {
  if (!provider) return refuseAll;
  if (provider.kind === 'test') return (token) => Promise.resolve(verifyCaptcha(db, token));
  return async (token) => {
    if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) return false;
    try {
      const response = await fetcher(provider.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: provider.secret, response: token }).toString(),
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const answer = (await response.json()) as unknown;
      return typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === true;
    } catch {
      return false;
    }
  };
}

/** The script's origin; reCAPTCHA's script also loads code from gstatic and may frame recaptcha.google.com. */
function defaultCspSources(scriptUrl: string): string {
  try {
    const { origin } = new URL(scriptUrl);
    return scriptUrl === RECAPTCHA_SCRIPT_URL
      ? `${origin} https://www.gstatic.com https://recaptcha.google.com`
      : origin;
  } catch {
    return '';
  }
}

/** Whether `url` is https, or http on this machine (a local stand-in for tests). */
function isSafeServiceUrl(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || (protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname));
  } catch {
    return false;
  }
}

/**
 * The production store's CAPTCHA provider from the environment: `CAPTCHA_PROVIDER` is
 * `siteverify` (the default when `CAPTCHA_SECRET` is set: then `CAPTCHA_SITE_KEY` is needed too,
 * `CAPTCHA_VERIFY_URL` and `CAPTCHA_SCRIPT_URL` default to reCAPTCHA's) or `none` (the default
 * otherwise: no CAPTCHA is offered and every token fails); `test` is refused. `problems` names
 * every setting at fault.
 */
export function productionCaptchaFromEnv(env: NodeJS.ProcessEnv): {
  provider: SiteverifyProvider | undefined;
  problems: string[];
} {
  const kind = env.CAPTCHA_PROVIDER || (env.CAPTCHA_SECRET ? 'siteverify' : 'none');
  if (kind === 'none') return { provider: undefined, problems: [] };
  if (kind === 'test') {
    return {
      provider: undefined,
      problems: [
        "CAPTCHA_PROVIDER=test is the demo store's test provider, whose tokens anyone can mint: set CAPTCHA_SECRET and CAPTCHA_SITE_KEY of a reCAPTCHA-compatible provider, or CAPTCHA_PROVIDER=none.",
      ],
    };
  }
  if (kind !== 'siteverify') {
    return { provider: undefined, problems: [`CAPTCHA_PROVIDER must be siteverify or none, not ${kind}.`] };
  }
  const problems: string[] = [];
  const secret = env.CAPTCHA_SECRET ?? '';
  const siteKey = env.CAPTCHA_SITE_KEY ?? '';
  const verifyUrl = env.CAPTCHA_VERIFY_URL || RECAPTCHA_VERIFY_URL;
  const scriptUrl = env.CAPTCHA_SCRIPT_URL || RECAPTCHA_SCRIPT_URL;
  const cspSources = (env.CAPTCHA_CSP_SOURCES ?? defaultCspSources(scriptUrl)).split(/[\s,]+/).filter(Boolean);
  if (secret === '') problems.push('CAPTCHA_SECRET must be set: the provider checks tokens with it.');
  if (siteKey === '') problems.push('CAPTCHA_SITE_KEY must be set: pages render the CAPTCHA with it.');
  if (!isSafeServiceUrl(verifyUrl)) problems.push(`CAPTCHA_VERIFY_URL must be an https URL, not ${verifyUrl}.`);
  if (!isSafeServiceUrl(scriptUrl)) problems.push(`CAPTCHA_SCRIPT_URL must be an https URL, not ${scriptUrl}.`);
  const badSources = cspSources.filter((source) => !isSafeServiceUrl(source));
  if (badSources.length) problems.push(`CAPTCHA_CSP_SOURCES must list https origins, not ${badSources.join(', ')}.`);
  return problems.length
    ? { provider: undefined, problems }
    : { provider: { kind: 'siteverify', siteKey, scriptUrl, verifyUrl, secret, cspSources }, problems };
}

import { productionCaptchaFromEnv, type SiteverifyProvider } from './captcha/captcha-provider';
import { normalizeOrigin } from './middleware/cors';
import type { RateLimitOptions } from './middleware/rate-limit';
import { trimChar } from '../contract/trim-char';
import type { StoreMode } from './app';

/** What the server is started with, read from the environment (docs/configuration.md). */
export interface ServerSettings {
  mode: StoreMode;
  port: number;
  file: string;
  publicOrigin: string | undefined;
  submitRateLimit: RateLimitOptions | undefined;
  rateLimit: RateLimitOptions | undefined;
  addressRateLimit: RateLimitOptions | undefined;
  stockHoldMinutes: number | undefined;
  scarceStock: number | undefined;
  allowedOrigins: string[] | undefined;
  assetBaseUrl: string | undefined;
  /** Production's CAPTCHA provider, when one is set up whole. */
  captcha: SiteverifyProvider | undefined;
  /** Every setting that is wrong, each with its reason: the server starts only when there is none. */
  problems: string[];
}

/**
 * Reads every setting of `env`, naming every malformed one at once (`problems`) instead of
 * stopping at the first, so an operator fixes them in one go.
 */
export function readServerSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const problems: string[] = [];
  const set = (name: string) => (env[name] ? env[name] : undefined);

  const rateLimit = (name: string): RateLimitOptions | undefined => {
    const value = set(name);
    if (value === undefined) return undefined;
    const match = /^(\d+)\/(\d+)$/.exec(value);
    if (match) return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
    problems.push(`${name} must look like 5/60 (5 calls per 60 seconds), not ${value}.`);
    return undefined;
  };
  const wholeNumber = (name: string, min: 0 | 1): number | undefined => {
    const value = set(name);
    if (value === undefined) return undefined;
    if ((min === 0 ? /^(0|[1-9]\d*)$/ : /^[1-9]\d*$/).test(value)) return Number(value);
    problems.push(`${name} must be a whole number of at least ${min}, not ${value}.`);
    return undefined;
  };
  const origin = (name: string): string | undefined => {
    const value = set(name);
    if (value === undefined) return undefined;
    const problem = originProblem(value);
    if (problem === undefined) return new URL(value).origin;
    problems.push(`${name} ${problem}, not ${value}.`);
    return undefined;
  };
  const origins = (name: string): string[] | undefined => {
    const value = set(name);
    if (value === undefined) return undefined;
    const listed = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const bad = listed.filter((o) => normalizeOrigin(o) === undefined);
    if (bad.length === 0) return listed.flatMap((o) => normalizeOrigin(o) ?? []);
    problems.push(
      `${name} must list origins such as https://theme.example,http://localhost:8080, not ${bad.join(', ')}.`,
    );
    return undefined;
  };
  const url = (name: string): string | undefined => {
    const value = set(name);
    if (value === undefined) return undefined;
    if (/^https?:\/\/[^/]/.test(value) && URL.canParse(value)) return trimChar(new URL(value).href, '/', 'end');
    problems.push(`${name} must be an http(s) URL such as https://cdn.example/storefront, not ${value}.`);
    return undefined;
  };

  const modeText = env.STORE_MODE ?? 'demo';
  const mode: StoreMode = modeText === 'production' ? 'production' : 'demo';
  if (modeText !== 'demo' && modeText !== 'production') {
    problems.push(`STORE_MODE must be demo or production, not ${modeText}.`);
  }
  const port = wholeNumber('PORT', 0) ?? 4173;
  // Production verifies CAPTCHAs with the configured provider (or none); the demo with its test provider.
  const captcha = mode === 'production' ? productionCaptchaFromEnv(env) : undefined;
  problems.push(...(captcha?.problems ?? []));
  return {
    mode,
    port,
    file: env.STORE_DB ?? './.data/store.db',
    publicOrigin: origin('PUBLIC_ORIGIN'),
    submitRateLimit: rateLimit('SUBMIT_RATE_LIMIT'),
    rateLimit: rateLimit('VISITOR_RATE_LIMIT'),
    addressRateLimit: rateLimit('ADDRESS_RATE_LIMIT'),
    stockHoldMinutes: wholeNumber('STOCK_HOLD_MINUTES', 1),
    scarceStock: wholeNumber('SCARCE_STOCK', 0),
    allowedOrigins: origins('ALLOWED_ORIGINS'),
    assetBaseUrl: url('ASSET_BASE_URL'),
    captcha: captcha?.provider,
    problems,
  };
}

/**
 * Why `value` is no origin the store can be reached at (`https://shop.example`), or undefined: a
 * path, a query or a fragment would be cut off without a word, and links in e-mails would miss it.
 */
export function originProblem(value: string): string | undefined {
  const example = 'must be an http(s) origin such as https://shop.example';
  if (!URL.canParse(value)) return example;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return example;
  if (url.username !== '' || url.password !== '') return `${example}, without a user name or password`;
  if (url.pathname !== '/' || /[?#]/.test(value)) {
    return `${example}, without a path, query or fragment (the store answers at the root of its origin)`;
  }
  return undefined;
}

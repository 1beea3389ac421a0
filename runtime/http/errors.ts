import { TimeoutError } from 'ky';
import type { ApiErrorBody, FieldErrors } from '../../contract/api-error';
import { cookiesBlockedMessage } from '../../contract/embedding';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { translator } from '../i18n/t';
import { isHttpError } from './client';

const t = translator(ERROR_STRINGS);

/** An API failure turned into what the shopper should read. */
export class StoreApiError extends Error {
  override readonly name: string = 'StoreApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** Field id -> message, when the server rejected individual fields. */
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}

/** A 404: what was not found is at `path` (the call's path, as the platform's NotFoundError carries it). */
export class NotFoundError extends StoreApiError {
  override readonly name = 'NotFoundError';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message, 404);
  }
}

/** The path of a call's URL. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function bodyOf(data: unknown): ApiErrorBody {
  return data && typeof data === 'object' ? (data as ApiErrorBody) : {};
}

function cookiesEnabled(): boolean {
  return globalThis.navigator?.cookieEnabled !== false;
}

/** The origin a failed call went to. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return globalThis.location?.origin ?? '';
  }
}

/** Messages already written to the console (one line per refusal, not one per call). */
const logged = new Set<string>();

/** Maps any error thrown by a call to the spec's shopper-facing message (storefront spec, section 8). */
export function toStoreApiError(error: unknown): StoreApiError {
  if (error instanceof StoreApiError) return error;
  if (isHttpError(error)) {
    const status = error.response.status;
    const body = bodyOf(error.data);
    if (body.originRefused && typeof body.message === 'string') {
      // The page's developer reads the console: say it there too, once.
      if (!logged.has(body.message)) {
        logged.add(body.message);
        console.error(`storefront.js: ${body.message}`);
      }
      return new StoreApiError(body.message, status);
    }
    if (body.crumbFail && body.cookiesBlocked) {
      return new StoreApiError(cookiesBlockedMessage(originOf(error.request.url)), status);
    }
    if (body.crumbFail) {
      return new StoreApiError(t(cookiesEnabled() ? 'error.sessionExpired' : 'error.enableCookies'), status);
    }
    if (status === 429) return new StoreApiError(t('error.rateLimited'), status);
    const fieldErrors = body.errors && typeof body.errors === 'object' ? body.errors : {};
    const message = [body.message, body.error].find((m): m is string => typeof m === 'string' && m.trim() !== '');
    const text = message ?? `${t('error.unknown')} (HTTP ${status})`;
    if (status === 404) return new NotFoundError(text, pathOf(error.request.url));
    return new StoreApiError(text, status, fieldErrors);
  }
  if (error instanceof TimeoutError || error instanceof TypeError) {
    return new StoreApiError(t('error.network'), 0);
  }
  return new StoreApiError(t('error.unknown'), 0);
}

/** Runs a call and rethrows its failure as a {@link StoreApiError}. */
export async function callApi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStoreApiError(error);
  }
}

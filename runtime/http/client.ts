import ky, { type KyInstance } from 'ky';
import { CRUMB_PATH, CRUMB_RESPONSE_HEADER } from '../../contract/embedding';
import { pageSlot } from '../page-runtime';
import { apiOrigin, isApiCrossOrigin } from '../session/api-origin';
import { readCookie } from '../session/cookies';

/** Header that carries the `crumb` cookie on every call (double-submit CSRF check). */
export const CSRF_HEADER = 'X-CSRF-Token';

/** Headers every later call carries (the sign-in's anti-forgery token), by name. */
const defaultHeaders = pageSlot('http-default-headers', () => new Map<string, string>());

/** Makes `name: value` a header of every later call of the page (undefined: stop sending it). */
export function setDefaultHeader(name: string, value: string | undefined): void {
  if (value === undefined) defaultHeaders.get().delete(name);
  else defaultHeaders.get().set(name, value);
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface HttpClientOptions {
  /** The store's origin when it is not the page's (then `/api/…` paths resolve against it). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * The API is on another origin than the page: calls carry the store's cookies (`credentials:
   * 'include'`, CORS), and since the page cannot read the store's `crumb` cookie, the crumb comes
   * from the `X-CSRF-Token` header of the store's answers (or `GET /api/crumb` before the first
   * state-changing call) and is kept in memory.
   */
  crossOrigin?: boolean;
}

/**
 * The one HTTP client of the storefront: same-origin credentials (or CORS with credentials for a
 * store on another origin), the default headers, the crumb header (the crumb cookie's when readable:
 * the server compares with it), a 15 s timeout, and retries only for idempotent reads.
 */
export function createHttpClient(options: HttpClientOptions = {}): KyInstance {
  const crossOrigin = options.crossOrigin === true;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let handedCrumb: string | undefined;

  /** The crumb for a cross-origin store that has not answered yet: one small call. */
  const fetchCrumb = async (): Promise<void> => {
    try {
      const url = new URL(CRUMB_PATH, options.baseUrl ?? globalThis.location?.href);
      const response = await doFetch(url.href, { credentials: 'include' });
      const header = response.headers.get(CRUMB_RESPONSE_HEADER);
      if (response.ok && header) handedCrumb = header;
    } catch {
      // The call that needs it fails on its own, with its own message.
    }
  };

  return ky.create({
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    credentials: crossOrigin ? 'include' : 'same-origin',
    timeout: 15_000,
    retry: { limit: 1, methods: ['get'], statusCodes: [408, 502, 503, 504] },
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (crossOrigin && !handedCrumb && UNSAFE.has(request.method)) await fetchCrumb();
          for (const [name, value] of defaultHeaders.get()) request.headers.set(name, value);
          const crumb = (crossOrigin ? handedCrumb : undefined) ?? readCookie('crumb');
          if (crumb) request.headers.set(CSRF_HEADER, crumb);
        },
      ],
      afterResponse: [
        ({ response }) => {
          const crumb = crossOrigin ? response.headers.get(CRUMB_RESPONSE_HEADER) : null;
          if (crumb) handedCrumb = crumb;
        },
      ],
    },
  });
}

/** The page-wide client options: the store's origin from the store context or the script's URL. */
function pageClientOptions(): HttpClientOptions {
  const origin = apiOrigin();
  return origin && isApiCrossOrigin() ? { baseUrl: origin, crossOrigin: true } : {};
}

const shared = pageSlot('http-client', () => createHttpClient(pageClientOptions()));

/** The page-wide client (created on first use). */
export function http(): KyInstance {
  return shared.get();
}

/** Replaces the page-wide client (tests point it at a fake fetch). */
export function setHttpClient(client: KyInstance | undefined): void {
  shared.set(client);
}

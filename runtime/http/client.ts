import ky, { type KyInstance } from 'ky';
import { pageSlot } from '../page-runtime';
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

/**
 * The one HTTP client of the storefront: same-origin credentials, the default headers, the crumb
 * header (from the crumb cookie when readable: the server compares with it), a 15 s timeout, and
 * retries only for idempotent reads.
 */
export function createHttpClient(options: { baseUrl?: string; fetch?: typeof fetch } = {}): KyInstance {
  return ky.create({
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    credentials: 'same-origin',
    timeout: 15_000,
    retry: { limit: 1, methods: ['get'], statusCodes: [408, 502, 503, 504] },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          for (const [name, value] of defaultHeaders.get()) request.headers.set(name, value);
          const crumb = readCookie('crumb');
          if (crumb) request.headers.set(CSRF_HEADER, crumb);
        },
      ],
    },
  });
}

const shared = pageSlot('http-client', () => createHttpClient());

/** The page-wide client (created on first use). */
export function http(): KyInstance {
  return shared.get();
}

/** Replaces the page-wide client (tests point it at a fake fetch). */
export function setHttpClient(client: KyInstance | undefined): void {
  shared.set(client);
}

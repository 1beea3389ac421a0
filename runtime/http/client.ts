import ky, { type KyInstance } from 'ky';
import { pageSlot } from '../page-runtime';
import { readCookie } from '../session/cookies';

/** Header that carries the `crumb` cookie on every call (double-submit CSRF check). */
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The one HTTP client of the storefront: same-origin credentials, the crumb
 * header, a 15 s timeout, and retries only for idempotent reads.
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

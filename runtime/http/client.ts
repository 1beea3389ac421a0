import ky, { HTTPError, type Input, type KyInstance, type Options } from 'ky';
import { CART_TOKEN_HEADER, CRUMB_PATH, CRUMB_RESPONSE_HEADER, NO_CART_TOKEN } from '../../contract/embedding';
import { pageSlot } from '../page-runtime';
import { apiOrigin, isApiCrossOrigin } from '../session/api-origin';
import { cartTokenKeeper, usesCartToken, type CartTokenKeeper } from '../session/cart-token';
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
   * The API is on another origin of the same site: calls carry the store's cookies (`credentials:
   * 'include'`, CORS), and since the page cannot read the store's `crumb` cookie, the crumb comes
   * from the `X-CSRF-Token` header of the store's answers (or `GET /api/crumb` before the first
   * state-changing call) and is kept in memory.
   */
  crossOrigin?: boolean;
  /**
   * The API is on another site: calls carry no cookies and no crumb, only the cart token this
   * keeper holds (docs/embedding.md); answers that name another token replace it.
   */
  cartToken?: CartTokenKeeper;
}

/** Whether a refusal says the crumb was stale (not that cookies are blocked): one more try may pass. */
async function isStaleCrumb(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body = (await response.json()) as { crumbFail?: unknown; cookiesBlocked?: unknown };
    return body.crumbFail === true && body.cookiesBlocked !== true;
  } catch {
    return false;
  }
}

/**
 * The one HTTP client of the storefront: same-origin credentials (CORS with credentials for a store
 * on another origin of the site; a cart token and no credentials for one on another site), the
 * default headers, the crumb header (the crumb cookie's when readable: the server compares with it;
 * fetched first when the page has none yet, and once more after a refusal that renewed it), a 15 s
 * timeout, and retries only for idempotent reads.
 */
export function createHttpClient(options: HttpClientOptions = {}): KyInstance {
  const tokens = options.cartToken;
  const crossOrigin = tokens === undefined && options.crossOrigin === true;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let handedCrumb: string | undefined;

  /** The crumb this page sends: the cookie's on the store's own origin, else the one handed over. */
  const crumb = () => (crossOrigin ? handedCrumb : readCookie('crumb'));

  /** A page without a crumb yet (a static or cached page, another origin): one small call gets one. */
  const fetchCrumb = async (): Promise<void> => {
    try {
      const url = new URL(CRUMB_PATH, options.baseUrl ?? globalThis.location?.href);
      const response = await doFetch(url.href, { credentials: crossOrigin ? 'include' : 'same-origin' });
      const header = response.headers.get(CRUMB_RESPONSE_HEADER);
      if (response.ok && header) handedCrumb = header;
    } catch {
      // The call that needs it fails on its own, with its own message.
    }
  };

  const setCrumbHeader = (request: Request) => {
    const value = crumb();
    if (value) request.headers.set(CSRF_HEADER, value);
  };

  // ky hands fetch a cloned request, whose body is a stream, and browsers refuse a keepalive call
  // (analytics, sent as the page is left) with a stream body: such a call sends its body as bytes.
  const send: typeof fetch = async (input, init) =>
    input instanceof Request && input.keepalive && input.body
      ? doFetch(new Request(input, { body: await input.arrayBuffer() }), init)
      : doFetch(input, init);

  const instance = ky.create({
    fetch: send,
    credentials: tokens ? 'omit' : crossOrigin ? 'include' : 'same-origin',
    timeout: 15_000,
    retry: { limit: 1, methods: ['get'], statusCodes: [408, 502, 503, 504] },
    hooks: {
      beforeRequest: [
        async (request) => {
          for (const [name, value] of defaultHeaders.get()) request.headers.set(name, value);
          if (tokens) {
            request.headers.delete(CSRF_HEADER);
            request.headers.set(CART_TOKEN_HEADER, tokens.read() ?? NO_CART_TOKEN);
            return;
          }
          if (UNSAFE.has(request.method) && !crumb()) await fetchCrumb();
          setCrumbHeader(request);
        },
      ],
      beforeRetry: [({ request }) => (tokens ? undefined : setCrumbHeader(request))],
      afterResponse: [
        async (request, _options, response) => {
          if (tokens) {
            const answer = response.headers.get(CART_TOKEN_HEADER);
            if (answer) tokens.keep(answer === NO_CART_TOKEN ? undefined : answer);
            return undefined;
          }
          const handed = crossOrigin ? response.headers.get(CRUMB_RESPONSE_HEADER) : null;
          if (handed) handedCrumb = handed;
          // The refusal carried a fresh crumb (cookie or header): nothing happened, so once more with
          // it, as a plain fetch whose answer is final (a second refusal fails the call).
          if (UNSAFE.has(request.method) && (await isStaleCrumb(response))) {
            setCrumbHeader(request);
            return doFetch(request);
          }
          return undefined;
        },
      ],
      beforeError: [
        async (error) => {
          (error as HttpError).data = await readBody(error.response);
          return error;
        },
      ],
    },
  });
  return options.baseUrl ? rebased(instance, options.baseUrl) : instance;
}

/** A refusal's body as its content says: parsed JSON, else text (undefined when unreadable). */
async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text();
    return response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text;
  } catch {
    return undefined;
  }
}

/** An answer outside 2xx, as the client throws it: ky's error, with the answer's body read. */
export type HttpError = HTTPError & { data?: unknown };

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HTTPError;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;

/** The client with every path (`/api/…`) resolved against the store's origin instead of the page's. */
function rebased(instance: KyInstance, baseUrl: string): KyInstance {
  const at = (input: Input) => (typeof input === 'string' ? new URL(input, baseUrl) : input);
  const client = ((input: Input, options?: Options) => instance(at(input), options)) as KyInstance;
  for (const method of METHODS)
    client[method] = (input: Input, options?: Options) => instance[method](at(input), options);
  return Object.assign(client, { create: instance.create, extend: instance.extend, stop: instance.stop });
}

/** The page-wide client options: the store's origin from the store context or the script's URL. */
function pageClientOptions(): HttpClientOptions {
  const origin = apiOrigin();
  if (!origin || !isApiCrossOrigin()) return {};
  return usesCartToken() ? { baseUrl: origin, cartToken: cartTokenKeeper } : { baseUrl: origin, crossOrigin: true };
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

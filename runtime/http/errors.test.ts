import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, setHttpClient } from './client';
import { addCartEntry, fetchCart, validateFormFields } from './commerce';
import { ERROR_STRINGS } from '../../contract/widget-messages/error';
import { NotFoundError, StoreApiError } from './errors';
import { fakeApi, jsonResponse } from '../../testing/fake-api';

function useApi(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  setHttpClient(createHttpClient({ fetch: api.fetch }));
  return api;
}

const request = { itemId: 'p1', sku: 's1', quantity: 1 };

async function failureOf(promise: Promise<unknown>): Promise<StoreApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreApiError);
  return error as StoreApiError;
}

describe('HTTP client', () => {
  it('sends the crumb cookie as the CSRF header, with same-origin credentials', async () => {
    document.cookie = 'crumb=abc.def; path=/';
    const api = useApi({
      'POST /api/commerce/shopping-cart/entries': () => jsonResponse({ shoppingCart: {}, newlyAdded: {} }),
    });
    await addCartEntry(request);
    const [call] = api.calls;
    expect(call?.headers.get('X-CSRF-Token')).toBe('abc.def');
    expect(call?.credentials).toBe('same-origin');
    expect(call?.body).toEqual(request);
  });

  it('sends no CSRF header when there is no crumb', async () => {
    const api = useApi({ 'GET /api/commerce/shopping-cart': () => jsonResponse({ entries: [] }) });
    await fetchCart();
    expect(api.calls[0]?.headers.has('X-CSRF-Token')).toBe(false);
  });
});

describe('error mapping', () => {
  it('maps a crumb failure to the session-expired message when cookies work', async () => {
    useApi({ 'POST /api/commerce/shopping-cart/entries': () => jsonResponse({ crumbFail: true, message: 'x' }, 403) });
    expect((await failureOf(addCartEntry(request))).message).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
  });

  it('maps a crumb failure to the enable-cookies message when cookies are disabled', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    useApi({ 'POST /api/commerce/shopping-cart/entries': () => jsonResponse({ crumbFail: true }, 403) });
    expect((await failureOf(addCartEntry(request))).message).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
    vi.restoreAllMocks();
  });

  it('maps 429 to the try-again message whatever the body says', async () => {
    useApi({
      'POST /api/commerce/shopping-cart/entries': () =>
        jsonResponse({ message: 'slow down' }, 429, { 'Retry-After': '3' }),
    });
    const error = await failureOf(addCartEntry(request));
    expect(error.message).toBe('Please try again in a few seconds.');
    expect(error.status).toBe(429);
  });

  it("shows the server's message otherwise", async () => {
    useApi({
      'POST /api/commerce/shopping-cart/entries': () =>
        jsonResponse({ message: 'Sorry, we do not have enough of that item available.' }, 409),
    });
    expect((await failureOf(addCartEntry(request))).message).toBe(
      'Sorry, we do not have enough of that item available.',
    );
  });

  it('falls back to data.error, then to a generic message with the status', async () => {
    useApi({ 'POST /api/commerce/shopping-cart/entries': () => jsonResponse({ error: 'Bad sku' }, 400) });
    expect((await failureOf(addCartEntry(request))).message).toBe('Bad sku');
    useApi({ 'POST /api/commerce/shopping-cart/entries': () => new Response('<html>oops</html>', { status: 502 }) });
    expect((await failureOf(addCartEntry(request))).message).toBe('Something went wrong (HTTP 502)');
  });

  it('maps a network failure to a clear message', async () => {
    useApi({
      'POST /api/commerce/shopping-cart/entries': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await failureOf(addCartEntry(request));
    expect(error.message).toBe(ERROR_STRINGS['error.network']);
    expect(error.status).toBe(0);
  });

  it('returns field errors from forms validation and nothing when valid', async () => {
    const api = useApi({
      'POST /api/rest/forms/validate/f1': (call) =>
        (call.body as Record<string, string>).a === 'ok'
          ? jsonResponse({ valid: true })
          : jsonResponse({ errors: { a: 'Email is not valid.' } }, 400),
    });
    expect(await validateFormFields('f1', { a: 'bad' })).toEqual({ a: 'Email is not valid.' });
    expect(await validateFormFields('f1', { a: 'ok' })).toEqual({});
    expect(api.callsTo('POST /api/rest/forms/validate/f1')).toHaveLength(2);
  });

  it('rethrows a validation call that failed for another reason', async () => {
    useApi({ 'POST /api/rest/forms/validate/f1': () => jsonResponse({ message: 'This form does not exist.' }, 404) });
    const failure = await failureOf(validateFormFields('f1', {}));
    expect(failure.message).toBe('This form does not exist.');
    // A 404 is a NotFoundError that carries the path of what was not found.
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure).toBeInstanceOf(StoreApiError);
    expect((failure as NotFoundError).path).toBe('/api/rest/forms/validate/f1');
    expect((failure as NotFoundError).status).toBe(404);
  });
});

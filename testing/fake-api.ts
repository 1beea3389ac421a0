import type { ShoppingCart } from '../contract/cart';

/** A scripted stand-in for the server in unit tests: routes by "METHOD /path", records every call. */

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials;
}

export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export interface FakeApi {
  fetch: typeof fetch;
  calls: RecordedCall[];
  /** Calls made to one route ("GET /api/commerce/shopping-cart"). */
  callsTo(route: string): RecordedCall[];
  on(route: string, handler: FakeHandler): void;
}

export function fakeApi(routes: Record<string, FakeHandler> = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body,
      credentials: request.credentials,
    };
    calls.push(call);
    const handler = table.get(`${call.method} ${call.path}`);
    if (!handler) return jsonResponse({ message: `No fake for ${call.method} ${call.path}` }, 404);
    return handler(call);
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    on: (route, handler) => table.set(route, handler),
  };
}

/** A cart as the server returns it, with the given entries (prices of $48.00) and any overrides. */
export function fakeCart(
  entries: { itemId: string; sku: string; quantity: number }[] = [],
  overrides: Partial<ShoppingCart> = {},
): ShoppingCart {
  return {
    id: 'c1',
    currencyCode: 'USD',
    subtotalCents: entries.reduce((sum, e) => sum + 4800 * e.quantity, 0),
    totalQuantity: entries.reduce((sum, e) => sum + e.quantity, 0),
    entries: entries.map((e, i) => ({
      id: `e${i}`,
      itemId: e.itemId,
      chosenVariant: { sku: e.sku, attributes: {} },
      quantity: e.quantity,
      title: 'Linen Shirt',
      subTotal: { currencyCode: 'USD', decimalValue: (48 * e.quantity).toFixed(2) },
      purchasePriceCents: 4800,
    })),
    ...overrides,
  } as ShoppingCart;
}

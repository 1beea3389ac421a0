import type { Hono } from 'hono';

/** The browser's CORS preflight of a cart add from a page on `origin`, asking for `requestHeaders` when given. */
export function cartAddPreflight(app: Hono, origin: string, requestHeaders?: string): Promise<Response> {
  const headers: Record<string, string> = { Origin: origin, 'Access-Control-Request-Method': 'POST' };
  if (requestHeaders !== undefined) headers['Access-Control-Request-Headers'] = requestHeaders;
  return Promise.resolve(app.request('/api/commerce/shopping-cart/entries', { method: 'OPTIONS', headers }));
}

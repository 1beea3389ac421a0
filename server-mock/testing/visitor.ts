import type { Hono } from 'hono';
import { newFormKey } from '../http/form-key';

/** The socket a request came from, as `@hono/node-server` hands it to the app (for per-address limits). */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50_000, remoteFamily: 'IPv4' } } };
}

/**
 * A visitor in tests: keeps cookies between calls, echoes the crumb like the storefront does,
 * and calls from one address.
 */
/** What a visitor sends its calls to: the app itself (`app.request`), or a server over HTTP. */
export interface CallTarget {
  request: (path: string, init: RequestInit, env?: ReturnType<typeof fromAddress>) => Response | Promise<Response>;
}

/** A server over real HTTP (`http://127.0.0.1:PORT`) as a visitor's call target. */
export function overHttp(base: string): CallTarget {
  return { request: (path, init) => fetch(base + path, init) };
}

export class Visitor {
  cookies = new Map<string, string>();
  constructor(
    private readonly target: () => Hono | CallTarget,
    readonly address = '203.0.113.10',
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    if (!this.cookies.has('crumb') && method !== 'GET') await this.call('GET', '/shop');
    const h = new Headers(headers);
    h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const crumb = this.cookies.get('crumb');
    if (crumb && !h.has('x-csrf-token')) h.set('x-csrf-token', crumb);
    if (body !== undefined && !h.has('content-type')) h.set('content-type', 'application/json');
    const response = await this.target().request(
      path,
      {
        method,
        headers: h,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      },
      fromAddress(this.address),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq <= 0) continue;
      const name = pair.slice(0, eq);
      // An expired cookie (Max-Age=0) is a deletion.
      if (/;\s*max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return response;
  }

  /**
   * Posts a page's own form as a browser does (form-encoded), with the visitor's crumb and a fresh
   * one-time form key unless `fields` gives them.
   */
  async postForm(path: string, fields: Record<string, string | readonly string[]>) {
    if (!this.cookies.has('crumb')) await this.call('GET', path);
    const body = new URLSearchParams({ crumb: this.cookies.get('crumb') ?? '', formKey: newFormKey() });
    for (const [name, value] of Object.entries(fields)) {
      body.delete(name);
      for (const one of typeof value === 'string' ? [value] : value) body.append(name, one);
    }
    return this.call('POST', path, body.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
  }

  add(itemId: string, sku: string, quantity: number, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity, ...extra });
  }

  /** Signs in through the JSON session call. */
  signIn(email: string, password: string, rememberMe = false) {
    return this.call('POST', '/api/site-users/account/session', { email, password, rememberMe });
  }
}

/** The demo store's site users (demo-pages/store.json). */
export const OWNER = { email: 'owner@fieldandforge.test', password: 'demo-owner-pass' } as const;
export const VIEWER = { email: 'viewer@fieldandforge.test', password: 'demo-viewer-pass' } as const;
export const MEMBER = { email: 'member@fieldandforge.test', password: 'demo-member-pass' } as const;

/** A response body as loose JSON, for assertions (tests read nested fields without narrowing). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(response: Response): Promise<Record<string, any>> {
  return (await response.json()) as Record<string, unknown>;
}

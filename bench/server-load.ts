/**
 * The load generator of `npm run bench:server`, run in its own process (so it does not share an
 * event loop with the servers it measures): autocannon on keep-alive connections, a warm-up, then
 * the measured run. Reads one JSON {@link LoadSpec} argument; prints one JSON {@link LoadResult} line.
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** A GET with fixed cookies, or adds to cart: each connection a visitor with a crumb and a fresh cart every `addsPerCart` adds. */
  kind: { get: string; cookie: string } | { add: string; body: unknown; crumbs: string[]; addsPerCart: number };
}

export interface LoadResult {
  rps: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The value of cookie `name` in a response's Set-Cookie header(s). */
function setCookieValue(header: string | string[] | undefined, name: string): string | undefined {
  for (const line of Array.isArray(header) ? header : header ? [header] : []) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

interface VisitorContext {
  crumb?: string;
  cart?: string;
}

function requestsOf(kind: LoadSpec['kind']): autocannon.Request[] {
  if ('get' in kind) return [{ method: 'GET', path: kind.get, headers: { cookie: kind.cookie } }];
  let nextCrumb = 0;
  const body = JSON.stringify(kind.body);
  return Array.from({ length: kind.addsPerCart }, (_, i): autocannon.Request => ({
    method: 'POST',
    path: kind.add,
    body,
    setupRequest: (request, ctx) => {
      const context = ctx as VisitorContext;
      if (i === 0) context.crumb = kind.crumbs[nextCrumb++ % kind.crumbs.length];
      const crumb = context.crumb ?? '';
      const cookie = `crumb=${crumb}${context.cart ? `; CART=${context.cart}` : ''}`;
      return {
        ...request,
        headers: { ...request.headers, 'content-type': 'application/json', cookie, 'x-csrf-token': crumb },
      };
    },
    onResponse: (_status, _body, ctx, headers) => {
      const context = ctx as VisitorContext;
      context.cart = setCookieValue(headers?.['set-cookie'], 'CART') ?? context.cart;
    },
  }));
}

function run(spec: LoadSpec, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    requests: requestsOf(spec.kind),
  });
}

const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
let ok = 0;
let non2xx = 0;
for (const seconds of [spec.warmupSeconds, spec.seconds]) {
  const r = await run(spec, seconds);
  ok += r['2xx'];
  non2xx += r.non2xx;
  if (seconds === spec.seconds) {
    const result: LoadResult = {
      rps: r.requests.average,
      p99: r.latency.p99,
      ok,
      non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    };
    console.log(JSON.stringify(result));
  }
}

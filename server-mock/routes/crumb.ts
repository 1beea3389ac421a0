import { Hono } from 'hono';

/**
 * `GET /api/crumb` -> `{crumb}`: the visitor's crumb, for a page on another origin that cannot read
 * our cookie and has not had an answer of ours yet. Only allowed origins reach it (CORS); a page
 * of ours can read the cookie anyway.
 */
export function crumbRoutes(): Hono {
  const app = new Hono();
  app.get('/', (c) => c.json({ crumb: c.get('crumb') }, 200, { 'Cache-Control': 'no-store' }));
  return app;
}

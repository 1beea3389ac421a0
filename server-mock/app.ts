import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { crumbMiddleware } from './middleware/crumb';
import { HttpError } from './middleware/json-body';
import { DEFAULT_RATE_LIMIT, rateLimit, type RateLimitOptions } from './middleware/rate-limit';
import { assetRoutes } from './routes/assets';
import { commerceRoutes } from './routes/commerce';
import { formRoutes } from './routes/forms';
import { notFoundHtml, pageRoutes } from './routes/pages';
import type { Db } from './store/db';
import { crumbSecret } from './store/settings';
import { StoreError } from './store/store-error';

export interface AppOptions {
  db: Db;
  /** Where the built bundle lives (default `dist`). */
  distDir?: string;
  rateLimit?: RateLimitOptions;
  /** Largest accepted request body in bytes. */
  maxBodyBytes?: number;
}

const STATUS_OF_KIND = { 'not-found': 404, invalid: 400, conflict: 409 } as const;

/** The whole reference server as a Hono app; tests call `app.request()` without opening a port. */
export function createApp(options: AppOptions): Hono {
  const { db } = options;
  const app = new Hono();

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: options.maxBodyBytes ?? 64 * 1024,
      onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
    }),
  );
  app.use('*', rateLimit(options.rateLimit ?? DEFAULT_RATE_LIMIT));
  app.use('*', crumbMiddleware(crumbSecret(db)));

  app.route('/', commerceRoutes(db));
  app.route('/', formRoutes(db));
  app.route('/', pageRoutes(db));
  app.route('/', assetRoutes(options.distDir ?? 'dist'));

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404)
      : c.html(notFoundHtml(db), 404),
  );

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ message: error.message }, error.status);
    if (error instanceof StoreError) return c.json({ message: error.message }, STATUS_OF_KIND[error.kind]);
    console.error(error);
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return app;
}

import { byteBudget, DEFAULT_ANALYTICS_BYTE_BUDGET, type ByteBudgetOptions } from './middleware/byte-budget';
import { Hono, type MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import { DEFAULT_MAX_BODY_BYTES, limitBody } from './middleware/body-limit';
import { corsMiddleware, normalizeOrigin } from './middleware/cors';
import { cartTokenMiddleware } from './middleware/cart-token';
import { crumbMiddleware } from './middleware/crumb';
import { securityHeaders } from './middleware/security-headers';
import { HttpError, STATUS_OF_KIND } from './http/http-error';
import { pageRefusalOf } from './http/page-refusal';
import {
  DEFAULT_ADDRESS_RATE_LIMIT,
  DEFAULT_ANALYTICS_ADDRESS_RATE_LIMIT,
  DEFAULT_ANALYTICS_RATE_LIMIT,
  DEFAULT_RATE_LIMIT,
  DEFAULT_SUBMIT_RATE_LIMIT,
  rateLimit,
  type RateLimitOptions,
} from './middleware/rate-limit';
import { analyticsRoutes, isAnalyticsCall } from './routes/analytics';
import { assetRoutes, isBundleFile } from './routes/assets';
import { captchaCheck, type CaptchaProvider } from './captcha/captcha-provider';
import { captchaRoutes } from './routes/captcha';
import { catalogAdminRoutes, IMPORT_PATH, type CatalogAdminOptions } from './routes/catalog-admin';
import { COMMERCE_API, commerceRoutes, subscriptionCartRoutes } from './routes/commerce';
import { cartHandoffRoutes } from './routes/cart-handoff';
import { crumbRoutes } from './routes/crumb';
import { formRoutes } from './routes/forms';
import { imageRoutes } from './routes/images';
import { installmentRoutes } from './routes/installments';
import { sessionRecordingRoutes } from './routes/session-recording';
import { queryLimit } from './middleware/query-limit';
import { mapsRoutes } from './routes/maps';
import { ownerPageRoutes } from './routes/owner-pages';
import { notFoundHtml } from './pages/not-found-html';
import { errorHtml, SERVER_ERROR_MESSAGE } from './pages/error-html';
import { orderRoutes } from './routes/orders';
import { quickViewRoutes } from './routes/quick-view';
import { seoRoutes } from './routes/seo';
import { pageRoutes } from './routes/pages';
import { RESTOCK_API, restockRoutes } from './routes/restock';
import { reviewRoutes } from './routes/reviews';
import { siteUserRoutes } from './routes/site-users';
import { siteSettingsRoutes } from './routes/site-settings';
import { OWNER_API, shopperDataRoutes } from './routes/shopper-data';
import type { Db } from './store/db';
import { DEFAULT_STOCK_HOLD_MINUTES } from './store/carts';
import { allowedOrigins, crumbSecret } from './store/settings';
import { CRUMB_PATH, HANDOFF_PAGE_PATH } from '../contract/embedding';
import { CATALOG_API } from '../contract/catalog-admin';
import { SESSION_RECORDING_PATH } from '../contract/session-recording';
import { StoreError } from './store/store-error';
import { modulePreloads } from './pages/module-preloads';
import { unprefixed, withPageLanguage } from './pages/page-language';
import { servedLanguages } from './store/site-settings';

/** `demo` serves the demo store's test doors (QA pages, content, places, test CAPTCHA); `production` none. */
export type StoreMode = 'demo' | 'production';

export interface AppOptions {
  db: Db;
  /** Default `demo`. In `production` no QA page, demo content, demo places data or test CAPTCHA exists. */
  mode?: StoreMode;
  /**
   * Where CAPTCHA tokens are verified: default the local test provider in `demo` mode and none in
   * `production` (every token fails); the test provider is refused in `production`.
   */
  captcha?: CaptchaProvider;
  /** Where the built bundle lives (default `dist`). */
  distDir?: string;
  /** Every state-changing API call but analytics, per visitor (default 20 per 10 s). */
  rateLimit?: RateLimitOptions;
  /**
   * The ceiling on the same calls per address, whatever crumbs they carry (default 50 per 10 s);
   * counted as well as the per-visitor limit, for every address (loopback too).
   */
  addressRateLimit?: RateLimitOptions;
  /** Analytics calls (census, trackers, error reports, performance), per visitor (default 300 a minute). */
  analyticsRateLimit?: RateLimitOptions;
  /** Analytics calls per address, whatever the cookies. */
  analyticsAddressRateLimit?: RateLimitOptions;
  /** Analytics body bytes per address. */
  analyticsByteBudget?: ByteBudgetOptions;
  /**
   * Restock sign-ups and form submissions, each counted on its own, per address unless `by`
   * says otherwise (default 5 a minute).
   */
  submitRateLimit?: RateLimitOptions;
  /**
   * Sign-in attempts per address (default 10 a minute), from addresses the account has not signed
   * in from; each account also has a progressive delay after failures (`store/sign-in-throttle.ts`).
   */
  signInRateLimit?: RateLimitOptions;
  /** Largest accepted request body in bytes. */
  maxBodyBytes?: number;
  /** Rows per page of the owner's restock lists (default 20). */
  pageSize?: number;
  /** Reviews per page of the product reviews call (default 5). */
  reviewsPageSize?: number;
  /** How long a cart entry holds its stock after the shopper's last change to it, in minutes (default 30). */
  stockHoldMinutes?: number;
  /**
   * Limited variants with at most this many units on hand are scarce (default 50): a cart or an
   * address holds at most half of one, for a third of the hold window, and a window in all; 0: none are.
   */
  scarceStock?: number;
  /**
   * Where shoppers reach the store (`https://shop.example`): the origin of links in e-mails, never
   * taken from a request's Host header. A function when it is known only once the server listens.
   * Default `http://localhost:4173`.
   */
  publicOrigin?: string | (() => string);
  /**
   * Whether a reverse proxy we trust stands in front (default false): only then do
   * `X-Forwarded-For` (the client's address for rate limits) and `X-Forwarded-Proto` (HTTPS, for
   * `Secure` cookies) count.
   */
  trustProxy?: boolean;
  /**
   * Origins (`https://theme.example`) whose pages may call the API with the visitor's cookies,
   * besides the store's own and those of the store setting `allowed_origins` (env `ALLOWED_ORIGINS`).
   */
  allowedOrigins?: readonly string[];
  /**
   * Where the store's pages load `storefront.js` and its chunks from (`https://cdn.example/v1`),
   * when not from the store itself (env `ASSET_BASE_URL`); the pages then name the store as the API.
   */
  assetBaseUrl?: string;
  /** The owner's product import: file size limit and job pacing. */
  catalogAdmin?: CatalogAdminOptions;
  /** The clock (ms since 1970) of stock holds, cart sweeps and sign-in throttling; tests pass their own. */
  now?: () => number;
}

/** Where links in e-mails point when no public origin is configured. */
export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:4173';

/**
 * Whether `error` says the client went away before its request body arrived (the socket closed
 * mid-upload): nothing went wrong on the server's side.
 */
function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as NodeJS.ErrnoException;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || error.name === 'AbortError';
}

const byAddress = (options: RateLimitOptions): RateLimitOptions => ({ by: 'address', ...options });

/**
 * A post to one of the store's pages (its own form, for visitors without JavaScript): every state
 * change outside the API, the owner's area and the sign-in pages, which have their own rules.
 */
const isPageForm = (path: string) =>
  !path.startsWith('/api/') && !path.startsWith('/config/') && !path.startsWith('/account/');

/** Runs `middleware` only for requests whose path passes `test`. */
const onlyFor =
  (test: (path: string) => boolean, middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    test(c.req.path) ? middleware(c, next) : next();

/** An error of a route (by its pattern, `/shop/p/:slug`), logged with its stack the first time and then counted, so a failing route cannot flood the log. */
function errorLogger(): (error: unknown, path: string) => void {
  const seen = new Map<string, number>();
  return (error, path) => {
    const key = `${path} ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 300);
    const times = (seen.get(key) ?? 0) + 1;
    if (seen.size >= 1000 && times === 1) seen.clear();
    seen.set(key, times);
    if (times === 1) console.error(error);
    // 10, 100, 1000, ... hits: one line each.
    else if (Number.isInteger(Math.log10(times))) console.error(`${key} (failed ${times} times)`);
  };
}

/** The whole reference server as a Hono app; tests call `app.request()` without opening a port. */
export function createApp(options: AppOptions): Hono {
  const { db } = options;
  const demo = (options.mode ?? 'demo') === 'demo';
  const captchaProvider = options.captcha ?? (demo ? { kind: 'test' } : undefined);
  if (!demo && captchaProvider?.kind === 'test') {
    throw new Error('The test CAPTCHA provider is refused in production: anyone can mint its tokens.');
  }
  const captcha = captchaCheck(db, captchaProvider);
  // Every page is also served under each of the site's other languages (`/de/shop` is `/shop` in
  // German): routes see the path without the prefix, pages render in the request's language.
  const languageOf = new WeakMap<Request, string>();
  const app = new Hono({
    getPath: (request) => {
      const path = getPath(request);
      const page = unprefixed(path, () => servedLanguages(db));
      if (!page) return path;
      languageOf.set(request, page.code);
      return page.path;
    },
  });
  app.use('*', (c, next) => {
    const code = languageOf.get(c.req.raw);
    return code ? withPageLanguage(code, next) : next();
  });

  const trustProxy = options.trustProxy ?? false;
  app.use('*', queryLimit());
  const { publicOrigin = DEFAULT_PUBLIC_ORIGIN } = options;
  const publicOriginNow = typeof publicOrigin === 'string' ? () => publicOrigin : publicOrigin;
  const captchaSources = captchaProvider?.kind === 'siteverify' ? captchaProvider.cspSources : [];
  const assetOrigin = options.assetBaseUrl ? new URL(options.assetBaseUrl).origin : undefined;
  app.use('*', securityHeaders({ trustProxy, captchaSources, publicOrigin: publicOriginNow, assetOrigin }));
  // Normalized again only when the store's list is another (it is cached until the settings change).
  let embeddersOf: { stored: readonly string[]; origins: string[] } | undefined;
  const embedders = () => {
    const stored = allowedOrigins(db);
    if (embeddersOf?.stored !== stored) {
      const origins = [...(options.allowedOrigins ?? []), ...stored].flatMap((o) => normalizeOrigin(o) ?? []);
      embeddersOf = { stored, origins };
    }
    return embeddersOf.origins;
  };
  // Before every limit and the crumb check: a refused origin's call never reaches them or a route.
  app.use('*', corsMiddleware({ allowedOrigins: embedders, publicOrigin: publicOriginNow }));
  const now = options.now ?? Date.now;
  // Calls of pages on other sites name their cart by token, not cookie: before the limits and the crumb check.
  app.use('/api/*', cartTokenMiddleware(db, now));
  const notAnalytics = (path: string) => !isAnalyticsCall(path);
  const bodyLimit = limitBody(options.maxBodyBytes);
  // The analytics groups declare their own body limit, rate limit and crumb check (same order).
  // The product import has its own limit, the file's (routes/catalog-admin.ts).
  app.use(
    '/api/*',
    onlyFor((path) => notAnalytics(path) && path !== IMPORT_PATH, bodyLimit),
  );
  app.use('/account/*', bodyLimit);
  app.use('/config/*', bodyLimit);
  app.use('*', (c, next) => (c.req.method === 'POST' && isPageForm(c.req.path) ? bodyLimit(c, next) : next()));
  // Every state-changing request (API calls, the pages' own forms, the owner's and the sign-in
  // pages, the hand-off and checkout) counts against the per-visitor and per-address limits; the
  // analytics groups have limits of their own. Over a limit the limiter answers itself: 429 JSON
  // for a call, the route's own page again with the message for a page form (`refusesWith`), else
  // the error page; the route's handler never runs.
  const refuseOverLimit: RateLimitOptions['refuse'] = async (c, message) => {
    if (c.req.path.startsWith('/api/')) return c.json({ message }, 429);
    const page = await pageRefusalOf(c)?.(c);
    return page ?? c.html(errorHtml(db, message, 'Too many requests'), 429);
  };
  const visitorLimit = rateLimit({ ...(options.rateLimit ?? DEFAULT_RATE_LIMIT), refuse: refuseOverLimit });
  app.use('*', onlyFor(notAnalytics, visitorLimit));
  const addressLimit = byAddress(options.addressRateLimit ?? DEFAULT_ADDRESS_RATE_LIMIT);
  app.use('*', onlyFor(notAnalytics, rateLimit({ ...addressLimit, refuse: refuseOverLimit })));
  // The bundle's files and the images are the same for everyone: no crumb cookie on them.
  const cookieless = (path: string) => isBundleFile(path) || path.startsWith('/img/');
  app.use(
    '*',
    onlyFor((path) => notAnalytics(path) && !cookieless(path), crumbMiddleware(crumbSecret(db), [], now)),
  );
  const submitLimit = { ...byAddress(options.submitRateLimit ?? DEFAULT_SUBMIT_RATE_LIMIT), refuse: refuseOverLimit };
  const restockLimit = rateLimit(submitLimit);
  const formLimit = rateLimit(submitLimit);
  app.use(RESTOCK_API, restockLimit);
  app.use('/api/form/SaveFormSubmission', formLimit);
  // Account creation: as few a minute per address as restock sign-ups and form submissions.
  app.use('/api/site-users/account', rateLimit(submitLimit));

  // Rendered pages announce the chunks their markup needs (<link rel="modulepreload">).
  app.use(
    '*',
    onlyFor((path) => !path.startsWith('/api/'), modulePreloads(options.distDir ?? 'dist')),
  );

  const holdMinutes = options.stockHoldMinutes ?? DEFAULT_STOCK_HOLD_MINUTES;
  const stockHold = {
    now,
    holdMs: holdMinutes * 60_000,
    ...(options.scarceStock === undefined ? {} : { scarceStock: options.scarceStock }),
  };
  app.route(COMMERCE_API, commerceRoutes(db, stockHold));
  app.route('/api/3/commerce', subscriptionCartRoutes(db, stockHold));
  app.route(
    HANDOFF_PAGE_PATH,
    cartHandoffRoutes(db, { allowedOrigins: embedders, publicOrigin: publicOriginNow, now }),
  );
  // Four API prefixes: each analytics group is mounted under its own inside.
  app.route(
    '/',
    analyticsRoutes(db, {
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      // One limiter for all four groups: one analytics budget per visitor.
      rateLimit: rateLimit(options.analyticsRateLimit ?? DEFAULT_ANALYTICS_RATE_LIMIT),
      perAddress: [
        rateLimit(options.analyticsAddressRateLimit ?? DEFAULT_ANALYTICS_ADDRESS_RATE_LIMIT),
        byteBudget(options.analyticsByteBudget ?? DEFAULT_ANALYTICS_BYTE_BUDGET),
      ],
      crumbSecret: crumbSecret(db),
    }),
  );
  app.route(COMMERCE_API, reviewRoutes(db, { pageSize: options.reviewsPageSize ?? 5 }));
  app.route(COMMERCE_API, installmentRoutes());
  app.route(SESSION_RECORDING_PATH, sessionRecordingRoutes(db, { demo }));
  // The demo's places data set; a production store has no address suggestions (a plain input).
  if (demo) app.route('/api/google-maps/places', mapsRoutes());
  app.route('/img', imageRoutes(db, { demo }));
  app.route('/api', formRoutes(db, captcha));
  app.route(
    RESTOCK_API,
    restockRoutes(db, { pageSize: options.pageSize ?? 20, publicOrigin: publicOriginNow, captcha }),
  );
  app.route(CRUMB_PATH, crumbRoutes());
  app.route(CATALOG_API, catalogAdminRoutes(db, options.catalogAdmin));
  // The JSON sign-in calls and the sign-in page: two prefixes, mounted inside.
  app.route(
    '/',
    siteUserRoutes(db, {
      publicOrigin: publicOriginNow,
      ...(options.signInRateLimit ? { signInRateLimit: options.signInRateLimit } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
  );
  // A script and an API call: nothing in common but the root.
  if (captchaProvider?.kind === 'test') app.route('/', captchaRoutes(db));
  app.route('/api', siteSettingsRoutes(db));
  app.route(OWNER_API, shopperDataRoutes(db));
  // The owner's area spans /config, /settings/billing and its stylesheet, behind one guard.
  app.route('/', ownerPageRoutes(db, { demo }));
  // The checkout form's post and the order's confirmation page: no common prefix.
  app.route('/', orderRoutes(db, now));
  app.route(COMMERCE_API, quickViewRoutes(db));
  // Files at the site's root.
  app.route('/', seoRoutes(db, { publicOrigin: publicOriginNow, demo }));
  // The store's pages live at the root.
  app.route(
    '/',
    pageRoutes(db, {
      demo,
      ...(options.assetBaseUrl ? { assetBaseUrl: options.assetBaseUrl } : {}),
      forms: { hold: stockHold, restockLimit, formLimit, captcha },
    }),
  );
  // The bundle's files are served from the root.
  app.route('/', assetRoutes(options.distDir ?? 'dist'));

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404)
      : c.html(notFoundHtml(db), 404),
  );

  const logError = errorLogger();
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      // A page's own form gets the error page saying what was refused.
      if (c.req.path.startsWith('/api/')) return c.json({ message: error.message }, error.status);
      return c.html(errorHtml(db, error.message, 'Not accepted'), error.status);
    }
    if (error instanceof StoreError) {
      return c.json({ ...error.details, message: error.message }, STATUS_OF_KIND[error.kind]);
    }
    // Nobody is left to read the answer, and it is no error of ours: no log.
    if (isClientAbort(error)) return c.json({ message: 'The request was not sent in full.' }, 400);
    logError(error, c.req.routePath);
    // A page gets the error page (type 101); an API call its JSON.
    if (!c.req.path.startsWith('/api/')) return c.html(errorHtml(db), 500);
    return c.json({ message: SERVER_ERROR_MESSAGE }, 500);
  });

  return app;
}

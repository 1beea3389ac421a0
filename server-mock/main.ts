import { serve } from '@hono/node-server';
import { createApp } from './app';
import { productionCaptchaFromEnv } from './captcha/captcha-provider';
import { normalizeOrigin } from './middleware/cors';
import type { RateLimitOptions } from './middleware/rate-limit';
import { NewerSchemaError } from './store/db';
import { openStore } from './store/open-store';
import { warmCatalog } from './store/catalog';
import { openProductionStore, ProductionSetupError } from './store/production';
import { trimChar } from '../contract/trim-char';
import { startRetentionSweeper } from './store/retention';
import { DEFAULT_STOCK_HOLD_MINUTES } from './store/carts';

/** `N/S` (N calls per S seconds) from an environment variable; undefined when unset. */
function rateLimitFromEnv(name: string): RateLimitOptions | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) {
    console.error(`${name} must look like 5/60 (5 calls per 60 seconds), not ${value}`);
    process.exit(1);
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

/** A whole number of at least `min` (0 or 1) from an environment variable; undefined when unset. */
function wholeNumberFromEnv(name: string, min: 0 | 1): number | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  if (!(min === 0 ? /^(0|[1-9]\d*)$/ : /^[1-9]\d*$/).test(value)) {
    console.error(`${name} must be a whole number of at least ${min}, not ${value}`);
    process.exit(1);
  }
  return Number(value);
}

/** The origin (`https://shop.example`) of an environment variable; undefined when unset. */
function originFromEnv(name: string): string | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Falls through to the message.
  }
  console.error(`${name} must be an http(s) origin such as https://shop.example, not ${value}`);
  process.exit(1);
}

/** A comma-separated list of origins from an environment variable; undefined when unset. */
function originsFromEnv(name: string): string[] | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  const origins = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = origins.filter((origin) => normalizeOrigin(origin) === undefined);
  if (bad.length > 0) {
    console.error(
      `${name} must list origins such as https://theme.example,http://localhost:8080, not ${bad.join(', ')}`,
    );
    process.exit(1);
  }
  return origins.flatMap((origin) => normalizeOrigin(origin) ?? []);
}

/** An http(s) URL (the asset base) from an environment variable; undefined when unset. */
function urlFromEnv(name: string): string | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  if (/^https?:\/\/[^/]/.test(value)) {
    try {
      return trimChar(new URL(value).href, '/', 'end');
    } catch {
      // Falls through to the message.
    }
  }
  console.error(`${name} must be an http(s) URL such as https://cdn.example/storefront, not ${value}`);
  process.exit(1);
}

// PORT=0 takes any free port; the line printed on start says which.
const port = Number(process.env.PORT ?? 4173);
const file = process.env.STORE_DB ?? './.data/store.db';
const mode = process.env.STORE_MODE ?? 'demo';
if (mode !== 'demo' && mode !== 'production') {
  console.error(`STORE_MODE must be demo or production, not ${mode}`);
  process.exit(1);
}
// Production verifies CAPTCHAs with the configured provider (or none); the demo with its test provider.
const captcha = mode === 'production' ? productionCaptchaFromEnv(process.env) : undefined;
const db = (() => {
  try {
    return mode === 'production'
      ? openProductionStore({
          file,
          publicOrigin: originFromEnv('PUBLIC_ORIGIN'),
          ownerEmail: process.env.STORE_OWNER_EMAIL,
          ownerPassword: process.env.STORE_OWNER_PASSWORD,
          crumbSecret: process.env.CRUMB_SECRET,
          captchaSettings: captcha?.provider
            ? { siteKey: captcha.provider.siteKey, scriptUrl: captcha.provider.scriptUrl }
            : undefined,
          captchaProblems: captcha?.problems,
        })
      : openStore(file);
  } catch (error) {
    if (!(error instanceof NewerSchemaError || error instanceof ProductionSetupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
// The port as the server knows it once it listens (PORT=0 picks one).
let listeningPort = port;
const stockHoldMinutes = wholeNumberFromEnv('STOCK_HOLD_MINUTES', 1);
const app = createApp({
  db,
  mode,
  ...(captcha?.provider ? { captcha: captcha.provider } : {}),
  distDir: process.env.DIST_DIR ?? 'dist',
  submitRateLimit: rateLimitFromEnv('SUBMIT_RATE_LIMIT'),
  rateLimit: rateLimitFromEnv('VISITOR_RATE_LIMIT'),
  addressRateLimit: rateLimitFromEnv('ADDRESS_RATE_LIMIT'),
  stockHoldMinutes,
  scarceStock: wholeNumberFromEnv('SCARCE_STOCK', 0),
  trustProxy: process.env.TRUST_PROXY === '1',
  allowedOrigins: originsFromEnv('ALLOWED_ORIGINS'),
  assetBaseUrl: urlFromEnv('ASSET_BASE_URL'),
  publicOrigin: originFromEnv('PUBLIC_ORIGIN') ?? (() => `http://localhost:${listeningPort}`),
});
// The shop order of every product is read before listening, not on the first shopper's request.
warmCatalog(db);

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  listeningPort = info.port;
  const what = mode === 'production' ? 'Storefront (production)' : 'Storefront demo store';
  console.log(`${what} (${file === ':memory:' ? 'in memory' : file}) at http://localhost:${info.port}/`);
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use. Stop the other server or choose another port: PORT=4180 npm start`
      : `The server could not start: ${error.message}`,
  );
  db.close();
  process.exit(1);
});

// What is past its retention time goes in small batches, every minute, whatever the traffic.
const stopSweeper = startRetentionSweeper(db, { holdMs: (stockHoldMinutes ?? DEFAULT_STOCK_HOLD_MINUTES) * 60_000 });

function shutdown() {
  stopSweeper();
  server.close();
  db.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
